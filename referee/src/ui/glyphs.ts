// Small pictures drawn by the page itself, so they look the same on every tablet (emoji fonts
// differ, and some browsers have none).
import { html, nothing, type TemplateResult } from 'lit';

/** A padlock; with a label it is announced, without one it is decoration. */
export function lockGlyph(label?: string): TemplateResult {
  return html`<svg class="glyph" viewBox="0 0 24 24" role=${label ? 'img' : nothing} aria-label=${label ?? nothing} aria-hidden=${label ? nothing : 'true'}>
    <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1zm2 0h6V7a3 3 0 0 0-6 0v3z"></path>
  </svg>`;
}

export function dieGlyph(): TemplateResult {
  return html`<svg class="glyph" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M5 2h14a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zm2.5 3.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm9 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm-4.5 4.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm9 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" fill-rule="evenodd"></path>
  </svg>`;
}

export function checkGlyph(): TemplateResult {
  return html`<svg class="glyph check-glyph" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z"></path></svg>`;
}

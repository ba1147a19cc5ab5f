// A brief note of every recorded action, in the engine's words: the banker sees at once what was
// recorded, including the first of two quick taps. Its undo is one tap away in the action bar
// (action-bar.ts), not on the note, which floats over the panel and lets every tap through.
import { html, type TemplateResult } from 'lit';
import { LightElement } from './base.js';

export interface Toast {
  /** The log entry it tells of. */
  seq: number;
  text: string;
  /** What the bar's button does while it shows: undo the action it tells of, or redo what it undid. */
  offer?: 'undo' | 'redo';
}

/** How long a note stays, and how many stay at once (the newest last). */
export const TOAST_MS = 6000;
export const TOAST_COUNT = 3;

export class Toasts extends LightElement {
  static override properties = { toasts: { attribute: false } };
  declare toasts: Toast[];

  constructor() {
    super();
    this.toasts = [];
  }

  override render(): TemplateResult {
    return html`<div role="status" aria-live="polite" aria-label="Just recorded"><ol class="toasts">
      ${this.toasts.map((t) => html`<li class="toast" data-seq=${t.seq}><span class="toast-text">${t.text}</span></li>`)}
    </ol></div>`;
  }
}

customElements.define('cc-toasts', Toasts);

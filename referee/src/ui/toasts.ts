// A brief note of every recorded action, in the engine's words, with its undo one tap away: the
// banker sees at once what was recorded, including the first of two quick taps.
import { html, nothing, type TemplateResult } from 'lit';
import { LightElement, act, onTap } from './base.js';

export interface Toast {
  /** The log entry it tells of. */
  seq: number;
  text: string;
  /** What its button does: undo the action it tells of, or redo what it undid. */
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
    const newest = this.toasts[this.toasts.length - 1];
    return html`<div role="status" aria-live="polite" aria-label="Just recorded"><ol class="toasts">
      ${this.toasts.map(
        (t) => html`<li class="toast" data-seq=${t.seq}>
          ${
            t === newest && t.offer
              ? html`<button class="toast-button" @click=${onTap(() => act(this, { type: t.offer! }))}>${t.offer === 'undo' ? 'Undo' : 'Redo'}</button>`
              : nothing
          }
          <span class="toast-text">${t.text}</span>
        </li>`,
      )}
    </ol></div>`;
  }
}

customElements.define('cc-toasts', Toasts);

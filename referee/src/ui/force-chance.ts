// Editions where a country may pay to make another draw a chance card (the classic rules): the
// cost in credits, or in books worth that much (they go back to the market), or both.
import { html, nothing, type TemplateResult } from 'lit';
import { check, countryName, editionFor, shelfOf, valueOfCards, type Action, type CountryId } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { pickableBook } from './book.js';

export class ForceChance extends ViewElement {
  static override properties = { by: { state: true }, target: { state: true }, books: { state: true } };
  declare by: CountryId;
  declare target: CountryId;
  declare books: string[];

  constructor() {
    super();
    this.by = '';
    this.target = '';
    this.books = [];
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const edition = editionFor(game, state);
    const cost = edition.force_chance_cost ?? 0;
    const select = (label: string, value: CountryId, set: (c: CountryId) => void) => html`<label class="select-label">${label}
      <select @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!value} disabled>Choose…</option>
        ${state.table.players.map((c) => html`<option value=${c} ?selected=${c === value}>${countryName(game, c)}</option>`)}
      </select></label>`;
    const shelf = this.by ? shelfOf(game, state.table, this.by, true) : [];
    const worth = valueOfCards(game, edition, this.books);
    const action: Action = { type: 'force-chance', by: this.by, target: this.target, ...(this.books.length ? { cards: this.books } : {}) };
    const refusal = this.by && this.target ? check(game, state, action) : null;
    return html`<details class="force-chance">
      <summary>Make another country draw a chance card (costs ${cost}, in credits or books)</summary>
      <div class="transfer-row">
        ${select('Who pays', this.by, (c) => {
          this.by = c;
          this.books = [];
        })}
        ${select('Who draws', this.target, (c) => (this.target = c))}
      </div>
      ${
        shelf.length
          ? html`<p class="subtle">Pay with books instead of credits (they go back to the market): ${worth ? `picked worth ${worth}, ${Math.max(0, cost - worth)} still in credits` : 'none picked'}.</p>
            <ul class="pick-list">
              ${shelf.map((b) => {
                const on = this.books.includes(b.id);
                return html`<li>${pickableBook(game, data.icons, b, on, () => (this.books = on ? this.books.filter((x) => x !== b.id) : [...this.books, b.id]), edition)}</li>`;
              })}
            </ul>`
          : nothing
      }
      ${refusal ? html`<p class="notice notice-refused" role="alert">${refusal}</p>` : nothing}
      <button class="secondary" ?disabled=${!this.by || !this.target || refusal !== null} @click=${onTap(() => act(this, action))}>Record it</button>
    </details>`;
  }
}

customElements.define('cc-force-chance', ForceChance);

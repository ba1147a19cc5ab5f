// Editions where a country may pay to make another draw a chance card (the classic rules).
import { html, type TemplateResult } from 'lit';
import type { CountryId } from '../../../engine/ledger.js';
import { editionFor } from '../../../engine/game/read.js';
import { ViewElement, act, onTap } from './base.js';
import { countryName } from '../../../engine/names.js';

export class ForceChance extends ViewElement {
  static override properties = { by: { state: true }, target: { state: true } };
  declare by: CountryId;
  declare target: CountryId;

  constructor() {
    super();
    this.by = '';
    this.target = '';
  }

  override render(): TemplateResult {
    const { game, state, busy } = this.view;
    const cost = editionFor(game, state).force_chance_cost ?? 0;
    const select = (label: string, value: CountryId, set: (c: CountryId) => void) => html`<label class="select-label">${label}
      <select @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!value} disabled>Choose…</option>
        ${state.table.players.map((c) => html`<option value=${c} ?selected=${c === value}>${countryName(game, c)}</option>`)}
      </select></label>`;
    return html`<details class="force-chance">
      <summary>Make another country draw a chance card (costs ${cost})</summary>
      <div class="transfer-row">
        ${select('Who pays', this.by, (c) => (this.by = c))}
        ${select('Who draws', this.target, (c) => (this.target = c))}
        <button class="secondary" ?disabled=${busy || !this.by || !this.target} @click=${onTap(() => act(this, { type: 'force-chance', by: this.by, target: this.target }))}>Record it</button>
      </div>
    </details>`;
  }
}

customElements.define('cc-force-chance', ForceChance);

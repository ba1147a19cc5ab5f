// Where the game stands, readable across the table: century, round, lead country, phase and
// whose turn it is, with undo and redo always in the same place.
import { html, type TemplateResult } from 'lit';
import { LightElement, act, onTap, type View } from './base.js';
import { countryName, emblem } from './emblem.js';
import { centuryOf, phaseName } from './words.js';
import { editionOf } from '../../../engine/game.js';

export class StatusBar extends LightElement {
  static override properties = { view: { attribute: false } };
  declare view: View;

  override render(): TemplateResult {
    const { game, state, busy, data } = this.view;
    const century = centuryOf(game, state.century);
    const rounds = editionOf(game, state.setup.edition).rounds_per_century[state.setup.length];
    const over = state.phase === 'over';
    return html`
      <div class="status" aria-label="Game status">
        <div class="century" title=${century?.name ?? state.century}>
          <span class="numeral" aria-hidden="true">${century?.numeral ?? ''}</span>
          <span class="century-name">${century?.name ?? state.century}</span>
          ${rounds > 1 ? html`<span class="round">Round ${state.round} of ${rounds}</span>` : ''}
        </div>
        <dl class="facts">
          <div><dt>Phase</dt><dd class="phase">${phaseName(state.phase)}</dd></div>
          <div><dt>Lead</dt><dd>${emblem(game, data.icons, state.table.lead)} ${countryName(game, state.table.lead)}</dd></div>
          ${over ? '' : html`<div class="turn"><dt>Turn</dt><dd>${emblem(game, data.icons, state.current)} <strong>${countryName(game, state.current)}</strong></dd></div>`}
        </dl>
        <div class="undo-redo">
          <button class="undo" ?disabled=${busy || state.entries.length === 0} @click=${onTap(() => act(this, { type: 'undo' }))}>↶ Undo</button>
          <button class="redo" ?disabled=${busy || state.redo.length === 0} @click=${onTap(() => act(this, { type: 'redo' }))}>↷ Redo</button>
        </div>
      </div>
    `;
  }
}

customElements.define('cc-status', StatusBar);

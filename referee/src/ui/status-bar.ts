// Where the game stands, readable across the table: century, round, lead country, phase and
// whose turn it is, with undo and redo always in the same place.
import { html, type TemplateResult } from 'lit';
import { ViewElement, act, onEveryTap } from './base.js';
import { emblem } from './emblem.js';
import { countryName } from '../../../engine/index.js';
import { centuryOf, phaseName } from './words.js';
import { describeAction } from '../logic/describe-action.js';
import { lastEntry, nextRedo, roundsPerCentury } from '../../../engine/index.js';

export class StatusBar extends ViewElement {
  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const century = centuryOf(game, state.century);
    const rounds = roundsPerCentury(game, state);
    const over = state.phase === 'over';
    const lastDone = lastEntry(state);
    const undo = lastDone && describeAction(game, lastDone.action);
    const again = nextRedo(state);
    const redo = again && describeAction(game, again.action);
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
          <button class="undo" ?disabled=${!undo} title=${undo ? `Undo: ${undo}` : 'Nothing to undo'} @click=${onEveryTap(() => act(this, { type: 'undo' }))}>
            ↶ Undo${undo ? html`<span class="visually-hidden">: ${undo}</span>` : ''}
          </button>
          <button class="redo" ?disabled=${!redo} title=${redo ? `Redo: ${redo}` : 'Nothing to redo'} @click=${onEveryTap(() => act(this, { type: 'redo' }))}>
            ↷ Redo${redo ? html`<span class="visually-hidden">: ${redo}</span>` : ''}
          </button>
        </div>
      </div>
    `;
  }
}

customElements.define('cc-status', StatusBar);

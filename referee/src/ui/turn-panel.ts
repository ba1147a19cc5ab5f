// The guided turn: whose turn it is, what must happen first (a book to choose, a creditor's
// choice, an auction, a chance card) and the input the phase needs (the drawn card, the die). The
// next step itself, with its button, is in the action bar at the foot of the screen
// (action-bar.ts), from the engine's own guide, so the page never second-guesses the rules.
import { html, nothing, type TemplateResult } from 'lit';
import { buyingOrder, countryName, drawableChance, editionFor, unplayedNationalEvents, worldEventOf } from '../../../engine/index.js';
import { ViewElement } from './base.js';
import { emblem } from './emblem.js';
import { centuryOf, phaseName } from './words.js';
import './die-pad.js';
import './card-entry.js';
import './book-choice.js';
import './auction-panel.js';
import './market-panel.js';
import './scores-panel.js';
import './force-chance.js';
import './debt-decision.js';

export class TurnPanel extends ViewElement {
  /** The one thing the table must deal with before anything else, if any. */
  private renderBlocking(): TemplateResult | undefined {
    const { game, state } = this.view;
    for (const p of state.prompts) {
      if (p.kind === 'choose-book') return html`<cc-book-choice .view=${this.view} .prompt=${p}></cc-book-choice>`;
      if (p.kind === 'claim') {
        return html`<cc-debt-decision .view=${this.view} .debtor=${p.debtor} .creditor=${p.creditor} .amount=${p.amount} kind="claim"></cc-debt-decision>`;
      }
      if (p.kind === 'debt-terms') {
        const amount = state.table.ledger.debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor)?.amount ?? 0;
        return html`<cc-debt-decision .view=${this.view} .debtor=${p.debtor} .creditor=${p.creditor} .amount=${amount} kind="terms"></cc-debt-decision>`;
      }
    }
    const lot = state.openAuctions[0];
    if (lot) return html`<cc-auction .view=${this.view} .lot=${lot}></cc-auction>`;
    const chance = state.prompts.find((p) => p.kind === 'draw-chance');
    const deck = drawableChance(game, state);
    if (chance && chance.kind === 'draw-chance' && deck.length > 0) {
      return html`<cc-card-entry .view=${this.view} heading="${countryName(game, chance.country)} draws a chance card${chance.count > 1 ? ` (${chance.count} to draw)` : ''}"
        .country=${chance.country} .candidates=${deck} random></cc-card-entry>`;
    }
    return undefined;
  }

  private renderPhaseInput(): TemplateResult | typeof nothing {
    const { game, state } = this.view;
    const who = countryName(game, state.current);
    const century = centuryOf(game, state.century)?.name ?? state.century;
    switch (state.phase) {
      case 'national-events': {
        const cards = unplayedNationalEvents(game, state, state.current);
        if (state.eventPlayed || cards.length === 0) return nothing;
        return html`<cc-card-entry .view=${this.view} heading="${who} draws its national event for the ${century}" .country=${state.current} .candidates=${cards}></cc-card-entry>`;
      }
      case 'world-event': {
        const cards = worldEventOf(game, state);
        if (state.eventPlayed || cards.length === 0) return nothing;
        return html`<cc-card-entry .view=${this.view} heading="${who} turns over the ${century} world event" .country=${null} .candidates=${cards}></cc-card-entry>`;
      }
      case 'market':
        if (!state.rolled && !state.skipping) return html`<cc-die .view=${this.view}></cc-die>`;
        return html`<section class="market-turn" aria-label="Books on the market">
          <h3 class="focus-target" tabindex="-1">${who} may buy books</h3>
          <cc-market .view=${this.view} compact></cc-market>
        </section>`;
      case 'final-buying': {
        const found = state.buying ? buyingOrder(state.buying, state.table.players) : undefined;
        if (found && 'roll' in found) return html`<cc-die .view=${this.view} .country=${found.roll[0]} purpose="for the buying order"></cc-die>`;
        return html`<section class="market-turn" aria-label="Books on the market">
          <h3 class="focus-target" tabindex="-1">${who} spends its leftover credits</h3>
          <cc-market .view=${this.view} compact></cc-market>
        </section>`;
      }
      case 'over':
        return html`<cc-scores .view=${this.view}></cc-scores>`;
    }
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const blocking = this.renderBlocking();
    const forced = editionFor(game, state).force_chance_cost !== null && state.phase !== 'over';
    return html`
      <section class="turn">
        <header class="whose-turn">
          ${
            state.phase === 'over'
              ? html`<h2>The game is over</h2>`
              : html`${emblem(game, data.icons, state.current, 'large')}
            <h2><span class="who">${countryName(game, state.current)}</span> <span class="subtle">— ${phaseName(state.phase)}</span></h2>`
          }
        </header>
        ${blocking ?? this.renderPhaseInput()}
        ${forced ? html`<cc-force-chance .view=${this.view}></cc-force-chance>` : nothing}
      </section>
    `;
  }
}

customElements.define('cc-turn', TurnPanel);

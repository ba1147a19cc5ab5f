// The book market, century by century: what is for sale, who holds what, buying at the printed
// value and selling back to the market for it.
import { html, nothing, type TemplateResult } from 'lit';
import { isOwnable, type OwnableCard } from '../../../engine/game.js';
import type { CountryId } from '../../../engine/ledger.js';
import { centuryOfCard, isLocked } from '../../../engine/table.js';
import { countryName } from '../../../engine/names.js';
import { ViewElement, act, onTap } from './base.js';
import { emblem } from './emblem.js';
import { bookSummary } from './book.js';
import { lockGlyph } from './glyphs.js';
import { editionFor } from '../../../engine/game/read.js';
import { radioChoice } from './choice.js';

export class MarketPanel extends ViewElement {
  static override properties = { compact: { type: Boolean }, buyer: { state: true } };
  /** Only what is for sale now (inside the turn panel). */
  declare compact: boolean;
  declare buyer: CountryId | undefined;

  constructor() {
    super();
    this.compact = false;
  }

  private ownable(): OwnableCard[] {
    return this.view.game.cards.filter(isOwnable);
  }

  /** Who buys: the country at the market; after the game, in buy-books editions, any country. */
  private buyerNow(): CountryId {
    const { state } = this.view;
    if (state.phase === 'over')
      return this.buyer ?? [...state.table.players].sort((a, b) => (state.table.ledger.credits[b] ?? 0) - (state.table.ledger.credits[a] ?? 0))[0]!;
    return state.current;
  }

  /** Books change hands on a market turn, and after the game where leftover credits must buy books. */
  private buyingNow(): boolean {
    const { game, state } = this.view;
    return state.phase === 'market' || (state.phase === 'over' && editionFor(game, state).end_of_game === 'buy-books');
  }

  private renderForSale(buyer: CountryId): TemplateResult {
    const { game, state, data, busy } = this.view;
    const buying = this.buyingNow();
    const has = state.table.ledger.credits[buyer] ?? 0;
    const forSale = this.ownable().filter((c) => state.table.owner[c.id] === 'market');
    const centuries = [...game.centuries].reverse().filter((cy) => forSale.some((c) => centuryOfCard(game, c) === cy.id));
    if (forSale.length === 0) return html`<p class="empty">No books are on the market.</p>`;
    return html`${centuries.map(
      (cy) => html`<section class="market-century" aria-label="${cy.name} books for sale">
        <h4>${cy.name}${cy.id === state.century ? html` <span class="subtle">(this century)</span>` : nothing}</h4>
        <ul class="book-list">
          ${forSale
            .filter((c) => centuryOfCard(game, c) === cy.id)
            .map(
              (c) => html`<li class="book-row" data-card=${c.id} data-code=${c.code}>
                ${bookSummary(game, data.icons, c)}
                ${
                  buying
                    ? html`<button class="buy ${has < c.value ? 'cannot-afford' : ''}" ?disabled=${busy} @click=${onTap(() => act(this, { type: 'buy', country: buyer, card: c.id }))}>
                  Buy · ${c.value}<span class="visually-hidden">: ${c.title}, for ${countryName(game, buyer)}</span>
                </button>`
                    : nothing
                }
              </li>`,
            )}
        </ul>
      </section>`,
    )}`;
  }

  private renderHeld(): TemplateResult {
    const { game, state, data, busy } = this.view;
    return html`<section class="held" aria-labelledby="held-title">
      <h3 id="held-title">Books held</h3>
      ${state.table.players.map((country) => {
        const held = this.ownable().filter((c) => state.table.owner[c.id] === country);
        return html`<section class="held-country" aria-label="${countryName(game, country)}'s books">
          <h4>${emblem(game, data.icons, country)} ${countryName(game, country)} <span class="subtle">(${held.length})</span></h4>
          ${
            held.length === 0
              ? html`<p class="empty">No books yet.</p>`
              : html`<ul class="book-list">
                ${held.map((c) => {
                  const locked = isLocked(state.table, c.id);
                  return html`<li class="book-row ${locked ? 'locked' : ''}" data-card=${c.id} data-code=${c.code}>
                    ${bookSummary(game, data.icons, c)}
                    ${
                      locked
                        ? html`<span class="lock">${lockGlyph()} Locked<span class="visually-hidden"> in a completed collection</span></span>`
                        : html`<button class="sell" ?disabled=${busy} @click=${onTap(() => act(this, { type: 'sell', country, card: c.id }))}>
                          Sell back · +${c.value}<span class="visually-hidden">: ${c.title}, from ${countryName(game, country)}</span>
                        </button>`
                    }
                  </li>`;
                })}
              </ul>`
          }
        </section>`;
      })}
    </section>`;
  }

  private renderComing(): TemplateResult | typeof nothing {
    const { game, state } = this.view;
    const later = game.centuries.filter((cy) =>
      this.ownable().some((c) => c.type === 'book' && c.century === cy.id && state.table.owner[c.id] === 'unreleased'),
    );
    if (later.length === 0) return nothing;
    return html`<p class="subtle coming">Still to come: ${later.map((c) => c.name).join(', ')}.</p>`;
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const buyer = this.buyerNow();
    const endBuying = state.phase === 'over' && editionFor(game, state).end_of_game === 'buy-books';
    if (this.compact) return html`<div class="market compact">${this.renderForSale(buyer)}</div>`;
    return html`<div class="market">
      <section aria-labelledby="for-sale-title">
        <h3 id="for-sale-title">On the market</h3>
        ${
          endBuying
            ? html`<div class="choices row" role="radiogroup" aria-label="Who buys">
              ${state.table.players.map((c) =>
                radioChoice(
                  'buyer',
                  c,
                  buyer,
                  html`${emblem(game, data.icons, c)} ${countryName(game, c)} (${state.table.ledger.credits[c]})`,
                  (v) => (this.buyer = v),
                ),
              )}
            </div>`
            : state.phase === 'market'
              ? html`<p class="subtle">Buying for ${countryName(game, buyer)} (${state.table.ledger.credits[buyer]} credits), whose turn it is.</p>`
              : html`<p class="subtle">${state.phase === 'over' ? 'The game is over: the market is closed.' : 'Books are bought on a country’s market turn, after the national events.'}</p>`
        }
        ${this.renderForSale(buyer)}
        ${this.renderComing()}
      </section>
      ${this.renderHeld()}
    </div>`;
  }
}

customElements.define('cc-market', MarketPanel);

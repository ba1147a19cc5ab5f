// The book market, century by century (and the cards of no century, such as a manuscript sold
// back): what is for sale, who holds what, buying at the price and selling back for the sale value
// — a book won at auction returns what its owner paid for it, never more — or swapping it for a
// book on the market of exactly that price.
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import {
  arrivalOf,
  bookValue,
  check,
  buyingOrder,
  centuryOfCard,
  countryName,
  editionFor,
  isLocked,
  ownableCards,
  saleValue,
  type Action,
  type CountryId,
  type OwnableCard,
  possessive,
} from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { emblem } from './emblem.js';
import { bookSummary } from './book.js';
import { lockGlyph } from './glyphs.js';
import { StableList, turnKey } from './stable-list.js';
import { credits } from './words.js';

export class MarketPanel extends ViewElement {
  static override properties = { compact: { type: Boolean }, swapping: { state: true } };
  /** Only what is for sale now (inside the turn panel). */
  declare compact: boolean;
  /** The held book whose swap choices are open. */
  declare swapping: string | undefined;

  private readonly forSaleRows = new StableList();

  constructor() {
    super();
    this.compact = false;
  }

  /** Where a book that left the market went, for the line that stays in its place. */
  private wentTo(card: OwnableCard): string {
    const { game, state } = this.view;
    const now = state.table.owner.get(card.id);
    return now && now !== 'market' && now !== 'unreleased' ? `Bought by ${countryName(game, now)}` : 'No longer for sale';
  }

  /** Who buys now: the country at the market, or the buyer whose turn it is in the end-of-game buying. */
  private buyer(): CountryId | undefined {
    const { state } = this.view;
    if (state.phase === 'market') return state.current;
    if (state.phase === 'final-buying' && state.buying && !('roll' in buyingOrder(state.buying, state.table.players))) return state.current;
    return undefined;
  }

  private groups<T extends { item: OwnableCard }>(rows: T[]): { title: string; current: boolean; rows: T[] }[] {
    const { game, state } = this.view;
    const out = [...game.centuries]
      .reverse()
      .map((cy) => ({ title: cy.name, current: cy.id === state.century, rows: rows.filter((r) => centuryOfCard(game, r.item) === cy.id) }));
    out.push({ title: 'Manuscripts and other cards', current: false, rows: rows.filter((r) => centuryOfCard(game, r.item) === undefined) });
    return out.filter((g) => g.rows.length > 0);
  }

  /**
   * Why the buyer may buy nothing at all just now (a debt, most often), in the engine's words; null
   * when it may buy what it can afford. The rules' checks come in order and only the last one
   * (the price) depends on the book, so a book it can afford answers for every book.
   */
  private buyingClosed(buyer: CountryId, rows: { item: OwnableCard; gone: boolean }[]): string | null {
    const { game, state } = this.view;
    const edition = editionFor(game, state);
    const has = state.table.ledger.credits[buyer] ?? 0;
    const present = rows.filter((r) => !r.gone).map((r) => r.item);
    const probe =
      present.find((c) => bookValue(game, edition, c) <= has) ?? (state.table.ledger.debts.some((d) => d.debtor === buyer) ? present[0] : undefined);
    // Typed here, so the engine need not check the action's shape on every redraw.
    return probe ? check(game, state, { type: 'buy', country: buyer, card: probe.id } satisfies Action, true) : null;
  }

  private renderForSale(buyer: CountryId | undefined): TemplateResult {
    const { game, state, data } = this.view;
    const edition = editionFor(game, state);
    const has = buyer ? (state.table.ledger.credits[buyer] ?? 0) : 0;
    const rows = this.forSaleRows.rows(turnKey(state), ownableCards(game), (c) => state.table.owner.get(c.id) === 'market');
    if (rows.length === 0) return html`<p class="empty">No books are on the market.</p>`;
    const closed = buyer ? this.buyingClosed(buyer, rows) : null;
    return html`${closed ? html`<p class="notice notice-refused buying-closed">${closed}</p>` : nothing}
    ${this.groups(rows).map(
      (g) => html`<section class="market-century" aria-label="${g.title}: for sale">
        <h4>${g.title}${g.current ? html` <span class="subtle">(this century)</span>` : nothing}</h4>
        <ul class="book-list">
          ${g.rows.map(({ item: c, gone }) => {
            // A tap changes one row (or none): the others are skipped, not drawn again. A book just
            // bought keeps its row's template (only its button becomes a line saying where it went),
            // so its picture and words are not thrown away and built again.
            const price = bookValue(game, edition, c);
            const short = has < price;
            const went = gone ? this.wentTo(c) : '';
            return guard(
              [c, edition, buyer, price, short, closed, went],
              () => html`<li class="book-row ${gone ? 'gone' : ''}" data-card=${c.id} data-code=${gone ? nothing : c.code}>
              ${bookSummary(game, data.icons, c, edition)}
              ${
                gone
                  ? html`<span class="went">${went}</span>`
                  : buyer
                    ? html`<button class="buy ${short ? 'cannot-afford' : ''}" ?disabled=${closed !== null} @click=${onTap(() => act(this, { type: 'buy', country: buyer, card: c.id }))}>
                  Buy · ${price}<span class="visually-hidden">: ${c.title}, for ${countryName(game, buyer)}</span>
                </button>`
                    : nothing
              }
            </li>`,
            );
          })}
        </ul>
      </section>`,
    )}`;
  }

  private renderSwap(country: CountryId, card: OwnableCard, back: number): TemplateResult | typeof nothing {
    const { game, state, data } = this.view;
    const edition = editionFor(game, state);
    const same = ownableCards(game).filter((c) => state.table.owner.get(c.id) === 'market' && bookValue(game, edition, c) === back);
    if (same.length === 0 || this.swapping !== card.id) return nothing;
    return html`<div class="swap-choices" role="group" aria-label="Books on the market worth ${back}">
      <p class="subtle">Instead of ${credits(back)}, ${countryName(game, country)} may take one of these:</p>
      <ul class="book-list">
        ${same.map(
          (c) => html`<li class="book-row">${bookSummary(game, data.icons, c, edition)}
            <button class="secondary swap-take" @click=${onTap(() => act(this, { type: 'sell', country, card: card.id, take: c.id }))}>Take this one</button></li>`,
        )}
      </ul>
    </div>`;
  }

  private renderHeld(): TemplateResult {
    const { game, state, data } = this.view;
    const edition = editionFor(game, state);
    const selling = state.phase !== 'over' && state.phase !== 'final-buying';
    // Worked out once per redraw, not once per book: who holds what, and the prices on the market
    // (a book may be swapped for a market book of exactly its sale value).
    const held = new Map<CountryId, OwnableCard[]>();
    const marketPrices = new Set<number>();
    for (const c of ownableCards(game)) {
      const where = state.table.owner.get(c.id);
      if (where === 'market') marketPrices.add(bookValue(game, edition, c));
      else if (where) held.set(where, [...(held.get(where) ?? []), c]);
    }
    return html`<section class="held" aria-labelledby="held-title">
      <h3 id="held-title">Books held</h3>
      ${this.view.hideHoldings ? html`<p class="subtle">The books are hidden from this screen. Open a country’s list only when it sells or swaps a book.</p>` : nothing}
      ${state.table.players.map((country) => {
        // No quiet lines here: a book sold back joins the market list above, which moves this
        // list down anyway; a second tap landing on the next book is caught by onTap's guard.
        const rows = held.get(country) ?? [];
        const count = rows.length;
        const heading = html`${emblem(game, data.icons, country)} ${countryName(game, country)} <span class="subtle">(${count})</span>`;
        const list =
          rows.length === 0
            ? html`<p class="empty">No books yet.</p>`
            : html`<ul class="book-list">
                ${rows.map((c) => {
                  const set = state.table.sets.find((s) => s.cards.includes(c.id));
                  const back = saleValue(game, edition, state.table.paid, c);
                  const canSwap = marketPrices.has(back);
                  const locked = isLocked(state.table, c.id);
                  const open = this.swapping === c.id;
                  // A row is drawn again only when something it shows changed (an open swap list shows the market).
                  return guard(
                    [c, edition, set, locked, back, canSwap, selling, open, open ? state : null],
                    () => html`<li class="book-row ${locked ? 'locked' : ''}" data-card=${c.id} data-code=${c.code}>
                    ${bookSummary(game, data.icons, c, edition)}
                    ${
                      set
                        ? html`<span class="lock">${lockGlyph()} Locked<span class="visually-hidden"> in a completed collection</span></span>`
                        : selling
                          ? html`<span class="sell-actions">
                            <button class="sell" @click=${onTap(() => act(this, { type: 'sell', country, card: c.id }))}>
                              Sell back · +${back}<span class="visually-hidden">: ${c.title}, from ${countryName(game, country)}</span>
                            </button>
                            ${canSwap ? html`<button class="quiet swap" aria-expanded=${open ? 'true' : 'false'} @click=${() => (this.swapping = this.swapping === c.id ? undefined : c.id)}>Swap…</button>` : nothing}
                          </span>`
                          : nothing
                    }
                    ${back < bookValue(game, edition, c) && !set ? html`<span class="subtle sale-note">bought at auction: sells back for ${back}</span>` : nothing}
                    ${this.renderSwap(country, c, back)}
                  </li>`,
                  );
                })}
              </ul>`;
        return html`<section class="held-country" aria-label="${possessive(countryName(game, country))} books">
          ${
            this.view.hideHoldings
              ? html`<details class="hidden-books"><summary><h4>${heading}</h4><span class="subtle">Show</span></summary>${list}</details>`
              : html`<h4>${heading}</h4>${list}`
          }
        </section>`;
      })}
    </section>`;
  }

  private renderComing(): TemplateResult | typeof nothing {
    const { game, state } = this.view;
    const later = game.centuries.filter((cy) =>
      ownableCards(game).some((c) => centuryOfCard(game, c) === cy.id && state.table.owner.get(c.id) === 'unreleased' && arrivalOf(game, c) === 'market'),
    );
    if (later.length === 0) return nothing;
    return html`<p class="subtle coming">Still to come: ${later.map((c) => c.name).join(', ')}.</p>`;
  }

  override render(): TemplateResult {
    const { game, state } = this.view;
    const buyer = this.buyer();
    if (this.compact) return html`<div class="market compact">${this.renderForSale(buyer)}</div>`;
    const who = buyer ? `${countryName(game, buyer)} (${credits(state.table.ledger.credits[buyer]!)})` : '';
    return html`<div class="market">
      <section aria-labelledby="for-sale-title">
        <h3 id="for-sale-title">On the market</h3>
        <p class="subtle">${
          buyer
            ? `Buying for ${who}, whose turn it is.`
            : state.phase === 'over'
              ? 'The game is over: the market is closed.'
              : state.phase === 'final-buying'
                ? 'The tied countries roll the die for the buying order first.'
                : 'Books are bought on a country’s market turn, after the national events.'
        }</p>
        ${this.renderForSale(buyer)}
        ${this.renderComing()}
      </section>
      ${this.renderHeld()}
    </div>`;
  }
}

customElements.define('cc-market', MarketPanel);

// An open auction. Countries call out bids; the banker notes each country's bid, sells the lot
// (or, where the edition allows, single books) to the highest bidder, and closes the auction.
// All sales are recorded together as one step; books nobody bought go where the edition says.
import { html, nothing, type TemplateResult } from 'lit';
import { check, type Action, possessive } from '../../../engine/index.js';
import { lotBooks, editionFor } from '../../../engine/index.js';
import type { CountryId } from '../../../engine/index.js';
import { ViewElement, act, onEveryTap, onTap, type View } from './base.js';
import { emblem } from './emblem.js';
import { byId, centuryName, countryName, lotName } from '../../../engine/index.js';
import { bookSummary, pickableBook } from './book.js';
import { credits, count } from './words.js';
import { cardTitle } from '../../../engine/index.js';
import { loadDraft, saveDraft } from '../store/drafts.js';
import { creditsInput, creditsProblem, readCredits, type CreditsReading } from './credits-field.js';

type Sale = Extract<Action, { type: 'auction' }>['sales'][number];

/** The bids and sales noted so far, kept across a reload until the auction is recorded. */
interface Staged {
  lot: string;
  /** Each bid as typed (a number in drafts kept before bids were kept as typed). */
  bids: Record<CountryId, string | number>;
  sales: Sale[];
  picked: string[] | undefined;
}

const draftName = (gameKey: string): string => `auction:${gameKey}`;

/** A bid as typed: an empty field is no bid. */
const readBid = (text: string | number | undefined): CreditsReading => readCredits(String(text ?? ''), 0, 0);

/**
 * What the banker has noted for this lot and not yet recorded: its sales, which the action bar's
 * step for the auction records instead of closing it as if nobody had bought, and whether a bid
 * is waiting for a sale.
 */
export function staged(view: View, lot: string): { sales: Sale[]; bids: boolean } {
  const draft = loadDraft<Staged>(draftName(view.gameKey), view.state.nextSeq);
  if (!draft || draft.lot !== lot) return { sales: [], bids: false };
  // A bid still to be put right is a bid noted too: closing the auction would throw it away.
  return {
    sales: draft.sales,
    bids: Object.values(draft.bids).some((b) => {
      const r = readBid(b);
      return r.problem !== undefined || r.credits > 0;
    }),
  };
}

/** Sent (bubbling) whenever the noted bids or sales change, so the action bar can say what its button does. */
export const STAGED_EVENT = 'cc-auction-staged';

export class AuctionPanel extends ViewElement {
  static override properties = {
    lot: {},
    bids: { state: true },
    picked: { state: true },
    sales: { state: true },
    problem: { state: true },
  };

  declare lot: string;
  /** The latest bid called out by each country, as typed. */
  declare bids: Record<CountryId, string>;
  /** Books the next sale covers (single-book editions). */
  declare picked: string[] | undefined;
  declare sales: Sale[];
  declare problem: string | undefined;

  constructor() {
    super();
    this.bids = {};
    this.sales = [];
  }

  private get draftName(): string {
    return draftName(this.view.gameKey);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // Opening (or reopening after a reload) on the same auction at the same point in the log:
    // the banker's staged bids and sales come back.
    if (changed.has('lot') || (changed.has('view') && changed.get('view') === undefined)) {
      const draft = loadDraft<Staged>(this.draftName, this.view.state.nextSeq);
      if (draft && draft.lot === this.lot) {
        this.bids = Object.fromEntries(Object.entries(draft.bids).map(([c, b]) => [c, String(b)]));
        this.sales = draft.sales;
        this.picked = draft.picked;
      }
    }
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('bids') || changed.has('sales') || changed.has('picked')) {
      saveDraft<Staged>(this.draftName, this.view.state.nextSeq, { lot: this.lot, bids: this.bids, sales: this.sales, picked: this.picked });
      this.dispatchEvent(new CustomEvent(STAGED_EVENT, { bubbles: true }));
    }
  }

  private remaining(): string[] {
    const sold = new Set(this.sales.flatMap((s) => s.cards));
    return lotBooks(this.view.game, this.lot)
      .filter((b) => this.view.state.table.owner.get(b.id) === 'unreleased' && !sold.has(b.id))
      .map((b) => b.id);
  }

  private highest(): { country: CountryId; price: number } | undefined {
    let best: { country: CountryId; price: number } | undefined;
    for (const c of this.view.state.table.players) {
      const bid = readBid(this.bids[c]).credits;
      if (bid !== undefined && bid > 0 && (!best || bid > best.price)) best = { country: c, price: bid };
    }
    return best;
  }

  /** The first country whose bid, as typed, is not a number of credits. */
  private badBid(): CountryId | undefined {
    return this.view.state.table.players.find((c) => readBid(this.bids[c]).problem !== undefined);
  }

  private setBid(country: CountryId, text: string): void {
    this.bids = { ...this.bids, [country]: text };
    this.problem = undefined;
  }

  /** The − and + buttons: from the bid typed (from none, if it is not a number), never below 0. */
  private stepBid(country: CountryId, by: number): void {
    this.setBid(country, String(Math.max(0, (readBid(this.bids[country]).credits ?? 0) + by)));
  }

  /**
   * A bid that is not a number of credits is put right first, not passed over: the banker is sent
   * to it (its sentence is beside it). Whether there was one.
   */
  private toBadBid(): boolean {
    const bad = this.badBid();
    if (bad) this.querySelector<HTMLInputElement>(`#bid-${bad}`)?.focus();
    return bad !== undefined;
  }

  private sell(): void {
    if (this.toBadBid()) return;
    const top = this.highest();
    const cards = this.picked ?? this.remaining();
    if (!top || cards.length === 0) return;
    const sale: Sale = { country: top.country, cards, price: top.price };
    // The rules check the sales so far now, so a bid above a country's credits is caught at once.
    const why = check(this.view.game, this.view.state, { type: 'auction', lot: this.lot, sales: [...this.sales, sale] });
    if (why) {
      this.problem = why;
      return;
    }
    this.sales = [...this.sales, sale];
    this.bids = {};
    this.picked = undefined;
    this.problem = undefined;
  }

  private close(): void {
    // "Nobody bought" is not what a bid of "-1" or "2.7" means.
    if (this.toBadBid()) return;
    act(this, { type: 'auction', lot: this.lot, sales: this.sales });
  }

  /** What the next sale sells, in words: the whole lot as one sale, or only the books picked. */
  private sellingNow(single: boolean, picked: number, left: number, all: number): string {
    if (!single) return `One sale: the highest bid buys all ${count(all, 'book')} of the lot together.`;
    if (picked === 0) return 'Tap the books this sale is for: none is picked.';
    const rest = left - picked;
    if (rest === 0) {
      const what = this.sales.length ? `the ${count(left, 'book')} still unsold` : `the whole lot (${count(left, 'book')})`;
      return `This sale is for ${what}, as one sale: the highest bid buys ${left === 1 ? 'it' : 'them all'}. To sell books one by one, tap the books to leave out.`;
    }
    return `This sale is for the ${count(picked, 'book')} picked only: the highest bid buys ${picked === 1 ? 'it' : 'them'}. The other ${count(rest, 'book')} stay${rest === 1 ? 's' : ''} for another sale.`;
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const rules = editionFor(game, state).auction;
    const lotInfo = byId(game.lots, this.lot);
    const lotCards = lotBooks(game, this.lot);
    const left = this.remaining();
    const picked = this.picked ?? left;
    const top = this.highest();
    const bad = this.badBid();
    const unsold = rules.unsold === 'market' ? `join the ${lotInfo ? centuryName(game, lotInfo.century) : ''} market` : 'leave the game';
    return html`<section class="auction" aria-labelledby="auction-${this.lot}">
      <h3 id="auction-${this.lot}" class="focus-target" tabindex="-1">Auction: ${lotName(game, this.lot)}</h3>
      ${lotInfo ? html`<p class="theme">${lotInfo.theme}</p>` : nothing}
      <p class="rules-line">
        ${
          rules.single_books
            ? 'First take bids for the whole lot and remember the best; then offer each book alone. If the best single bids add up to more, sell the books one by one (tap the books to leave out of a sale); otherwise sell the whole lot. A tie goes to the whole lot.'
            : 'The lot is sold whole, to one country.'
        }
        ${rules.reserve > 0 ? ` Reserve: ${credits(rules.reserve)}.` : ' No reserve.'} Books nobody buys ${unsold}. The winner pays the bank.
      </p>

      ${
        left.length
          ? html`<h4>${rules.single_books ? 'Books for this sale' : 'The lot'}</h4>
            <ul class="pick-list">
              ${left.map((id) => {
                const card = lotCards.find((b) => b.id === id)!;
                const on = picked.includes(id);
                return html`<li>${
                  rules.single_books
                    ? pickableBook(game, data.icons, card, on, () => (this.picked = on ? picked.filter((x) => x !== id) : [...picked, id]))
                    : html`<div class="pick static">${bookSummary(game, data.icons, card)}</div>`
                }</li>`;
              })}
            </ul>
            <h4>Bids</h4>
            <ul class="bids">
              ${state.table.players.map((c) => {
                const bid = readBid(this.bids[c]);
                return html`<li class=${top?.country === c ? 'top' : ''}>
                  <div class="bid-line">
                    <label for="bid-${c}">${emblem(game, data.icons, c)} ${countryName(game, c)} <span class="subtle">(has ${state.table.ledger.credits[c]})</span></label>
                    <span class="stepper">
                      <button aria-label="Lower ${possessive(countryName(game, c))} bid" @click=${onEveryTap(() => this.stepBid(c, -1))}>−</button>
                      ${creditsInput({ id: `bid-${c}`, text: this.bids[c] ?? '', problem: bid.problem, placeholder: '—', onText: (text) => this.setBid(c, text) })}
                      <button aria-label="Raise ${possessive(countryName(game, c))} bid" @click=${onEveryTap(() => this.stepBid(c, 1))}>+</button>
                    </span>
                  </div>
                  ${creditsProblem(`bid-${c}`, bid.problem)}
                </li>`;
              })}
            </ul>
            <p class="selling-now">${this.sellingNow(rules.single_books, picked.length, left.length, lotCards.length)}</p>
            <button class="secondary big sell" ?disabled=${(!top && !bad) || picked.length === 0} @click=${onTap(() => this.sell())}>
              ${
                bad
                  ? `Put ${possessive(countryName(game, bad))} bid right first`
                  : top
                    ? `Sell ${picked.length === left.length ? (this.sales.length ? 'the rest' : 'the whole lot') : count(picked.length, 'book')} to ${countryName(game, top.country)} for ${top.price}`
                    : 'Enter the highest bid'
              }
            </button>`
          : html`<p>Every book in the lot is sold.</p>`
      }
      ${this.problem ? html`<p class="notice notice-refused" role="alert">${this.problem}</p>` : nothing}

      ${
        this.sales.length
          ? html`<h4>Sales to record</h4>
            <ul class="sales">
              ${this.sales.map(
                (
                  s,
                  i,
                ) => html`<li>${emblem(game, data.icons, s.country)} ${countryName(game, s.country)} buys ${s.cards.length === lotCards.length ? 'the whole lot' : s.cards.map((id) => cardTitle(game, id)).join(', ')} for ${s.price}
                  <button class="quiet" aria-label="Remove this sale" @click=${() => (this.sales = this.sales.filter((_, j) => j !== i))}>✕</button></li>`,
              )}
            </ul>`
          : nothing
      }
      <button class="${(this.sales.length || !top) && !bad ? 'primary' : 'quiet'} big close-auction" @click=${onTap(() => this.close())}>
        ${
          bad
            ? `Put ${possessive(countryName(game, bad))} bid right first`
            : this.sales.length
              ? `Close the auction: record ${this.sales.length === 1 ? 'this sale' : `these ${this.sales.length} sales`}`
              : 'Close the auction: nobody bought'
        }
      </button>
    </section>`;
  }
}

customElements.define('cc-auction', AuctionPanel);

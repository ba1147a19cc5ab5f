// Who owes whom, and settling it: in credits, or in books — the page suggests the books closest
// in value to the debt, and the creditor changes the choice as it likes.
import { html, type TemplateResult } from 'lit';
import type { Debt } from '../../../engine/ledger.js';
import { isLocked, valueOfCards } from '../../../engine/table.js';
import { countryName } from '../../../engine/names.js';
import { ownedCards } from '../../../engine/effects/apply.js';
import { closestBooks } from '../../../engine/closest-books.js';
import { ViewElement, act, onTap } from './base.js';
import { emblem } from './emblem.js';
import { pickableBook } from './book.js';
import { credits } from './words.js';

const debtKey = (d: Debt) => `${d.debtor}>${d.creditor}`;

export class DebtsPanel extends ViewElement {
  static override properties = { amounts: { state: true }, picks: { state: true } };
  /** Credits to pay, per debt (default: as much as the debtor can). */
  declare amounts: Record<string, number>;
  /** Books chosen to hand over, per debt (default: the suggestion). */
  declare picks: Record<string, string[]>;

  constructor() {
    super();
    this.amounts = {};
    this.picks = {};
  }

  private unlockedBooks(debtor: string) {
    const { game, state } = this.view;
    return ownedCards(game, state.table, debtor).filter((c) => !isLocked(state.table, c.id));
  }

  private renderDebt(d: Debt): TemplateResult {
    const { game, state, data, busy } = this.view;
    const key = debtKey(d);
    const has = state.table.ledger.credits[d.debtor] ?? 0;
    const pay = Math.min(this.amounts[key] ?? Math.min(has, d.amount), has, d.amount);
    const books = this.unlockedBooks(d.debtor);
    const suggested = closestBooks(books, d.amount).map((b) => b.id);
    const picked = (this.picks[key] ?? suggested).filter((id) => books.some((b) => b.id === id));
    const pickedValue = valueOfCards(game, picked);
    const debtor = countryName(game, d.debtor);
    const creditor = countryName(game, d.creditor);
    return html`<li class="debt" data-debtor=${d.debtor} data-creditor=${d.creditor}>
      <h4>${emblem(game, data.icons, d.debtor)} ${debtor} owes ${creditor} <strong class="debt-amount">${d.amount}</strong></h4>
      <p class="subtle">Why: ${d.reason}</p>
      ${
        has === 0
          ? html`<p class="subtle">${debtor} has no credits to pay with yet.</p>`
          : html`<div class="settle-credits">
        <span class="stepper">
          <button aria-label="Pay one credit less" ?disabled=${pay <= 0} @click=${onTap(() => (this.amounts = { ...this.amounts, [key]: pay - 1 }))}>−</button>
          <output aria-live="polite">${pay}</output>
          <button aria-label="Pay one credit more" ?disabled=${pay >= Math.min(has, d.amount)} @click=${onTap(() => (this.amounts = { ...this.amounts, [key]: pay + 1 }))}>+</button>
        </span>
        <button class="secondary pay-credits" ?disabled=${busy || pay <= 0} @click=${onTap(() => act(this, { type: 'settle', debtor: d.debtor, creditor: d.creditor, credits: pay, cards: [] }))}>
          Pay ${credits(pay)} now
        </button>
      </div>`
      }
      ${
        books.length
          ? html`<details class="settle-books" ?open=${has < d.amount}>
            <summary>Or settle with books — ${d.creditor === 'bank' ? 'the bank takes them to the market' : `${creditor} chooses`}</summary>
            <p class="subtle">Suggested: the books closest in value to ${d.amount}. Tap to change the choice.</p>
            <ul class="pick-list">
              ${books.map((b) => {
                const on = picked.includes(b.id);
                return html`<li>${pickableBook(game, data.icons, b, on, () => (this.picks = { ...this.picks, [key]: on ? picked.filter((x) => x !== b.id) : [...picked, b.id] }))}</li>`;
              })}
            </ul>
            <button class="primary take-books" ?disabled=${busy || picked.length === 0} @click=${onTap(() => act(this, { type: 'settle', debtor: d.debtor, creditor: d.creditor, credits: 0, cards: picked }))}>
              ${d.creditor === 'bank' ? 'Hand' : `${creditor} takes`} ${picked.length === 1 ? 'this book' : `these ${picked.length} books`} (value ${pickedValue})
            </button>
          </details>`
          : html`<p class="subtle">${debtor} has no books to give; the debt waits for credits.</p>`
      }
    </li>`;
  }

  override render(): TemplateResult {
    const debts = this.view.state.table.ledger.debts;
    return html`<section class="debts" aria-labelledby="debts-title">
      <h3 id="debts-title">Debts</h3>
      ${debts.length === 0 ? html`<p class="empty">Nobody owes anything.</p>` : html`<ul class="debt-list">${debts.map((d) => this.renderDebt(d))}</ul>`}
    </section>`;
  }
}

customElements.define('cc-debts', DebtsPanel);

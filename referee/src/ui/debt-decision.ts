// A creditor's choice about a debt (DESIGN §2), asked the moment it arises and answered in one tap:
// - codex: books now — the debtor's books closest in value to the debt, which settle it in full —
//   or credits later, paid from whatever the debtor receives;
// - classic: for a claim, credits (paid at once, the rest owed) or books worth at least the claim
//   with change given back; and for a debt still standing, books at any later turn.
// The page suggests the books; the creditor changes the choice as it likes. Whether a choice is
// allowed, and why not, comes from the engine's own check, so the page never second-guesses it.
import { html, nothing, type TemplateResult } from 'lit';
import { check, editionFor, shelfOf, suggestedBooks, valueOfCards, countryName, type Action, type CountryId, possessive } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { pickableBook } from './book.js';
import { credits } from './words.js';

export type DecisionKind = 'terms' | 'claim' | 'standing';

export class DebtDecision extends ViewElement {
  static override properties = {
    debtor: {},
    creditor: {},
    amount: { type: Number },
    kind: {},
    picked: { state: true },
    change: { state: true },
    changeBooks: { state: true },
  };

  declare debtor: CountryId;
  declare creditor: CountryId;
  declare amount: number;
  declare kind: DecisionKind;
  /** The debtor's books the creditor takes (undefined: the suggestion). */
  declare picked: string[] | undefined;
  /** Classic change: credits and the creditor's books given back. */
  declare change: number;
  declare changeBooks: string[];

  constructor() {
    super();
    this.change = 0;
    this.changeBooks = [];
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // Another debt, or another amount: start again from the suggestion.
    if (changed.has('debtor') || changed.has('creditor') || changed.has('amount')) {
      this.picked = undefined;
      this.change = 0;
      this.changeBooks = [];
    }
  }

  private chosen(): string[] {
    return this.picked ?? suggestedBooks(this.view.game, this.view.state, this.debtor, this.amount);
  }

  private settleAction(): Action {
    const edition = editionFor(this.view.game, this.view.state);
    const base = { type: 'settle' as const, debtor: this.debtor, creditor: this.creditor, cards: this.chosen() };
    return edition.debt_books === 'closest' ? base : { ...base, change: { credits: this.change, cards: this.changeBooks } };
  }

  private renderBooks(): TemplateResult {
    const { game, state, data } = this.view;
    const edition = editionFor(game, state);
    const shelf = shelfOf(game, state.table, this.debtor, true);
    const picked = this.chosen();
    const worth = valueOfCards(game, edition, picked);
    const action = this.settleAction();
    const refusal = check(game, state, action);
    const creditor = countryName(game, this.creditor);
    const excess = worth - this.amount;
    const closest = edition.debt_books === 'closest';
    return html`<div class="take-books">
      <p class="subtle">
        ${closest ? `Books closest in value to ${this.amount} are suggested; any set as close is ${possessive(creditor)} pick.` : `Books worth at least ${this.amount}; ${creditor} gives back the difference.`}
        Tap to change the choice.
      </p>
      <ul class="pick-list">
        ${shelf.map((b) => {
          const on = picked.includes(b.id);
          return html`<li>${pickableBook(game, data.icons, b, on, () => (this.picked = on ? picked.filter((x) => x !== b.id) : [...picked, b.id]), edition)}</li>`;
        })}
      </ul>
      <p class="picked-worth">Picked: worth ${worth}${excess > 0 ? `, ${excess} more than the debt` : excess < 0 ? `, ${-excess} less than the debt` : ', exactly the debt'}.</p>
      ${!closest && excess > 0 ? this.renderChange(excess) : nothing}
      ${refusal && picked.length > 0 ? html`<p class="notice notice-refused" role="alert">${refusal}</p>` : nothing}
      <button class="primary big take-books-button" ?disabled=${refusal !== null} @click=${onTap(() => act(this, action))}>
        ${creditor} takes ${picked.length === 1 ? 'this book' : `these ${picked.length} books`}${closest ? ': the debt is settled in full' : ''}
      </button>
    </div>`;
  }

  /** Classic: what the creditor gives back, in credits or in books of its own. */
  private renderChange(excess: number): TemplateResult {
    const { game, state, data } = this.view;
    const has = state.table.ledger.credits[this.creditor] ?? 0;
    const own = shelfOf(game, state.table, this.creditor, true);
    const creditor = countryName(game, this.creditor);
    return html`<fieldset class="change">
      <legend>${creditor} gives ${excess} back in change: credits, books, or both</legend>
      <span class="stepper">
        <button aria-label="One credit less in change" ?disabled=${this.change <= 0} @click=${onTap(() => (this.change -= 1))}>−</button>
        <output aria-live="polite">${this.change}</output>
        <button aria-label="One credit more in change" ?disabled=${this.change >= has} @click=${onTap(() => (this.change += 1))}>+</button>
      </span>
      <span class="subtle">credits (${creditor} has ${has})</span>
      ${
        own.length
          ? html`<ul class="pick-list">
              ${own.map((b) => {
                const on = this.changeBooks.includes(b.id);
                return html`<li>${pickableBook(game, data.icons, b, on, () => (this.changeBooks = on ? this.changeBooks.filter((x) => x !== b.id) : [...this.changeBooks, b.id]), editionFor(game, state))}</li>`;
              })}
            </ul>`
          : nothing
      }
    </fieldset>`;
  }

  override render(): TemplateResult {
    const { game, state } = this.view;
    const debtor = countryName(game, this.debtor);
    const creditor = countryName(game, this.creditor);
    const hasBooks = shelfOf(game, state.table, this.debtor, true).length > 0;
    const wait: Action = { type: 'take-credits', debtor: this.debtor, creditor: this.creditor };
    const heading =
      this.kind === 'claim'
        ? `${debtor} must pay ${creditor} ${this.amount}. ${creditor} chooses: credits, or books`
        : this.kind === 'terms'
          ? `${debtor} owes ${creditor} ${this.amount}. ${creditor} chooses: books now, or credits later`
          : `${debtor} owes ${creditor} ${this.amount}: ${creditor} may take books instead of waiting`;
    const has = state.table.ledger.credits[this.debtor] ?? 0;
    return html`<section class="debt-decision" data-debtor=${this.debtor} data-creditor=${this.creditor} aria-label=${heading}>
      <h3 class="focus-target" tabindex="-1">${heading}</h3>
      ${
        this.kind === 'standing'
          ? nothing
          : html`<button class="secondary big take-credits" @click=${onTap(() => act(this, wait))}>
            ${
              this.kind === 'claim'
                ? `${creditor} takes credits: ${debtor} pays ${credits(Math.min(has, this.amount))} now${has < this.amount ? `, owes ${this.amount - has}` : ''}`
                : `${creditor} waits for credits: whatever ${debtor} receives pays the debt first`
            }
          </button>`
      }
      ${hasBooks ? this.renderBooks() : html`<p class="subtle">${debtor} has no book that can be taken.</p>`}
    </section>`;
  }
}

customElements.define('cc-debt-decision', DebtDecision);

// Who owes whom. A debt is paid from whatever credits its debtor receives, oldest debt first, so
// the page only shows it; the creditor's choices — books now or credits later when a debt arises,
// and in classic books at any later turn — are asked here and on the turn screen.
import { html, nothing, type TemplateResult } from 'lit';
import { countryName, editionFor, type Debt } from '../../../engine/index.js';
import { ViewElement } from './base.js';
import { emblem } from './emblem.js';
import './debt-decision.js';

export class DebtsPanel extends ViewElement {
  private renderDebt(d: Debt, i: number): TemplateResult {
    const { game, state, data } = this.view;
    const debtor = countryName(game, d.debtor);
    const creditor = countryName(game, d.creditor);
    const laterBooks = editionFor(game, state).victor_may_demand_books && d.creditor !== 'bank';
    const deciding = state.prompts.some((p) => (p.kind === 'debt-terms' || p.kind === 'claim') && p.debtor === d.debtor && p.creditor === d.creditor);
    return html`<li class="debt" data-debtor=${d.debtor} data-creditor=${d.creditor}>
      <h4>${emblem(game, data.icons, d.debtor)} ${debtor} owes ${creditor} <strong class="debt-amount">${d.amount}</strong></h4>
      <p class="subtle">Why: ${d.reason}.</p>
      <p>${i === 0 ? 'Paid first' : 'Paid in turn'} from every credit ${debtor} receives${d.creditor === 'bank' ? '; the bank takes credits only, so selling books back raises them' : ''}.</p>
      ${
        laterBooks && !deciding
          ? html`<details class="settle-books">
            <summary>${creditor} takes books instead</summary>
            <cc-debt-decision .view=${this.view} .debtor=${d.debtor} .creditor=${d.creditor} .amount=${d.amount} kind="standing"></cc-debt-decision>
          </details>`
          : nothing
      }
    </li>`;
  }

  override render(): TemplateResult {
    const { state } = this.view;
    const debts = state.table.ledger.debts;
    const asks = state.prompts.filter((p) => p.kind === 'debt-terms' || p.kind === 'claim');
    const seen = new Map<string, number>();
    return html`<section class="debts" aria-labelledby="debts-title">
      <h3 id="debts-title">Debts</h3>
      ${asks.map((p) => {
        const amount = p.kind === 'claim' ? p.amount : (debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor)?.amount ?? 0);
        return html`<cc-debt-decision .view=${this.view} .debtor=${p.debtor} .creditor=${p.creditor} .amount=${amount} kind=${p.kind === 'claim' ? 'claim' : 'terms'}></cc-debt-decision>`;
      })}
      ${
        debts.length === 0
          ? html`<p class="empty">Nobody owes anything.</p>`
          : html`<ul class="debt-list">
            ${debts.map((d) => {
              const i = seen.get(d.debtor) ?? 0;
              seen.set(d.debtor, i + 1);
              return this.renderDebt(d, i);
            })}
          </ul>`
      }
    </section>`;
  }
}

customElements.define('cc-debts', DebtsPanel);

// Every country's credits, big enough to read across the table, with what it owes and is owed,
// how many books it holds, and the bank's check: the money law (engine/money-law.ts) after every
// action — credits conserved, and the countries worth exactly what the bank's books say.
import { html, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { owed, owedTo, holdings, countryName, type MoneyReport } from '../../../engine/index.js';
import { ViewElement } from './base.js';
import { countryColour, emblem } from './emblem.js';
import { count } from './words.js';

export class Balances extends ViewElement {
  static override properties = { money: { attribute: false } };
  declare money: MoneyReport;

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const { ledger } = state.table;
    const held = Object.values(ledger.credits).reduce((s, n) => s + n, 0);
    // Credits are never made or lost (the check below), so what the countries started with is what
    // they hold less what the bank has paid them since: the bank's net alone read as "paid out 0"
    // beside purses already full of starting credits.
    const start = held + ledger.bank;
    const ok = this.money.ok;
    return html`
      <ul class="balances" aria-label="Credits">
        ${state.table.players.map((c) => {
          const owes = owed(ledger, c);
          const due = owedTo(ledger, c);
          const books = holdings(state.table, c).length;
          return html`<li class="balance ${c === state.current && state.phase !== 'over' ? 'current' : ''}" style=${styleMap({ '--country': countryColour(game, c) })} data-country=${c}>
            ${emblem(game, data.icons, c, 'large')}
            <span class="who">${countryName(game, c)}</span>
            <span class="amount" aria-label="${countryName(game, c)} has ${ledger.credits[c]} credits">${ledger.credits[c]}</span>
            <span class="extra">
              ${count(books, 'book')}${owes ? html` · <span class="owes">owes ${owes}</span>` : ''}${due ? html` · <span class="due">owed ${due}</span>` : ''}
            </span>
          </li>`;
        })}
        <li class="balance money ${ok ? 'ok' : 'wrong'}" data-money=${ok ? 'ok' : 'wrong'}
          title="Checked after every action: no credit made or lost, and every book bought, sold or lost paid for at its price.">
          <span class="who">Bank check</span>
          <span class="amount">${ok ? html`<span class="check" aria-label="the books balance">✓</span>` : html`<span class="check" aria-label="the books do not balance">⚠</span>`}</span>
          <span class="extra">countries hold ${count(held, 'credit')}: ${start} at the start, ${ledger.bank <= 0 ? `${-ledger.bank} net from the bank since then` : `${ledger.bank} net to the bank since then`}</span>
        </li>
      </ul>
    `;
  }
}

customElements.define('cc-balances', Balances);

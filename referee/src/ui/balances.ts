// Every country's credits, big enough to read across the table, with what it owes and is owed,
// how many books it holds, and the check that no money was made or lost.
import { html, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { owed, owedTo } from '../../../engine/ledger.js';
import { holdings } from '../../../engine/table.js';
import { countryName } from '../../../engine/names.js';
import { ViewElement } from './base.js';
import { countryColour, emblem } from './emblem.js';
import { count } from './words.js';

export interface Money {
  now: number;
  atStart: number;
  balanced: boolean;
}

export class Balances extends ViewElement {
  static override properties = { money: { attribute: false } };
  declare money: Money;

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const { ledger } = state.table;
    const countries = Object.values(ledger.credits).reduce((s, n) => s + n, 0);
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
        <li class="balance money ${this.money.balanced ? 'ok' : 'wrong'}" data-money=${this.money.now}>
          <span class="who">Money in play</span>
          <span class="amount">${this.money.now}${this.money.balanced ? html`<span class="check" aria-label="balanced"> ✓</span>` : html`<span class="check" aria-label="does not balance"> ⚠</span>`}</span>
          <span class="extra">countries ${countries} · bank ${ledger.bank <= 0 ? `paid out ${-ledger.bank}` : `took in ${ledger.bank}`}</span>
        </li>
      </ul>
    `;
  }
}

customElements.define('cc-balances', Balances);

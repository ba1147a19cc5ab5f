// A country's statement (its log with the running balance), for the end of the game or for a
// question at the table ("where did my credits go?"). Worked out when opened, not on every tap.
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { countryName, type CountryId, possessive } from '../../../engine/index.js';
import { statement } from '../logic/statement.js';
import { ViewElement } from './base.js';
import { radioChoice } from './choice.js';
import { countryColour, emblem } from './emblem.js';

export class StatementPanel extends ViewElement {
  static override properties = { country: { state: true } };
  declare country: CountryId | undefined;

  private renderLines(country: CountryId): TemplateResult {
    const { game, state } = this.view;
    const lines = statement(game, state, country);
    const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '');
    return html`<table class="statement" style=${styleMap({ '--country': countryColour(game, country) })}>
      <caption>${possessive(countryName(game, country))} statement: ${lines.length - 1} actions that touched it</caption>
      <thead><tr><th scope="col">Line</th><th scope="col">What happened</th><th scope="col" class="num">Credits</th><th scope="col" class="num">Balance</th></tr></thead>
      <tbody>
        ${lines.map(
          (l) => html`<tr data-seq=${l.seq}>
            <td class="num">${l.seq || ''}</td>
            <td>${l.text}${l.owes ? html` <span class="owes">(owes ${l.owes})</span>` : nothing}</td>
            <td class="num ${l.change < 0 ? 'paid' : 'received'}">${signed(l.change)}</td>
            <td class="num balance-after">${l.balance}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    return html`<section class="statements" aria-labelledby="statement-title">
      <h3 id="statement-title">Statements</h3>
      <p class="subtle no-print">Every action that moved a country’s credits or named it, with its balance after each.</p>
      <div class="choices row no-print" role="radiogroup" aria-label="Whose statement">
        ${state.table.players.map((c) => radioChoice('statement', c, this.country, html`${emblem(game, data.icons, c)} ${countryName(game, c)}`, (v) => (this.country = v)))}
      </div>
      ${this.country ? this.renderLines(this.country) : nothing}
    </section>`;
  }
}

customElements.define('cc-statement', StatementPanel);

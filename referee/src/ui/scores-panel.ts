// Collections and scores: each country's progress toward every collection it has started, its
// locked (completed) collections, and the score as the edition counts it — during the game as
// "if it ended now", and at the end as the final result with its breakdown and the rule book's
// tie-break (more completed collections wins; still level, the victory is shared).
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { Names, cardTitle, collectionRule, countryName, finalScores, ranking, type CountryScore, type Placing } from '../../../engine/index.js';
import { ViewElement } from './base.js';
import { countryColour, emblem } from './emblem.js';
import { lockGlyph } from './glyphs.js';
import { onTap } from './base.js';
import './statement-panel.js';

export class ScoresPanel extends ViewElement {
  private breakdown(s: CountryScore): TemplateResult {
    return html`<dl class="breakdown">
      <div><dt>Loose books</dt><dd>${s.books}</dd></div>
      <div><dt>Collections</dt><dd>${s.collectionPoints}</dd></div>
      <div><dt>Credits</dt><dd>${s.creditPoints}${s.creditPoints !== s.credits ? html` <span class="subtle">(of ${s.credits})</span>` : nothing}</dd></div>
      ${s.owedToIt ? html`<div><dt>Owed to it</dt><dd>+${s.owedToIt}</dd></div>` : nothing}
      ${s.owesOthers ? html`<div><dt>It owes</dt><dd>−${s.owesOthers}</dd></div>` : nothing}
      <div class="total"><dt>Total</dt><dd>${s.total}</dd></div>
    </dl>`;
  }

  private country(s: CountryScore, rank?: number, shared = false): TemplateResult {
    const { game, data, state } = this.view;
    const locked = new Set(state.table.sets.filter((x) => x.country === s.country).map((x) => `${x.collection}:${x.key}`));
    return html`<li class="score-card ${rank === 1 ? 'winner' : ''}" style=${styleMap({ '--country': countryColour(game, s.country) })} data-country=${s.country}>
      <header>
        ${rank ? html`<span class="rank" aria-label="Place ${rank}${shared ? ', shared' : ''}">${rank}${shared ? '=' : ''}</span>` : nothing}
        ${emblem(game, data.icons, s.country, 'large')}
        <h4>${countryName(game, s.country)}</h4>
        <span class="score-total" aria-label="${s.total} points">${s.total}</span>
      </header>
      ${
        s.collections.length
          ? html`<ul class="collections done" aria-label="Completed collections">
            ${s.collections.map(
              (c) => html`<li class="collection complete">${locked.has(`${c.collection}:${c.key}`) ? lockGlyph('locked') : nothing} ${c.label}
                <span class="points">${c.points} points (×${collectionRule(game, c.collection)?.multiplier ?? 2})</span>
                <span class="collection-books subtle">${locked.has(`${c.collection}:${c.key}`) ? 'Locked when completed: ' : ''}${c.cards.map((id) => cardTitle(game, id)).join(', ')}</span></li>`,
            )}
          </ul>`
          : nothing
      }
      ${
        s.progress.length
          ? html`<ul class="collections progress" aria-label="Collections started">
            ${s.progress
              .filter((p) => p.have < p.size)
              .sort((a, b) => b.have / b.size - a.have / a.size)
              .slice(0, 6)
              .map(
                (p) => html`<li><span class="progress-label">${p.label}</span>
                  <span class="bar" role="progressbar" aria-valuemin="0" aria-valuemax=${p.size} aria-valuenow=${p.have} aria-label=${p.label}><span style=${styleMap({ width: `${(100 * p.have) / p.size}%` })}></span></span></li>`,
              )}
          </ul>`
          : html`<p class="subtle">No collection started yet.</p>`
      }
      ${this.breakdown(s)}
    </li>`;
  }

  /** Says how equal totals were decided, in the rule book's words. */
  private tieNote(places: Placing[]): TemplateResult | typeof nothing {
    const { game } = this.view;
    const names = (cs: string[]) => Names(game, cs);
    const notes: string[] = [];
    places.forEach((p, i) => {
      if (p.countries.length > 1)
        notes.push(`${names(p.countries)} finish level on ${p.total} points and ${p.collections} completed collections, so they share place ${p.place}.`);
      const next = places[i + 1];
      if (next && next.total === p.total) {
        notes.push(
          `${names(p.countries)} and ${names(next.countries)} both have ${p.total} points; more completed collections (${p.collections} to ${next.collections}) decide the order.`,
        );
      }
    });
    return notes.length ? html`<p class="tie-note">${notes.join(' ')}</p>` : nothing;
  }

  /** Who won, in one sentence, for the table to read out. */
  private winner(places: Placing[]): TemplateResult | typeof nothing {
    const first = places[0];
    if (!first) return nothing;
    const who = Names(this.view.game, first.countries);
    const points = `${first.total} ${Math.abs(first.total) === 1 ? 'point' : 'points'}`;
    return html`<p class="result-line"><strong>${first.countries.length > 1 ? `${who} share the victory with ${points} each.` : `${who} wins with ${points}.`}</strong></p>`;
  }

  override render(): TemplateResult {
    const { state } = this.view;
    const scores = finalScores(this.view.game, state.setup.edition, state.table);
    // The end of the game, on the Turn tab and the Scores tab alike: a ranking with the winner first.
    if (state.phase === 'over') {
      const places = ranking(scores);
      const score = (c: string) => scores.find((s) => s.country === c)!;
      return html`<section class="scores final summary" aria-labelledby="final-title">
        <div class="summary-head">
          <h3 id="final-title">Final scores</h3>
          <button class="secondary print-summary no-print" @click=${onTap(() => window.print())}>Print this summary</button>
        </div>
        <p class="subtle">${this.view.game.name}, ${state.setup.players} players, ${state.setup.length} play: the final table, each library’s collections, and each country’s statement.</p>
        ${this.winner(places)}
        ${this.tieNote(places)}
        <ol class="score-list">${places.flatMap((p) => p.countries.map((c) => this.country(score(c), p.place, p.countries.length > 1)))}</ol>
        <cc-statement .view=${this.view}></cc-statement>
      </section>`;
    }
    if (this.view.hideHoldings) {
      // Collections would show which books each country holds: totals only while they are hidden.
      return html`<section class="scores" aria-labelledby="scores-title">
        <h3 id="scores-title">Scores if the game ended now</h3>
        <p class="subtle">The books are hidden from this screen, so only the totals are shown; each player sees its collections on its phone.</p>
        <ul class="score-totals">${scores.map((s) => html`<li>${countryName(this.view.game, s.country)}: <strong>${s.total}</strong></li>`)}</ul>
      </section>`;
    }
    return html`<section class="scores" aria-labelledby="scores-title">
      <h3 id="scores-title">Collections and scores (if the game ended now)</h3>
      <ul class="score-list">${scores.map((s) => this.country(s))}</ul>
      <cc-statement .view=${this.view}></cc-statement>
    </section>`;
  }
}

customElements.define('cc-scores', ScoresPanel);

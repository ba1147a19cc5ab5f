// report.html: one self-contained page (its charts are inline SVG, its style inline; no script,
// nothing fetched) that a teacher can open from a USB stick or mail to a colleague. The plain
// summary comes first; the figures behind every sentence follow.
import type { Game } from '../../engine/index.js';
import { auctionChart, cardChart, compareChart, creditsChart, leadChart, scoreChart, winShareChart, type Chart } from './plots.js';
import type { BalanceReport, CardFigures } from './schema.js';
import { nothingSold } from './summary.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)}`;

const STYLE = `
body { font: 16px/1.5 Georgia, 'Times New Roman', serif; color: #222; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; background: #fdfbf7; }
h1 { font-size: 1.8rem; margin-bottom: .2rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #d8cfc0; } h3 { margin-bottom: .2rem; }
.summary { background: #fff; border: 1px solid #d8cfc0; border-left: 6px solid var(--verdict); padding: .8rem 1.2rem; }
.summary p { margin: .4rem 0; }
.verdict { font-weight: bold; }
figure { margin: 1rem 0 1.5rem; } figcaption { font-size: .9rem; color: #555; }
svg { max-width: 100%; height: auto; background: #fff; font-family: system-ui, sans-serif; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .92rem; background: #fff; }
th, td { border: 1px solid #d8cfc0; padding: .25rem .5rem; text-align: right; } th:first-child, td:first-child { text-align: left; }
td.off { color: #b71c1c; font-weight: bold; } td.where { font-family: monospace; font-size: .85rem; text-align: left; }
td.where, td.code, td.interval { white-space: nowrap; }
.note { font-size: .9rem; color: #555; }
`;

/** A chart with its title (left out when the section's heading already says it) and how to read it. */
function figure(c: Chart, heading = true): string {
  return `<figure data-chart="${esc(c.id)}">${heading ? `<h3>${esc(c.title)}</h3>` : ''}${c.svg}<figcaption>${esc(c.caption)}</figcaption></figure>`;
}

function table(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.join('')}</tr>`).join('')}</tbody></table>`;
}
const td = (s: string | number, cls = '') => `<td${cls ? ` class="${cls}"` : ''}>${esc(String(s))}</td>`;

function winTable(report: BalanceReport): string {
  return report.byPlayers
    .map((p) =>
      table(
        [`${p.players} players (${p.games.toLocaleString('en')} games)`, 'won', '95% interval', 'from a fair share', 'centuries led'],
        p.countries.map((c) => [
          td(c.name),
          td(pct(c.winShare)),
          td(`${pct(c.interval[0])}–${pct(c.interval[1])}`),
          td(`${signed(c.fromFair)} points`, c.withinBar ? '' : 'off'),
          td(c.centuriesLed),
        ]),
      ),
    )
    .join('');
}

function gameTable(report: BalanceReport): string {
  return table(
    ['players', 'actions per game (median, middle half)', 'shared wins', 'debts per game', 'chance cards per game', 'lots auctioned per game', 'lots unsold'],
    report.byPlayers.map((p) => [
      td(p.players),
      td(`${p.length.median} (${p.length.q1}–${p.length.q3})`),
      td(pct(p.ties)),
      td(p.debts.mean.toFixed(1)),
      td(p.chance.mean.toFixed(1)),
      td(p.auctions.perGame.toFixed(2)),
      td(pct(p.auctions.unsold)),
    ]),
  );
}

function auctionTable(report: BalanceReport): string {
  return report.byPlayers
    .map((p) =>
      table(
        [`${p.players} players`, 'books won at auction per game', 'average price per book', 'debts run up per game'],
        p.countries.map((c) => [td(c.name), td(c.auctionBooks.toFixed(2)), td(c.auctionPrice.toFixed(1)), td(c.debts.toFixed(2))]),
      ),
    )
    .join('');
}

function temperamentTable(report: BalanceReport): string {
  return table(
    ['players', ...report.habits.temperaments],
    report.byPlayers.map((p) => [
      td(p.players),
      ...report.habits.temperaments.map((id) => {
        const t = p.temperaments.find((x) => x.id === id);
        return td(t ? `${pct(t.winShare)} of ${t.seats.toLocaleString('en')} seats` : '—');
      }),
    ]),
  );
}

function cardTable(cards: readonly CardFigures[]): string {
  return table(
    ['card', 'code', 'written at', 'played', 'worth change at once', 'effect on winning', '95% interval'],
    cards.map((c) => [
      td(c.title),
      td(c.code, 'code'),
      td(c.where, 'where'),
      td(c.plays.toLocaleString('en')),
      td(`${c.effect > 0 ? '+' : ''}${c.effect.toFixed(1)}`),
      c.impact ? td(`${signed(c.impact.difference)} points`, c.outlier ? 'off' : '') : td('—'),
      td(c.impact ? `${signed(c.impact.interval[0])} to ${signed(c.impact.interval[1])}` : '—', 'interval'),
    ]),
  );
}

function compareTable(report: BalanceReport): string {
  const cmp = report.compare!;
  return cmp.byPlayers
    .map((p) =>
      table(
        [`${p.players} players`, 'without the pack', 'with it', 'change (points)', '95% interval'],
        p.countries.map((c) => [
          td(c.name),
          td(pct(c.base)),
          td(pct(c.pack)),
          td(signed(c.difference), c.interval[0] > 0 || c.interval[1] < 0 ? 'off' : ''),
          td(`${signed(c.interval[0])} to ${signed(c.interval[1])}`),
        ]),
      ),
    )
    .join('');
}

/** The chart of prices paid at auction; when nothing sold, a sentence saying so instead of empty axes. */
function auctionPrices(game: Game, report: BalanceReport): string {
  const none = nothingSold(game, report);
  return none ? `<p class="note" id="auction-prices">${esc(none)}</p>` : figure(auctionChart(report));
}

/** The cards shown in the chart: every outlier, then the largest effects, up to 24. */
function chartedCards(report: BalanceReport): CardFigures[] {
  const withImpact = report.cards.filter((c) => c.impact);
  const ranked = [...withImpact].sort((a, b) => Math.abs(b.impact!.difference) - Math.abs(a.impact!.difference));
  return [...ranked.filter((c) => c.outlier), ...ranked.filter((c) => !c.outlier)].slice(0, 24).sort((a, b) => b.impact!.difference - a.impact!.difference);
}

/** "Rules: Codex Conquest (the current rules)." — the edition by its name, as the rule book names it. */
function rulesLine(game: Game, report: BalanceReport): string {
  const e = game.rules.editions.find((x) => x.id === report.edition);
  return `Rules: ${e?.name ?? report.edition}${e?.source ? ` (${e.source})` : ''}.`;
}

export function reportPage(game: Game, report: BalanceReport, command: string): string {
  const counts = report.players;
  const verdict = report.fairness.met ? '#2e7d32' : '#b71c1c';
  const sections: string[] = [];
  sections.push(
    `<section id="wins"><h2>Who wins</h2>${counts.map((n) => figure(winShareChart(game, report, n))).join('')}${winTable(report)}</section>`,
    `<section id="scores"><h2>Final scores</h2>${counts.map((n) => figure(scoreChart(game, report, n))).join('')}</section>`,
    `<section id="credits"><h2>Credits over the centuries</h2>${counts.map((n) => figure(creditsChart(game, report, n))).join('')}</section>`,
    `<section id="games"><h2>How the games go</h2>${gameTable(report)}${auctionPrices(game, report)}${auctionTable(report)}</section>`,
    `<section id="seats"><h2>Seat and lead</h2>${figure(leadChart(game, report), false)}<p>Each seat's temperament is drawn at random, so the temperaments' results show how the computer players' styles compare (a fair game does not need them to be equal):</p>${temperamentTable(report)}</section>`,
    `<section id="cards"><h2>Cards that decide games</h2>${figure(cardChart(chartedCards(report)), false)}<p class="note">Every event and chance card, in the order of the content files. “Worth change at once” is the average change a card makes straight away to the credits (less debts) and books of each library it touches. Cards marked in red change a library's chances clearly: the interval leaves out zero and the effect is at least 2 points. Edit the line shown to tune a card.</p>${cardTable(report.cards)}</section>`,
  );
  if (report.compare) {
    sections.push(
      `<section id="compare"><h2>What the pack changes</h2>${report.compare.byPlayers.map((p) => figure(compareChart(game, report, p.players))).join('')}${compareTable(report)}</section>`,
    );
  }
  sections.push(
    `<section id="method"><h2>How this was measured</h2><p>Computer players played every game by the rules, checked by the same engine as the tablet referee. Each seat's temperament — ${report.habits.temperaments.join(', ')} — was drawn at random; in a market turn a player looks for a trade that helps both sides with chance ${report.habits.trades}${report.habits.forceChance ? ` and, where the edition allows it, forces a chance draw with chance ${report.habits.forceChance}` : ''}. Dice and card draws come from the seed “${esc(report.seed)}”: the same command gives the same figures.</p><p>Shares count a shared win as a fraction. Intervals are 95% confidence intervals: with more games they narrow.</p><p>Made with: <code>${esc(command)}</code>. The figures are also in <code>report.json</code> beside this page.</p></section>`,
  );
  const title = `${report.game.name}${report.game.packs.length ? ` + ${report.game.packs.join(', ')}` : ''}: balance report`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body style="--verdict: ${verdict}">
<h1>${esc(title)}</h1>
<p class="note">${esc(rulesLine(game, report))} ${esc(report.length === 'short' ? 'Short' : 'Long')} play, ${report.games.toLocaleString('en')} games, seed “${esc(report.seed)}”.</p>
<div class="summary" id="summary">
<p class="verdict">${report.fairness.met ? 'Fair by the measure used here.' : 'Not yet fair by the measure used here.'}</p>
${report.summary.map((s) => `<p>${esc(s)}</p>`).join('\n')}
</div>
${sections.join('\n')}
</body>
</html>
`;
}

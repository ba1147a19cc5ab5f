// A country's statement: every action in effect that moved its credits or named it, with what it
// received or paid and its balance after, like a bank statement. Worked out on demand by stepping
// through the game's effective actions once (the page never does this per tap), and kept for the
// state it was made for.
import { historySentence } from './history-sentence.js';
import { countryName, entriesOf, newGame, step, type CountryId, type Game, type GameState } from '../../../engine/index.js';

export interface StatementLine {
  /** The log line of the action. */
  seq: number;
  /** The engine's history lines of that action, as sentences. */
  text: string;
  /** Credits received (+) or paid (−) by the country. */
  change: number;
  balance: number;
  /** What it owes after the action. */
  owes: number;
}

const made = new WeakMap<GameState, Map<CountryId, StatementLine[]>>();

export function statement(game: Game, state: GameState, country: CountryId): StatementLine[] {
  let forState = made.get(state);
  if (!forState) made.set(state, (forState = new Map()));
  const kept = forState.get(country);
  if (kept) return kept;
  const name = countryName(game, country).toLowerCase();
  const owes = (s: GameState) => s.table.ledger.debts.filter((d) => d.debtor === country).reduce((n, d) => n + d.amount, 0);
  let s = newGame(game, state.setup);
  const lines: StatementLine[] = [];
  const opening = s.table.ledger.credits[country] ?? 0;
  lines.push({ seq: 0, text: 'The game opens', change: opening, balance: opening, owes: owes(s) });
  for (const e of entriesOf(state)) {
    const before = s;
    s = step(game, s, e.action);
    // What this action said: the history's newest link, when it added one (engine/chain.ts).
    const said = s.history === before.history ? [] : s.history.items;
    const change = (s.table.ledger.credits[country] ?? 0) - (before.table.ledger.credits[country] ?? 0);
    const named = said.some((l) => l.who.toLowerCase() === name || l.what.toLowerCase().includes(name));
    // Whose turn it is says nothing about a country's money: only what moved it or named it counts.
    const moved = change !== 0 || owes(s) !== owes(before);
    if (!moved && (!named || e.action.type === 'end-turn')) continue;
    lines.push({
      seq: e.seq,
      text: said.map(historySentence).join('; '),
      change,
      balance: s.table.ledger.credits[country] ?? 0,
      owes: owes(s),
    });
  }
  forState.set(country, lines);
  return lines;
}

// The game as the phones see it, made from the tablet's view after each action (protocol.ts).
import { historySentence } from '../logic/history-sentence.js';
import {
  bookValue,
  countryName,
  editionFor,
  finalScores,
  holdings,
  isLocked,
  nextSteps,
  ownableById,
  owed,
  owedTo,
  ranking,
  type CountryId,
  type GameState,
} from '../../../engine/index.js';
import type { View } from '../ui/base.js';
import { centuryOf, phaseName } from '../ui/words.js';
import { roundsPerCentury } from '../../../engine/index.js';
import type { Library, Snapshot } from './protocol.js';

/** How many of its latest history lines a phone shows. */
const RECENT = 8;

function recentFor(view: View, country: CountryId): Library['recent'] {
  const name = countryName(view.game, country).toLowerCase();
  const found: Library['recent'] = [];
  // A line touches a country when the country acts in it or is named in it ("… pays Italy 1").
  // Read from the newest link of the history back (engine/chain.ts), never the whole of it.
  for (let link: GameState['history'] | null = view.state.history; link && found.length < RECENT; link = link.prev) {
    for (let i = link.items.length - 1; i >= 0 && found.length < RECENT; i--) {
      const l = link.items[i]!;
      if (l.who.toLowerCase() === name || l.what.toLowerCase().includes(name)) found.push({ seq: l.seq, text: historySentence(l) });
    }
  }
  return found;
}

export function snapshot(view: View, bankOk: boolean): Snapshot {
  const { game, state, log } = view;
  const { ledger } = state.table;
  const rounds = roundsPerCentury(game, state);
  const scores = finalScores(game, state.setup.edition, state.table);
  const edition = editionFor(game, state);
  const value = (id: string) => {
    const card = ownableById(game, id);
    return card ? bookValue(game, edition, card) : 0;
  };
  const libraries: Record<CountryId, Library> = {};
  for (const c of state.table.players) {
    const score = scores.find((s) => s.country === c);
    libraries[c] = {
      credits: ledger.credits[c] ?? 0,
      owes: ledger.debts.filter((d) => d.debtor === c).map((d) => ({ to: d.creditor, amount: d.amount, reason: d.reason })),
      owed: ledger.debts.filter((d) => d.creditor === c).map((d) => ({ from: d.debtor, amount: d.amount, reason: d.reason })),
      books: holdings(state.table, c).map((id) => ({ id, value: value(id), locked: isLocked(state.table, id) })),
      done: score?.collections.map((x) => ({ label: x.label, points: x.points })) ?? [],
      progress: score?.progress.filter((p) => p.have < p.size).map((p) => ({ label: p.label, have: p.have, size: p.size })) ?? [],
      score: score?.total ?? 0,
      recent: recentFor(view, c),
    };
  }
  return {
    table: {
      game: view.gameKey,
      rev: log.length,
      century: centuryOf(game, state.century)?.name ?? state.century,
      round: rounds > 1 ? `Round ${state.round} of ${rounds}` : '',
      phase: phaseName(state.phase),
      lead: state.table.lead,
      turn: state.phase === 'over' ? null : state.current,
      over: state.phase === 'over',
      standings: state.phase === 'over' ? ranking(scores).map((p) => ({ place: p.place, countries: p.countries, total: p.total })) : null,
      next: nextSteps(game, state)
        .filter((s) => !s.action)
        .map((s) => s.label),
      balances: state.table.players.map((c) => ({ country: c, credits: ledger.credits[c] ?? 0, owes: owed(ledger, c), owed: owedTo(ledger, c) })),
      bankOk,
    },
    libraries,
  };
}

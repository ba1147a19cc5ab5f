// Drives the game like a banker would: from any state, the actions that make sense now (from the
// guide and the cards on the table), keeping only those `check` allows. Tests pick among them
// with numbers from fast-check, so every generated game is a legal one.
import type { Game } from '../../../engine/game.js';
import { cardsOfType } from '../../../engine/game.js';
import { isLocked } from '../../../engine/table.js';
import { check, nextSteps, step, type Action, type GameState, type LogEntry } from '../../../engine/game/index.js';
import { RULES_VERSION } from '../../../engine/game/index.js';

export function candidates(game: Game, s: GameState, pick: number): Action[] {
  const out: Action[] = [];
  for (const n of nextSteps(game, s)) if (n.action) out.push(n.action);
  const t = s.table;
  const p = s.table.players;
  if (s.phase === 'national-events') {
    for (const c of cardsOfType(game, 'national-event'))
      if (c.country === s.current && c.century === s.century) out.push({ type: 'play-card', country: c.country, code: c.code });
  }
  if (s.phase === 'world-event') for (const c of cardsOfType(game, 'world-event')) out.push({ type: 'play-card', country: null, code: c.code });
  if (s.phase === 'market') {
    out.push({ type: 'roll', country: s.current, face: ((pick % 6) + 1) as 1 });
    for (const [id, place] of Object.entries(t.owner)) {
      if (place === 'market') out.push({ type: 'buy', country: s.current, card: id });
    }
  }
  for (const prompt of s.prompts) {
    if (prompt.kind === 'draw-chance') for (const c of cardsOfType(game, 'chance')) out.push({ type: 'play-card', country: prompt.country, code: c.code });
    if (prompt.kind === 'choose-book')
      out.push(
        { type: 'choose-book', country: prompt.country, cards: prompt.candidates.slice(pick % 2, (pick % 2) + prompt.count) },
        { type: 'choose-book', country: prompt.country, cards: prompt.candidates.slice(0, prompt.count) },
      );
  }
  for (const lot of s.openAuctions) {
    const books = cardsOfType(game, 'auction-book')
      .filter((b) => b.lot === lot && t.owner[b.id] === 'unreleased')
      .map((b) => b.id);
    const buyer = p[pick % p.length]!;
    const cash = t.ledger.credits[buyer] ?? 0;
    out.push({ type: 'auction', lot, sales: [{ country: buyer, cards: books, price: Math.min(cash, 4 + (pick % 3)) }] });
    out.push({ type: 'auction', lot, sales: [{ country: buyer, cards: books.slice(0, 1), price: Math.min(cash, pick % 4) }] });
  }
  // Now and then: the voluntary moves that can happen at any time.
  if (pick % 7 === 0) {
    const a = p[pick % p.length]!;
    const b = p[(pick + 1) % p.length]!;
    const mine = Object.keys(t.owner).filter((id) => t.owner[id] === a && !isLocked(t, id));
    const theirs = Object.keys(t.owner).filter((id) => t.owner[id] === b && !isLocked(t, id));
    out.push({
      type: 'trade',
      a,
      b,
      aGives: { credits: Math.min(1, t.ledger.credits[a] ?? 0), cards: mine.slice(0, 1) },
      bGives: { credits: 0, cards: theirs.slice(0, 1) },
    });
    if (mine[0]) out.push({ type: 'sell', country: a, card: mine[0] });
    out.push({ type: 'transfer', from: 'bank', to: a, amount: 1 + (pick % 3), note: 'correction' });
    out.push({ type: 'transfer', from: a, to: b, amount: 1 + (pick % 9), note: 'side deal' });
    out.push({ type: 'force-chance', by: a, target: b });
    for (const d of t.ledger.debts)
      out.push({
        type: 'settle',
        debtor: d.debtor,
        creditor: d.creditor,
        credits: 0,
        cards: Object.keys(t.owner)
          .filter((id) => t.owner[id] === d.debtor && !isLocked(t, id))
          .slice(0, 1),
      });
  }
  if (pick % 11 === 0) out.push({ type: 'undo' }, { type: 'redo' });
  if (pick % 23 === 0 && s.entries.length > 3) out.push({ type: 'undo-to', seq: s.entries[s.entries.length - 3]!.seq });
  return out.filter((a) => check(game, s, a) === null);
}

export interface Run {
  states: GameState[];
  log: LogEntry[];
}

/** Plays a legal game, choosing with `picks`; prefers moving on when `hurry` says so. */
export function play(game: Game, start: GameState, picks: number[]): Run {
  let s = start;
  const states = [s];
  const log: LogEntry[] = [];
  for (const pick of picks) {
    const options = candidates(game, s, pick);
    if (options.length === 0) break;
    const action = options[pick % options.length]!;
    log.push({ seq: s.nextSeq, action, rules: RULES_VERSION, at: '2025-01-01T00:00:00.000Z' });
    s = step(game, s, action);
    states.push(s);
  }
  return { states, log };
}

/** A dull, predictable banker: first event, roll `face`, buy nothing, nobody bids, first chance card. */
export function autopilotAction(game: Game, s: GameState, face: 2 | 3 | 4 | 5 = 3): Action | undefined {
  const choose = s.prompts.find((p) => p.kind === 'choose-book');
  if (choose && choose.kind === 'choose-book') return { type: 'choose-book', country: choose.country, cards: choose.candidates.slice(0, choose.count) };
  const draw = s.prompts.find((p) => p.kind === 'draw-chance');
  if (draw && draw.kind === 'draw-chance') {
    const card = cardsOfType(game, 'chance').find((c) => check(game, s, { type: 'play-card', country: draw.country, code: c.code }) === null);
    if (card) return { type: 'play-card', country: draw.country, code: card.code };
  }
  if (s.openAuctions[0]) return { type: 'auction', lot: s.openAuctions[0], sales: [] };
  if (s.phase === 'national-events' && !s.eventPlayed) {
    const card = cardsOfType(game, 'national-event').find((c) => check(game, s, { type: 'play-card', country: c.country, code: c.code }) === null);
    if (card) return { type: 'play-card', country: card.country, code: card.code };
  }
  if (s.phase === 'world-event' && !s.eventPlayed) {
    const card = cardsOfType(game, 'world-event').find((c) => c.century === s.century);
    if (card) return { type: 'play-card', country: null, code: card.code };
  }
  if (s.phase === 'market' && !s.rolled && !s.skipping) return { type: 'roll', country: s.current, face };
  if (s.phase !== 'over') return { type: 'end-turn' };
  return undefined;
}

/** Runs the autopilot until `stop` says so (or the game ends). */
export function until(game: Game, s: GameState, stop: (s: GameState) => boolean, face: 2 | 3 | 4 | 5 = 3): GameState {
  for (let i = 0; i < 1000 && !stop(s); i++) {
    const a = autopilotAction(game, s, face);
    if (!a) break;
    s = step(game, s, a);
  }
  return s;
}

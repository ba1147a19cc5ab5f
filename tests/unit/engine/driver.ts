// Drives the game like a banker would: from any state, the actions that make sense now (from the
// guide and the cards on the table), keeping only those `check` allows. Tests pick among them
// with numbers from fast-check, so every generated game is a legal one.
import {
  cardsOfType,
  check,
  eventsDrawn,
  isLocked,
  nextSteps,
  step,
  suggestedBooks,
  buyingOrder,
  bookValue,
  editionFor,
  ownableById,
  saleValue,
  RULES_VERSION,
  type Action,
  type Game,
  type GameState,
  type LogEntry,
  entriesOf,
} from '../../../engine/index.js';

/** Ids of a country's books outside completed collections. */
function loose(s: GameState, country: string): string[] {
  return s.table.owner.ids().filter((id) => s.table.owner.get(id) === country && !isLocked(s.table, id));
}

function decisions(game: Game, s: GameState, pick: number): Action[] {
  const out: Action[] = [];
  const edition = editionFor(game, s);
  for (const p of s.prompts) {
    if (p.kind === 'choose-book') {
      out.push(
        { type: 'choose-book', country: p.country, cards: p.candidates.slice(pick % 2, (pick % 2) + p.count) },
        { type: 'choose-book', country: p.country, cards: p.candidates.slice(0, p.count) },
      );
    }
    if (p.kind === 'debt-terms' || p.kind === 'claim') {
      out.push({ type: 'take-credits', debtor: p.debtor, creditor: p.creditor });
      const amount = p.kind === 'claim' ? p.amount : (s.table.ledger.debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor)?.amount ?? 0);
      const cards = suggestedBooks(game, s, p.debtor, amount);
      if (edition.debt_books === 'closest') out.push({ type: 'settle', debtor: p.debtor, creditor: p.creditor, cards });
      else {
        const worth = cards.reduce((t, id) => t + bookValue(game, edition, ownableById(game, id)!), 0);
        const excess = Math.max(0, worth - amount);
        const has = s.table.ledger.credits[p.creditor] ?? 0;
        if (excess <= has) out.push({ type: 'settle', debtor: p.debtor, creditor: p.creditor, cards, change: { credits: excess, cards: [] } });
      }
    }
  }
  return out;
}

/** The actions that make sense now, before the rules are asked (some they will refuse). */
export function proposals(game: Game, s: GameState, pick: number): Action[] {
  const out: Action[] = [];
  for (const n of nextSteps(game, s)) if (n.action) out.push(n.action);
  out.push(...decisions(game, s, pick));
  const t = s.table;
  const p = s.table.players;
  const edition = editionFor(game, s);
  if (s.phase === 'national-events') {
    for (const c of eventsDrawn(game, 'national'))
      if ('country' in c && c.country === s.current && 'century' in c && c.century === s.century)
        out.push({ type: 'play-card', country: c.country, code: c.code });
  }
  if (s.phase === 'world-event') for (const c of eventsDrawn(game, 'world')) out.push({ type: 'play-card', country: null, code: c.code });
  if (s.phase === 'market' || s.phase === 'final-buying') {
    if (s.phase === 'market') out.push({ type: 'roll', country: s.current, face: ((pick % 6) + 1) as 1 });
    for (const [id, place] of t.owner.entries()) if (place === 'market') out.push({ type: 'buy', country: s.current, card: id });
  }
  if (s.phase === 'final-buying' && s.buying) {
    const found = buyingOrder(s.buying, p);
    if ('roll' in found) out.push({ type: 'roll', country: found.roll[0]!, face: ((pick % 6) + 1) as 1 });
  }
  for (const prompt of s.prompts) {
    if (prompt.kind === 'draw-chance') for (const c of cardsOfType(game, 'chance')) out.push({ type: 'play-card', country: prompt.country, code: c.code });
  }
  for (const lot of s.openAuctions) {
    const books = cardsOfType(game, 'auction-book')
      .filter((b) => b.lot === lot && t.owner.get(b.id) === 'unreleased')
      .map((b) => b.id);
    const buyer = p[pick % p.length]!;
    const cash = t.ledger.credits[buyer] ?? 0;
    out.push({ type: 'auction', lot, sales: [{ country: buyer, cards: books, price: Math.max(1, Math.min(cash, 4 + (pick % 3))) }] });
    out.push({ type: 'auction', lot, sales: [{ country: buyer, cards: books.slice(0, 1), price: Math.max(1, Math.min(cash, pick % 4)) }] });
  }
  // Now and then: the voluntary moves that can happen at any time.
  if (pick % 7 === 0) {
    const a = p[pick % p.length]!;
    const b = p[(pick + 1) % p.length]!;
    const mine = loose(s, a);
    const theirs = loose(s, b);
    out.push({
      type: 'trade',
      a,
      b,
      aGives: { credits: Math.min(1, t.ledger.credits[a] ?? 0), cards: mine.slice(0, 1) },
      bGives: { credits: 0, cards: theirs.slice(0, 1) },
    });
    if (mine[0]) {
      out.push({ type: 'sell', country: a, card: mine[0] });
      const back = saleValue(game, edition, t.paid, ownableById(game, mine[0])!);
      const swap = t.owner.ids().find((id) => t.owner.get(id) === 'market' && bookValue(game, edition, ownableById(game, id)!) === back);
      if (swap) out.push({ type: 'sell', country: a, card: mine[0], take: swap });
    }
    out.push({ type: 'transfer', from: 'bank', to: a, amount: 1 + (pick % 3), note: 'correction' });
    out.push({ type: 'transfer', from: a, to: b, amount: 1 + (pick % 9), note: 'side deal' });
    out.push({ type: 'force-chance', by: a, target: b });
    if (mine[0]) out.push({ type: 'force-chance', by: a, target: b, cards: [mine[0]] });
    for (const d of t.ledger.debts) {
      if (d.creditor === 'bank') continue;
      const cards = suggestedBooks(game, s, d.debtor, d.amount);
      out.push({ type: 'settle', debtor: d.debtor, creditor: d.creditor, cards, change: { credits: 0, cards: [] } });
    }
  }
  if (pick % 29 === 0) {
    const later = game.centuries.slice(game.centuries.findIndex((c) => c.id === s.century));
    const c = later[pick % later.length];
    if (c) out.push({ type: 'end-after', century: c.id });
  }
  if (pick % 11 === 0) out.push({ type: 'undo' }, { type: 'redo' });
  if (pick % 23 === 0 && s.entries.length > 3) out.push({ type: 'undo-to', seq: entriesOf(s)[entriesOf(s).length - 3]!.seq });
  return out;
}

/** The actions that make sense now and that the rules allow. */
export function candidates(game: Game, s: GameState, pick: number): Action[] {
  return proposals(game, s, pick).filter((a) => check(game, s, a) === null);
}

export interface Run {
  states: GameState[];
  log: LogEntry[];
}

/** Plays a legal game, choosing with `picks`. */
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

/** A dull, predictable banker: first event, roll `face`, buy nothing, nobody bids, first chance card, creditors take credits. */
export function autopilotAction(game: Game, s: GameState, face: 2 | 3 | 4 | 5 = 3): Action | undefined {
  for (const p of s.prompts) {
    if (p.kind === 'choose-book') return { type: 'choose-book', country: p.country, cards: p.candidates.slice(0, p.count) };
    if (p.kind === 'debt-terms' || p.kind === 'claim') return { type: 'take-credits', debtor: p.debtor, creditor: p.creditor };
  }
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
  if (s.phase === 'final-buying' && s.buying) {
    const found = buyingOrder(s.buying, s.table.players);
    if ('roll' in found) return { type: 'roll', country: found.roll[0]!, face: (((s.nextSeq * 7) % 6) + 1) as 1 };
    const buy = s.table.owner.ids().find((id) => check(game, s, { type: 'buy', country: s.current, card: id }) === null);
    if (buy) return { type: 'buy', country: s.current, card: buy };
  }
  if (s.phase !== 'over') return { type: 'end-turn' };
  return undefined;
}

/** Runs the autopilot until `stop` says so (or the game ends). */
export function until(game: Game, s: GameState, stop: (s: GameState) => boolean, face: 2 | 3 | 4 | 5 = 3): GameState {
  for (let i = 0; i < 2000 && !stop(s); i++) {
    const a = autopilotAction(game, s, face);
    if (!a) break;
    s = step(game, s, a);
  }
  return s;
}

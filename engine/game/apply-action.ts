// What each legal action does to the game state. `check` has already said yes; this file only
// carries the action out, moving credits through the ledger and books through the table.
import type { Game, EventCard } from '../game.js';
import { spend, spendReporting, payDebt, reduceDebt, owed, type CountryId, type Party } from '../ledger.js';
import { cardByCode, ownableById, type Place, type Table, valueOfCards, cardTitle } from '../table.js';
import { applyEffects, type Prompt } from '../effects/apply.js';
import { lockCompleted } from '../scoring.js';
import type { Action, GameState, HistoryLine } from './types.js';
import { editionFor, name, waitingLotBooks } from './read.js';
import { centuryName, collectionRule, lotName } from '../names.js';
import { advance } from './turns.js';

type Of<T extends Action['type']> = Extract<Action, { type: T }>;

class Recorder {
  lines: HistoryLine[] = [];
  constructor(private readonly seq: number) {}
  say(who: string, what: string, why = ''): void {
    this.lines.push({ seq: this.seq, who, what, why });
  }
}

function moveCards(table: Table, cards: readonly string[], to: Place): Table {
  if (cards.length === 0) return table;
  const owner = { ...table.owner };
  for (const id of cards) owner[id] = to;
  return { ...table, owner };
}

function cr(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

function titles(game: Game, cards: readonly string[]): string {
  return cards.map((id) => cardTitle(game, id)).join(', ');
}

/** Adds a card's prompts to the state: auctions open, chance draws of one country add up, a skip is a skip. */
function mergePrompts(game: Game, state: GameState, prompts: readonly Prompt[]): GameState {
  let { openAuctions } = state;
  const list = [...state.prompts];
  for (const p of prompts) {
    if (p.kind === 'open-auction') {
      const waiting = waitingLotBooks(game, state.table, p.lot).length > 0;
      if (waiting && !openAuctions.includes(p.lot)) openAuctions = [...openAuctions, p.lot];
    } else if (p.kind === 'draw-chance') {
      const i = list.findIndex((q) => q.kind === 'draw-chance' && q.country === p.country);
      if (i >= 0) list[i] = { ...p, count: (list[i] as typeof p).count + p.count };
      else list.push(p);
    } else if (p.kind === 'skip-roll') {
      if (!list.some((q) => q.kind === 'skip-roll' && q.country === p.country)) list.push(p);
    } else {
      list.push(p);
    }
  }
  return { ...state, prompts: list, openAuctions };
}

/** One fewer chance card owed by this country. */
function drawOne(state: GameState, country: CountryId): GameState {
  const prompts = state.prompts.flatMap((p): Prompt[] => {
    if (p.kind !== 'draw-chance' || p.country !== country) return [p];
    return p.count > 1 ? [{ ...p, count: p.count - 1 }] : [];
  });
  return { ...state, prompts };
}

function playCard(game: Game, state: GameState, a: Of<'play-card'>, rec: Recorder): GameState {
  const card = cardByCode(game, a.code) as EventCard;
  const why = `${card.title} (${card.code})`;
  let holder: CountryId | null;
  if (card.type === 'national-event') {
    holder = card.country;
    rec.say(name(game, holder), `plays the national event ${card.title}`, card.code);
    state = { ...state, played: [...state.played, card.id], eventPlayed: true };
  } else if (card.type === 'world-event') {
    holder = null;
    rec.say(name(game, state.table.lead), `turns over the world event ${card.title}`, card.code);
    state = { ...state, played: [...state.played, card.id], eventPlayed: true };
  } else {
    holder = a.country ?? (state.prompts.find((p) => p.kind === 'draw-chance')!.country as CountryId);
    rec.say(name(game, holder), `draws the chance card ${card.title}`, card.code);
    state = drawOne(state, holder);
    if (!editionFor(game, state).chance_reshuffle) state = { ...state, chanceUsed: [...state.chanceUsed, card.code] };
  }
  const out = applyEffects(game, state.table, holder, card.effects, why);
  for (const line of out.log) rec.say(holder === null ? 'World' : name(game, holder), line, why);
  return mergePrompts(game, { ...state, table: out.table }, out.prompts);
}

function roll(game: Game, state: GameState, a: Of<'roll'>, rec: Recorder): GameState {
  const edition = editionFor(game, state);
  const who = name(game, a.country);
  if (state.firstRound && edition.first_round_reroll.includes(a.face)) {
    rec.say(who, `rolls ${a.face}: roll again (first round)`, 'die');
    return state;
  }
  if (!state.firstRound && edition.chance_faces.includes(a.face)) {
    rec.say(who, `rolls ${a.face}: draw a chance card`, 'die');
    return mergePrompts(game, { ...state, rolled: true }, [{ kind: 'draw-chance', country: a.country, count: 1 }]);
  }
  rec.say(who, `rolls ${a.face} and takes ${a.face} from the bank`, 'die');
  return { ...pay(state, 'bank', a.country, a.face, 'die roll'), rolled: true };
}

function settle(game: Game, state: GameState, a: Of<'settle'>, rec: Recorder): GameState {
  const why = 'debt';
  let ledger = payDebt(state.table.ledger, a.debtor, a.creditor, a.credits);
  const books = valueOfCards(game, a.cards);
  const remaining = owed(ledger, a.debtor, a.creditor);
  ledger = reduceDebt(ledger, a.debtor, a.creditor, Math.min(books, remaining));
  let table: Table = moveCards({ ...state.table, ledger }, a.cards, a.creditor === 'bank' ? 'market' : a.creditor);
  const parts = [a.credits > 0 ? cr(a.credits) : '', a.cards.length > 0 ? `${titles(game, a.cards)} (worth ${books})` : ''].filter(Boolean);
  rec.say(name(game, a.debtor), `pays ${name(game, a.creditor)} ${parts.join(' and ')} toward its debt; ${owed(ledger, a.debtor, a.creditor)} still owed`, why);
  const excess = books - remaining;
  if (excess > 0 && editionFor(game, state).settle_change) {
    // The creditor took more than it was owed and gives change, through the ledger like any payment.
    const { ledger: changed, short: debt } = spendReporting(table.ledger, a.creditor, a.debtor, excess, 'change for books taken');
    table = { ...table, ledger: changed };
    rec.say(name(game, a.creditor), `gives ${name(game, a.debtor)} ${excess} in change${debt > 0 ? ` (debt ${debt})` : ''}`, why);
  }
  return { ...state, table };
}

function auction(game: Game, state: GameState, a: Of<'auction'>, rec: Recorder): GameState {
  const why = `auction: ${lotName(game, a.lot)}`;
  let table = state.table;
  for (const s of a.sales) {
    table = moveCards({ ...table, ledger: spend(table.ledger, s.country, 'bank', s.price, why) }, s.cards, s.country);
    rec.say(name(game, s.country), `buys ${titles(game, s.cards)} for ${s.price}`, why);
  }
  const unsold = waitingLotBooks(game, table, a.lot).map((b) => b.id);
  if (unsold.length > 0) {
    const to = editionFor(game, state).auction.unsold === 'market' ? 'market' : 'gone';
    table = moveCards(table, unsold, to);
    rec.say('Auction', `${titles(game, unsold)} ${to === 'market' ? 'join the market' : 'leave the game'} unsold`, why);
  }
  return { ...state, table, openAuctions: state.openAuctions.filter((l) => l !== a.lot) };
}

function trade(game: Game, state: GameState, a: Of<'trade'>, rec: Recorder): GameState {
  const why = 'trade';
  let ledger = spend(state.table.ledger, a.a, a.b, a.aGives.credits, why);
  ledger = spend(ledger, a.b, a.a, a.bGives.credits, why);
  const table = moveCards(moveCards({ ...state.table, ledger }, a.aGives.cards, a.b), a.bGives.cards, a.a);
  const gives = (g: { credits: number; cards: string[] }) => [g.credits ? cr(g.credits) : '', titles(game, g.cards)].filter(Boolean).join(' and ') || 'nothing';
  rec.say(name(game, a.a), `trades ${gives(a.aGives)} to ${name(game, a.b)} for ${gives(a.bGives)}`, why);
  return { ...state, table };
}

function pay(state: GameState, from: Party, to: Party, amount: number, reason: string): GameState {
  return { ...state, table: { ...state.table, ledger: spend(state.table.ledger, from, to, amount, reason) } };
}

function carryOut(game: Game, state: GameState, action: Action, rec: Recorder): GameState {
  switch (action.type) {
    case 'roll':
      return roll(game, state, action, rec);
    case 'play-card':
      return playCard(game, state, action, rec);
    case 'choose-book': {
      const i = state.prompts.findIndex((p) => p.kind === 'choose-book' && p.country === action.country);
      const prompt = state.prompts[i] as Extract<Prompt, { kind: 'choose-book' }>;
      rec.say(name(game, action.country), `gives ${titles(game, action.cards)} to ${name(game, prompt.to)}`, 'chosen book');
      return { ...state, table: moveCards(state.table, action.cards, prompt.to), prompts: state.prompts.filter((_, j) => j !== i) };
    }
    case 'buy': {
      const card = ownableById(game, action.card)!;
      rec.say(name(game, action.country), `buys ${card.title} for ${card.value}`, 'market');
      const paid = pay(state, action.country, 'bank', card.value, `bought ${card.title}`);
      return { ...paid, table: moveCards(paid.table, [card.id], action.country) };
    }
    case 'sell': {
      const card = ownableById(game, action.card)!;
      rec.say(name(game, action.country), `sells ${card.title} back to the market for ${card.value}`, 'market');
      const paid = pay(state, 'bank', action.country, card.value, `sold ${card.title}`);
      return { ...paid, table: moveCards(paid.table, [card.id], 'market') };
    }
    case 'trade':
      return trade(game, state, action, rec);
    case 'settle':
      return settle(game, state, action, rec);
    case 'auction':
      return auction(game, state, action, rec);
    case 'transfer': {
      const { ledger, short: debt } = spendReporting(state.table.ledger, action.from, action.to, action.amount, action.note || 'manual transfer');
      rec.say('Banker', `moves ${action.amount} from ${name(game, action.from)} to ${name(game, action.to)}${debt > 0 ? ` (debt ${debt})` : ''}`, action.note);
      return { ...state, table: { ...state.table, ledger } };
    }
    case 'force-chance': {
      const cost = editionFor(game, state).force_chance_cost ?? 0;
      const cards = action.cards ?? [];
      const credits = Math.max(0, cost - valueOfCards(game, cards));
      let next = pay(state, action.by, 'bank', credits, 'forced a chance draw');
      next = { ...next, table: moveCards(next.table, cards, 'market') };
      rec.say(
        name(game, action.by),
        `pays ${cards.length ? `${cr(credits)} and ${titles(game, cards)}` : cr(credits)} to make ${name(game, action.target)} draw a chance card`,
        'forced chance',
      );
      return mergePrompts(game, next, [{ kind: 'draw-chance', country: action.target, count: 1 }]);
    }
    case 'end-turn': {
      const next = advance(game, state);
      describeTurn(game, state, next, rec);
      return next;
    }
    case 'undo':
    case 'redo':
    case 'undo-to':
      return state; // handled by step: they rebuild the state from the log
  }
}

function describeTurn(game: Game, before: GameState, after: GameState, rec: Recorder): void {
  if (after.phase === 'over') return rec.say('Game', 'The game is over: count the scores', 'end of the last century');
  if (after.century !== before.century)
    return rec.say('Game', `The ${centuryName(game, after.century)} begins; ${name(game, after.table.lead)} leads`, 'new century');
  if (after.phase !== before.phase || after.round !== before.round) {
    const what = { 'national-events': 'National events', market: 'The market', 'world-event': 'The world event', over: '' }[after.phase];
    return rec.say('Game', `${what}: round ${after.round}`, 'next phase');
  }
  rec.say('Game', `${name(game, after.current)}'s turn`, 'next turn');
}

function announceLocks(game: Game, before: Table, after: Table, rec: Recorder): void {
  for (const set of after.sets.slice(before.sets.length)) {
    const collection = collectionRule(game, set.collection);
    rec.say(name(game, set.country), `completes ${collection?.name ?? set.collection}: ${titles(game, set.cards)} are locked`, 'collection');
  }
}

/** Carries out a legal game action (not undo/redo) under the given log seq. */
export function applyAction(game: Game, state: GameState, action: Action, seq: number): GameState {
  const rec = new Recorder(seq);
  let next = carryOut(game, state, action, rec);
  if (next.table.owner !== state.table.owner) {
    const locked = lockCompleted(game, next.table);
    announceLocks(game, next.table, locked, rec);
    next = { ...next, table: locked };
  }
  return { ...next, history: [...state.history, ...rec.lines] };
}

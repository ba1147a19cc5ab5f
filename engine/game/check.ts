// Is this action allowed now? null if so, otherwise one sentence for the banker saying why not
// and, where it helps, what to do instead.
import type { Game } from '../game.js';
import { owed, type CountryId, type Party } from '../ledger.js';
import { cardByCode, ownableById, type Table, valueOfCards, isLocked, cardTitle } from '../table.js';
import type { Action, GameState } from './types.js';
import { blocker, drawableChance, editionFor, name, unplayedNationalEvents, hasWorldEvent, waitingLotBooks } from './read.js';
import { centuryName, lotName } from '../names.js';
import { givable } from '../effects/apply.js';

type Verdict = string | null;

function present(state: GameState, c: string): boolean {
  return state.table.players.includes(c);
}

function notPlaying(game: Game, c: string): string {
  return game.countries.some((x) => x.id === c) ? `${name(game, c)} is not playing in this game.` : `There is no country '${c}'.`;
}

function partyProblem(game: Game, state: GameState, p: Party): Verdict {
  return p === 'bank' || present(state, p) ? null : notPlaying(game, p);
}

function wholeNumber(n: number, what: string): Verdict {
  return Number.isSafeInteger(n) && n >= 0 ? null : `${what} must be a whole number of credits, 0 or more.`;
}

/** Cards a country may hand over: its own, not locked in a completed collection, each once. */
function handOverProblem(game: Game, table: Table, country: CountryId, cards: readonly string[]): Verdict {
  if (new Set(cards).size !== cards.length) return 'The same book is listed twice.';
  for (const id of cards) {
    const card = ownableById(game, id);
    if (!card) return `There is no book '${id}'.`;
    if (table.owner[id] !== country) return `${name(game, country)} does not hold ${card.title}.`;
    if (isLocked(table, id)) return `${card.title} is locked in one of ${name(game, country)}'s completed collections.`;
  }
  return null;
}

function credits(state: GameState, c: CountryId): number {
  return state.table.ledger.credits[c] ?? 0;
}

const OVER = 'The game is over.';

function checkPlayCard(game: Game, state: GameState, a: Extract<Action, { type: 'play-card' }>): Verdict {
  const card = cardByCode(game, a.code);
  if (!card) return `No card has the code '${a.code}'. Check the code printed in the card's corner.`;
  if (a.country !== null && !present(state, a.country)) return notPlaying(game, a.country);
  if (state.phase === 'over') return OVER;
  switch (card.type) {
    case 'national-event': {
      if (!present(state, card.country)) return `${card.title} belongs to ${name(game, card.country)}, who is not playing; put it back in the box.`;
      if (a.country !== null && a.country !== card.country)
        return `${card.title} is one of ${name(game, card.country)}'s national events, not ${name(game, a.country)}'s.`;
      if (state.phase !== 'national-events') return 'National events are played at the start of a round, before the market.';
      if (card.century !== state.century)
        return `${card.title} is a ${centuryName(game, card.century)} event; this is the ${centuryName(game, state.century)}.`;
      if (state.played.includes(card.id)) return `${card.title} has already been played.`;
      if (card.country !== state.current) return `It is ${name(game, state.current)}'s turn to play a national event.`;
      if (state.eventPlayed) return `${name(game, state.current)} has already played its national event this round.`;
      return null;
    }
    case 'world-event': {
      if (state.phase !== 'world-event') return 'The world event is turned over at the end of the century, after the market.';
      if (card.century !== state.century)
        return `${card.title} is the ${centuryName(game, card.century)} world event; this is the ${centuryName(game, state.century)}.`;
      if (state.played.includes(card.id) || state.eventPlayed) return `The ${centuryName(game, state.century)} world event has already been played.`;
      return null;
    }
    case 'chance': {
      const waiting = state.prompts.filter((p) => p.kind === 'draw-chance');
      if (waiting.length === 0) return 'Nobody is due to draw a chance card now.';
      const who = a.country ?? (waiting.length === 1 ? waiting[0]!.country : null);
      if (who === null) return 'Several countries are due to draw chance: say which one drew this card.';
      if (!waiting.some((p) => p.country === who)) return `${name(game, who)} is not due to draw a chance card.`;
      if (!drawableChance(game, state).some((c) => c.id === card.id)) return `${card.title} has already been drawn and is out of the game.`;
      return null;
    }
    default:
      return `${card.title} is a ${card.type.replace('-', ' ')}, not an event or chance card.`;
  }
}

function checkChooseBook(game: Game, state: GameState, a: Extract<Action, { type: 'choose-book' }>): Verdict {
  const prompt = state.prompts.find((p) => p.kind === 'choose-book' && p.country === a.country);
  if (prompt?.kind !== 'choose-book') return `${name(game, a.country)} has no book to choose now.`;
  const valid = givable(state.table, prompt);
  const need = Math.min(prompt.count, valid.length);
  if (a.cards.length !== need) return `${name(game, a.country)} must choose ${need === 1 ? '1 book' : `${need} books`}.`;
  if (new Set(a.cards).size !== a.cards.length) return 'The same book is listed twice.';
  for (const id of a.cards) if (!valid.includes(id)) return `${cardTitle(game, id)} is not one of the books ${name(game, a.country)} can give up here.`;
  return null;
}

function checkMarketTurn(game: Game, state: GameState, country: CountryId): Verdict {
  if (state.phase !== 'market') return 'Books are bought in the market, after the national events.';
  if (country !== state.current) return `It is ${name(game, state.current)}'s turn at the market.`;
  if (!state.rolled && !state.skipping) return `${name(game, country)} rolls the die before buying.`;
  if (state.prompts.some((p) => p.kind === 'draw-chance' && p.country === country) && drawableChance(game, state).length > 0) {
    return `${name(game, country)} draws its chance card first.`;
  }
  return null;
}

function checkBuy(game: Game, state: GameState, a: Extract<Action, { type: 'buy' }>): Verdict {
  if (!present(state, a.country)) return notPlaying(game, a.country);
  const card = ownableById(game, a.card);
  if (!card) return `There is no book '${a.card}'.`;
  const endBuying = state.phase === 'over' && editionFor(game, state).end_of_game === 'buy-books';
  if (!endBuying) {
    const turn = checkMarketTurn(game, state, a.country);
    if (turn) return turn;
  }
  if (state.table.owner[card.id] !== 'market') return `${card.title} is not on the market.`;
  const has = credits(state, a.country);
  if (has < card.value) return `${name(game, a.country)} has ${has} credit${has === 1 ? '' : 's'}; this book costs ${card.value}.`;
  return null;
}

function checkSell(game: Game, state: GameState, a: Extract<Action, { type: 'sell' }>): Verdict {
  if (!present(state, a.country)) return notPlaying(game, a.country);
  if (state.phase === 'over') return OVER;
  return handOverProblem(game, state.table, a.country, [a.card]);
}

function checkTrade(game: Game, state: GameState, a: Extract<Action, { type: 'trade' }>): Verdict {
  for (const c of [a.a, a.b]) if (!present(state, c)) return notPlaying(game, c);
  if (a.a === a.b) return 'A trade needs two different countries.';
  if (state.phase === 'over') return OVER;
  for (const [c, gives] of [
    [a.a, a.aGives],
    [a.b, a.bGives],
  ] as const) {
    const n = wholeNumber(gives.credits, 'Credits in a trade');
    if (n) return n;
    if (credits(state, c) < gives.credits) return `${name(game, c)} has only ${credits(state, c)} credits to trade.`;
    const books = handOverProblem(game, state.table, c, gives.cards);
    if (books) return books;
  }
  if (a.aGives.credits + a.bGives.credits + a.aGives.cards.length + a.bGives.cards.length === 0) return 'Nothing changes hands in this trade.';
  return null;
}

function checkSettle(game: Game, state: GameState, a: Extract<Action, { type: 'settle' }>): Verdict {
  if (!present(state, a.debtor)) return notPlaying(game, a.debtor);
  const p = partyProblem(game, state, a.creditor);
  if (p) return p;
  const due = owed(state.table.ledger, a.debtor, a.creditor);
  if (due === 0) return `${name(game, a.debtor)} owes ${name(game, a.creditor)} nothing.`;
  const n = wholeNumber(a.credits, 'Credits paid back');
  if (n) return n;
  if (a.credits > credits(state, a.debtor)) return `${name(game, a.debtor)} has only ${credits(state, a.debtor)} credits.`;
  if (a.credits > due) return `${name(game, a.debtor)} owes ${name(game, a.creditor)} only ${due}.`;
  if (a.credits === 0 && a.cards.length === 0) return 'Say how much is paid back, in credits or books.';
  if (a.cards.length > 0 && a.credits === due) return 'The credits already cover the whole debt; no books are needed.';
  return handOverProblem(game, state.table, a.debtor, a.cards);
}

function checkAuction(game: Game, state: GameState, a: Extract<Action, { type: 'auction' }>): Verdict {
  if (!state.openAuctions.includes(a.lot)) return `The auction of ${lotName(game, a.lot)} is not open.`;
  const rules = editionFor(game, state).auction;
  const lot = waitingLotBooks(game, state.table, a.lot).map((b) => b.id);
  const seen = new Set<string>();
  const spent = new Map<string, number>();
  for (const s of a.sales) {
    if (!present(state, s.country)) return notPlaying(game, s.country);
    const n = wholeNumber(s.price, 'A price');
    if (n) return n;
    if (s.cards.length === 0) return `Say which books ${name(game, s.country)} bought.`;
    for (const id of s.cards) {
      if (!lot.includes(id)) return `${cardTitle(game, id)} is not in the lot ${lotName(game, a.lot)}.`;
      if (seen.has(id)) return `${cardTitle(game, id)} is sold twice.`;
      seen.add(id);
    }
    spent.set(s.country, (spent.get(s.country) ?? 0) + s.price);
  }
  for (const [c, total] of spent) if (total > credits(state, c)) return `${name(game, c)} has ${credits(state, c)} credits and cannot pay ${total}.`;
  if (a.sales.length > 0 && !rules.single_books && (a.sales.length > 1 || a.sales[0]!.cards.length !== lot.length)) {
    return 'In this edition the lot is sold whole, to one country.';
  }
  const total = a.sales.reduce((s, x) => s + x.price, 0);
  if (a.sales.length > 0 && total < rules.reserve)
    return `The reserve for this lot is ${rules.reserve} credits; a bid of ${total} is too low. If nobody meets it, record no sale.`;
  return null;
}

function checkForceChance(game: Game, state: GameState, a: Extract<Action, { type: 'force-chance' }>): Verdict {
  const cost = editionFor(game, state).force_chance_cost;
  if (cost === null) return 'In this edition no country can make another draw a chance card.';
  for (const c of [a.by, a.target]) if (!present(state, c)) return notPlaying(game, c);
  if (a.by === a.target) return 'A country cannot force itself to draw chance.';
  if (state.phase === 'over') return OVER;
  const cards = a.cards ?? [];
  const books = handOverProblem(game, state.table, a.by, cards);
  if (books) return books;
  const rest = Math.max(0, cost - valueOfCards(game, cards));
  if (credits(state, a.by) < rest)
    return `Forcing a chance draw costs ${cost}; ${name(game, a.by)} has ${credits(state, a.by)} credits${cards.length ? ' besides the books' : ''}.`;
  if (drawableChance(game, state).length === 0) return 'The chance deck is empty.';
  return null;
}

function checkEndTurn(game: Game, state: GameState): Verdict {
  if (state.phase === 'over') return OVER;
  const wait = blocker(game, state);
  if (wait) return wait;
  const who = name(game, state.current);
  if (state.phase === 'national-events' && !state.eventPlayed && unplayedNationalEvents(game, state, state.current).length > 0) {
    return `${who} has not played its ${centuryName(game, state.century)} national event yet.`;
  }
  if (state.phase === 'market' && !state.rolled && !state.skipping) return `${who} has not rolled the die yet.`;
  if (state.phase === 'world-event' && !state.eventPlayed && hasWorldEvent(game, state.century)) {
    return `The ${centuryName(game, state.century)} world event has not been turned over yet.`;
  }
  return null;
}

function checkRoll(game: Game, state: GameState, a: Extract<Action, { type: 'roll' }>): Verdict {
  if (!Number.isInteger(a.face) || a.face < 1 || a.face > 6) return 'A die shows 1 to 6.';
  if (!present(state, a.country)) return notPlaying(game, a.country);
  if (state.phase !== 'market') return 'The die is rolled in the market, after the national events.';
  if (a.country !== state.current) return `It is ${name(game, state.current)}'s turn to roll.`;
  if (state.skipping) return `${name(game, a.country)} skips its roll this turn.`;
  if (state.rolled) return `${name(game, a.country)} has already rolled this turn.`;
  return null;
}

export function check(game: Game, state: GameState, action: Action): string | null {
  switch (action.type) {
    case 'roll':
      return checkRoll(game, state, action);
    case 'play-card':
      return checkPlayCard(game, state, action);
    case 'choose-book':
      return checkChooseBook(game, state, action);
    case 'buy':
      return checkBuy(game, state, action);
    case 'sell':
      return checkSell(game, state, action);
    case 'trade':
      return checkTrade(game, state, action);
    case 'settle':
      return checkSettle(game, state, action);
    case 'auction':
      return checkAuction(game, state, action);
    case 'transfer': {
      for (const p of [action.from, action.to]) {
        const problem = partyProblem(game, state, p);
        if (problem) return problem;
      }
      if (action.from === action.to) return 'Credits must go from one party to another.';
      if (!Number.isSafeInteger(action.amount) || action.amount < 1) return 'A transfer is a whole number of credits, at least 1.';
      return null;
    }
    case 'force-chance':
      return checkForceChance(game, state, action);
    case 'end-turn':
      return checkEndTurn(game, state);
    case 'undo':
      return state.entries.length > 0 ? null : 'There is nothing to undo.';
    case 'redo':
      return state.redo.length > 0 ? null : 'There is nothing to redo.';
    case 'undo-to': {
      if (action.seq !== 0 && !state.entries.some((e) => e.seq === action.seq)) return 'That line has already been undone, or is not in this game.';
      return state.entries.some((e) => e.seq > action.seq) ? null : 'Nothing comes after that line.';
    }
  }
}

// The turn order of a century: national events in seat order from the first seat (seed 000:
// "Germany, Italy, Spain, France, England, the Americas") → market rounds starting with the lead →
// (long play: again) → the world event → the next century, whose books go on the market. After
// the last century (or the one the table agreed to stop after), the edition's end-of-game buying,
// then the count.
import { editionOf, type Game } from '../game.js';
import type { CountryId } from '../ledger.js';
import { leadOf, openTable, releaseCentury, withTable } from '../table.js';
import { finalScores, libraryPoints, lockCompleted } from '../scoring.js';
import { canBuyAnything, editionFor, hasWorldEvent, marketOrder, roundsPerCentury } from './read.js';
import { buyingOrder } from './final-buying.js';
import type { GameState, Setup } from './types.js';
import { emptyChain } from '../chain.js';
import { withState } from './state.js';

export function newGame(game: Game, setup: Setup): GameState {
  const first = game.centuries[0];
  if (!first) throw new RangeError('the game has no centuries');
  const last = game.centuries[game.centuries.length - 1]!;
  const end = setup.end && game.centuries.some((c) => c.id === setup.end) ? setup.end : last.id;
  // Starting cards could already complete a collection (a pack's second manuscript, say): it locks
  // at once, and from then on every action leaves nothing unlocked that could lock.
  const table = lockCompleted(game, editionOf(game, setup.edition), openTable(game, setup.players, setup.edition, first.id));
  return {
    setup: { ...setup, packs: [...setup.packs] },
    table,
    century: first.id,
    round: 1,
    phase: 'national-events',
    current: table.players[0]!,
    firstRound: true,
    rolled: false,
    prompts: [],
    openAuctions: [],
    chanceUsed: [],
    chanceThisTurn: 0,
    history: emptyChain(),
    abandoned: emptyChain(),
    nextSeq: 1,
    eventPlayed: false,
    skipping: false,
    played: [],
    entries: emptyChain(),
    redo: emptyChain(),
    rejected: emptyChain(),
    end,
    buying: null,
  };
}

/** A country steps up to the market; a pending skip-roll is used up now. */
function startMarketTurn(state: GameState, country: CountryId): GameState {
  const skip = state.prompts.findIndex((p) => p.kind === 'skip-roll' && p.country === country);
  return withState(state, {
    phase: 'market',
    current: country,
    rolled: false,
    eventPlayed: false,
    skipping: skip >= 0,
    prompts: skip >= 0 ? state.prompts.filter((_, i) => i !== skip) : state.prompts,
  });
}

/** National events always begin at the first seat, whoever leads the century. */
function startNationalEvents(state: GameState): GameState {
  return withState(state, { phase: 'national-events', current: state.table.players[0]!, rolled: false, eventPlayed: false, skipping: false });
}

/** The buyer whose turn it is, once the order is settled (the first still able to buy). */
function nextBuyer(game: Game, state: GameState, after: CountryId | null): GameState {
  const found = buyingOrder(state.buying!, state.table.players);
  if ('roll' in found) return withState(state, { current: found.roll[0]! });
  const order = found.order;
  const from = after === null ? 0 : order.indexOf(after) + 1;
  for (const c of order.slice(from)) if (canBuyAnything(game, state, c)) return withState(state, { current: c });
  return withState(state, { phase: 'over', current: state.table.lead, buying: state.buying });
}

/** The game ends: straight to the count, or first the edition's buying from the market. */
function endGame(game: Game, state: GameState): GameState {
  const base = withState(state, { rolled: false, eventPlayed: false, skipping: false });
  if (editionFor(game, state).end_of_game !== 'buy-books') return withState(base, { phase: 'over', current: state.table.lead });
  const scores = finalScores(game, state.setup.edition, state.table);
  const points: Record<CountryId, number> = {};
  for (const s of scores) if (canBuyAnything(game, state, s.country)) points[s.country] = libraryPoints(s);
  if (Object.keys(points).length === 0) return withState(base, { phase: 'over', current: state.table.lead });
  return nextBuyer(game, withState(base, { phase: 'final-buying', buying: { points, rolls: {} } }), null);
}

function nextCentury(game: Game, state: GameState): GameState {
  const base = withState(state, { rolled: false, eventPlayed: false, skipping: false });
  const i = game.centuries.findIndex((c) => c.id === state.century);
  const next = game.centuries[i + 1];
  if (!next || state.century === state.end) return endGame(game, base);
  let table = releaseCentury(game, state.table, next.id);
  table = withTable(table, { lead: leadOf(game, table.players, next.id) });
  return startNationalEvents(withState(base, { table, century: next.id, round: 1 }));
}

function endOfRound(game: Game, state: GameState): GameState {
  const after = withState(state, { firstRound: false });
  if (state.round < roundsPerCentury(game, state)) return startNationalEvents(withState(after, { round: state.round + 1 }));
  if (editionFor(game, state).world_events && hasWorldEvent(game, state.century)) {
    return withState(after, { phase: 'world-event', current: state.table.lead, rolled: false, eventPlayed: false, skipping: false });
  }
  return nextCentury(game, after);
}

/** After a tie roll: the buying begins once the order is settled. */
export function afterTieRoll(game: Game, state: GameState): GameState {
  return nextBuyer(game, state, null);
}

/** Moves the game on by one turn. Assumes the rules allowed it. */
export function advance(game: Game, state: GameState): GameState {
  // Draws the deck can no longer serve are dropped rather than left hanging; the next turn may
  // draw the whole deck again.
  const cleared = withState(state, { prompts: state.prompts.filter((p) => p.kind !== 'draw-chance'), chanceThisTurn: 0 });
  switch (state.phase) {
    case 'national-events': {
      const seats = state.table.players;
      const next = seats[seats.indexOf(state.current) + 1];
      if (next) return withState(cleared, { current: next, eventPlayed: false });
      return startMarketTurn(cleared, marketOrder(state)[0]!);
    }
    case 'market': {
      const order = marketOrder(state);
      const next = order[order.indexOf(state.current) + 1];
      if (next) return startMarketTurn(cleared, next);
      return endOfRound(game, cleared);
    }
    case 'world-event':
      return nextCentury(game, cleared);
    case 'final-buying':
      return nextBuyer(game, cleared, state.current);
    case 'over':
      return state;
  }
}

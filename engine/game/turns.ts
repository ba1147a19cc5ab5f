// The turn order of a century: national events in seat order → market rounds starting with the
// lead → (long play: again) → the world event → the next century, whose books go on the market.
import type { Game } from '../game.js';
import type { CountryId } from '../ledger.js';
import { leadOf, openTable, releaseCentury } from '../table.js';
import { editionFor, hasWorldEvent, marketOrder, roundsPerCentury } from './read.js';
import type { GameState, Setup } from './types.js';

export function newGame(game: Game, setup: Setup): GameState {
  const first = game.centuries[0];
  if (!first) throw new RangeError('the game has no centuries');
  const table = openTable(game, setup.players, setup.edition, first.id);
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
    history: [],
    undone: [],
    nextSeq: 1,
    eventPlayed: false,
    skipping: false,
    played: [],
    entries: [],
    redo: [],
    rejected: [],
  };
}

/** A country steps up to the market; a pending skip-roll is used up now. */
function startMarketTurn(state: GameState, country: CountryId): GameState {
  const skip = state.prompts.findIndex((p) => p.kind === 'skip-roll' && p.country === country);
  return {
    ...state,
    phase: 'market',
    current: country,
    rolled: false,
    eventPlayed: false,
    skipping: skip >= 0,
    prompts: skip >= 0 ? state.prompts.filter((_, i) => i !== skip) : state.prompts,
  };
}

function startNationalEvents(state: GameState): GameState {
  return { ...state, phase: 'national-events', current: state.table.players[0]!, rolled: false, eventPlayed: false, skipping: false };
}

function nextCentury(game: Game, state: GameState): GameState {
  const i = game.centuries.findIndex((c) => c.id === state.century);
  const next = game.centuries[i + 1];
  const base = { ...state, rolled: false, eventPlayed: false, skipping: false };
  if (!next) return { ...base, phase: 'over', current: state.table.lead };
  let table = releaseCentury(game, state.table, next.id);
  table = { ...table, lead: leadOf(game, table.players, next.id) };
  return startNationalEvents({ ...base, table, century: next.id, round: 1 });
}

function endOfRound(game: Game, state: GameState): GameState {
  const after = { ...state, firstRound: false };
  if (state.round < roundsPerCentury(game, state)) return startNationalEvents({ ...after, round: state.round + 1 });
  if (editionFor(game, state).world_events && hasWorldEvent(game, state.century)) {
    return { ...after, phase: 'world-event', current: state.table.lead, rolled: false, eventPlayed: false, skipping: false };
  }
  return nextCentury(game, after);
}

/** Moves the game on by one turn. Assumes `check` allowed it. */
export function advance(game: Game, state: GameState): GameState {
  // Draws the deck can no longer serve are dropped rather than left hanging.
  const cleared = { ...state, prompts: state.prompts.filter((p) => p.kind !== 'draw-chance') };
  switch (state.phase) {
    case 'national-events': {
      const seats = state.table.players;
      const next = seats[seats.indexOf(state.current) + 1];
      if (next) return { ...cleared, current: next, eventPlayed: false };
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
    case 'over':
      return state;
  }
}

// Questions about a game state that the rules, the checks and the banker's guide all ask.
import { cardsOfType, editionOf, type Game, type ChanceCard, type NationalEventCard, type WorldEventCard, type AuctionBookCard } from '../game.js';
import type { Edition } from '../schema/game.js';
import type { CountryId } from '../ledger.js';
import { countryName, lotName } from '../names.js';
import type { GameState } from './types.js';
import type { Table } from '../table.js';

export function editionFor(game: Game, state: GameState): Edition {
  return editionOf(game, state.setup.edition);
}

export function name(game: Game, id: string): string {
  return countryName(game, id);
}

export function roundsPerCentury(game: Game, state: GameState): number {
  return editionFor(game, state).rounds_per_century[state.setup.length];
}

/** Market order: the lead first, then the others in seat order, wrapping round. */
export function marketOrder(state: GameState): CountryId[] {
  const { players, lead } = state.table;
  const i = Math.max(0, players.indexOf(lead));
  return [...players.slice(i), ...players.slice(0, i)];
}

export function unplayedNationalEvents(game: Game, state: GameState, country: CountryId): NationalEventCard[] {
  return cardsOfType(game, 'national-event').filter((c) => c.country === country && c.century === state.century && !state.played.includes(c.id));
}

export function worldEventOf(game: Game, state: GameState): WorldEventCard[] {
  return cardsOfType(game, 'world-event').filter((c) => c.century === state.century && !state.played.includes(c.id));
}

/** Chance cards that can still be drawn: all of them when the deck is reshuffled after each draw. */
export function drawableChance(game: Game, state: GameState): readonly ChanceCard[] {
  const all = cardsOfType(game, 'chance');
  return editionFor(game, state).chance_reshuffle ? all : all.filter((c) => !state.chanceUsed.includes(c.code));
}

export function lotBooks(game: Game, lot: string): AuctionBookCard[] {
  return cardsOfType(game, 'auction-book').filter((c) => c.lot === lot);
}

/** The books of a lot not yet sold at its auction. */
export function waitingLotBooks(game: Game, table: Table, lot: string): AuctionBookCard[] {
  return lotBooks(game, lot).filter((b) => table.owner[b.id] === 'unreleased');
}

/** Whether a century has a world event to turn over. */
export function hasWorldEvent(game: Game, century: string): boolean {
  return cardsOfType(game, 'world-event').some((c) => c.century === century);
}

/**
 * What must be settled before the turn can move on, as a sentence for the banker, or null.
 * A chance draw that the deck can no longer serve does not hold the game up.
 */
export function blocker(game: Game, state: GameState): string | null {
  for (const p of state.prompts) {
    if (p.kind === 'choose-book') return `${name(game, p.country)} must first choose ${p.count === 1 ? 'a book' : `${p.count} books`} to give up.`;
    if (p.kind === 'draw-chance' && drawableChance(game, state).length > 0) return `${name(game, p.country)} must first draw a chance card.`;
  }
  if (state.openAuctions.length > 0) return `Close the auction of ${lotName(game, state.openAuctions[0]!)} first (record the sales, or that nobody bought).`;
  return null;
}

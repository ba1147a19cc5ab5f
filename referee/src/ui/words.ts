// Small pieces of wording used across the page.
import type { Game } from '../../../engine/index.js';
import { byId } from '../../../engine/index.js';
import type { GameState } from '../../../engine/index.js';

export function phaseName(phase: GameState['phase']): string {
  switch (phase) {
    case 'national-events':
      return 'National events';
    case 'market':
      return 'Book market';
    case 'world-event':
      return 'World event';
    case 'final-buying':
      return 'Buying with leftover credits';
    case 'over':
      return 'Game over';
  }
}

/** "1 book", "3 books". */
export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function credits(n: number): string {
  return count(n, 'credit');
}

export function centuryOf(game: Game, id: string) {
  return byId(game.centuries, id);
}

/** A place in the final order: 1st, 2nd, 3rd, 4th… (a table has at most six places). */
export function ordinal(place: number): string {
  return `${place}${place === 1 ? 'st' : place === 2 ? 'nd' : place === 3 ? 'rd' : 'th'}`;
}

// Small pieces of wording used across the page.
import type { Game } from '../../../engine/game.js';
import { byId } from '../../../engine/names.js';
import type { GameState } from '../../../engine/game/index.js';

export function phaseName(phase: GameState['phase']): string {
  switch (phase) {
    case 'national-events':
      return 'National events';
    case 'market':
      return 'Book market';
    case 'world-event':
      return 'World event';
    case 'over':
      return 'Game over';
  }
}

export function credits(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

export function centuryOf(game: Game, id: string) {
  return byId(game.centuries, id);
}

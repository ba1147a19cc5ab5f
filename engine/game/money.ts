// The money law for a game in progress (see engine/money-law.ts).
import type { Game } from '../game.js';
import { moneyLaw, type MoneyReport } from '../money-law.js';
import { editionFor } from './read.js';
import type { GameState } from './types.js';

export function moneyCheck(game: Game, state: GameState): MoneyReport {
  return moneyLaw(game, editionFor(game, state), state.table);
}

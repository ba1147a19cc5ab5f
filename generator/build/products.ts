// What stages make for other stages, by name. A stage names the products it needs and the one
// it makes (build/stages.ts); the runner hands each stage exactly those.
import type { Game } from '../../engine/index.js';
import type { LaidGame } from '../print/laid-game.js';
import type { CardArt } from '../load/check-images.js';
import type { Looks } from '../print/layout/load.js';

export interface Products {
  /** The checked game (made before the stages run). */
  game: Game;
  /** Each card's checked picture by card id (made with the game, by the content check). */
  art: Map<string, CardArt>;
  /** The card layouts, theme and sheet words (templates/), read once for the stages that draw cards. */
  looks: Looks;
  /** Every printed deck laid out, with its processed pictures (the home-print sheets stage). */
  laid: LaidGame;
}

export type ProductName = keyof Products;

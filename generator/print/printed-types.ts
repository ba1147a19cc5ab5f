// Which decks a game prints, in deck order: one per card type that has cards, named by its
// layout. Both the printing thread and the build's progress list need it, so it is kept light.
import type { Game } from '../../engine/game.js';
import { CARD_TYPES } from '../../engine/cards/index.js';
import { BuildError } from '../build-error.js';
import type { Looks } from './layout/load.js';
import type { Layout } from './layout/schema.js';

export interface PrintedType {
  type: string;
  deck: string;
  title: string;
  cards: number;
  /** How many of each card are printed (the reference card: one per player). */
  copies: number;
}

/** How many of each card a layout prints. */
export function copiesOf(layout: Layout, game: Game): number {
  return layout.copies === 'players' ? game.rules.players.max : layout.copies;
}

/** The card types that are printed, in deck order, each with its layout's deck. */
export function printedTypes(game: Game, looks: Looks): PrintedType[] {
  return CARD_TYPES.flatMap((def) => {
    const cards = game.cards.filter((c) => c.type === def.type).length;
    if (cards === 0) return [];
    const layout = looks.layouts.get(def.type);
    if (!layout)
      throw new BuildError(
        `there is no card layout for ${def.plural}`,
        `add templates/layouts/${def.type}.yaml (copy another layout to start)`,
        `templates/layouts/${def.type}.yaml`,
      );
    return [{ type: def.type, deck: layout.deck, title: def.plural.charAt(0).toUpperCase() + def.plural.slice(1), cards, copies: copiesOf(layout, game) }];
  });
}

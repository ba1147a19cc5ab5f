// Which decks a game prints, in deck order: one per card type that has cards, with the layout the
// type names (its own by default, see engine/cards/base.ts). Both the printing thread and the
// build's progress list need it, so it is kept light.
import { cardTypeOf, type Card, type Game } from '../../engine/index.js';
import { BuildError } from '../build-error.js';
import type { Looks } from './layout/load.js';
import type { Layout } from './layout/schema.js';

export interface PrintedType {
  type: string;
  deck: string;
  title: string;
  cards: number;
  /** How many cards are printed in all, each card repeated for its copies (reference cards: one per player). */
  printed: number;
}

/**
 * How many of a card are printed: the card's own `copies` (a reference card's, in the content),
 * else its layout's; "per player" means one for each player at the largest table.
 */
export function copiesOf(layout: Layout, game: Game, card?: Card): number {
  const own = card && 'copies' in card ? (card.copies as number | 'per-player' | undefined) : undefined;
  const copies = own ?? layout.copies;
  return copies === 'players' || copies === 'per-player' ? game.rules.players.max : copies;
}

/** The layout a card type is printed with, and the deck (file) name it prints into. */
export function layoutFor(looks: Looks, type: string): { layout: Layout; deck: string } | undefined {
  const def = cardTypeOf(type);
  const name = def?.layout ?? type;
  const layout = looks.layouts.get(name);
  if (!layout) return undefined;
  // A type that borrows another type's layout prints into a deck of its own.
  const deck = name === type ? layout.deck : (def?.key ?? type).replaceAll('_', '-');
  return { layout, deck };
}

/** The card types that are printed, in deck order, each with its layout's deck. */
export function printedTypes(game: Game, looks: Looks): PrintedType[] {
  return game.card_types.flatMap((info) => {
    const ofType = game.cards.filter((c) => c.type === info.type);
    const cards = ofType.length;
    if (cards === 0) return [];
    const found = layoutFor(looks, info.type);
    if (!found)
      throw new BuildError(
        `there is no card layout for ${info.plural}`,
        `add templates/layouts/${info.type}.yaml (copy another layout to start)`,
        `templates/layouts/${info.type}.yaml`,
      );
    const title = info.plural.charAt(0).toUpperCase() + info.plural.slice(1);
    const printed = ofType.reduce((n, card) => n + copiesOf(found.layout, game, card), 0);
    return [{ type: info.type, deck: found.deck, title, cards, printed }];
  });
}

// Cards laid out and grouped into the decks that are printed. Laying out is where preflight
// happens: overfull text and missing glyphs stop the build here, naming the card.
import type { BuildOptions } from '../stage.js';
import type { Card, Game } from '../../engine/index.js';
import { CardPainter, type LaidCard, type ShrinkRecord } from './layout/card-layout.js';
import { cardContext, lookup } from './layout/context.js';
import type { Looks } from './layout/load.js';
import type { ProcessedImage } from './layout/display-list.js';
import { imageLookupKey, prepareImages, type ImageWarning } from './images.js';
import { copiesOf, layoutFor } from './printed-types.js';
import type { CardArt } from '../load/check-images.js';

export interface LaidDeck {
  /** File name: "books", "national-events" … */
  name: string;
  type: string;
  /** "Books", "National events" … */
  title: string;
  /** Each card once, in deck order. */
  cards: LaidCard[];
  /** What is printed at home: cards repeated for their copies (one reference card per player). */
  printed: LaidCard[];
}

export interface LaidDecks {
  decks: LaidDeck[];
  images: Map<string, ProcessedImage>;
  shrunk: ShrinkRecord[];
  imageWarnings: ImageWarning[];
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** Cards in deck order: by the layout's sort keys, then as written. */
export function sortCards(cards: Card[], keys: string[], game: Game): Card[] {
  if (keys.length === 0) return cards;
  const withCtx = cards.map((card, i) => ({ card, i, ctx: cardContext(card, game) }));
  withCtx.sort((a, b) => {
    for (const k of keys) {
      const d = compare(lookup(a.ctx, k), lookup(b.ctx, k));
      if (d !== 0) return d;
    }
    return a.i - b.i;
  });
  return withCtx.map((x) => x.card);
}

/** Lays out the decks of the given card types (all printed types when none are given). */
export async function layOutDecks(
  game: Game,
  looks: Looks,
  options: Pick<BuildOptions, 'cardSize'> & { art: Map<string, CardArt> },
  types: { type: string; title: string }[],
): Promise<LaidDecks> {
  let keys = new Map<string, string>();
  const painter = new CardPainter({ game, theme: looks.theme, size: options.cardSize, imageKey: (card, box) => keys.get(imageLookupKey(card, box)) });
  const chosen = types.map(({ type, title }) => {
    const { layout, deck } = layoutFor(looks, type)!;
    return { type, title, layout, deck, cards: game.cards.filter((c) => c.type === type) };
  });

  const requests = chosen.flatMap(({ cards, layout }) => cards.flatMap((card) => painter.imageBoxes(layout, card).map((box) => ({ card, box }))));
  const prepared = await prepareImages(requests, options.art, looks.theme.colours.paper ?? '#ffffff');
  keys = prepared.keys;

  const decks: LaidDeck[] = [];
  const shrunk: ShrinkRecord[] = [];
  for (const { type, title, layout, deck, cards } of chosen) {
    const laidCards = sortCards(cards, layout.sort, game).map((card) => painter.layCard(layout, card));
    for (const c of laidCards) shrunk.push(...c.shrunk);
    const printed = laidCards.flatMap((c) => Array.from({ length: copiesOf(layout, game, c.card) }, () => c));
    decks.push({ name: deck, type, title, cards: laidCards, printed });
  }
  return { decks, images: prepared.table, shrunk, imageWarnings: prepared.warnings };
}

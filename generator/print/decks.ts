// Cards laid out and grouped into the decks that are printed. Laying out is where preflight
// happens: overfull text and missing glyphs stop the build here, naming the card.
import type { BuildOptions } from '../stage.js';
import type { Card, Game } from '../../engine/index.js';
import { CardPainter, type LaidCard, type ShrinkRecord } from './layout/card-layout.js';
import { cardContext, lookup } from './layout/context.js';
import type { Looks } from './layout/load.js';
import type { ProcessedImage } from './layout/display-list.js';
import { type ImageRequest, imageLookupKey, pictureKeys, prepareImages, type ImageWarning } from './images.js';
import { copiesOf, layoutFor } from './printed-types.js';
import type { Layout } from './layout/schema.js';
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

/** A deck to lay out: its cards in deck order, and the layout they are laid out with. */
export interface PlannedDeck {
  type: string;
  title: string;
  /** File name: "books", "national-events" … */
  name: string;
  layout: Layout;
  cards: Card[];
}

/**
 * Lays out cards of planned decks, any of them, in any order: one layout for the whole build, or
 * a share of it on each of two threads (shared-layout.ts). Pictures are named here (the layout
 * needs only their keys); processing them is prepareImages', done once for the build.
 */
export class DeckLayouter {
  private readonly keys = new Map<string, string>();
  private readonly painter: CardPainter;
  constructor(
    private readonly game: Game,
    private readonly looks: Looks,
    private readonly options: Pick<BuildOptions, 'cardSize'> & { art: Map<string, CardArt> },
  ) {
    this.painter = new CardPainter({ game, theme: looks.theme, size: options.cardSize, imageKey: (card, box) => this.keys.get(imageLookupKey(card, box)) });
  }

  /** The decks of the given card types, their cards in deck order. */
  plan(types: { type: string; title: string }[]): PlannedDeck[] {
    return types.map(({ type, title }) => {
      const { layout, deck } = layoutFor(this.looks, type)!;
      return {
        type,
        title,
        name: deck,
        layout,
        cards: sortCards(
          this.game.cards.filter((c) => c.type === type),
          layout.sort,
          this.game,
        ),
      };
    });
  }

  /**
   * The pictures the decks' cards show, for prepareImages, each named here as prepareImages names
   * it: the cards can then be laid out before (or while) their pictures are processed.
   */
  pictures(decks: PlannedDeck[]): ImageRequest[] {
    const requests = decks.flatMap(({ cards, layout }) => cards.flatMap((card) => this.painter.imageBoxes(layout, card).map((box) => ({ card, box }))));
    for (const [at, key] of pictureKeys(requests, this.options.art)) this.keys.set(at, key);
    return requests;
  }

  /** Lays out the deck's cards from `from` to `to` (deck order). */
  lay(deck: PlannedDeck, from = 0, to = deck.cards.length): LaidCard[] {
    return deck.cards.slice(from, to).map((card) => this.painter.layCard(deck.layout, card));
  }
}

/** The deck as it is printed: each card, and the cards repeated for their copies (one reference card per player). */
export function deckOf(game: Game, deck: PlannedDeck, cards: LaidCard[]): LaidDeck {
  const printed = cards.flatMap((c) => Array.from({ length: copiesOf(deck.layout, game, c.card) }, () => c));
  return { name: deck.name, type: deck.type, title: deck.title, cards, printed };
}

/** Lays out the decks of the given card types (all printed types when none are given). */
export async function layOutDecks(
  game: Game,
  looks: Looks,
  options: Pick<BuildOptions, 'cardSize'> & { art: Map<string, CardArt> },
  types: { type: string; title: string }[],
): Promise<LaidDecks> {
  const layouter = new DeckLayouter(game, looks, options);
  const planned = layouter.plan(types);
  const prepared = await prepareImages(layouter.pictures(planned), options.art, looks.theme.colours.paper ?? '#ffffff');
  const decks: LaidDeck[] = [];
  const shrunk: ShrinkRecord[] = [];
  for (const deck of planned) {
    const laidCards = layouter.lay(deck);
    for (const c of laidCards) shrunk.push(...c.shrunk);
    decks.push(deckOf(game, deck, laidCards));
  }
  return { decks, images: prepared.table, shrunk, imageWarnings: prepared.warnings };
}

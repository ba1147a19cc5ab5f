// The work behind `validate`'s fit check: lay cards out exactly as the build does — the same
// layouts, the same line breaking and shrinking, the same preflight — on every card size, and
// keep what failed instead of writing a PDF. It runs on two threads at once (fit-client.ts), each
// given its share of the cards, so it is plain data in and plain data out.
import type { Card, Game } from '../../../engine/index.js';
import { BuildError, type CardPart } from '../../build-error.js';
import { CardPainter, type CardSizeName } from '../layout/card-layout.js';
import type { Looks } from '../layout/load.js';
import { layoutFor } from '../printed-types.js';

export interface FitFailure {
  id: string;
  size: CardSizeName;
  message: string;
  hint?: string;
  /** Where on the card, and of what kind (from the layout code, not read back from the words). */
  part?: CardPart;
}

export interface FitResult {
  failures: FitFailure[];
  /** The largest box each card's picture fills over every card size (mm): the one it must be sharp in. */
  boxes: [string, { w: number; h: number }][];
}

export function cardSizes(looks: Looks): CardSizeName[] {
  return Object.keys(looks.theme.card_sizes) as CardSizeName[];
}

/** Lays out the cards with these ids (all of them when none are given) on every card size. */
export function fitCards(game: Game, looks: Looks, ids?: readonly string[], sizes: readonly CardSizeName[] = cardSizes(looks)): FitResult {
  const wanted = ids ? new Set(ids) : undefined;
  const cards = wanted ? game.cards.filter((c) => wanted.has(c.id)) : game.cards;
  const failures: FitFailure[] = [];
  const boxes = new Map<string, { w: number; h: number }>();
  for (const size of sizes) {
    const painter = new CardPainter({ game, theme: looks.theme, size, imageKey: () => undefined });
    for (const card of cards) {
      const failure = layOne(painter, looks, card, size, boxes);
      if (failure) failures.push(failure);
    }
  }
  return { failures, boxes: [...boxes] };
}

/** One card on one size: what stops it, if anything. Also widens the card's picture box. */
export function layOne(
  painter: CardPainter,
  looks: Looks,
  card: Card,
  size: CardSizeName,
  boxes?: Map<string, { w: number; h: number }>,
): FitFailure | undefined {
  const found = layoutFor(looks, card.type);
  if (!found) return undefined;
  if (card.image && boxes) {
    for (const box of painter.imageBoxes(found.layout, card)) {
      const seen = boxes.get(card.id);
      if (!seen || box.w * box.h > seen.w * seen.h) boxes.set(card.id, { w: box.w, h: box.h });
    }
  }
  try {
    painter.layCard(found.layout, card);
    return undefined;
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    return { id: card.id, size, message: e.message, ...(e.hint ? { hint: e.hint } : {}), ...(e.part ? { part: e.part } : {}) };
  }
}

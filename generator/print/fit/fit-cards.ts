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

class FitOutput {
  readonly failures: FitFailure[] = [];
  readonly boxes = new Map<string, { w: number; h: number }>();
  add(failure: FitFailure | undefined): void {
    if (failure) this.failures.push(failure);
  }
  result(): FitResult {
    return { failures: this.failures, boxes: [...this.boxes] };
  }
}

/** Cards taken a run at a time: neighbouring cards (a country's books) share most of their words, which a thread shapes once. */
export const RUN = 12;

/**
 * The cards to lay out, shared by two threads: one takes runs from the front, the other from the
 * back, each as soon as it is free, until they meet. Neither waits for the other, whatever each
 * had to do first (loading the code, reading the content), and each keeps to its own end of the
 * list, so the words it shapes are the words of the cards it lays out next.
 */
export interface FitShare {
  ids: readonly string[];
  /** One Int32: how many runs have been taken, by either thread. */
  taken: SharedArrayBuffer;
}

export function newFitShare(ids: readonly string[]): FitShare {
  return { ids, taken: new SharedArrayBuffer(4) };
}

/** Lays out runs of the shared cards from one end until none is left. */
export function fitShared(game: Game, looks: Looks, share: FitShare, end: 'front' | 'back'): FitResult {
  const taken = new Int32Array(share.taken);
  const runs = Math.ceil(share.ids.length / RUN);
  const byId = new Map(game.cards.map((c) => [c.id, c] as const));
  const sizes = cardSizes(looks);
  const painters = sizes.map((size) => new CardPainter({ game, theme: looks.theme, size, imageKey: () => undefined }));
  const out = new FitOutput();
  for (let mine = 0; Atomics.add(taken, 0, 1) < runs; mine++) {
    const run = end === 'front' ? mine : runs - 1 - mine;
    const cards = share.ids.slice(run * RUN, (run + 1) * RUN).map((id) => byId.get(id)!);
    sizes.forEach((size, i) => {
      for (const card of cards) out.add(layOne(painters[i]!, looks, card, size, out.boxes));
    });
  }
  return out.result();
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

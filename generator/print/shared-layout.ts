// Laying out the printing thread's decks on two threads at once. Laying out a 10,000-card pack
// took its printing thread seven seconds while this thread, done with the rule book and the aids,
// waited — and every later stage waited for the cards. Now both threads lay the cards out, a
// chunk at a time, each claiming the next chunk from a counter they share (Atomics on a
// SharedArrayBuffer, so no chunk is laid out twice and neither waits for the other), and each
// sends the other every chunk it lays out as soon as it is laid: the printing thread then prints
// every deck, and this thread hands every deck to the print-shop and Tabletop Simulator stages.
//
// Which thread lays out a card changes nothing: a card's layout is the same on either. What
// depends on the order cards were laid out in — one back shared by the deck's cards, what the back
// shrank to fit, said once — is settled in deck order when the decks are put together (`decks`).
import type { Game } from '../../engine/index.js';
import type { LaidCard, ShrinkRecord } from './layout/card-layout.js';
import { deckOf, type DeckLayouter, type LaidDeck, type PlannedDeck } from './decks.js';
import type { DisplayList } from './layout/display-list.js';

/** Cards a chunk: small enough that the threads finish together, large enough that messages stay few. */
const CHUNK = 48;

/** A chunk of cards laid out by one thread, for the other: the `index`th chunk of the decks. */
export interface LaidChunk {
  index: number;
  cards: LaidCard[];
}

/** The counter both threads claim chunks from. */
export function newClaims(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

export class SharedLayout {
  private readonly next: Int32Array;
  /** Each chunk's deck and first card, in deck order. */
  private readonly chunks: { deck: number; from: number; to: number }[] = [];
  private readonly laid: (LaidCard[] | undefined)[];
  private missing: number;
  private complete?: () => void;
  /** Resolves when every chunk is laid out, here or on the other thread. */
  readonly done: Promise<void>;

  constructor(
    private readonly planned: PlannedDeck[],
    claims: SharedArrayBuffer,
    /** Cards a chunk; both threads must use the same. */
    chunk = CHUNK,
  ) {
    this.next = new Int32Array(claims);
    planned.forEach((deck, d) => {
      for (let from = 0; from < deck.cards.length; from += chunk) this.chunks.push({ deck: d, from, to: Math.min(from + chunk, deck.cards.length) });
    });
    this.laid = new Array(this.chunks.length);
    this.missing = this.chunks.length;
    this.done = new Promise((resolve) => {
      this.complete = resolve;
    });
    if (this.missing === 0) this.complete!();
  }

  /**
   * Lays out chunks until none is left to claim, handing each to `share` (for the other thread).
   * Between chunks it lets the thread's other work in (`breathe`): the other thread's chunks
   * arriving, the other stages of this one.
   */
  async run(layouter: DeckLayouter, share: (chunk: LaidChunk) => void, breathe: () => Promise<void>): Promise<void> {
    for (;;) {
      const index = Atomics.add(this.next, 0, 1);
      if (index >= this.chunks.length) return;
      const { deck, from, to } = this.chunks[index]!;
      const cards = layouter.lay(this.planned[deck]!, from, to);
      this.keep({ index, cards });
      share({ index, cards });
      await breathe();
    }
  }

  /** A chunk the other thread laid out. */
  accept(chunk: LaidChunk): void {
    this.keep(chunk);
  }

  private keep({ index, cards }: LaidChunk): void {
    if (this.laid[index]) return;
    this.laid[index] = cards;
    if (--this.missing === 0) this.complete!();
  }

  /**
   * The decks, put together in deck order once every chunk is in. The cards of a deck that share
   * a back share one laid-out back again (each thread laid out its own), and what a back shrank to
   * fit is listed once, with the first card in deck order that shows it — as laying the deck out
   * on one thread lists it. Their shrink records come in card order.
   */
  decks(game: Game): { decks: LaidDeck[]; shrunk: ShrinkRecord[] } {
    if (this.missing > 0) throw new Error('the decks are not all laid out yet');
    const byDeck = this.planned.map(() => [] as LaidCard[]);
    this.chunks.forEach((c, i) => byDeck[c.deck]!.push(...this.laid[i]!));
    const shrunk: ShrinkRecord[] = [];
    const decks = this.planned.map((deck, d) => {
      const cards = byDeck[d]!;
      const backShrunk = new Map<string, ShrinkRecord[]>();
      for (const c of cards) if (c.backShrunk && !backShrunk.has(c.backId)) backShrunk.set(c.backId, c.backShrunk);
      const backs = new Map<string, DisplayList>();
      const settled = cards.map((c): LaidCard => {
        const faceShrunk = c.backShrunk ? c.shrunk.slice(0, c.shrunk.length - c.backShrunk.length) : c.shrunk;
        const first = !backs.has(c.backId);
        if (first) backs.set(c.backId, c.back);
        const own = first ? (backShrunk.get(c.backId) ?? []).map((r) => ({ ...r, card: c.card.id })) : [];
        const out: LaidCard = { card: c.card, face: c.face, backId: c.backId, back: backs.get(c.backId)!, shrunk: [...faceShrunk, ...own] };
        if (own.length > 0) out.backShrunk = own;
        shrunk.push(...out.shrunk);
        return out;
      });
      return deckOf(game, deck, settled);
    });
    return { decks, shrunk };
  }
}

// Two threads lay out the printing thread's decks together, a chunk of cards at a time
// (print/shared-layout.ts). Whichever thread lays out a card, and in whatever order the chunks
// come in, the decks put together must be the decks one thread lays out alone: the same cards in
// the same order, one back object shared by the cards that show it, and each shrink record once,
// in deck order, with the first card that shows it.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { DeckLayouter, layOutDecks } from '../../generator/print/decks.js';
import { printedTypes } from '../../generator/print/printed-types.js';
import { type LaidChunk, newClaims, SharedLayout } from '../../generator/print/shared-layout.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game!;
const looks = loadLooks();
const options = { cardSize: 'poker' as const, art: new Map() };
const types = printedTypes(game, looks);

/** Two layouts of the same decks sharing one counter, run at once on this thread; `hold` delays some chunks sent to the other. */
async function together(hold: (chunk: LaidChunk) => boolean, chunk?: number) {
  const claims = newClaims();
  const sides = [0, 1].map(() => {
    const layouter = new DeckLayouter(game, looks, options);
    const planned = layouter.plan(types);
    layouter.pictures(planned);
    return { layouter, shared: new SharedLayout(planned, claims, chunk), laid: 0 };
  });
  const held: LaidChunk[] = [];
  const breathe = () => new Promise<void>((r) => setImmediate(r));
  await Promise.all(
    sides.map((side, i) =>
      side.shared.run(
        side.layouter,
        (chunk) => {
          side.laid++;
          if (hold(chunk)) held.push(chunk);
          else sides[1 - i]!.shared.accept(chunk);
        },
        breathe,
      ),
    ),
  );
  // The held chunks arrive last, in the reverse of the order they were laid out in.
  for (const chunk of held.reverse()) for (const side of sides) side.shared.accept(chunk);
  await Promise.all(sides.map((s) => s.shared.done));
  return sides;
}

const alone = await layOutDecks(game, looks, options, types);

describe('laying the decks out on two threads at once', () => {
  // Chunks of 5 cards split the runs of cards that share a back (12 books a back), so that a back
  // is laid out on both threads, and not first on the thread that laid out the deck's first card.
  it.each([
    ['as they are laid out', () => false, undefined],
    ['with every third chunk arriving last', (c: LaidChunk) => c.index % 3 === 0, undefined],
    ['in chunks of 5 cards', () => false, 5],
    ['in chunks of 5 cards, every other one last', (c: LaidChunk) => c.index % 2 === 1, 5],
  ])('gives each thread the decks one thread lays out alone, chunks arriving %s', async (_, hold, chunk) => {
    const sides = await together(hold, chunk);
    // Both threads laid out cards: the test is of a shared layout, not of one thread doing it all.
    expect(sides.every((s) => s.laid > 0)).toBe(true);
    for (const { shared } of sides) {
      const { decks, shrunk } = shared.decks(game);
      expect(shrunk).toEqual(alone.shrunk);
      expect(decks.map((d) => d.type)).toEqual(alone.decks.map((d) => d.type));
      decks.forEach((deck, d) => {
        const one = alone.decks[d]!;
        expect(deck.cards.map((c) => c.card.id)).toEqual(one.cards.map((c) => c.card.id));
        expect(deck.printed.map((c) => c.card.id)).toEqual(one.printed.map((c) => c.card.id));
        deck.cards.forEach((c, k) => {
          const o = one.cards[k]!;
          expect(c.face).toEqual(o.face);
          expect(c.back).toEqual(o.back);
          expect(c.shrunk).toEqual(o.shrunk);
          expect(c.backShrunk).toEqual(o.backShrunk);
        });
        // One back object for the cards that show it, as the PDFs draw each back once (a form).
        const backs = new Map(deck.cards.map((c) => [c.backId, c.back]));
        for (const c of deck.cards) expect(c.back).toBe(backs.get(c.backId));
      });
    }
  });

  it('covers backs that shrank to fit, so that where their records go is checked', () => {
    // The base game's books shrink their backs' words: without such a back, the checks above
    // could not see a back's record given to the wrong card.
    expect(alone.decks.some((d) => d.cards.some((c) => c.backShrunk))).toBe(true);
  });
});

// Validate's fit check on two threads. `startFitEarly` starts the worker before the content is
// read, so its code, typefaces and layouts are loaded while the main thread reads YAML; then the
// cards are shared between the worker and the main thread (fit-cards.ts's FitShare): this thread
// takes runs of cards from the front of the list, the worker from the back, each as soon as it is
// free, so both finish together however long each took to start. A card's words are shaped once
// per thread, so each thread keeps to its own end (a country's books share many words).
import type { Game } from '../../../engine/index.js';
import { FONT_NAMES, fontFace } from '../fonts.js';
import { loadHyphenation } from '../hyphenate.js';
import type { Looks } from '../layout/load.js';
import { type CardFit, FitCache } from './fit-cache.js';
import { type FitResult, fitShared, newFitShare } from './fit-cards.js';
import { startFitEarly, takeEarly } from './fit-start.js';

export { startFitEarly };

/** Fewer cards than this to lay out (the rest known from the cache): the worker does them alone. */
const SHARE_FROM = 40;

/** Every card laid out on every size, by the worker and this thread together; cards laid out before come from the cache. */
export async function fitAll(
  game: Game,
  templatesDir?: string,
  /** Told how many cards are to be laid out, before the work starts (none when all are remembered). */
  starting?: (cards: number, sizes: number) => void,
): Promise<{ looks: Looks; result: FitResult; laid: number }> {
  startFitEarly(templatesDir);
  const { worker, looks: looksReady, result, arrived } = takeEarly();
  // Held from here on: this thread now waits for it.
  worker.ref();
  try {
    // Waiting for the worker's layouts, this thread opens the typefaces and reads the
    // hyphenation patterns, which laying out its own share would begin with.
    if (!arrived()) {
      for (const name of FONT_NAMES) fontFace(name);
      loadHyphenation();
    }
    const looks = await looksReady;
    const cache = new FitCache(game, looks);
    const known = new Map(game.cards.map((c) => [c.id, cache.get(c)] as const));
    const missing = game.cards.filter((c) => !known.get(c.id)).map((c) => c.id);
    if (missing.length > 0) {
      starting?.(missing.length, Object.keys(looks.theme.card_sizes).length);
      const share = newFitShare(missing);
      worker.postMessage({ game, share });
      const mine = missing.length >= SHARE_FROM ? fitShared(game, looks, share, 'front') : { failures: [], boxes: [] };
      const theirs = await result;
      const failures = [...mine.failures, ...theirs.failures];
      const boxes = new Map([...mine.boxes, ...theirs.boxes]);
      for (const id of missing) {
        const box = boxes.get(id);
        const fit: CardFit = { failures: failures.filter((f) => f.id === id), ...(box ? { box } : {}) };
        known.set(id, fit);
        cache.set(game.cards.find((c) => c.id === id)!, fit);
      }
      cache.save(game.cards);
    }
    const all = [...known.entries()];
    return {
      looks,
      laid: missing.length,
      result: {
        failures: all.flatMap(([, fit]) => fit!.failures),
        boxes: all.flatMap(([id, fit]) => (fit!.box ? [[id, fit!.box] as [string, { w: number; h: number }]] : [])),
      },
    };
  } finally {
    void worker.terminate();
  }
}

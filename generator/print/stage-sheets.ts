// Build stage: the home-print PDFs, as one stage from the game to the laid-out decks. Most decks
// go to a worker thread — the second core — while this thread runs the other stages of the build
// (the rule book, the aids), then prints the few smallest decks itself; each deck is written as
// it arrives, then the calibration sheets and out/preflight.json. Laying out is the preflight:
// text that cannot fit or a character the font lacks stops the build, naming the card.
//
// Everything this stage knows lives inside one run: it returns the LaidGame the later stages
// need (build/stages.ts hands it to them) and keeps nothing between builds.
import type { Game } from '../../engine/index.js';
import type { Stage } from '../stage.js';
import type { CardArt } from '../load/check-images.js';
import type { LaidGame } from './laid-game.js';
import type { Looks } from './layout/load.js';
import type { DeckDone, ShareDone, ShareJob } from './print-share.js';
import { printedTypes, type PrintedType } from './printed-types.js';
import { startShareWorker } from './share-client.js';
import { gridFor, PAPERS, sheetTarget } from './sheets/imposition.js';
import { preflightReport } from './preflight.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // awaited later, in deck order
  return { promise, resolve, reject };
}

/**
 * The decks this thread prints after the rule book and aids, while the printing thread prints
 * the rest: the smallest, up to about a sixth of the printed cards, which is what this thread
 * otherwise spent waiting at the end (traced: both threads finish within a few hundredths of a
 * second of each other). A deck's layout serves both papers, so a deck is never split.
 */
function ownShare(types: PrintedType[]): PrintedType[] {
  const printed = (t: PrintedType) => t.printed;
  const total = types.reduce((n, t) => n + printed(t), 0);
  const own: PrintedType[] = [];
  let taken = 0;
  for (const t of [...types].sort((a, b) => printed(a) - printed(b))) {
    if (taken + printed(t) > total / 6) break;
    own.push(t);
    taken += printed(t);
  }
  return own.length < types.length ? own : [];
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Lets the stages that started beside this one run their first steps on this thread. */
const yieldToOthers = () => new Promise((resume) => setImmediate(resume));

export const sheetsStage: Stage<{ game: Game; art: Map<string, CardArt>; looks: Looks }, LaidGame> = {
  name: 'print sheets',
  async run({ game, art, looks }, ctx) {
    const { options } = ctx;
    const types = printedTypes(game, looks);
    const decks = new Map(types.map((t) => [t.type, deferred<DeckDone>()]));
    const here = ownShare(types);
    const job = (share: PrintedType[]): ShareJob => ({
      game,
      looks,
      art,
      types: share.map((t) => t.type),
      options: {
        cardSize: options.cardSize,
        papers: options.papers,
        frontsOnly: options.frontsOnly,
        offset: options.offset,
      },
    });
    const arrived = (d: DeckDone) => decks.get(d.deck.type)!.resolve(d);
    const share = startShareWorker(job(types.filter((t) => !here.includes(t))), arrived);
    share.done.catch((e: unknown) => types.forEach((t) => decks.get(t.type)!.reject(e)));
    // Another stage failed: the cards nobody will write are not worth finishing.
    const stop = () => share.stop();
    ctx.signal.addEventListener('abort', stop, { once: true });
    const done: DeckDone[] = [];
    let own: ShareDone | undefined;
    try {
      await yieldToOthers();
      // The layout and painting code is loaded here only now: the worker had to be handed its
      // work as early as possible.
      const { printShare } = await import('./print-share.js');
      if (here.length > 0) {
        await yieldToOthers();
        ctx.signal.throwIfAborted();
        own = await printShare(job(here), arrived);
      }
      for (const t of types) {
        const d = await ctx.progress.step(
          `Printing the ${t.title.toLowerCase()}`,
          () => decks.get(t.type)!.promise,
          (r) => {
            const per = r.files.map((f) => `${PAPERS[f.paper].name} ${f.pages} pages`).join(', ');
            return `(${r.deck.cards.length} cards${r.deck.printed.length !== r.deck.cards.length ? `, ${r.deck.printed.length} printed` : ''}; ${per})`;
          },
        );
        d.files.forEach((f, i) => ctx.out.write(f.rel, d.pdfs[i]!));
        d.pdfs.length = 0; // written: the bytes need not be kept
        done.push(d);
      }
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      await Promise.allSettled([share.done]);
    }
    const results: ShareDone[] = [await share.done, ...(own ? [own] : [])];

    const files = done.flatMap((d) => d.files);
    const { calibrationSheet } = await import('./sheets/calibration.js'); // pdfkit: loaded once the decks are under way
    await ctx.progress.step(
      'Printing the duplex calibration sheets',
      async () => {
        const dims = looks.theme.card_sizes[options.cardSize];
        for (const paper of options.papers) {
          const grid = gridFor(paper, dims[0], dims[1], looks.theme.sheet);
          const pdf = await calibrationSheet(grid, looks.theme, looks.words.calibration, options.offset, game.name);
          const rel = sheetTarget(paper, 'calibration');
          ctx.out.write(rel, pdf);
          files.push({ rel, paper, bytes: pdf.length, pages: 2 });
        }
        return files.reduce((n, f) => n + f.bytes, 0);
      },
      (total) => `(all print PDFs: ${size(total)})`,
    );

    const laid: LaidGame = {
      looks,
      decks: done.map((d) => d.deck),
      images: new Map(results.flatMap((r) => [...r.images])),
      shrunk: results.flatMap((r) => r.shrunk),
      imageWarnings: results.flatMap((r) => r.imageWarnings),
      files,
    };
    const warnings = laid.imageWarnings.map((w) => `${w.card}: the picture ${w.image} prints at only ${w.dpi} DPI (300 DPI looks sharp); use a larger picture`);
    for (const w of warnings) ctx.warn(w);
    ctx.out.write('preflight.json', `${JSON.stringify(preflightReport(options.cardSize, laid, warnings), null, 2)}\n`);
    return laid;
  },
};

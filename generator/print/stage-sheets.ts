// Build stage: the home-print PDFs, as one stage from the game to the laid-out decks. Most decks
// go to a worker thread — the second core — while this thread runs the other stages of the build
// (the rule book, the aids), then prints the few smallest decks itself; each deck is written as
// it arrives, then the calibration sheets and out/preflight.json. Laying out is the preflight:
// text that cannot fit or a character the font lacks stops the build, naming the card.
//
// The laid-out decks are handed to the later stages (build/stages.ts) as soon as both threads
// have laid theirs out, before the PDFs are printed: the print-shop export and the Tabletop
// Simulator sheets then paint on this thread and the raster workers while the printing thread
// prints. Everything this stage knows lives inside one run; it keeps nothing between builds.
import type { Game } from '../../engine/index.js';
import type { Stage } from '../stage.js';
import type { CardArt } from '../load/check-images.js';
import type { LaidGame } from './laid-game.js';
import type { Looks } from './layout/load.js';
import type { PrintedFile, ShareJob, ShareLaid } from './print-share.js';
import { printedTypes, type PrintedType } from './printed-types.js';
import { type DeckPrinted, startShareWorker } from './share-client.js';
import { gridFor, PAPERS, sheetTarget } from './sheets/imposition.js';
import { preflightReport } from './preflight.js';
import { letOthersIn } from './breather.js';

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

export const sheetsStage: Stage<{ game: Game; art: Map<string, CardArt>; looks: Looks }, LaidGame> = {
  name: 'print sheets',
  async run({ game, art, looks }, ctx, early) {
    const { options } = ctx;
    const types = printedTypes(game, looks);
    const printed = new Map(types.map((t) => [t.type, deferred<DeckPrinted>()]));
    const here = ownShare(types);
    const job = (share: PrintedType[]): ShareJob & { looks: Looks } => ({
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
    const theirs = deferred<ShareLaid>();
    const ours = deferred<ShareLaid>();
    const share = startShareWorker(job(types.filter((t) => !here.includes(t))), {
      laid: theirs.resolve,
      deck: (d) => printed.get(d.type)!.resolve(d),
    });
    share.done.catch((e: unknown) => {
      theirs.reject(e);
      for (const t of types) printed.get(t.type)!.reject(e);
    });
    // The product, once both threads have laid out their decks: the later stages start on it.
    const laidOut = Promise.all([theirs.promise, ours.promise]).then(async (shares) => {
      // The printing thread's shaped words join this thread's, which the raster threads are handed
      // with their work (raster-pool.ts), so that they shape none of the cards' words again.
      const { adoptShaped } = await import('./fonts.js');
      for (const s of shares) if (s.shaped) adoptShaped(s.shaped);
      const byType = new Map(shares.flatMap((s) => s.decks.map((d) => [d.type, d])));
      const laid: LaidGame = {
        looks,
        decks: types.map((t) => byType.get(t.type)!),
        images: new Map(shares.flatMap((s) => [...s.images])),
      };
      early(laid);
      return { laid, shares };
    });
    laidOut.catch(() => undefined); // awaited below
    // Another stage failed: the cards nobody will write are not worth finishing.
    const stop = () => share.stop();
    ctx.signal.addEventListener('abort', stop, { once: true });
    const files: PrintedFile[] = [];
    try {
      // The stages that started beside this one run their first steps on this thread.
      await letOthersIn();
      // The layout and painting code is loaded here only now: the worker had to be handed its
      // work as early as possible.
      const { printShare } = await import('./print-share.js');
      if (here.length > 0) {
        await letOthersIn();
        ctx.signal.throwIfAborted();
        await printShare(job(here), (d) => printed.get(d.deck.type)!.resolve({ type: d.deck.type, files: d.files, pdfs: d.pdfs, ms: d.ms }), ours.resolve);
      } else ours.resolve({ decks: [], images: new Map(), shrunk: [], imageWarnings: [] });
      const { laid } = await laidOut;
      for (const [at, t] of types.entries()) {
        const deck = laid.decks[at]!;
        const d = await ctx.progress.step(
          `Printing the ${t.title.toLowerCase()}`,
          () => printed.get(t.type)!.promise,
          (r) => {
            const per = r.files.map((f) => `${PAPERS[f.paper].name} ${f.pages} pages`).join(', ');
            return `(${deck.cards.length} cards${deck.printed.length !== deck.cards.length ? `, ${deck.printed.length} printed` : ''}; ${per})`;
          },
          // Printed meanwhile, often on the other thread: the time it took, not the wait for it.
          (r) => r.ms,
        );
        d.files.forEach((f, i) => ctx.out.write(f.rel, d.pdfs[i]!));
        d.pdfs.length = 0; // written: the bytes need not be kept
        files.push(...d.files);
      }
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      await Promise.allSettled([share.done]);
    }
    await share.done;
    const { laid, shares } = await laidOut;

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

    // The printing thread's findings first, then this thread's, as they have always been listed.
    const found = {
      shrunk: shares.flatMap((s) => s.shrunk),
      imageWarnings: shares.flatMap((s) => s.imageWarnings),
      files,
    };
    const warnings = found.imageWarnings.map(
      (w) => `${w.card}: the picture ${w.image} prints at only ${w.dpi} DPI (300 DPI looks sharp); use a larger picture`,
    );
    for (const w of warnings) ctx.warn(w);
    ctx.out.write('preflight.json', `${JSON.stringify(preflightReport(options.cardSize, { ...laid, ...found }, warnings), null, 2)}\n`);
    return laid;
  },
};

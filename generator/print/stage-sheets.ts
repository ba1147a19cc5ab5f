// Build stages for the home-print PDFs. `printSheetsStage` hands most decks to a worker thread
// — the second core, while the main thread typesets the rule book and the aids — and
// `finishSheetsStage` (later in the build) prints the few smallest decks on the main thread,
// then writes each deck as it arrives, the calibration sheets and out/preflight.json. Laying out is the preflight: text that cannot
// fit or a character the font lacks stops the build, naming the card.
import type { Stage, BuildContext } from '../build/context.js';
import type { LaidDeck } from './decks.js';
import { loadLooks, type Looks } from './layout/load.js';
import type { ProcessedImage } from './layout/display-list.js';
import type { ShrinkRecord } from './layout/card-layout.js';
import type { ImageWarning } from './images.js';
import type { DeckDone, PrintedFile, ShareDone, ShareJob } from './print-share.js';
import { printedTypes, type PrintedType } from './printed-types.js';
import { startShareWorker, type RunningShare } from './share-client.js';
import { gridFor, PAPERS, sheetTarget } from './sheets/imposition.js';
import { preflightReport } from './preflight.js';

/** Everything the later stages (print-shop export, Tabletop Simulator) reuse. */
export interface LaidGame {
  looks: Looks;
  decks: LaidDeck[];
  images: Map<string, ProcessedImage>;
  shrunk: ShrinkRecord[];
  imageWarnings: ImageWarning[];
  files: PrintedFile[];
}

interface Printing {
  looks: Looks;
  types: PrintedType[];
  decks: Map<string, Deferred<DeckDone>>;
  share: RunningShare;
  /** The decks this thread prints itself, once the rule book and aids are done. */
  own: ShareJob;
}

const printing = new WeakMap<BuildContext, Printing>();
const laidGames = new WeakMap<BuildContext, LaidGame>();

/** The laid-out game of this build, once the sheets are finished. */
export function laidGameOf(ctx: BuildContext): LaidGame {
  const g = laidGames.get(ctx);
  if (!g) throw new Error('the print sheets stages have not run');
  return g;
}

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
 * The decks this thread prints after the rule book and aids, while the printing thread finishes
 * the rest: the smallest, up to about a sixth of the printed cards, which is what this thread
 * otherwise spent waiting at the end (traced: both threads now finish within a few hundredths of
 * a second of each other). A deck's layout serves both papers, so a deck is never split.
 */
function ownShare(types: PrintedType[]): PrintedType[] {
  const printed = (t: PrintedType) => t.cards * t.copies;
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

export const printSheetsStage: Stage = {
  name: 'print sheets',
  async run(ctx) {
    const { game, options } = ctx;
    const looks = loadLooks();
    const types = printedTypes(game, looks);
    const decks = new Map(types.map((t) => [t.type, deferred<DeckDone>()]));
    const here = ownShare(types);
    const job = (share: PrintedType[]): ShareJob => ({
      game,
      looks,
      types: share.map((t) => t.type),
      options: {
        cardSize: options.cardSize,
        contentDir: options.contentDir,
        packs: options.packs,
        papers: options.papers,
        frontsOnly: options.frontsOnly,
        offset: options.offset,
      },
    });
    const running = startShareWorker(job(types.filter((t) => !here.includes(t))), (d) => decks.get(d.deck.type)!.resolve(d));
    running.done.catch((e: unknown) => {
      types.forEach((t) => decks.get(t.type)!.reject(e));
      ctx.failure ??= e; // an overfull card stops the build at the next stage, not after them all
    });
    printing.set(ctx, { looks, types, decks, share: running, own: job(here) });
  },
};

export const finishSheetsStage: Stage = {
  name: 'print sheets (finish)',
  async run(ctx) {
    const p = printing.get(ctx);
    if (!p) throw new Error('the print sheets stage has not started');
    const { game, options } = ctx;
    p.share.hold();
    // The layout and painting code is loaded here only now: the stage above must hand the
    // printing thread its work as early as it can.
    const { printShare } = await import('./print-share.js');
    const own = p.own.types.length > 0 ? await printShare(p.own, (d) => p.decks.get(d.deck.type)!.resolve(d)) : undefined;
    const done: DeckDone[] = [];
    try {
      for (const t of p.types) {
        const d = await ctx.progress.step(
          `Printing the ${t.title.toLowerCase()}`,
          () => p.decks.get(t.type)!.promise,
          (r) => {
            const per = r.files.map((f) => `${PAPERS[f.paper].name} ${f.pages} pages`).join(', ');
            return `(${r.deck.cards.length} cards${r.deck.printed.length !== r.deck.cards.length ? `, ${r.deck.printed.length} printed` : ''}; ${per})`;
          },
        );
        d.files.forEach((f, i) => ctx.out.write(f.rel, d.pdfs[i]!));
        done.push(d);
      }
    } finally {
      await Promise.allSettled([p.share.done]);
    }
    const results: ShareDone[] = [await p.share.done, ...(own ? [own] : [])];

    const files = done.flatMap((d) => d.files);
    const { calibrationSheet } = await import('./sheets/calibration.js'); // pdfkit: loaded once the decks are under way
    await ctx.progress.step(
      'Printing the duplex calibration sheets',
      async () => {
        const dims = p.looks.theme.card_sizes[options.cardSize];
        for (const paper of options.papers) {
          const grid = gridFor(paper, dims[0], dims[1], p.looks.theme.sheet);
          const pdf = await calibrationSheet(grid, p.looks.theme, p.looks.words.calibration, options.offset, game.name);
          const rel = sheetTarget(paper, 'calibration');
          ctx.out.write(rel, pdf);
          files.push({ rel, paper, bytes: pdf.length, pages: 2 });
        }
        return files.reduce((n, f) => n + f.bytes, 0);
      },
      (total) => `(all print PDFs: ${size(total)})`,
    );

    const laid: LaidGame = {
      looks: p.looks,
      decks: done.map((d) => d.deck),
      images: new Map(results.flatMap((r) => [...r.images])),
      shrunk: results.flatMap((r) => r.shrunk),
      imageWarnings: results.flatMap((r) => r.imageWarnings),
      files,
    };
    laidGames.set(ctx, laid);
    for (const w of laid.imageWarnings)
      ctx.warnings.push(`${w.card}: the picture ${w.image} prints at only ${w.dpi} DPI (300 DPI looks sharp); use a larger picture`);
    ctx.out.write('preflight.json', `${JSON.stringify(preflightReport(ctx, laid), null, 2)}\n`);
  },
};

// Build stage: the home-print PDFs, as one stage from the game to the laid-out decks. Most decks
// are printed on a worker thread — the second core — while this thread runs the other stages of
// the build (the rule book, the aids); this thread lays out the few smallest decks, then lays out
// the worker's decks together with it, a chunk of cards at a time (shared-layout.ts), and prints
// its own decks last. Each deck is written as it arrives, then the calibration sheets and
// out/preflight.json. Laying out is the preflight: text that cannot fit or a character the font
// lacks stops the build, naming the card.
//
// The laid-out decks are handed to the later stages (build/stages.ts) as soon as every card is
// laid out, before the PDFs are printed: the print-shop export and the Tabletop
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
import type { LaidChunk, SharedLayout } from './shared-layout.js';

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
  async run({ game, art, looks }, ctx, handOver) {
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
    /** What the printing thread says once every card is laid out: the pictures it processed and the words it shaped. */
    const told = deferred<ShareLaid>();
    const theirTypes = types.filter((t) => !here.includes(t));
    // The printing thread's decks are laid out by both threads (shared-layout.ts): its chunks
    // arrive here as it lays them, and wait here until this thread has its own copy of the plan.
    const claims = new SharedArrayBuffer(4); // the chunk counter (shared-layout.ts: newClaims)
    let mine: SharedLayout | undefined;
    const early: LaidChunk[] = [];
    const share = startShareWorker(
      { ...job(theirTypes), claims },
      {
        laid: told.resolve,
        deck: (d) => printed.get(d.type)!.resolve(d),
        chunk: (c) => (mine ? mine.accept(c) : early.push(c)),
      },
    );
    /** Why the printing thread stopped, once it has failed: this thread then lays out no more of its cards. */
    let failed: { why: unknown } | undefined;
    share.done.catch((e: unknown) => {
      failed = { why: e };
      told.reject(e);
      for (const t of types) printed.get(t.type)!.reject(e);
    });
    // Another stage failed: the cards nobody will write are not worth finishing.
    const stop = () => share.stop();
    ctx.signal.addEventListener('abort', stop, { once: true });
    const files: PrintedFile[] = [];
    /** The printing thread's share (laid out by both threads), then this thread's own. */
    let shares: ShareLaid[];
    let laid: LaidGame;
    try {
      // The stages that started beside this one run their first steps on this thread.
      await letOthersIn();
      // The layout and painting code is loaded here only now: the worker had to be handed its
      // work as early as possible.
      const [{ layOutDecks, DeckLayouter }, { printDecks }, { SharedLayout }] = await Promise.all([
        import('./decks.js'),
        import('./print-share.js'),
        import('./shared-layout.js'),
      ]);
      await letOthersIn();
      ctx.signal.throwIfAborted();
      // This thread's own decks first (the smallest), then its part of the printing thread's.
      const own =
        here.length > 0
          ? await layOutDecks(
              game,
              looks,
              { cardSize: options.cardSize, art },
              types.filter((t) => here.includes(t)),
            ) // in deck order
          : undefined;
      const layouter = new DeckLayouter(game, looks, { cardSize: options.cardSize, art });
      const planned = layouter.plan(theirTypes);
      layouter.pictures(planned); // named: this thread processes none of them
      mine = new SharedLayout(planned, claims);
      for (const c of early.splice(0)) mine.accept(c);
      await mine.run(
        layouter,
        (c) => share.send(c),
        async () => {
          await letOthersIn();
          ctx.signal.throwIfAborted(); // another stage failed
          if (failed) throw failed.why;
        },
      );
      // Every chunk in — or the printing thread stopped, and says why.
      const ended = share.done.then(() => {
        throw new Error('the printing thread ended before its cards were all laid out');
      });
      ended.catch(() => undefined);
      await Promise.race([mine.done, ended]);
      shares = [{ ...(await told.promise), ...mine.decks(game) }, own ?? { decks: [], images: new Map(), shrunk: [], imageWarnings: [] }];
      // The printing thread's shaped words join this thread's, which the raster threads are handed
      // with their work (raster-pool.ts), so that they shape none of the cards' words again.
      const { adoptShaped } = await import('./fonts.js');
      for (const s of shares) if (s.shaped) adoptShaped(s.shaped);
      const byType = new Map(shares.flatMap((s) => s.decks.map((d) => [d.type, d])));
      laid = { looks, decks: types.map((t) => byType.get(t.type)!), images: new Map(shares.flatMap((s) => [...s.images])) };
      // The product, once every deck is laid out: the later stages start on it.
      handOver(laid);
      if (own) await printDecks(own, job(here), (d) => printed.get(d.deck.type)!.resolve({ type: d.deck.type, files: d.files, pdfs: d.pdfs, ms: d.ms }));
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
    } catch (e) {
      // The printing thread may be waiting for this thread's cards: it is stopped, not waited for.
      share.stop();
      throw e;
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      await Promise.allSettled([share.done]);
    }
    await share.done;

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

// The build's stages: what each needs, what it makes, and when it runs. A new output is one entry
// here. Stages whose inputs are ready run side by side (build/run.ts): the home-print sheets
// start first, so the printing thread gets its decks at once, and the rule book, the aids and
// the referee run on this thread meanwhile; the print-shop export and Tabletop Simulator wait
// for the laid-out decks.
//
// Each stage's code is imported just before it runs: a build without the print-shop export
// never loads its code, and the printing thread is handed its decks before the rule book's
// code has loaded.
import type { BuildOptions, Stage } from '../stage.js';
import type { ProductName, Products } from './products.js';

export interface StageEntry {
  name: string;
  needs: readonly ProductName[];
  /**
   * Products the stage does not use but waits for all the same, so that it starts only after the
   * stage that makes them has begun (for now: the card layouts, which the printing thread sends
   * when it is ready for its cards).
   */
  after?: readonly ProductName[];
  makes?: ProductName;
  /** Whether the stage runs for these options. */
  when(options: BuildOptions): boolean;
  load(): Promise<Stage<never, unknown>>;
}

const always = () => true;

/** A stage that makes nothing for others; its input type must be what `needs` provides. */
function uses<N extends ProductName>(
  name: string,
  needs: N[],
  load: () => Promise<Stage<Pick<Products, N>, void>>,
  when: (o: BuildOptions) => boolean = always,
  after: ProductName[] = [],
): StageEntry {
  return { name, needs, when, load, ...(after.length > 0 ? { after } : {}) };
}

/**
 * The printing thread sends the card layouts when it has read them and is ready for its cards,
 * and this thread hands it the cards when the message is answered. A stage that holds this
 * thread meanwhile (loading pdfkit takes about 0.2 s; setting a PDF longer) left the printing
 * thread waiting as long (traced: the layouts sent at 0.49 s and answered at 0.72 s). So the
 * stages that work on this thread start after the layouts have come, just after the home-print
 * sheets stage (listed before them) has handed over the cards.
 */
const AFTER_HAND_OVER: ProductName[] = ['looks'];

/** A stage that makes the product `makes` from the products it `needs`. */
function makes<M extends ProductName, N extends ProductName>(
  name: string,
  made: M,
  needs: N[],
  load: () => Promise<Stage<Pick<Products, N>, Products[M]>>,
  when: (o: BuildOptions) => boolean = always,
): StageEntry {
  return { name, needs, makes: made, when, load };
}

export const STAGES: StageEntry[] = [
  makes('card layouts', 'looks', [], async () => (await import('../print/layout/stage-looks.js')).looksStage),
  makes('print sheets', 'laid', ['game', 'art', 'looks'], async () => (await import('../print/stage-sheets.js')).sheetsStage),
  uses('game data', ['game'], async () => (await import('./game-json.js')).gameJsonStage, always, AFTER_HAND_OVER),
  uses(
    'referee',
    ['game'],
    async () => (await import('./referee.js')).refereeStage,
    (o) => o.referee,
    AFTER_HAND_OVER,
  ),
  uses('rule book', ['game', 'art', 'looks'], async () => (await import('../print/rulebook/stage.js')).rulebookStage),
  uses('play aids', ['game'], async () => (await import('../print/aids/stage.js')).aidsStage, always, AFTER_HAND_OVER),
  // These two paint pixels on the same raster workers (print/raster/raster-pool.ts), side by side.
  uses(
    'print-shop export',
    ['game', 'laid'],
    async () => (await import('../print/press/stage-press.js')).pressStage,
    (o) => o.press,
  ),
  uses(
    'Tabletop Simulator',
    ['game', 'laid'],
    async () => (await import('../print/press/stage-tts.js')).ttsStage,
    (o) => o.tts,
  ),
];

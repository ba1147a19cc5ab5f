// A share of the home-print work: lay out some decks (on two threads at once, shared-layout.ts)
// and print each on every paper size.
// The build runs two shares on worker threads, so both cores print cards while the main thread
// typesets the rule book. A share only computes: it hands back the PDF bytes, and the build
// writes them through ctx.out, so a build that fails elsewhere leaves nothing half-written.
// The laid-out decks are handed over as soon as they are laid out, before they are printed:
// the print-shop export and the Tabletop Simulator sheets start on them meanwhile.
import type { BuildOptions } from '../stage.js';
import type { Game } from '../../engine/index.js';
import { DeckLayouter, type LaidDeck } from './decks.js';
import { type LaidChunk, newClaims, SharedLayout } from './shared-layout.js';
import { letOthersIn } from './breather.js';
import type { Looks } from './layout/load.js';
import type { CardArt } from '../load/check-images.js';
import { printedTypes } from './printed-types.js';
import type { ProcessedImage } from './layout/display-list.js';
import type { ShrinkRecord } from './layout/card-layout.js';
import { type ImageWarning, prepareImages } from './images.js';
import type { ShapedChunks } from './fonts.js';
import { deckSheets } from './sheets/home-sheets.js';
import { gridFor, perPage, sheetTarget, type PaperName } from './sheets/imposition.js';

export interface ShareJob {
  game: Game;
  /** Left out when the printing thread read the layouts itself (share-client.ts). */
  looks?: Looks;
  /** Each card's checked picture, by card id. */
  art: Map<string, CardArt>;
  /** The card types of this share, in deck order. */
  types: string[];
  options: Pick<BuildOptions, 'cardSize' | 'papers' | 'frontsOnly' | 'offset'>;
  /** The counter of the chunks of cards laid out (shared-layout.ts), shared with the thread that lays the same decks out too. */
  claims?: SharedArrayBuffer;
}

export interface PrintedFile {
  rel: string;
  paper: PaperName;
  bytes: number;
  pages: number;
}

export interface DeckDone {
  deck: LaidDeck;
  files: PrintedFile[];
  pdfs: Uint8Array[];
  /** How long printing it took (ms): the build reports it, not how long it then waited for it. */
  ms: number;
}

/** A share's decks laid out, with what laying them out found. */
export interface ShareLaid {
  decks: LaidDeck[];
  images: Map<string, ProcessedImage>;
  shrunk: ShrinkRecord[];
  imageWarnings: ImageWarning[];
  /** From the printing thread: the words it shaped laying its decks out (fonts.ts), for the threads that paint them. */
  shaped?: ShapedChunks[];
}

/** The other thread laying out the same decks (shared-layout.ts): where to send the chunks laid here, and how the other's arrive. */
export interface LayoutPartner {
  send(chunk: LaidChunk): void;
  listen(accept: (chunk: LaidChunk) => void): void;
}

/**
 * Lays out every deck of the share — with `partner`, together with the other thread, each laying
 * out chunks of cards claimed from `job.claims` — and hands them to `onLaid`, then prints them
 * one by one, handing each to `onDeck`. The pictures are processed here, while the cards are laid
 * out.
 */
export async function printShare(
  job: ShareJob & { looks: Looks },
  onDeck: (done: DeckDone) => void | Promise<void>,
  onLaid: (laid: ShareLaid) => void = () => undefined,
  partner?: LayoutPartner,
): Promise<ShareLaid> {
  const { game, looks, options } = job;
  const layouter = new DeckLayouter(game, looks, { cardSize: options.cardSize, art: job.art });
  const planned = layouter.plan(printedTypes(game, looks).filter((t) => job.types.includes(t.type)));
  const images = prepareImages(layouter.pictures(planned), job.art, looks.theme.colours.paper ?? '#ffffff');
  images.catch(() => undefined); // awaited below, once the cards are laid out
  const shared = new SharedLayout(planned, job.claims ?? newClaims());
  partner?.listen((chunk) => shared.accept(chunk));
  await shared.run(layouter, (chunk) => partner?.send(chunk), partner ? letOthersIn : async () => undefined);
  await shared.done;
  const { decks, shrunk } = shared.decks(game);
  const prepared = await images;
  const share: ShareLaid = { decks, images: prepared.table, shrunk, imageWarnings: prepared.warnings };
  onLaid(share);
  await printDecks(share, job, onDeck);
  return share;
}

/** Prints each laid-out deck on every paper size, handing each to `onDeck`. */
export async function printDecks(laid: ShareLaid, job: ShareJob & { looks: Looks }, onDeck: (done: DeckDone) => void | Promise<void>): Promise<void> {
  const { game, looks, options } = job;
  const size = looks.theme.card_sizes[options.cardSize];
  for (const deck of laid.decks) {
    const files: PrintedFile[] = [];
    const pdfs: Uint8Array[] = [];
    const began = performance.now();
    for (const paper of options.papers) {
      const grid = gridFor(paper, size[0], size[1], looks.theme.sheet);
      const pdf = await deckSheets(deck, laid.images, {
        grid,
        theme: looks.theme,
        words: looks.words.sheets,
        frontsOnly: options.frontsOnly,
        offset: options.offset,
        gameName: game.name,
        deckTitle: deck.title,
      });
      const sheets = Math.ceil(deck.printed.length / perPage(grid));
      files.push({ rel: sheetTarget(paper, deck.name), paper, bytes: pdf.length, pages: options.frontsOnly ? sheets : sheets * 2 });
      pdfs.push(pdf);
    }
    await onDeck({ deck, files, pdfs, ms: performance.now() - began });
  }
}

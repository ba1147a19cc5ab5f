// Build stage: Tabletop Simulator. Each deck becomes sheets of cards about 585 × 819 px each —
// sharp when a player zooms in — as many as fit in 4096 px each way (7 × 5, the last cell left
// free as TTS expects), as RGB JPEG: out/tts/<deck>-<n>.jpg, plus <deck>-back.jpg. A deck whose
// cards have different backs (books by century, national events by country and century) gets
// <deck>-backs-<n>.jpg sheets laid out like its face sheets, for TTS's "unique backs" — or, when
// it is large and has few backs, sheets of one back each, with that back as
// <deck>-back-<back>.jpg. And out/tts/<deck>.json, the saved object that puts the whole deck on
// the table (tts-object.ts).
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import type { LaidGame } from '../laid-game.js';
import type { DisplayList } from '../layout/display-list.js';
import { fromCache, paintOrCopy } from '../raster/paint-or-copy.js';
import type { SheetTask } from '../raster/tasks.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ttsDeckObject, type TtsSheet } from './tts-object.js';

const MAX_PX = 4096;
/** The card width TTS shows sharply when zoomed (a poker card then is 585 × 819 px). */
const CELL_W = 585;

/** The cell of a card and the grid of a sheet: as many cells as fit in 4096 px, at most 10 × 7. */
export function ttsGrid(cardW: number, cardH: number): { w: number; h: number; cols: number; rows: number; perSheet: number } {
  const w = CELL_W;
  const h = Math.round((w * cardH) / cardW);
  const cols = Math.min(10, Math.floor(MAX_PX / w));
  const rows = Math.min(7, Math.floor(MAX_PX / h));
  return { w, h, cols, rows, perSheet: cols * rows - 1 };
}

/**
 * How a deck's cards go onto sheets: in deck order, or — for a large deck with few backs (a
 * pack's thousands of books over six centuries) — back by back, so that each sheet needs one back
 * image instead of a sheet of backs. Grouping is chosen when it costs at most a quarter more
 * sheets of faces than keeping the order.
 */
export function sheetRuns<C extends { backId: string }>(cards: C[], perSheet: number): { grouped: boolean; runs: C[][]; backs: number } {
  const byBack = new Map<string, C[]>();
  for (const c of cards) byBack.set(c.backId, [...(byBack.get(c.backId) ?? []), c]);
  const sheetsFor = (n: number) => Math.ceil(n / perSheet);
  const grouped = byBack.size > 1 && [...byBack.values()].reduce((n, g) => n + sheetsFor(g.length), 0) <= 1.25 * sheetsFor(cards.length);
  return { grouped, runs: grouped ? [...byBack.values()] : [cards], backs: byBack.size };
}

// The sheets are painted by the raster workers (raster/raster-pool.ts), each cell straight from
// its card's display list at the cell's size, and written there as JPEG.
export const ttsStage: Stage<{ game: Game; laid: LaidGame }, void> = {
  name: 'Tabletop Simulator',
  async run({ game, laid }, ctx) {
    const [cw, ch] = laid.looks.theme.card_sizes[ctx.options.cardSize];
    const cell = ttsGrid(cw, ch);
    const PER_SHEET = cell.perSheet;
    const base = ctx.options.ttsUrl ?? pathToFileURL(join(ctx.options.outDir, 'tts')).href;
    const url = (rel: string) => `${base.replace(/\/+$/, '')}/${rel.replace(/^tts\//, '')}`;
    const tasks: SheetTask[] = [];
    let sheetCount = 0;
    const sheet = (rel: string, lists: DisplayList[]): SheetTask => ({
      kind: 'sheet',
      lists,
      cell: { w: cell.w, h: cell.h },
      cols: cell.cols,
      file: ctx.out.stagingPath(rel),
    });
    for (const deck of laid.decks) {
      const cards = deck.cards;
      const { grouped, runs, backs: distinctBacks } = sheetRuns(cards, PER_SHEET);
      const placed: TtsSheet[] = [];
      const single = `tts/${deck.name}-back.jpg`;
      for (const run of runs) {
        const backOf = grouped ? `tts/${deck.name}-back-${run[0]!.backId}.jpg` : single;
        if (grouped) tasks.push(sheet(backOf, [run[0]!.back]));
        for (let s = 0; s * PER_SHEET < run.length; s++) {
          const part = run.slice(s * PER_SHEET, (s + 1) * PER_SHEET);
          const n = placed.length + 1;
          const face = `tts/${deck.name}-${n}.jpg`;
          const backs = `tts/${deck.name}-backs-${n}.jpg`;
          const sheetOfBacks = !grouped && distinctBacks > 1;
          tasks.push(
            sheet(
              face,
              part.map((c) => c.face),
            ),
          );
          if (sheetOfBacks)
            tasks.push(
              sheet(
                backs,
                part.map((c) => c.back),
              ),
            );
          const cols = Math.min(cell.cols, part.length);
          placed.push({
            face: url(face),
            back: url(sheetOfBacks ? backs : backOf),
            uniqueBack: sheetOfBacks,
            cols,
            rows: Math.ceil(part.length / cols),
            cards: part.map((c) => c.card),
          });
        }
      }
      sheetCount += placed.length;
      tasks.push(sheet(single, [cards[0]!.back]));
      ctx.out.write(`tts/${deck.name}.json`, `${JSON.stringify(ttsDeckObject(deck.title, game, placed), null, 2)}\n`);
    }
    await ctx.progress.step(
      'Tabletop Simulator sheets',
      () => paintOrCopy(tasks, laid.images, ctx.signal),
      (r) => `(${sheetCount} sheets of up to ${PER_SHEET} cards, ${cell.w} × ${cell.h} px each, and their backs${fromCache(r)})`,
    );
  },
};

// Build stage: Tabletop Simulator. Each deck becomes sheets of cards about 585 × 819 px each —
// sharp when a player zooms in — as many as fit in 4096 px each way (7 × 5, the last cell left
// free as TTS expects), as RGB JPEG: out/tts/<deck>-<n>.jpg, plus <deck>-back.jpg. A deck whose
// cards have different backs (books by century, national events by country and century) gets
// <deck>-backs-<n>.jpg sheets laid out like its face sheets, for TTS's "unique backs". And
// out/tts/<deck>.json, the saved object that puts the whole deck on the table (tts-object.ts).
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
function ttsGrid(cardW: number, cardH: number): { w: number; h: number; cols: number; rows: number; perSheet: number } {
  const w = CELL_W;
  const h = Math.round((w * cardH) / cardW);
  const cols = Math.min(10, Math.floor(MAX_PX / w));
  const rows = Math.min(7, Math.floor(MAX_PX / h));
  return { w, h, cols, rows, perSheet: cols * rows - 1 };
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
      const sheets = Math.ceil(cards.length / PER_SHEET);
      sheetCount += sheets;
      const distinctBacks = new Set(cards.map((c) => c.backId)).size;
      const placed: TtsSheet[] = [];
      const single = `tts/${deck.name}-back.jpg`;
      for (let s = 0; s < sheets; s++) {
        const part = cards.slice(s * PER_SHEET, (s + 1) * PER_SHEET);
        const face = `tts/${deck.name}-${s + 1}.jpg`;
        const backs = `tts/${deck.name}-backs-${s + 1}.jpg`;
        tasks.push(
          sheet(
            face,
            part.map((c) => c.face),
          ),
        );
        if (distinctBacks > 1)
          tasks.push(
            sheet(
              backs,
              part.map((c) => c.back),
            ),
          );
        const cols = Math.min(cell.cols, part.length);
        placed.push({
          face: url(face),
          back: url(distinctBacks > 1 ? backs : single),
          uniqueBack: distinctBacks > 1,
          cols,
          rows: Math.ceil(part.length / cols),
          cards: part.map((c) => c.card),
        });
      }
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

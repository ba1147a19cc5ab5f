// Build stage: Tabletop Simulator. Each deck becomes sheets of cards about 585 × 819 px each —
// sharp when a player zooms in — as many as fit in 4096 px each way (7 × 5, the last cell left
// free as TTS expects), as RGB JPEG: out/tts/<deck>-<n>.jpg, plus <deck>-back.jpg. A deck whose
// cards have different backs (books by century, national events by country and century) gets
// <deck>-backs-<n>.jpg sheets laid out like its face sheets, for TTS's "unique backs". And
// out/tts/<deck>.json, the saved object that puts the whole deck on the table (tts-object.ts).
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import type { LaidGame } from '../laid-game.js';
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import { pool, trimmedRgb, type PressedPngs } from './raster.js';
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

/**
 * One sheet as JPEG. The cells are copied into one pixel buffer here rather than handed to
 * sharp's composite, which took twice as long for 69 cells; the JPEG is byte for byte the same.
 */
async function sheet(
  lists: DisplayList[],
  cell: { w: number; h: number; cols: number },
  images: Map<string, ProcessedImage>,
  pressed?: PressedPngs,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const cols = Math.min(cell.cols, lists.length);
  const rows = Math.ceil(lists.length / cols);
  const width = cols * cell.w;
  const pixels = Buffer.alloc(width * rows * cell.h * 3, 0xff);
  const row = cell.w * 3;
  await pool(lists, 4, async (list, i) => {
    const tile = await trimmedRgb(list, cell.w, cell.h, images, pressed);
    const left = (i % cols) * cell.w;
    const top = Math.floor(i / cols) * cell.h;
    for (let y = 0; y < cell.h; y++) tile.copy(pixels, ((top + y) * width + left) * 3, y * row, (y + 1) * row);
  });
  return sharp(pixels, { raw: { width, height: rows * cell.h, channels: 3 } })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

// With the print-shop export, its PNG files (`pngs`) are cut into the cells instead of rasterising again.
export const ttsStage: Stage<{ game: Game; laid: LaidGame; pngs?: PressedPngs }, void> = {
  name: 'Tabletop Simulator',
  async run({ game, laid, pngs }, ctx) {
    const [cw, ch] = laid.looks.theme.card_sizes[ctx.options.cardSize];
    const cell = ttsGrid(cw, ch);
    const PER_SHEET = cell.perSheet;
    const base = ctx.options.ttsUrl ?? pathToFileURL(join(ctx.options.outDir, 'tts')).href;
    const url = (rel: string) => `${base.replace(/\/+$/, '')}/${rel.replace(/^tts\//, '')}`;
    for (const deck of laid.decks) {
      await ctx.progress.step(
        `Tabletop Simulator sheets: ${deck.title.toLowerCase()}`,
        async () => {
          const cards = deck.cards;
          const sheets = Math.ceil(cards.length / PER_SHEET);
          const distinctBacks = new Set(cards.map((c) => c.backId)).size;
          const jobs: { rel: string; lists: DisplayList[] }[] = [];
          const placed: TtsSheet[] = [];
          const single = `tts/${deck.name}-back.jpg`;
          for (let s = 0; s < sheets; s++) {
            const part = cards.slice(s * PER_SHEET, (s + 1) * PER_SHEET);
            const face = `tts/${deck.name}-${s + 1}.jpg`;
            const backs = `tts/${deck.name}-backs-${s + 1}.jpg`;
            jobs.push({ rel: face, lists: part.map((c) => c.face) });
            if (distinctBacks > 1) jobs.push({ rel: backs, lists: part.map((c) => c.back) });
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
          jobs.push({ rel: single, lists: [cards[0]!.back] });
          ctx.out.write(`tts/${deck.name}.json`, `${JSON.stringify(ttsDeckObject(deck.title, game, placed), null, 2)}\n`);
          // One sheet at a time: two at once saved a second without the print-shop export but
          // added about 100 MB at the peak, and nothing with it (its PNGs are then ready).
          for (const j of jobs) ctx.out.write(j.rel, await sheet(j.lists, cell, laid.images, pngs));
          return sheets;
        },
        (n) => `(${n} sheet${n === 1 ? '' : 's'} of up to ${PER_SHEET} cards, ${cell.w} × ${cell.h} px each)`,
      );
    }
  },
};

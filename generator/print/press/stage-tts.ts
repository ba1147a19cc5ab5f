// Build stage: Tabletop Simulator. Each deck becomes sheets of at most 10 × 7 cards (69 cards,
// leaving the last cell free as TTS expects) no larger than 4096 px, as RGB JPEG:
// out/tts/<deck>-<n>.jpg, plus <deck>-back.jpg. A deck whose cards have different backs (books
// by century, national events by country and century) also gets <deck>-backs-<n>.jpg sheets
// laid out like its face sheets, for TTS's "unique backs" option.
import type { Stage } from '../../stage.js';
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import type { LaidGame } from '../laid-game.js';
import { pool, trimmedRgb, type PressedPngs } from './raster.js';

const MAX_PX = 4096;
const COLS = 10;
const ROWS = 7;
const PER_SHEET = COLS * ROWS - 1;

/** The largest cell that lets a full 10 × 7 sheet stay within 4096 px each way. */
function ttsCell(cardW: number, cardH: number): { w: number; h: number } {
  const w = Math.min(Math.floor(MAX_PX / COLS), Math.floor(((MAX_PX / ROWS) * cardW) / cardH));
  return { w, h: Math.floor((w * cardH) / cardW) };
}

/**
 * One sheet as JPEG. The cells are copied into one pixel buffer here rather than handed to
 * sharp's composite, which took twice as long for 69 cells; the JPEG is byte for byte the same.
 */
async function sheet(lists: DisplayList[], cell: { w: number; h: number }, images: Map<string, ProcessedImage>, pressed?: PressedPngs): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const cols = Math.min(COLS, lists.length);
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

export const ttsStage: Stage<{ laid: LaidGame; pngs?: PressedPngs }, void> = {
  name: 'Tabletop Simulator',
  async run({ laid, pngs }, ctx) {
    const [cw, ch] = laid.looks.theme.card_sizes[ctx.options.cardSize];
    const cell = ttsCell(cw, ch);
    for (const deck of laid.decks) {
      await ctx.progress.step(
        `Tabletop Simulator sheets: ${deck.title.toLowerCase()}`,
        async () => {
          const cards = deck.cards;
          const sheets = Math.ceil(cards.length / PER_SHEET);
          const distinctBacks = new Set(cards.map((c) => c.backId)).size;
          const jobs: { rel: string; lists: DisplayList[] }[] = [];
          for (let s = 0; s < sheets; s++) {
            const part = cards.slice(s * PER_SHEET, (s + 1) * PER_SHEET);
            jobs.push({ rel: `tts/${deck.name}-${s + 1}.jpg`, lists: part.map((c) => c.face) });
            if (distinctBacks > 1) jobs.push({ rel: `tts/${deck.name}-backs-${s + 1}.jpg`, lists: part.map((c) => c.back) });
          }
          jobs.push({ rel: `tts/${deck.name}-back.jpg`, lists: [cards[0]!.back] });
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

// The raster painter keeps every glyph's mask it traced (raster/paint-card.ts): a raster worker
// paints print-shop PNGs and Tabletop Simulator cells in turn, so the cache must hold both scales'
// masks at once. When it held too few it emptied itself every few dozen cards and traced every
// glyph again, a third of a large pack's painting time; here a second pass over the same cards,
// at both scales, traces nothing, and finds every mask still in the kernels' arena.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../generator/load/index.js';
import { layOutDecks } from '../../generator/print/decks.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { printedTypes } from '../../generator/print/printed-types.js';
import { pxAt } from '../../generator/print/images.js';
import { ttsGrid } from '../../generator/print/press/stage-tts.js';
import { Canvas } from '../../generator/print/raster/canvas.js';
import { arenaFillings } from '../../generator/print/raster/mask.js';
import { glyphMasksTraced, paintCard } from '../../generator/print/raster/paint-card.js';
import { writePack } from '../bench/lib/big-pack.mjs';
import { ROOT } from '../helpers.js';

describe('raster glyph masks', () => {
  it('are kept for print-shop PNGs and Tabletop Simulator cells together: painting the same cards again traces no glyph', async () => {
    const work = mkdtempSync(join(tmpdir(), 'cc-masks-'));
    try {
      writePack(join(work, 'pack'), 40);
      const { game } = loadGame({ dir: join(ROOT, 'content'), packs: [join(work, 'pack')] });
      if (!game) throw new Error('the generated pack did not load');
      const looks = loadLooks(join(ROOT, 'templates'));
      const laid = await layOutDecks(game, looks, { cardSize: 'poker', art: new Map() }, printedTypes(game, looks));
      const lists = laid.decks.flatMap((d) => d.cards.map((c) => c.face));
      // The two scales a build paints: print-shop PNGs at 300 DPI with the bleed, and the Tabletop Simulator cell.
      const card = lists[0]!;
      const png = new Canvas(pxAt(card.width + 2 * card.bleed), pxAt(card.height + 2 * card.bleed));
      const grid = ttsGrid(card.width, card.height);
      const cell = new Canvas(grid.w, grid.h);
      const whole = (c: Canvas) => ({ left: 0, top: 0, width: c.width, height: c.height });
      const pass = () => {
        for (const l of lists) {
          paintCard(png, whole(png), l, { x: -l.bleed, y: -l.bleed, w: l.width + 2 * l.bleed, h: l.height + 2 * l.bleed }, new Map());
          paintCard(cell, whole(cell), l, { x: 0, y: 0, w: l.width, h: l.height }, new Map());
        }
      };
      pass();
      const first = glyphMasksTraced();
      const fillings = arenaFillings();
      // Measured: about 21,000 masks over the two scales (more than the 16,000 once kept).
      expect(first).toBeGreaterThan(16_000);
      pass();
      expect(glyphMasksTraced() - first).toBe(0);
      // Nor were they copied into the arena again (an arena of 8 MB was begun again every few hundred cards).
      expect(arenaFillings() - fillings).toBe(0);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

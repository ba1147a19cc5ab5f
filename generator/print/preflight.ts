// out/preflight.json: what the printer's preflight found, for scripts and for a teacher who
// wants to know which cards came close to overflowing. A build that fails preflight writes
// nothing (the error names the card); a build that passes records what it had to adjust.
import type { BuildOptions } from '../stage.js';
import type { LaidGame } from './laid-game.js';
import type { ShrinkRecord } from './layout/card-layout.js';
import type { ImageWarning } from './images.js';
import type { PrintedFile } from './print-share.js';

/** What laying out and printing found besides the decks: the text shrunk, the pictures short of 300 DPI, the files. */
export interface PrintFindings {
  shrunk: ShrinkRecord[];
  imageWarnings: ImageWarning[];
  files: PrintedFile[];
}

export function preflightReport(cardSize: BuildOptions['cardSize'], laid: LaidGame & PrintFindings, warnings: readonly string[]) {
  const cards = laid.decks.reduce((n, d) => n + d.cards.length, 0);
  return {
    ok: true,
    cardSize: { name: cardSize, mm: laid.looks.theme.card_sizes[cardSize] },
    cards,
    decks: laid.decks.map((d) => ({
      deck: d.name,
      type: d.type,
      cards: d.cards.length,
      printed: d.printed.length,
      backs: [...new Set(d.cards.map((c) => c.backId))],
    })),
    checks: {
      textFits: 'every text fits its box at or above its floor size',
      noOverlaps: "no field's ink touches another field's ink",
      safeZone: 'all text ink at least 3.5 mm inside the trim',
      contrast: 'text under 9 pt stands out from its ground by at least 4.5 : 1',
      glyphs: 'every character is in the embedded EB Garamond faces',
      images: `${laid.images.size} picture(s) processed at 300 DPI`,
    },
    shrunk: laid.shrunk.map((s) => ({ card: s.card, field: s.field, designSize: s.designSize, size: s.size })),
    images: laid.imageWarnings.map((w) => ({ card: w.card, image: w.image, dpi: w.dpi, problem: 'below 300 DPI' })),
    warnings: [...warnings],
    files: laid.files.map((f) => ({ file: f.rel, pages: f.pages, bytes: f.bytes })),
  };
}

// Build stage: the print-shop export, for each shop profile asked for (--press):
// - generic: out/press/<deck>.pdf (one card per page with bleed, each face then its back, sRGB)
//   and out/press/png/ (every face and distinct back at 300 DPI, 825 × 1125 px, tagged sRGB);
// - tgc (The Game Crafter): out/press/tgc/ the same PNGs, 825 × 1125;
// - mpc (MakePlayingCards): out/press/mpc/ PNGs at 822 × 1122 (the same 300 DPI, with the
//   slightly narrower bleed MakePlayingCards' templates have);
// - dtc (DriveThruCards): out/press/dtc/<deck>.pdf, back before face, CMYK within 240 % ink,
//   declared PDF/X-1a with an output intent.
// Each profile's folder has a README.txt (templates/press/) that says how to upload. Everything
// is painted from the same display lists as the home-print sheets: the PDFs here, on this
// thread, while the raster workers paint the PNGs (raster/raster-pool.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import type { LaidGame } from '../laid-game.js';
import type { LaidDeck } from '../decks.js';
import type { DisplayList } from '../layout/display-list.js';
import { templatesDir } from '../../paths.js';
import { pxAt } from '../images.js';
import { pressDeck } from './press-pdf.js';
import { rasterPool } from '../raster/raster-pool.js';
import type { PngTask } from '../raster/tasks.js';

/** MakePlayingCards' templates: 300 DPI with 36 px of bleed a side (822 × 1122 px for poker). */
const MPC_BLEED_PX = 36;

const folder = { generic: 'press', tgc: 'press/tgc', mpc: 'press/mpc', dtc: 'press/dtc' } as const;

/** Every face and distinct back of a deck, with the file name its PNGs get. */
function sides(deck: LaidDeck): { name: string; list: DisplayList }[] {
  const backs = new Map(deck.cards.map((c) => [c.backId, c.back]));
  return [...deck.cards.map((c) => ({ name: `${c.card.code}.png`, list: c.face })), ...[...backs].map(([id, list]) => ({ name: `back-${id}.png`, list }))];
}

export const pressStage: Stage<{ game: Game; laid: LaidGame }, void> = {
  name: 'print-shop export',
  async run({ game, laid }, ctx) {
    const profiles = new Set(ctx.options.pressProfiles);
    for (const p of profiles) ctx.out.write(`${folder[p]}/README.txt`, readFileSync(join(templatesDir, 'press', `${p}.txt`)));
    const tasks: PngTask[] = [];
    for (const deck of laid.decks) {
      for (const { name, list } of sides(deck)) {
        // Painted once at 300 DPI with the full bleed; MakePlayingCards' PNG is the middle of it.
        const b = list.bleed;
        const view = { x: -b, y: -b, w: list.width + 2 * b, h: list.height + 2 * b };
        const width = pxAt(view.w);
        const height = pxAt(view.h);
        const files = [...(profiles.has('generic') ? [`press/png/${name}`] : []), ...(profiles.has('tgc') ? [`press/tgc/${name}`] : [])];
        const saves: PngTask['saves'] = files.length > 0 ? [{ files: files.map((f) => ctx.out.stagingPath(f)) }] : [];
        if (profiles.has('mpc')) {
          const w = pxAt(list.width) + 2 * MPC_BLEED_PX;
          const h = pxAt(list.height) + 2 * MPC_BLEED_PX;
          const crop = { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h };
          saves.push({ crop, files: [ctx.out.stagingPath(`press/mpc/${name}`)] });
        }
        tasks.push({ kind: 'png', list, view, width, height, saves });
      }
    }
    const pool = rasterPool();
    pool.acquire();
    const stop = () => pool.stop();
    ctx.signal.addEventListener('abort', stop, { once: true });
    try {
      pool.setImages(laid.images);
      const pngs = ctx.progress.step(
        'Print-shop PNGs',
        () => pool.run(tasks),
        () => `(${tasks.length} images; ${[...profiles].filter((p) => p !== 'dtc').join(', ')})`,
      );
      pngs.catch(() => undefined); // awaited below, after the PDFs
      const words = laid.looks.words.press;
      const bleed = laid.looks.theme.bleed;
      for (const deck of laid.decks) {
        if (!profiles.has('generic') && !profiles.has('dtc')) break;
        await ctx.progress.step(
          `Print-shop PDFs: ${deck.title.toLowerCase()}`,
          async () => {
            if (profiles.has('generic')) ctx.out.write(`press/${deck.name}.pdf`, await pressDeck(deck, laid.images, game.name, words, bleed));
            if (profiles.has('dtc'))
              ctx.out.write(`press/dtc/${deck.name}.pdf`, await pressDeck(deck, laid.images, game.name, words, bleed, { backFirst: true, cmyk: true }));
            return deck.cards.length;
          },
          (n) => `(${n} cards; ${[...profiles].filter((p) => p === 'generic' || p === 'dtc').join(', ')})`,
        );
      }
      await pngs;
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      pool.release();
    }
  },
};

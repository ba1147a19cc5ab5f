// Build stage: the print-shop export, for each shop profile asked for (--press):
// - generic: out/press/<deck>.pdf (one card per page with bleed, each face then its back, sRGB)
//   and out/press/png/ (every face and distinct back at 300 DPI, 825 × 1125 px, tagged sRGB);
// - tgc (The Game Crafter): out/press/tgc/ the same PNGs, 825 × 1125;
// - mpc (MakePlayingCards): out/press/mpc/ PNGs at 822 × 1122;
// - dtc (DriveThruCards): out/press/dtc/<deck>.pdf, back before face, CMYK within 240 % ink,
//   declared PDF/X-1a with an output intent.
// Each profile's folder has a README.txt (templates/press/) that says how to upload. Everything
// is painted from the same display lists as the home-print sheets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import type { LaidGame } from '../laid-game.js';
import { templatesDir } from '../../paths.js';
import { pressDeck } from './press-pdf.js';
import { pool, pressPng, shopPng, type PressedPngs } from './raster.js';

/** MakePlayingCards' image size for a poker card with bleed. */
const MPC_PX: [number, number] = [822, 1122];

const folder = { generic: 'press', tgc: 'press/tgc', mpc: 'press/mpc', dtc: 'press/dtc' } as const;

// Makes the list of PNG files it wrote, for the Tabletop Simulator sheets to cut their cells from.
export const pressStage: Stage<{ game: Game; laid: LaidGame }, PressedPngs> = {
  name: 'print-shop export',
  async run({ game, laid }, ctx) {
    const pressed: PressedPngs = new Map();
    const profiles = new Set(ctx.options.pressProfiles);
    for (const p of profiles) ctx.out.write(`${folder[p]}/README.txt`, readFileSync(join(templatesDir, 'press', `${p}.txt`)));
    const pngs = profiles.has('generic') || profiles.has('tgc');
    for (const deck of laid.decks) {
      await ctx.progress.step(
        `Print-shop files: ${deck.title.toLowerCase()}`,
        async () => {
          const words = laid.looks.words.press;
          const bleed = laid.looks.theme.bleed;
          const pdf = profiles.has('generic') ? pressDeck(deck, laid.images, game.name, words, bleed) : undefined;
          const dtc = profiles.has('dtc') ? pressDeck(deck, laid.images, game.name, words, bleed, { backFirst: true, cmyk: true }) : undefined;
          const backs = new Map(deck.cards.map((c) => [c.backId, c.back]));
          const faces = deck.cards.map((c) => ({ name: `${c.card.code}.png`, list: c.face }));
          const rasters = [...faces, ...[...backs].map(([id, list]) => ({ name: `back-${id}.png`, list }))];
          await pool(rasters, 4, async (r) => {
            // Each card is rasterised once for every profile; its PNG is written, not kept.
            const png = await pressPng(r.list, laid.images);
            if (pngs) {
              const rel = `${profiles.has('generic') ? 'press/png' : 'press/tgc'}/${r.name}`;
              if (profiles.has('generic')) ctx.out.write(`press/png/${r.name}`, png);
              if (profiles.has('tgc')) ctx.out.write(`press/tgc/${r.name}`, png);
              pressed.set(r.list, ctx.out.stagingPath(rel));
            }
            if (profiles.has('mpc')) ctx.out.write(`press/mpc/${r.name}`, await shopPng(png, ...MPC_PX));
          });
          if (pdf) ctx.out.write(`press/${deck.name}.pdf`, await pdf);
          if (dtc) ctx.out.write(`press/dtc/${deck.name}.pdf`, await dtc);
          return { cards: deck.cards.length, backs: backs.size };
        },
        (r) => `(${r.cards} cards, ${r.backs} back${r.backs === 1 ? '' : 's'}; ${[...profiles].join(', ')})`,
      );
    }
    return pressed;
  },
};

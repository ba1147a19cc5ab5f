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
// thread, while the raster workers paint the PNGs (raster/raster-pool.ts). A file a build made
// before from the same cards is copied from the cache instead (raster/raster-cache.ts).
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
import { fromCache, paintOrCopy, picturesOf } from '../raster/paint-or-copy.js';
import { rasterCache } from '../raster/raster-cache.js';
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
        if (saves.length > 0) tasks.push({ kind: 'png', list, view, width, height, saves });
      }
    }
    const pngs =
      tasks.length === 0
        ? Promise.resolve()
        : ctx.progress.step(
            'Print-shop PNGs',
            () => paintOrCopy(tasks, laid.images, ctx.signal),
            (r) => `(${r.painted + r.copied} images; ${[...profiles].filter((p) => p !== 'dtc').join(', ')}${fromCache(r)})`,
          );
    pngs.catch(() => undefined); // awaited below, after the PDFs
    const words = laid.looks.words.press;
    const bleed = laid.looks.theme.bleed;
    const cache = rasterCache();
    for (const deck of laid.decks) {
      const flavours = [
        ...(profiles.has('generic') ? [{ rel: `press/${deck.name}.pdf`, flavour: { backFirst: false, cmyk: false } }] : []),
        ...(profiles.has('dtc') ? [{ rel: `press/dtc/${deck.name}.pdf`, flavour: { backFirst: true, cmyk: true } }] : []),
      ];
      if (flavours.length === 0) break;
      await ctx.progress.step(
        `Print-shop PDFs: ${deck.title.toLowerCase()}`,
        async () => {
          let copied = 0;
          const pictures = picturesOf(
            deck.cards.flatMap((c) => [c.face, c.back]),
            laid.images,
          );
          for (const { rel, flavour } of flavours) {
            // What the PDF shows: the cards, the words on it, its flavour (page order and colours).
            const key = cache?.keyOf(
              { pdf: flavour, deck: deck.cards.map((c) => [c.face, c.back]), title: deck.title, game: game.name, words, bleed },
              pictures,
            );
            if (key && (await cache!.fetch(key, [ctx.out.stagingPath(rel)]))) {
              copied++;
              continue;
            }
            const pdf = await pressDeck(deck, laid.images, game.name, words, bleed, flavour);
            ctx.out.write(rel, pdf);
            if (key) await cache!.store(key, pdf);
          }
          return copied;
        },
        (copied) =>
          `(${deck.cards.length} cards; ${flavours.map((f) => (f.flavour.cmyk ? 'dtc' : 'generic')).join(', ')}${copied === flavours.length ? '; from the cache' : ''})`,
      );
    }
    await pngs;
  },
};

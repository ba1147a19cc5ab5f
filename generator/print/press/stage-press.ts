// Build stage: the print-shop export. out/press/<deck>.pdf (one card per page with bleed,
// TrimBox/BleedBox set) and out/press/png/<code>.png for every face and back-<id>.png for every
// distinct back, at 300 DPI with bleed — all painted from the same display lists as the sheets.
import type { Game } from '../../../engine/game.js';
import type { Stage } from '../../stage.js';
import type { LaidGame } from '../laid-game.js';
import { pressDeck } from './press-pdf.js';
import { pool, pressPng, type PressedPngs } from './raster.js';

export const pressStage: Stage<{ game: Game; laid: LaidGame }, PressedPngs> = {
  name: 'print-shop export',
  async run({ game, laid }, ctx) {
    const pressed: PressedPngs = new Map();
    for (const deck of laid.decks) {
      await ctx.progress.step(
        `Print-shop file and PNGs: ${deck.title.toLowerCase()}`,
        async () => {
          const pdf = pressDeck(deck, laid.images, game.name, laid.looks.words.press, laid.looks.theme.bleed);
          const backs = new Map(deck.cards.map((c) => [c.backId, c.back]));
          const faces = deck.cards.map((c) => ({ rel: `press/png/${c.card.code}.png`, list: c.face }));
          const rasters = [...faces, ...[...backs].map(([id, list]) => ({ rel: `press/png/back-${id}.png`, list }))];
          await pool(rasters, 4, async (r) => {
            ctx.out.write(r.rel, await pressPng(r.list, laid.images));
            pressed.set(r.list, ctx.out.stagingPath(r.rel));
          });
          ctx.out.write(`press/${deck.name}.pdf`, await pdf);
          return { cards: deck.cards.length, backs: backs.size };
        },
        (r) => `(${r.cards} cards, ${r.backs} back${r.backs === 1 ? '' : 's'})`,
      );
    }
    return pressed;
  },
};

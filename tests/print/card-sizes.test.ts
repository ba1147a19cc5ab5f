// Every card size the command offers (--card-size) prints the base game, and the game with a pack,
// with preflight passing on every card: text 3.5 mm inside the trim, no fields touching, small
// text legible against its ground. Boxes drawn for poker keep their margins on a smaller card
// (card-layout.ts), and a layout's `sizes:` changes what does not fit (templates/layouts/).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cli, ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { CardPainter, type CardSizeName } from '../../generator/print/layout/card-layout.js';
import { layoutFor, printedTypes } from '../../generator/print/printed-types.js';
import { SAFE_ZONE } from '../../generator/print/layout/preflight-face.js';
import { inkBox } from '../../generator/print/layout/preflight-face.js';
import type { Game } from '../../engine/index.js';

const help = cli(['build', '--help']).stdout;
const offered = /--card-size <size>[\s\S]*?\(choices:([^)]*?)(?:,\s*default|\))/.exec(help)?.[1];
const sizes = [...(offered ?? '').matchAll(/"([a-z]+)"/g)].map((m) => m[1] as CardSizeName);
const looks = loadLooks();

const games: [string, Game][] = [
  ['the base game', loadGame({ dir: join(ROOT, 'content'), packs: [] }).game!],
  ['with the Low Countries pack', loadGame({ dir: join(ROOT, 'content'), packs: [join(ROOT, 'tests/fixtures/packs/low-countries-third')] }).game!],
];

/** Every card laid out on `size`: the first problem preflight finds on each card, by card id. */
function problems(game: Game, size: CardSizeName): { problems: string[]; cards: number; nearest: number } {
  const painter = new CardPainter({ game, theme: looks.theme, size, imageKey: () => undefined });
  const found: string[] = [];
  let cards = 0;
  let nearest = Number.POSITIVE_INFINITY;
  const [W, H] = looks.theme.card_sizes[size];
  for (const { type } of printedTypes(game, looks)) {
    const { layout } = layoutFor(looks, type)!;
    for (const card of game.cards.filter((c) => c.type === type)) {
      try {
        const laid = painter.layCard(layout, card);
        cards++;
        for (const it of [...laid.face.items, ...laid.back.items]) {
          if (it.kind !== 'text') continue;
          const ink = inkBox(it);
          if (ink) nearest = Math.min(nearest, ink.x0, ink.y0, W - ink.x1, H - ink.y1);
        }
      } catch (e) {
        found.push(`${card.id}: ${(e as Error).message}`);
      }
    }
  }
  return { problems: found, cards, nearest };
}

describe('every card size the command offers', () => {
  it('offers the sizes the theme draws', () => {
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(sizes.sort()).toEqual(Object.keys(looks.theme.card_sizes).sort());
  });

  for (const size of sizes.length > 0 ? sizes : ['poker' as CardSizeName]) {
    for (const [what, game] of games) {
      it(`${size}: every card ${what} passes preflight`, () => {
        const r = problems(game, size);
        expect(r.problems).toEqual([]);
        expect(r.cards).toBeGreaterThan(200);
        expect(r.nearest).toBeGreaterThanOrEqual(SAFE_ZONE - 1e-3);
      });
    }
  }

  it('a layout changes what a size cannot hold: on a mini card the manuscript’s canon line takes the note’s room', () => {
    const game = games[0]![1];
    const { layout } = layoutFor(looks, 'manuscript')!;
    const card = game.cards.find((c) => c.id === 'dresden-codex')!; // the longest canon line
    const canonOf = (size: CardSizeName) => {
      const laid = new CardPainter({ game, theme: looks.theme, size, imageKey: () => undefined }).layCard(layout, card);
      const canon = laid.face.items.filter((it) => it.field === 'canon');
      expect(canon.length, size).toBeGreaterThan(0);
      return { lines: canon.length, note: laid.face.items.some((it) => it.field === 'note') };
    };
    const poker = canonOf('poker');
    const mini = canonOf('mini');
    expect(poker).toEqual({ lines: 1, note: true });
    // Without the size's own box the canon would not fit in two lines (the test above would fail).
    expect(mini.note).toBe(false);
    expect(mini.lines).toBeLessThanOrEqual(2);
  });
});

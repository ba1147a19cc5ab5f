// Colour that works for every reader. The deck backs and the six country colours are compared
// pair by pair as a reader with full colour vision, protanopia, deuteranopia or tritanopia sees
// them (Machado et al. 2009 simulation, CIEDE2000 difference); emblems and words always come
// with the colour, but a colour-blind player should still tell the piles apart at a glance.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { loadGame } from '../../generator/load/index.js';
import { contrast, deltaE, leastDeltaE } from '../../generator/print/colour/vision.js';
import { themeColour } from '../../generator/print/layout/theme-colour.js';

const looks = loadLooks();
const game = loadGame({ dir: join(ROOT, 'content'), packs: [] }).game!;
const LEAST = 15; // CIEDE2000; the review's "close" pairs measured 6.5–9.8 on this scale

function leastPair(colours: Record<string, string>) {
  const names = Object.keys(colours);
  let worst = { a: '', b: '', deltaE: Infinity, vision: 'normal' };
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const d = leastDeltaE(colours[names[i]!]!, colours[names[j]!]!);
      if (d.deltaE < worst.deltaE) worst = { a: names[i]!, b: names[j]!, ...d };
    }
  return worst;
}

describe('colour-blind-distinct colours', () => {
  it('the simulation tells the review’s close pairs apart from distinct ones', () => {
    // The old Spain ochre and England orange were hard to tell apart under deuteranopia.
    expect(deltaE('#c27c00', '#c2410c', 'deuteranopia')).toBeLessThan(12);
    expect(deltaE('#c27c00', '#c2410c', 'normal')).toBeGreaterThan(20);
    // Black and white stay black and white whatever the vision.
    expect(leastDeltaE('#000000', '#ffffff').deltaE).toBeGreaterThan(90);
  });

  it('every deck’s back colour differs from every other deck’s for every kind of vision', () => {
    const backs = Object.fromEntries(
      [...looks.layouts.values()].filter((l) => !l.back.background.includes('{{')).map((l) => [l.deck, themeColour(looks.theme, l.back.background)]),
    );
    expect(Object.keys(backs).length).toBe(6);
    const worst = leastPair(backs);
    expect(worst.deltaE, `${worst.a} and ${worst.b} under ${worst.vision}`).toBeGreaterThanOrEqual(LEAST);
  });

  it('every country colour differs from every other for every kind of vision', () => {
    const worst = leastPair(Object.fromEntries(game.countries.map((c) => [c.id, c.colour])));
    expect(worst.deltaE, `${worst.a} and ${worst.b} under ${worst.vision}`).toBeGreaterThanOrEqual(LEAST);
  });

  it('white emblems and words on every country colour and deck band stand out by 4.5 : 1 or more', () => {
    for (const c of game.countries) expect(contrast('#ffffff', c.colour), c.id).toBeGreaterThanOrEqual(4.5);
    for (const name of ['leather', 'oxblood', 'night', 'fortune', 'slate'])
      expect(contrast('#ffffff', themeColour(looks.theme, name)), name).toBeGreaterThanOrEqual(4.5);
  });
});

// The print code shapes text word by word and caches each word (generator/print/fonts.ts). That
// is exact only if EB Garamond never kerns or ligates across a space: checked here against
// fontkit's own shaping of whole runs, for every text of the game in every style the layouts use.
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { fontFace, shapeWhole, type FontName } from '../../generator/print/fonts.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game as unknown as { cards: Record<string, unknown>[] };
const texts = [...new Set(game.cards.flatMap((c) => Object.values(c).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []))))];

const STYLES: [FontName, string[] | undefined][] = [
  ['serif', undefined],
  ['serif', ['onum']],
  ['serif-italic', ['onum']],
  ['serif-semibold', undefined],
  ['serif-semibold', ['c2sc', 'smcp']],
  ['serif-bold', undefined],
];

describe('word-by-word shaping', () => {
  it.each(STYLES)('matches whole-run shaping in %s %j', (font, features) => {
    const face = fontFace(font);
    face.warm(texts, features);
    for (const t of texts) {
      const ours = face.layout(t, features);
      const theirs = shapeWhole(font, t, features);
      expect(ours.glyphs.map((g) => g.id), t).toEqual(theirs.glyphs.map((g) => g.id));
      expect(ours.positions.map((p) => p.xAdvance), t).toEqual(theirs.positions.map((p) => p.xAdvance));
    }
  });
});

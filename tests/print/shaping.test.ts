// Text is shaped by our own reader of the font's tables (generator/print/opentype/), word by
// word, each word once per process (generator/print/fonts.ts). Both shortcuts must give exactly
// what fontkit — pdfkit's own engine — gives for the whole run: the same glyphs, standing for the
// same characters (copy and paste), at the same positions. Checked here on every text of the
// game and the rule book in every style the layouts use, and on random strings.
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { fontData, fontFace, FONT_NAMES, type FontName } from '../../generator/print/fonts.js';
import { Shaper } from '../../generator/print/opentype/shaper.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game as unknown as { cards: Record<string, unknown>[] };
const cardTexts = game.cards.flatMap((c) =>
  Object.values(c).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [])),
);
const ruleBookDir = join(ROOT, 'templates', 'rulebook');
const ruleBookLines = readdirSync(ruleBookDir)
  .filter((f) => f.endsWith('.md.hbs'))
  .flatMap((f) => readFileSync(join(ruleBookDir, f), 'utf8').split('\n'))
  .map((l) =>
    l
      .replace(/[#*_`>|]+/g, ' ')
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
  .filter((l) => l.length > 0);
const texts = [...new Set([...cardTexts, ...ruleBookLines])];

// Every face plain, and the face and feature pairs the card layouts and the rule book ask for.
const STYLES: [FontName, string[] | undefined][] = [
  ...FONT_NAMES.map((f): [FontName, undefined] => [f, undefined]),
  ['serif', ['onum']],
  ['serif', ['lnum']],
  ['serif', ['lnum', 'tnum']],
  ['serif-italic', ['onum']],
  ['serif-semibold', ['c2sc', 'smcp']],
  ['serif-semibold', ['lnum']],
  ['serif-bold', ['lnum']],
];

interface Run {
  glyphs: { id: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
}
const summary = (run: Run) =>
  run.glyphs.map((g, i) => {
    const p = run.positions[i]!;
    return `${g.id}:${g.codePoints.join('+')}@${p.xAdvance},${p.yAdvance},${p.xOffset},${p.yOffset}`;
  });

const plain = new Map<FontName, fontkit.Font>();
const fontkitFace = (f: FontName) => plain.get(f) ?? plain.set(f, fontkit.create(fontData(f))).get(f)!;
const shapers = new Map<FontName, Shaper>();
const shaperOf = (f: FontName) => {
  if (!shapers.has(f)) {
    const s = Shaper.for(fontData(f));
    if (!s) throw new Error(`${f}: the fast shaper cannot read this face`);
    shapers.set(f, s);
  }
  return shapers.get(f)!;
};

describe('the fast shaper', () => {
  it.each(STYLES)('gives what fontkit gives for every text of the game and rule book in %s %j', (font, features) => {
    const ours = shaperOf(font);
    const theirs = fontkitFace(font);
    for (const t of texts) {
      const run = ours.shape(t, features);
      expect(run, `declined: ${t}`).not.toBeNull();
      expect(summary(run!), t).toEqual(summary(theirs.layout(t, features)));
    }
  });

  it('gives what fontkit gives for random strings, or leaves them to fontkit', () => {
    const alphabet = [
      ...'aefilnostfTVAWY.,;:!?-–—’“”()0123456789 ',
      'ff',
      'fi',
      'ffl',
      'Th',
      'ct',
      'st',
      'é',
      'Æ',
      'œ',
      'ß',
      '\u00ad',
      '\u2044',
      '\u0301',
      'Ω',
      'ж',
      '\u200d',
    ];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((parts) => parts.join(''));
    const style = fc.constantFrom(...STYLES);
    fc.assert(
      fc.property(text, style, (t, [font, features]) => {
        const run = shaperOf(font).shape(t, features);
        if (!run) return; // declined: fontkit shapes it
        const theirs = fontkitFace(font).layout(t, features);
        expect(summary(run), t).toEqual(summary(theirs));
      }),
      { numRuns: 3000 },
    );
  });

  it('maps every character exactly as fontkit does', () => {
    for (const font of FONT_NAMES) {
      const theirs = fontkitFace(font);
      const ours = shaperOf(font);
      for (const cp of theirs.characterSet) {
        const g = theirs.glyphForCodePoint(cp).id;
        expect(ours.glyphFor(cp) ?? 0, `${font} U+${cp.toString(16)}`).toBe(g);
        if (g !== 0) expect(ours.advanceOf(g)).toBe(theirs.getGlyph(g).advanceWidth);
      }
    }
  });
});

// EB Garamond kerns no pair and forms no ligature across a space, so words shaped one by one
// and joined give the whole run (the fast shaper is fontkit's equal, by the tests above).
describe('the shaping the print code uses', () => {
  it('leaves what the fast shaper declines to fontkit, with the same result', () => {
    // Greek, a combining accent, a fraction slash, a soft hyphen, a no-break space.
    const declined = ['Ὅμηρος', 'e\u0301te\u0301', '1\u20442', 'soft\u00adhyphen', 'a\u00a0b'];
    for (const font of FONT_NAMES) {
      for (const t of declined) expect(summary(fontFace(font).layout(t)), `${font} ${t}`).toEqual(summary(fontkitFace(font).layout(t)));
    }
  });
});

describe('word-by-word shaping', () => {
  it.each(STYLES)('matches whole-run shaping in %s %j', (font, features) => {
    const face = fontFace(font);
    for (const t of texts) {
      expect(summary(face.layout(t, features)), t).toEqual(summary(shaperOf(font).shape(t, features)!));
    }
  });
});

// The build lays cards out on two threads and paints them on two others (raster-pool.ts); the
// painters are handed the words the layout threads shaped (fonts.ts: shapedSince, adoptShaped)
// instead of shaping them again. What they are handed must be what they would have shaped.
describe('shaped words handed to another thread', () => {
  it('give that thread the glyphs, characters and positions it would shape, and it shapes none of them', async () => {
    const words = texts.slice(0, 400);
    const { chunksOf, shapedSince, sharedChunks } = await import('../../generator/print/fonts.js');
    // Each text as laid out, and the width of each of its chunks as the painters read it.
    const mine = STYLES.map(([font, features]) =>
      words.map((t) => [...summary(fontFace(font).layout(t, features)), ...chunksOf(t).map((c) => sharedChunks(fontFace(font))!(c, features).advanceWidth)]),
    );
    const parts = shapedSince(new Map());
    expect(parts.length).toBeGreaterThan(0);
    const fonts = pathToFileURL(join(ROOT, 'dist', 'generator', 'print', 'fonts.js')).href;
    const script = `import { parentPort, workerData } from 'node:worker_threads';
const f = await import(${JSON.stringify(fonts)});
f.adoptShaped(workerData.parts);
const summary = ${summary.toString()};
const runs = workerData.styles.map(([font, features]) => workerData.words.map((t) => [
  ...summary(f.fontFace(font).layout(t, features ?? undefined)),
  ...f.chunksOf(t).map((c) => f.sharedChunks(f.fontFace(font))(c, features ?? undefined).advanceWidth),
]));
parentPort.postMessage({ runs, shaped: f.chunksShapedHere() });`;
    const dir = mkdtempSync(join(tmpdir(), 'cc-shaped-'));
    try {
      writeFileSync(join(dir, 'adopt.mjs'), script);
      const worker = new Worker(join(dir, 'adopt.mjs'), { workerData: { parts, words, styles: STYLES } });
      const got = await new Promise<{ runs: (string | number)[][][]; shaped: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      expect(got.runs).toEqual(mine);
      expect(got.shaped).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

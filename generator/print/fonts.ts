// The typefaces every printed thing uses: EB Garamond, a revival of a 16th-century Garamond,
// shipped as full TTFs on npm (pdfkit cannot read WOFF2). pdfkit subsets what is used.
//
// Each face is parsed once per process and handed to every document as a fontkit object, and
// its shaping is memoised: a build writes a dozen PDFs and measures every line before painting
// it, and without this each document would parse four TTFs and shape every word again.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import type { Font, GlyphRun, GlyphPosition } from 'fontkit';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const pkg = dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));

export const FONT_FILES = {
  serif: join(pkg, '400Regular', 'EBGaramond_400Regular.ttf'),
  'serif-italic': join(pkg, '400Regular_Italic', 'EBGaramond_400Regular_Italic.ttf'),
  'serif-medium': join(pkg, '500Medium', 'EBGaramond_500Medium.ttf'),
  'serif-semibold': join(pkg, '600SemiBold', 'EBGaramond_600SemiBold.ttf'),
  'serif-bold': join(pkg, '700Bold', 'EBGaramond_700Bold.ttf'),
  'serif-bold-italic': join(pkg, '700Bold_Italic', 'EBGaramond_700Bold_Italic.ttf'),
  'serif-extrabold': join(pkg, '800ExtraBold', 'EBGaramond_800ExtraBold.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;
export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

const bytes = new Map<FontName, Buffer>();
/** Font bytes, read once per process. */
export function fontData(name: FontName): Buffer {
  let b = bytes.get(name);
  if (!b) {
    b = readFileSync(FONT_FILES[name]);
    bytes.set(name, b);
  }
  return b;
}

const faces = new Map<FontName, Font>();
/** The parsed face, shared by every document and measurement in this process. */
export function fontFace(name: FontName): Font {
  let f = faces.get(name);
  if (!f) {
    f = memoiseLayout(fontkit.create(fontData(name)));
    faces.set(name, f);
  }
  return f;
}

/** Registers every face on a pdfkit document under its FontName. */
export function registerFonts(doc: InstanceType<typeof PDFDocument>): void {
  // pdfkit 0.20 accepts a fontkit font in place of bytes (it checks for a `layout` method),
  // which is what lets documents share one parse and one shaping cache.
  for (const name of FONT_NAMES) doc.registerFont(name, fontFace(name) as unknown as Buffer);
}

/** True when the face has a real glyph for the character (not the .notdef box). */
export function hasGlyph(name: FontName, codePoint: number): boolean {
  return fontFace(name).hasGlyphForCodePoint(codePoint);
}

// Shaping a word with fontkit costs about a tenth of a millisecond; the same words are shaped
// for measuring, for the PDF of each paper and for the PNGs. Runs are cached pristine and each
// caller gets fresh position objects, because pdfkit scales the positions it is given in place.
function memoiseLayout(font: Font): Font {
  const shape = font.layout.bind(font);
  const cache = new Map<string, GlyphRun>();
  font.layout = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    const key = `${features ? JSON.stringify(features) : ''}\u0000${text}`;
    let run = cache.get(key);
    if (!run) {
      const r = shape(text, features);
      run = { glyphs: r.glyphs, positions: r.positions.map(copy), advanceWidth: r.advanceWidth };
      cache.set(key, run);
    }
    const positions = run.positions.map(copy);
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let w = 0;
        for (const p of positions) w += p.xAdvance;
        return w;
      },
    };
  };
  return font;
}

function copy(p: GlyphPosition): GlyphPosition {
  return { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
}

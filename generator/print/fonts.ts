// The typefaces every printed thing uses (font-files.ts), parsed and shaped. pdfkit subsets
// what is used.
//
// Each face is parsed once per process and handed to every document as a fontkit object, and
// its shaping is memoised: a build writes a dozen PDFs and measures every line before painting
// it, and without this each document would parse four TTFs and shape every word again. The three
// fontkit methods replaced here are replaced through fontkit-adapter.ts, which checks each one.
import { isInvisible } from './invisible.js';
import { readFileSync } from 'node:fs';
import type { Font, Glyph, GlyphRun, GlyphPosition } from 'fontkit';
import { openFont, overrideGlyphCharacters, overrideLayout, overrideSubsetEncoding } from './fontkit-adapter.js';
import type PDFDocument from 'pdfkit';
import { cached } from './memo.js';
import { FONT_FILES, FONT_NAMES, type FontName } from './font-files.js';
import { Shaper } from './opentype/shaper.js';
import { fastPaths } from './fast-paths.js';

export { FONT_FILES, FONT_NAMES, type FontName } from './font-files.js';

const bytes = new Map<FontName, Buffer>();
/** Font bytes, read once per process. */
export function fontData(name: FontName): Buffer {
  return cached(bytes, name, () => readFileSync(FONT_FILES[name]));
}

const faces = new Map<FontName, SharedFont>();
const shapers = new Map<FontName, Shaper | null>();
/** The parsed face, shared by every document and measurement in this process. */
export function fontFace(name: FontName): SharedFont {
  return cached(faces, name, () => {
    const data = fontData(name);
    const shaper = fastPaths.shaper ? Shaper.for(data) : null;
    shapers.set(name, shaper);
    const font = shareSubsets(canonicalGlyphs(openFont(data), shaper));
    return fastPaths.wordCache ? memoiseLayout(name, font, shaper) : font;
  });
}

/**
 * fontkit makes each glyph object once and keeps the characters it was first asked for; pdfkit
 * builds a PDF's copy-and-paste map (ToUnicode) from them. With faces shared between documents,
 * "first asked for" would depend on what an earlier document printed, so bytes and pasted text
 * would change with build order. So a glyph the character map reaches always stands for the
 * lowest character that maps to it, however it is first asked for. Ligature characters
 * (U+FB00–FB4F: ﬁ, ﬂ …) are left out: the shaper gives those glyphs the two or three
 * characters they stand for.
 */
function canonicalGlyphs(font: Font, shaper: Shaper | null): Font {
  const isLigature = (cp: number) => cp >= 0xfb00 && cp <= 0xfb4f;
  if (!shaper) {
    // Without the fast reader, fix every glyph up front, lowest character first.
    const chars = [...(font.characterSet ?? [])].filter((cp) => !isLigature(cp)).sort((a, b) => a - b);
    for (const cp of chars) font.glyphForCodePoint(cp);
    return font;
  }
  const lowest = new Map<number, number>();
  for (const [cp, glyph] of shaper.characters) {
    if (isLigature(cp)) continue;
    const seen = lowest.get(glyph);
    if (seen === undefined || cp < seen) lowest.set(glyph, cp);
  }
  overrideGlyphCharacters(font, (id, asked) => {
    const cp = lowest.get(id);
    return cp === undefined ? asked : [cp];
  });
  return font;
}

/**
 * pdfkit embeds in each PDF a subset of each face holding the glyphs it printed, in the order
 * it first printed them. A deck's A4 and Letter files print the same cards in the same order,
 * so their subsets are the same glyphs in the same order: each distinct subset is encoded once
 * per process, and the bytes reused. (Encoding may add the parts of composite glyphs to the
 * subset; the cache keeps that final list too.)
 */
function shareSubsets(font: Font): Font {
  const encoded = new Map<string, { bytes: Uint8Array; glyphs: number[] }>();
  overrideSubsetEncoding(font, (subset, own) => {
    const key = subset.glyphs.join(',');
    let known = encoded.get(key);
    if (!known) {
      const bytes = own();
      known = { bytes, glyphs: [...subset.glyphs] };
      encoded.set(key, known);
    } else {
      for (const g of known.glyphs) subset.includeGlyph(g);
    }
    return known.bytes;
  });
  return font;
}

/** Registers every face on a pdfkit document under its FontName. */
export function registerFonts(doc: InstanceType<typeof PDFDocument>): void {
  // pdfkit 0.20 accepts a fontkit font in place of bytes (it checks for a `layout` method),
  // which is what lets documents share one parse and one shaping cache.
  for (const name of FONT_NAMES) doc.registerFont(name, fontFace(name) as unknown as Buffer);
}

const glyphChecks = new Map<FontName, (codePoint: number) => boolean>();
/** True when the face has a real glyph for the character (not the .notdef box). */
function hasGlyph(name: FontName, codePoint: number): boolean {
  // Asked for every character of every text: no closure made per call.
  let check = glyphChecks.get(name);
  if (!check) {
    const face = fontFace(name);
    const shaper = shapers.get(name);
    check = shaper ? (cp: number) => shaper.glyphFor(cp) !== undefined : (cp: number) => face.hasGlyphForCodePoint(cp);
    glyphChecks.set(name, check);
  }
  return check(codePoint);
}

/** Each character of `text` (spaces aside) that one of `faces` cannot print, once, in order. */
export function missingGlyphs(text: string, faces: readonly FontName[]): { char: string; face: FontName }[] {
  const out: { char: string; face: FontName }[] = [];
  for (const face of faces) {
    for (const char of text) {
      if (char !== ' ' && (isInvisible(char) || !hasGlyph(face, char.codePointAt(0)!)) && !out.some((o) => o.char === char && o.face === face))
        out.push({ char, face });
    }
  }
  // In text order, as a reader would look for them.
  return out.sort((a, b) => text.indexOf(a.char) - text.indexOf(b.char));
}

// The same words are shaped for measuring, for every PDF and for the PNGs, so every run is
// shaped word by word (pdfkit's own chunks: each word with its following space) and each chunk
// once per process. EB Garamond kerns no pair and forms no ligature across a space
// (tests/print/shaping.test.ts checks this on the game's text), so the joined chunks are
// exactly the run pdfkit would get. Words go to the fast shaper (opentype/shaper.ts), and to
// fontkit only when it declines. Each caller gets fresh position objects, because pdfkit
// scales the positions it is given.
/** A face whose shaping is memoised word by word. */
export type SharedFont = Font;

const FIGURES = new Set(['onum', 'lnum', 'pnum', 'tnum']);

/** The shaped run of one chunk (a word and its space), shared: to read, never to change. */
export type ChunkShaper = (text: string, features?: string[]) => GlyphRun;

const chunkShapers = new WeakMap<Font, ChunkShaper>();

/**
 * The shaped run of one chunk (a word and its space) as the face's memoised layout keeps it, to
 * read and never change; undefined when layout is not memoised (CC_PLAIN_PDFKIT=1).
 */
export function sharedChunks(face: SharedFont): ChunkShaper | undefined {
  return chunkShapers.get(face);
}

function memoiseLayout(name: FontName, font: Font, shaper: Shaper | null): SharedFont {
  overrideLayout(font, (fontkitShape) => layoutOf(name, font, shaper, fontkitShape));
  return font;
}

/** A face's memoised chunks, and the order they were shaped in (for handing them to another thread). */
interface ChunkMemo {
  font: Font;
  cache: Map<string, GlyphRun>;
  /** The cache's keys in the order they were added, for handing the newer ones over. */
  keys: string[];
  /** Chunks another thread shaped and handed over, made into runs only when asked for. */
  handed: Map<string, { part: ShapedChunks; at: number }>;
}
const memos = new Map<FontName, ChunkMemo>();
let shapedHere = 0;

/** How many chunks this thread has shaped itself, not counting those handed to it (`adoptShaped`). */
export function chunksShapedHere(): number {
  return shapedHere;
}

/**
 * The chunks one thread shaped, as plain data another can take over, in typed arrays (copied
 * between threads as whole blocks): chunk k's glyphs are `starts[k]` to `starts[k + 1]`; glyph
 * g's characters are `cps` from `cpStarts[g]` to `cpStarts[g + 1]`, and its position the four
 * numbers from `positions[4 g]`.
 */
export interface ShapedChunks {
  face: FontName;
  keys: string[];
  starts: Uint32Array;
  ids: Uint32Array;
  cpStarts: Uint32Array;
  cps: Uint32Array;
  positions: Float64Array;
}

/**
 * The chunks this thread has shaped since `sent` (how many of each face's were handed over
 * before; updated). The raster threads paint the words the build laid out here, and shaping them
 * again cost each about as long as it took here (a sixth of a second on the base game).
 */
export function shapedSince(sent: Map<FontName, number>): ShapedChunks[] {
  const out: ShapedChunks[] = [];
  for (const [face, memo] of memos) {
    const from = sent.get(face) ?? 0;
    if (memo.keys.length <= from) continue;
    const keys = memo.keys.slice(from);
    const runs = keys.map((k) => memo.cache.get(k)!);
    let glyphs = 0;
    let chars = 0;
    for (const run of runs) {
      glyphs += run.glyphs.length;
      for (const g of run.glyphs) chars += g.codePoints.length;
    }
    const part: ShapedChunks = {
      face,
      keys,
      starts: new Uint32Array(keys.length + 1),
      ids: new Uint32Array(glyphs),
      cpStarts: new Uint32Array(glyphs + 1),
      cps: new Uint32Array(chars),
      positions: new Float64Array(4 * glyphs),
    };
    let g = 0;
    let c = 0;
    runs.forEach((run, k) => {
      part.starts[k] = g;
      for (let i = 0; i < run.glyphs.length; i++, g++) {
        const glyph = run.glyphs[i]!;
        const p = run.positions[i]!;
        part.ids[g] = glyph.id;
        part.cpStarts[g] = c;
        for (const cp of glyph.codePoints) part.cps[c++] = cp;
        part.positions[4 * g] = p.xAdvance;
        part.positions[4 * g + 1] = p.yAdvance;
        part.positions[4 * g + 2] = p.xOffset;
        part.positions[4 * g + 3] = p.yOffset;
      }
    });
    part.starts[keys.length] = g;
    part.cpStarts[g] = c;
    sent.set(face, memo.keys.length);
    out.push(part);
  }
  return out;
}

/**
 * Takes over chunks another thread shaped. Each becomes a run when it is first asked for — the
 * same glyphs, asked for with the same characters as shaping here would ask, at the same
 * positions — so what is painted is what shaping here would give.
 */
export function adoptShaped(parts: readonly ShapedChunks[]): void {
  for (const part of parts) {
    fontFace(part.face);
    const memo = memos.get(part.face);
    if (!memo) return; // the word cache is off here (CC_PLAIN_PDFKIT=1): shape as asked
    part.keys.forEach((key, at) => {
      if (!memo.cache.has(key) && !memo.handed.has(key)) memo.handed.set(key, { part, at });
    });
  }
}

/** A handed-over chunk as a run of this thread's glyph objects. */
function runOf(font: Font, { part, at }: { part: ShapedChunks; at: number }): GlyphRun {
  const glyphs: Glyph[] = [];
  const positions: GlyphPosition[] = [];
  const p = part.positions;
  let w = 0;
  for (let g = part.starts[at]!; g < part.starts[at + 1]!; g++) {
    glyphs.push(font.getGlyph(part.ids[g]!, [...part.cps.subarray(part.cpStarts[g]!, part.cpStarts[g + 1]!)]));
    positions.push({ xAdvance: p[4 * g]!, yAdvance: p[4 * g + 1]!, xOffset: p[4 * g + 2]!, yOffset: p[4 * g + 3]! });
    w += p[4 * g]!;
  }
  return { glyphs, positions, advanceWidth: w };
}

function layoutOf(
  name: FontName,
  font: Font,
  shaper: Shaper | null,
  fontkitShape: (text: string, features?: string[] | Record<string, boolean>) => GlyphRun,
): (text: string, features?: string[] | Record<string, boolean>) => GlyphRun {
  const shape = (text: string, features?: string[] | Record<string, boolean>): { glyphs: Glyph[]; positions: GlyphPosition[] } => {
    const run = shaper && (features === undefined || Array.isArray(features)) ? shaper.shape(text, features) : null;
    if (!run) return fontkitShape(text, features);
    return { glyphs: run.glyphs.map((g) => font.getGlyph(g.id, g.codePoints)), positions: run.positions };
  };
  const cache = new Map<string, GlyphRun>();
  const keys: string[] = [];
  const handed = new Map<string, { part: ShapedChunks; at: number }>();
  memos.set(name, { font, cache, keys, handed });
  // Figure styles (old-style, lining …) change only digits: a word without digits is shaped once
  // whatever figures its paragraph asks for. A feature list's two keys are worked out once.
  const featureKeys = new WeakMap<object, { all: string; letters: string }>();
  const keysOf = (features: string[] | Record<string, boolean>) => {
    let k = featureKeys.get(features);
    if (!k) {
      const key = (f: string[] | Record<string, boolean>) => (!Array.isArray(f) || f.length > 0 ? JSON.stringify(f) : '');
      k = { all: key(features), letters: key(Array.isArray(features) ? features.filter((x) => !FIGURES.has(x)) : features) };
      featureKeys.set(features, k);
    }
    return k;
  };
  const keyOf = (text: string, features?: string[] | Record<string, boolean>) => {
    if (!features) return `\u0000${text}`;
    const k = keysOf(features);
    return `${/[0-9]/.test(text) ? k.all : k.letters}\u0000${text}`;
  };
  const chunk = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    const key = keyOf(text, features);
    let run = cache.get(key);
    if (!run) {
      const given = handed.size > 0 ? handed.get(key) : undefined;
      if (given) {
        run = runOf(font, given);
        handed.delete(key);
      } else {
        const r = shape(text, features);
        let w = 0;
        for (const p of r.positions) w += p.xAdvance;
        run = { glyphs: r.glyphs, positions: r.positions.map(copy), advanceWidth: w };
        shapedHere++;
      }
      cache.set(key, run);
      keys.push(key);
    }
    return run;
  };
  chunkShapers.set(font, chunk);
  return (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    const parts = chunksOf(text);
    let glyphs: Glyph[];
    let positions: GlyphPosition[];
    if (parts.length === 1) {
      const run = chunk(parts[0]!, features);
      glyphs = run.glyphs.slice();
      positions = run.positions.map(copy);
    } else {
      glyphs = [];
      positions = [];
      for (const c of parts) {
        const run = chunk(c, features);
        for (const g of run.glyphs) glyphs.push(g);
        for (const p of run.positions) positions.push(copy(p));
      }
    }
    return {
      glyphs,
      positions,
      get advanceWidth() {
        let w = 0;
        for (const p of positions) w += p.xAdvance;
        return w;
      },
    };
  };
}

/** pdfkit's split of text into chunks that each end with their space or tab. */
export function chunksOf(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      out.push(text.slice(last, i + 1));
      last = i + 1;
    }
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function copy(p: GlyphPosition): GlyphPosition {
  return { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
}

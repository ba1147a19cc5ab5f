// Sets one run of text on a pdfkit page, writing exactly the operators pdfkit's text() writes for
// it — the same bytes, so CC_PLAIN_PDFKIT=1 (text() itself) gives an identical PDF. A deck has
// thousands of runs, already measured by the layout; text() would measure each run twice more
// and go through its line wrapper and options, which made it the largest single cost of a build.
// This uses pdfkit's own font object for the encoding — so subsetting, widths and the ToUnicode
// map (text extraction) are pdfkit's — and falls back to text() for anything unusual (positioned
// marks), and if pdfkit's internals ever change.
import type PDFDocument from 'pdfkit';
import { type ChunkShaper, chunksOf, type FontName, type SharedFont, sharedChunks } from '../fonts.js';
import { addContent, currentFont, type EmbeddedFontParts, embeddedParts, type PdfkitFont, usePageFont } from './pdfkit-internals.js';
import { fastPaths } from '../fast-paths.js';

type Doc = InstanceType<typeof PDFDocument>;

/** CC_PLAIN_PDFKIT=1 sets every run with pdfkit's own text() (see paint/fast-paths.ts). */
const rawText = fastPaths.rawText;

/** A number as pdfkit writes it into a content stream (PDFObject.number: six decimals at most). */
const num = (v: number) => `${Math.round(v * 1e6) / 1e6}`;

export interface RunOptions {
  features?: string[];
  tracking?: number;
  wordSpacing?: number;
}

/**
 * Sets `text` with its baseline starting at (x, y) in the current user space, which is scaled
 * by `unit` pt per user unit (1 on a plain page, 72/25.4 when painting in mm).
 */
export function setRun(doc: Doc, font: FontName, size: number, x: number, y: number, text: string, unit: number, o: RunOptions = {}): void {
  doc.font(font).fontSize(size);
  const f = rawText ? currentFont(doc) : undefined;
  if (!f || /\n/.test(text)) return fallback(doc, x, y, text, unit, o);
  const tracking = o.tracking ?? 0;
  const words = o.wordSpacing ? text.trim().split(/\s+/) : [text];
  const hex: string[] = [];
  const adjust: number[] = [];
  // text() sets a justified line word by word, each word's last glyph moved on by a space, the
  // character spacing and the extra (the last word's too).
  const gap = o.wordSpacing ? ((o.wordSpacing + f.widthOfString(' ', size) + tracking) * 1000) / size : 0;
  const shared = sharedEncoder(f);
  for (const word of words) {
    if (shared) {
      if (!shared(word, o.features, gap, hex, adjust)) return fallback(doc, x, y, text, unit, o);
      continue;
    }
    const [encoded, positions] = f.encode(word, o.features);
    for (let i = 0; i < encoded.length; i++) {
      const p = positions[i]!;
      if (p.xOffset || p.yOffset) return fallback(doc, x, y, text, unit, o);
      hex.push(encoded[i]!);
      adjust.push(i === encoded.length - 1 ? p.xAdvance + gap - p.advanceWidth : p.xAdvance - p.advanceWidth);
    }
  }
  if (hex.length === 0) return fallback(doc, x, y, text, unit, o);
  usePageFont(doc, f);
  // text() cuts the glyphs after every one that is moved, and gives the last piece its move too.
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < hex.length; i++) {
    if (adjust[i] !== 0 || i === hex.length - 1) {
      parts.push(`<${hex.slice(from, i + 1).join('')}> ${num(-adjust[i]!)}`);
      from = i + 1;
    }
  }
  // What save(), translate(x, y), scale(1 / unit) and text(…, 0, 0) write: pdfkit leaves out a
  // transform that changes nothing.
  const h = num(doc.page.height);
  const ops = ['q'];
  if (x !== 0 || y !== 0) ops.push(`1 0 0 1 ${num(x)} ${num(y)} cm`);
  if (unit !== 1) ops.push(`${num(1 / unit)} 0 0 ${num(1 / unit)} 0 0 cm`);
  ops.push('q', `1 0 0 -1 0 ${h} cm`, 'BT', `1 0 0 1 0 ${h} Tm`, `/${f.id} ${num(size)} Tf`);
  if (tracking) ops.push(`${num(tracking)} Tc`);
  ops.push(`[${parts.join(' ')}] TJ`, 'ET', 'Q', 'Q');
  addContent(doc, ops.join('\n'));
}

type Encoder = (word: string, features: string[] | undefined, gap: number, hex: string[], adjust: number[]) => boolean;
const encoders = new WeakMap<PdfkitFont, Encoder | null>();

/**
 * What pdfkit's encode() gives for a word — each glyph's number in the document's subset, and
 * how far it moves off its own width — read straight from the face's shared chunks (fonts.ts),
 * where encode() would shape the word again through pdfkit's layout and copy and scale every
 * position: the same glyphs, the same sums in the same order, so the same bytes. Each glyph
 * enters the subset, with its width and characters, exactly as encode() enters it. False when
 * a glyph is moved off its line (a mark): the caller then lets text() set the run.
 */
function sharedEncoder(f: PdfkitFont): Encoder | undefined {
  let enc = encoders.get(f);
  if (enc === undefined) {
    const e = embeddedParts(f);
    const chunk = e && sharedChunks(e.font as SharedFont);
    enc = e && chunk ? encoderFor(e, chunk) : null;
    encoders.set(f, enc);
  }
  return enc ?? undefined;
}

function encoderFor(e: EmbeddedFontParts, chunk: ChunkShaper): Encoder {
  const hexOf: string[] = [];
  return (word, features, gap, hex, adjust) => {
    let last = -1;
    let lastX = 0;
    let lastW = 0;
    for (const c of chunksOf(word)) {
      const { glyphs, positions } = chunk(c, features);
      for (let i = 0; i < glyphs.length; i++) {
        const p = positions[i]!;
        if (p.xOffset || p.yOffset) return false;
        const g = glyphs[i]!;
        const gid = e.subset.includeGlyph(g.id);
        hex.push((hexOf[gid] ??= `0000${gid.toString(16)}`.slice(-4)));
        const w = g.advanceWidth * e.scale;
        if (e.widths[gid] == null) e.widths[gid] = w;
        if (e.unicode[gid] == null) e.unicode[gid] = g.codePoints;
        lastX = p.xAdvance * e.scale;
        lastW = w;
        last = adjust.push(lastX - w) - 1;
      }
    }
    // The word's last glyph moves on by the gap too, added as encode()'s caller adds it.
    if (last >= 0) adjust[last] = lastX + gap - lastW;
    return true;
  };
}

function fallback(doc: Doc, x: number, y: number, text: string, unit: number, o: RunOptions): void {
  doc.save();
  doc.translate(x, y);
  doc.scale(1 / unit);
  doc.text(text, 0, 0, {
    lineBreak: false,
    baseline: 'alphabetic',
    ...(o.features ? { features: o.features as PDFKit.Mixins.OpenTypeFeatures[] } : {}),
    ...(o.tracking ? { characterSpacing: o.tracking } : {}),
    ...(o.wordSpacing ? { wordSpacing: o.wordSpacing } : {}),
  });
  doc.restore();
}

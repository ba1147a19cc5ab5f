// Sets one run of text on a pdfkit page with a single BT … TJ … ET, glyphs placed exactly as
// pdfkit's text() places them. A deck has thousands of runs, already measured by the layout;
// text() would measure each run twice more and wrap it in a save/transform/restore, which made
// it the largest single cost of a build. This uses pdfkit's own font object for the encoding —
// so subsetting, widths and the ToUnicode map (text extraction) are pdfkit's — and falls back
// to text() for anything unusual (positioned marks), and if pdfkit's internals ever change.
import type PDFDocument from 'pdfkit';
import type { FontName } from '../fonts.js';
import { addContent, currentFont, usePageFont } from './pdfkit-internals.js';
import { fastPaths } from '../fast-paths.js';

type Doc = InstanceType<typeof PDFDocument>;

/** CC_PLAIN_PDFKIT=1 sets every run with pdfkit's own text() (see paint/fast-paths.ts). */
const rawText = fastPaths.rawText;

const num = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
};

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
  if (!f) return fallback(doc, x, y, text, unit, o);
  const words = o.wordSpacing ? text.trim().split(/\s+/) : [text];
  const hex: string[] = [];
  const adjust: number[] = [];
  // pdfkit's justified lines drop the spaces and move each word on by a space plus the extra.
  const gap = o.wordSpacing ? ((f.widthOfString(' ', size) + (o.tracking ?? 0) + o.wordSpacing) * 1000) / size : 0;
  for (let w = 0; w < words.length; w++) {
    const [encoded, positions] = f.encode(words[w]!, o.features);
    for (let i = 0; i < encoded.length; i++) {
      const p = positions[i]!;
      if (p.xOffset || p.yOffset) return fallback(doc, x, y, text, unit, o);
      hex.push(encoded[i]!);
      adjust.push(p.xAdvance - p.advanceWidth + (w < words.length - 1 && i === encoded.length - 1 ? gap : 0));
    }
  }
  if (hex.length === 0) return;
  usePageFont(doc, f);
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < hex.length; i++) {
    if (adjust[i] !== 0 || i === hex.length - 1) {
      parts.push(`<${hex.slice(from, i + 1).join('')}>`);
      if (adjust[i] !== 0 && i < hex.length - 1) parts.push(num(-adjust[i]!));
      from = i + 1;
    }
  }
  const k = 1 / unit;
  // Character spacing is part of the graphics state and outlives ET: set it on every run.
  addContent(doc, `BT /${f.id} ${num(size)} Tf ${num(k)} 0 0 ${num(-k)} ${num(x)} ${num(y)} Tm ${num(o.tracking ?? 0)} Tc [${parts.join(' ')}] TJ ET`);
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

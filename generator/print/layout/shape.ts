// Widths and glyph positions of a run of text, computed exactly the way pdfkit sets it, so a
// line measured here lands where the painters put it — in the PDF and in the PNG alike.
//
// pdfkit shapes text without OpenType features word by word (each chunk ends with its space),
// and text with features (small caps, old-style figures) in one piece; on justified lines it
// sets every word on its own and replaces each space with the space width plus the extra.
import { chunksOf as chunks, fontFace, type FontName } from '../fonts.js';
import type { Glyph } from 'fontkit';

export interface RunStyle {
  font: FontName;
  /** pt */
  size: number;
  features?: string[];
  /** pt after every glyph */
  tracking?: number;
}

export interface Advance {
  /** in font units */
  units: number;
  glyphs: number;
}

// Measuring is the inner loop of laying out: every word at every trial size while text shrinks
// to fit, and every line. Advances are in font units, so they hold at any size; each text is
// measured once per face and feature set, and a chunk (word and its space) is shaped once.
const advances = new Map<string, Map<string, Advance>>();
const featureKeys = new WeakMap<string[], string>();

function advancesFor(font: FontName, features: string[] | undefined): Map<string, Advance> {
  let key: string = font;
  if (features && features.length > 0) {
    let f = featureKeys.get(features);
    if (f === undefined) featureKeys.set(features, (f = features.join(',')));
    key = `${font}|${f}`;
  }
  let set = advances.get(key);
  if (!set) advances.set(key, (set = new Map()));
  return set;
}

// Measured chunk by chunk even when pdfkit shapes the run whole (with features): EB Garamond
// kerns no pair across a space, so the sums agree, and a paragraph costs one shaping per word
// rather than one per trial line.
export function advance(text: string, font: FontName, features: string[] | undefined): Advance {
  const set = advancesFor(font, features);
  const known = set.get(text);
  if (known) return known;
  const f = features && features.length > 0 ? features : undefined;
  const parts = chunks(text);
  let a: Advance;
  if (parts.length === 1) {
    const run = fontFace(font).layout(text, f);
    a = { units: run.advanceWidth, glyphs: run.glyphs.length };
  } else {
    a = { units: 0, glyphs: 0 };
    for (const c of parts) {
      const part = advance(c, font, features);
      a.units += part.units;
      a.glyphs += part.glyphs;
    }
  }
  set.set(text, a);
  return a;
}

const unitsPerEm = new Map<FontName, number>();
function upmOf(font: FontName): number {
  let upm = unitsPerEm.get(font);
  if (upm === undefined) unitsPerEm.set(font, (upm = fontFace(font).unitsPerEm));
  return upm;
}

/** The set width of `text` in pt (tracking counted between glyphs, not after the last). */
export function textWidth(text: string, style: RunStyle): number {
  if (text.length === 0) return 0;
  return advanceWidth(advance(text, style.font, style.features), style);
}

/** The width in pt of a text already measured (`advance`) in this style: textWidth without the look-up. */
export function advanceWidth(a: Advance, style: RunStyle): number {
  return (a.units * style.size) / upmOf(style.font) + (style.tracking ?? 0) * Math.max(0, a.glyphs - 1);
}

export interface PlacedGlyph {
  glyph: Glyph;
  /** pt from the start of the run */
  x: number;
  /** pt above the baseline (font y-up) */
  dy: number;
}

/** Every glyph of a run with its position, as pdfkit places it (for painters that draw outlines). */
export function placeGlyphs(text: string, style: RunStyle, wordSpacing = 0): PlacedGlyph[] {
  const face = fontFace(style.font);
  const k = style.size / face.unitsPerEm;
  const tracking = style.tracking ?? 0;
  const out: PlacedGlyph[] = [];
  let x = 0;
  const set = (piece: string) => {
    const run = face.layout(piece, style.features && style.features.length > 0 ? style.features : undefined);
    run.glyphs.forEach((g, i) => {
      const p = run.positions[i]!;
      out.push({ glyph: g, x: x + p.xOffset * k, dy: p.yOffset * k });
      x += p.xAdvance * k + tracking;
    });
  };
  if (wordSpacing) {
    // pdfkit drops the spaces and advances each word by one space width plus the extra.
    const space = textWidth(' ', { font: style.font, size: style.size }) + tracking;
    for (const word of text.trim().split(/\s+/)) {
      set(word);
      x += space + wordSpacing;
    }
  } else if (style.features && style.features.length > 0) {
    set(text);
  } else {
    for (const c of chunks(text)) set(c);
  }
  return out;
}

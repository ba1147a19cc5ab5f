// Widths and glyph positions of a run of text, computed exactly the way pdfkit sets it, so a
// line measured here lands where the painters put it — in the PDF and in the PNG alike.
//
// pdfkit shapes text without OpenType features word by word (each chunk ends with its space),
// and text with features (small caps, old-style figures) in one piece; on justified lines it
// sets every word on its own and replaces each space with the space width plus the extra.
import { fontFace, type FontName } from '../fonts.js';
import type { Glyph } from 'fontkit';

export interface RunStyle {
  font: FontName;
  /** pt */
  size: number;
  features?: string[];
  /** pt after every glyph */
  tracking?: number;
}

interface Advance {
  /** in font units */
  units: number;
  glyphs: number;
}

const advances = new Map<string, Map<string, Advance>>();

function shapeAdvance(font: FontName, text: string, features: string[] | undefined): Advance {
  const setKey = features ? `${font}|${features.join(',')}` : font;
  return cached(cached(advances, setKey, () => new Map<string, Advance>()), text, () => {
    const run = fontFace(font).layout(text, features);
    return { units: run.advanceWidth, glyphs: run.glyphs.length };
  });
}

import { chunksOf as chunks } from '../fonts.js';
import { cached } from '../memo.js';

// Measured chunk by chunk even when pdfkit shapes the run whole (with features): EB Garamond
// kerns no pair across a space, so the sums agree, and a paragraph costs one shaping per word
// rather than one per trial line.
function advance(text: string, font: FontName, features: string[] | undefined): Advance {
  const f = features && features.length > 0 ? features : undefined;
  let units = 0;
  let glyphs = 0;
  for (const c of chunks(text)) {
    const a = shapeAdvance(font, c, f);
    units += a.units;
    glyphs += a.glyphs;
  }
  return { units, glyphs };
}

/** The set width of `text` in pt (tracking counted between glyphs, not after the last). */
export function textWidth(text: string, style: RunStyle): number {
  if (text.length === 0) return 0;
  const a = advance(text, style.font, style.features);
  const upm = fontFace(style.font).unitsPerEm;
  return (a.units * style.size) / upm + (style.tracking ?? 0) * Math.max(0, a.glyphs - 1);
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

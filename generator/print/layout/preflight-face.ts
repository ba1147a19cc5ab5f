// Preflight of one laid-out face, the way a print reviewer looks at it: no straight edge (a
// panel, a rule, a picture) within 6 mm of the trim unless it runs off the card; the ink of every
// run of text (its glyphs' outlines, not its box) must stay 3.5 mm inside the trim, must not touch the
// ink of another field, and small text (under 9 pt) must stand out from what it is printed on
// by at least 4.5 : 1 (WCAG AA). A card that fails stops the build, naming the card and field.
import { contrast } from '../colour/vision.js';
import { chunksOf, fontFace, sharedChunks } from '../fonts.js';
import type { DisplayItem, TextItem } from './display-list.js';
import { PT } from './fit.js';
import { placeGlyphs, textWidth } from './shape.js';

export const SAFE_ZONE = 3.5; // mm inside the trim
/** mm: no straight edge (a frame, a rule, the side of a panel or picture) nearer the trim than this, unless it runs off it. */
export const FRAME_ZONE = 6;
export const SMALL_TEXT = 9; // pt: below this, text needs the contrast below
export const MIN_CONTRAST = 4.5;
const TOUCH = 0.05; // mm of overlap tolerated (rounding of outlines)

export interface InkBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const inks = new Map<string, InkBox | null>();

/** Where a run of text puts ink, mm, from its glyphs' outlines as placed by pdfkit. */
export function inkBox(t: TextItem): InkBox | null {
  const key = `${t.font}|${t.size}|${t.features?.join() ?? ''}|${t.tracking ?? 0}|${t.wordSpacing ?? 0}|${t.text}`;
  let local = inks.get(key);
  if (local === undefined) inks.set(key, (local = inkOf(t)));
  return local && { x0: t.x + local.x0, y0: t.y + local.y0, x1: t.x + local.x1, y1: t.y + local.y1 };
}

/**
 * The ink of a run relative to its origin, glyph by glyph from the face's shared chunks — the
 * very positions placeGlyphs gives, in the same sums, without copying them.
 */
function inkOf(t: TextItem): InkBox | null {
  const face = fontFace(t.font);
  const chunk = sharedChunks(face);
  if (!chunk) return inkOfPlaced(t);
  const k = t.size / face.unitsPerEm;
  const tracking = t.tracking ?? 0;
  const features = t.features && t.features.length > 0 ? t.features : undefined;
  let x = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const set = (text: string) => {
    for (const c of chunksOf(text)) {
      const run = chunk(c, features);
      const { glyphs, positions } = run;
      for (let i = 0; i < glyphs.length; i++) {
        const p = positions[i]!;
        const gx = x + p.xOffset * k;
        const dy = p.yOffset * k;
        x += p.xAdvance * k + tracking;
        const b = glyphs[i]!.bbox;
        if (!b || b.maxX <= b.minX) continue; // a space
        x0 = Math.min(x0, gx + b.minX * k);
        x1 = Math.max(x1, gx + b.maxX * k);
        y0 = Math.min(y0, -(dy + b.maxY * k));
        y1 = Math.max(y1, -(dy + b.minY * k));
      }
    }
  };
  if (t.wordSpacing) {
    // As placeGlyphs: pdfkit drops the spaces and advances each word by one space width plus the extra.
    const space = textWidth(' ', { font: t.font, size: t.size }) + tracking;
    for (const word of t.text.trim().split(/\s+/)) {
      set(word);
      x += space + t.wordSpacing;
    }
  } else set(t.text);
  return x0 === Infinity ? null : { x0: x0 * PT, y0: y0 * PT, x1: x1 * PT, y1: y1 * PT };
}

/** The same from placeGlyphs, when the face's layout is not memoised. */
function inkOfPlaced(t: TextItem): InkBox | null {
  {
    const face = fontFace(t.font);
    const k = t.size / face.unitsPerEm;
    let box: InkBox | null = null;
    for (const g of placeGlyphs(
      t.text,
      { font: t.font, size: t.size, ...(t.features ? { features: t.features } : {}), ...(t.tracking ? { tracking: t.tracking } : {}) },
      t.wordSpacing ?? 0,
    )) {
      const b = g.glyph.bbox;
      if (!b || b.maxX <= b.minX) continue; // a space
      const x0 = g.x + b.minX * k;
      const x1 = g.x + b.maxX * k;
      const y0 = -(g.dy + b.maxY * k);
      const y1 = -(g.dy + b.minY * k);
      box = box ? { x0: Math.min(box.x0, x0), y0: Math.min(box.y0, y0), x1: Math.max(box.x1, x1), y1: Math.max(box.y1, y1) } : { x0, y0, x1, y1 };
    }
    return box && { x0: box.x0 * PT, y0: box.y0 * PT, x1: box.x1 * PT, y1: box.y1 * PT };
  }
}

/** The colour under a point: the last filled shape drawn there before item `before`, or the face's ground. */
function groundAt(items: DisplayItem[], before: number, x: number, y: number, background: string): string {
  for (let i = before - 1; i >= 0; i--) {
    const it = items[i]!;
    if (it.kind === 'rect' && it.fill && x >= it.x && x <= it.x + it.w && y >= it.y && y <= it.y + it.h) return it.fill;
    if (it.kind === 'circle' && it.fill && Math.hypot(x - it.cx, y - it.cy) <= it.r) return it.fill;
  }
  return background;
}

export interface FaceProblem {
  field: string;
  problem: string;
  kind: 'room' | 'contrast';
}

const SIDES = ['left', 'top', 'right', 'bottom'] as const;

/**
 * A straight edge close to the trim but not off it: the first thing a miscut of a millimetre or
 * two shows, as a frame visibly nearer one side than the other. Art that runs off the trim into
 * the bleed has no such edge; circles and icons have no straight edge to compare.
 */
function edgeNearTrim(items: DisplayItem[], width: number, height: number): FaceProblem | undefined {
  for (const it of items) {
    let box: [number, number, number, number];
    if (it.kind === 'rect' || it.kind === 'image') box = [it.x, it.y, it.x + it.w, it.y + it.h];
    else if (it.kind === 'line') box = [Math.min(it.x1, it.x2), Math.min(it.y1, it.y2), Math.max(it.x1, it.x2), Math.max(it.y1, it.y2)];
    else continue;
    const gaps = [box[0], box[1], width - box[2], height - box[3]];
    for (let side = 0; side < 4; side++) {
      const gap = gaps[side]!;
      if (gap > 1e-3 && gap < FRAME_ZONE - 1e-3)
        return {
          field: it.field ?? it.kind,
          kind: 'room',
          problem: `its edge runs ${(Math.floor(gap * 100) / 100).toFixed(2)} mm from the ${SIDES[side]} trim, where a cutter's miscut would show; keep edges ${FRAME_ZONE} mm inside the trim, or run the shape off the card into the bleed`,
        };
    }
  }
  return undefined;
}

/** The first problem a reviewer would find on this face, if any. */
export function reviewFace(items: DisplayItem[], width: number, height: number, background: string): FaceProblem | undefined {
  const edge = edgeNearTrim(items, width, height);
  if (edge) return edge;
  const runs: { field: string; ink: InkBox; item: TextItem; index: number }[] = [];
  items.forEach((it, index) => {
    if (it.kind !== 'text') return;
    const ink = inkBox(it);
    if (ink) runs.push({ field: it.field ?? 'text', ink, item: it, index });
  });
  for (const r of runs) {
    const inside = Math.min(r.ink.x0, r.ink.y0, width - r.ink.x1, height - r.ink.y1);
    if (inside < SAFE_ZONE - 1e-3)
      return {
        field: r.field,
        kind: 'room',
        problem: `its ink comes ${(Math.floor(Math.max(0, inside) * 100) / 100).toFixed(2)} mm from the trim, inside the ${SAFE_ZONE} mm a cutter may take`,
      };
  }
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i]!;
      const b = runs[j]!;
      if (a.field === b.field) continue;
      const w = Math.min(a.ink.x1, b.ink.x1) - Math.max(a.ink.x0, b.ink.x0);
      const h = Math.min(a.ink.y1, b.ink.y1) - Math.max(a.ink.y0, b.ink.y0);
      if (w > TOUCH && h > TOUCH) return { field: a.field, kind: 'room', problem: `its text runs into the “${b.field}” (${w.toFixed(1)} mm across)` };
    }
  }
  for (const r of runs) {
    if (r.item.size >= SMALL_TEXT) continue;
    const cx = (r.ink.x0 + r.ink.x1) / 2;
    const cy = (r.ink.y0 + r.ink.y1) / 2;
    const ratio = contrast(r.item.fill, groundAt(items, r.index, cx, cy, background));
    if (ratio < MIN_CONTRAST - 1e-9)
      return {
        field: r.field,
        kind: 'contrast',
        problem: `its ${r.item.size.toFixed(1)} pt text has a contrast of ${ratio.toFixed(1)} : 1 with what it is printed on; text under ${SMALL_TEXT} pt needs ${MIN_CONTRAST} : 1`,
      };
  }
  return undefined;
}

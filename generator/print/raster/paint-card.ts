// Paints a card's display list straight into pixels: the print-shop PNGs and the Tabletop
// Simulator cells. It draws what the PDF painter (paint/pdf.ts) draws — the same glyphs placed by
// the same shaping (layout/shape.ts), the same icon outlines, strokes centred on their paths with
// butt ends, the non-zero fill rule — so a PNG shows the card the PDF shows
// (tests/print/press-png.test.ts compares them). Painting here, rather than writing SVG for
// librsvg, costs a few milliseconds a card instead of thirty: text is most of a card, and
// librsvg spent its time reading and placing each glyph's <use>.
import type { DisplayItem, DisplayList } from '../layout/display-list.js';
import { PT } from '../layout/fit.js';
import { placeGlyphs } from '../layout/shape.js';
import { fontFace } from '../fonts.js';
import { ICON_SIZE } from '../icons.js';
import { type Canvas, fillBox, fillFrame, type Frame, rgbOf } from './canvas.js';
import { glyphOutline, iconOutline } from './outlines.js';
import { ARENA_BYTES, type Mask, maskBytes, paintMask } from './mask.js';
import { Shape } from './shape.js';
import { drawPicture, type Picture } from './picture.js';

/** The part of the card shown, in mm from its trim corner: the bleed box, or the trim. */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where a card goes on a canvas, and how many pixels a millimetre is each way. */
interface Place {
  canvas: Canvas;
  frame: Frame;
  sx: number;
  sy: number;
  /** mm → pixels from the frame's corner */
  X(mm: number): number;
  Y(mm: number): number;
  /** What the shapes' pixels depend on besides their own numbers: scale and view. */
  key: string;
}

const shape = new Shape();
const KAPPA = (4 * (Math.SQRT2 - 1)) / 3;

/**
 * Masks of the shapes painted so far, by what they depend on: a shape's own numbers with the
 * scale and view (so the same medallion on every card of a deck, and in every cell of a sheet,
 * is worked out once), or a glyph's face, size and position within its pixel (to a quarter).
 */
const masks = new Map<string, Mask>();
/** A build meets a few thousand distinct shapes; a bound keeps a huge pack's from growing without end. */
const MAX_MASKS = 10_000;

/**
 * Glyphs' masks, by face and scale and then by glyph and position within the pixel, as one
 * number: a card paints hundreds of glyphs, and a number is found in a map without building and
 * hashing a string each time. Bounded by their bytes, at what one filling of the kernels' arena
 * holds (mask.ts), so the masks kept are painted from memory they are already in: a raster worker
 * paints print-shop PNGs and Tabletop Simulator cells in turn, two scales that meet about 21,000
 * masks (21 MB) between them however large the pack. A bound below that (it was 16,000 masks)
 * emptied the cache every few dozen cards and traced every glyph again: a third of the painting time.
 */
const glyphMasks = new Map<string, Map<number, Mask>>();
let glyphMaskBytes = 0;
let glyphsTraced = 0;

/** How many glyph masks this thread has traced so far: a glyph kept is not traced again (the tests hold the cache to that). */
export function glyphMasksTraced(): number {
  return glyphsTraced;
}

function cachedMask(key: string, trace: () => void): Mask {
  let mask = masks.get(key);
  if (!mask) {
    shape.transform(1, 0, 0, 1, 0, 0);
    trace();
    mask = shape.mask();
    if (masks.size >= MAX_MASKS) masks.clear();
    masks.set(key, mask);
  }
  return mask;
}

/** Paints `list` into `frame` of `canvas`, the view of the card filling the frame. */
export function paintCard(canvas: Canvas, frame: Frame, list: DisplayList, view: View, pictures: ReadonlyMap<string, Picture>): void {
  const sx = frame.width / view.w;
  const sy = frame.height / view.h;
  const at: Place = {
    canvas,
    frame,
    sx,
    sy,
    X: (mm) => (mm - view.x) * sx,
    Y: (mm) => (mm - view.y) * sy,
    key: `${sx} ${sy} ${view.x} ${view.y}`,
  };
  fillFrame(canvas, frame, rgbOf(list.background));
  for (const it of list.items) paintItem(at, it, pictures);
}

function paintItem(at: Place, it: DisplayItem, pictures: ReadonlyMap<string, Picture>): void {
  switch (it.kind) {
    case 'rect': {
      const x0 = at.X(it.x);
      const y0 = at.Y(it.y);
      const x1 = at.X(it.x + it.w);
      const y1 = at.Y(it.y + it.h);
      const rx = (it.radius ?? 0) * at.sx;
      const ry = (it.radius ?? 0) * at.sy;
      if (it.fill) {
        if (rx > 0) fill(at, it, 'fill', it.fill, () => roundedRect(x0, y0, x1, y1, rx, ry, false));
        else fillBox(at.canvas, at.frame, at.frame.left + x0, at.frame.top + y0, at.frame.left + x1, at.frame.top + y1, rgbOf(it.fill));
      }
      if (it.stroke) {
        const hx = ((it.line ?? 0.5) * PT * at.sx) / 2;
        const hy = ((it.line ?? 0.5) * PT * at.sy) / 2;
        if (it.dash) {
          const corners: [number, number][] = [
            [it.x, it.y],
            [it.x + it.w, it.y],
            [it.x + it.w, it.y + it.h],
            [it.x, it.y + it.h],
            [it.x, it.y],
          ];
          fill(at, it, 'stroke', it.stroke, () => dashed(at, corners, it.line ?? 0.5, it.dash!));
        } else
          fill(at, it, 'stroke', it.stroke, () => {
            // A stroke is the band between the outline grown and shrunk by half its width; the
            // inner outline is traced mirrored, so that it winds the other way and cuts the hole.
            roundedRect(x0 - hx, y0 - hy, x1 + hx, y1 + hy, rx + hx, ry + hy, false);
            if (x1 - x0 > 2 * hx && y1 - y0 > 2 * hy) roundedRect(x0 + hx, y0 + hy, x1 - hx, y1 - hy, Math.max(0, rx - hx), Math.max(0, ry - hy), true);
          });
      }
      return;
    }
    case 'circle': {
      const cx = at.X(it.cx);
      const cy = at.Y(it.cy);
      if (it.fill) fill(at, it, 'fill', it.fill, () => ellipse(cx, cy, it.r * at.sx, it.r * at.sy, false));
      if (it.stroke) {
        const hx = ((it.line ?? 0.5) * PT * at.sx) / 2;
        const hy = ((it.line ?? 0.5) * PT * at.sy) / 2;
        fill(at, it, 'stroke', it.stroke, () => {
          ellipse(cx, cy, it.r * at.sx + hx, it.r * at.sy + hy, false);
          if (it.r * at.sx > hx) ellipse(cx, cy, it.r * at.sx - hx, it.r * at.sy - hy, true);
        });
      }
      return;
    }
    case 'line':
      fill(at, it, 'stroke', it.stroke, () =>
        dashed(
          at,
          [
            [it.x1, it.y1],
            [it.x2, it.y2],
          ],
          it.line,
          it.dash,
        ),
      );
      return;
    case 'icon': {
      const k = it.size / ICON_SIZE;
      const turn = ((it.rotate ?? 0) * Math.PI) / 180;
      const cos = Math.cos(turn);
      const sin = Math.sin(turn);
      // Scale into the square, then turn about its centre (clockwise on a y-down page).
      const half = it.size / 2;
      const ox = it.x + half - cos * half + sin * half;
      const oy = it.y + half - sin * half - cos * half;
      fill(at, it, 'fill', it.fill, () =>
        shape.transform(cos * k * at.sx, sin * k * at.sy, -sin * k * at.sx, cos * k * at.sy, at.X(ox), at.Y(oy)).trace(iconOutline(it.name)),
      );
      return;
    }
    case 'image': {
      const picture = pictures.get(it.key);
      if (!picture) throw new Error(`image ${it.key} was not prepared`);
      const { left, top } = at.frame;
      drawPicture(at.canvas, at.frame, picture, left + at.X(it.x), top + at.Y(it.y), left + at.X(it.x + it.w), top + at.Y(it.y + it.h));
      return;
    }
    case 'text': {
      const face = fontFace(it.font);
      const k = (it.size * PT) / face.unitsPerEm;
      const glyphs = placeGlyphs(
        it.text,
        { font: it.font, size: it.size, ...(it.features ? { features: it.features } : {}), ...(it.tracking ? { tracking: it.tracking } : {}) },
        it.wordSpacing ?? 0,
      );
      const rgb = rgbOf(it.fill);
      const kx = k * at.sx;
      const ky = k * at.sy;
      const sizeKey = `${it.font} ${kx} ${ky}`;
      let byGlyph = glyphMasks.get(sizeKey);
      if (!byGlyph) glyphMasks.set(sizeKey, (byGlyph = new Map()));
      for (const g of glyphs) {
        // Each glyph is painted from its mask at its position rounded to a quarter pixel.
        const qx = Math.round(at.X(it.x + g.x * PT) * 4) / 4;
        const qy = Math.round(at.Y(it.y - g.dy * PT) * 4) / 4;
        const ix = Math.floor(qx);
        const iy = Math.floor(qy);
        const id = g.glyph.id;
        const key = id * 16 + (qx - ix) * 16 + (qy - iy) * 4;
        let mask = byGlyph.get(key);
        if (!mask) {
          // Font units are y up; the page is y down.
          shape.transform(kx, 0, 0, -ky, qx - ix, qy - iy).trace(glyphOutline(it.font, id));
          mask = shape.mask();
          glyphsTraced++;
          const bytes = maskBytes(mask);
          glyphMaskBytes += bytes;
          if (glyphMaskBytes > ARENA_BYTES) {
            glyphMasks.clear();
            glyphMasks.set(sizeKey, (byGlyph = new Map()));
            glyphMaskBytes = bytes;
          }
          byGlyph.set(key, mask);
        }
        paintMask(at.canvas, at.frame, mask, at.frame.left + ix, at.frame.top + iy, rgb);
      }
      return;
    }
  }
}

/** Fills the shape `trace` draws for the item's `part` (its fill or its stroke), from its mask. */
function fill(at: Place, it: DisplayItem, part: 'fill' | 'stroke', colour: string, trace: () => void): void {
  const mask = cachedMask(`${at.key} ${part} ${geometry(it)}`, trace);
  paintMask(at.canvas, at.frame, mask, at.frame.left, at.frame.top, rgbOf(colour));
}

/** An item's numbers and names without its colours (and the name of its field): what its pixels depend on. */
function geometry(it: DisplayItem): string {
  return JSON.stringify(it, (k, v) => (k === 'fill' || k === 'stroke' || k === 'field' ? undefined : v));
}

/**
 * A rectangle with corners rounded by (rx, ry), as pdfkit's roundedRect draws it, in canvas
 * pixels. `mirrored` traces it reflected about its own centre line: the same area, wound the
 * other way.
 */
function roundedRect(x0: number, y0: number, x1: number, y1: number, rxIn: number, ryIn: number, mirrored: boolean): void {
  const rx = Math.min(rxIn, (x1 - x0) / 2);
  const ry = Math.min(ryIn, (y1 - y0) / 2);
  const mid = (x0 + x1) / 2;
  const X = mirrored ? (x: number) => 2 * mid - x : (x: number) => x;
  const cx = rx * (1 - KAPPA);
  const cy = ry * (1 - KAPPA);
  shape.moveTo(X(x0 + rx), y0).lineTo(X(x1 - rx), y0);
  if (rx > 0 && ry > 0) shape.cubicTo(X(x1 - cx), y0, X(x1), y0 + cy, X(x1), y0 + ry);
  shape.lineTo(X(x1), y1 - ry);
  if (rx > 0 && ry > 0) shape.cubicTo(X(x1), y1 - cy, X(x1 - cx), y1, X(x1 - rx), y1);
  shape.lineTo(X(x0 + rx), y1);
  if (rx > 0 && ry > 0) shape.cubicTo(X(x0 + cx), y1, X(x0), y1 - cy, X(x0), y1 - ry);
  shape.lineTo(X(x0), y0 + ry);
  if (rx > 0 && ry > 0) shape.cubicTo(X(x0), y0 + cy, X(x0 + cx), y0, X(x0 + rx), y0);
  shape.close();
}

/** An ellipse as four quarter-circle cubics (pdfkit's ellipse); `mirrored` winds it the other way. */
function ellipse(cx: number, cy: number, rx: number, ry: number, mirrored: boolean): void {
  const s = mirrored ? -1 : 1;
  const ox = rx * KAPPA * s;
  const oy = ry * KAPPA;
  const r = rx * s;
  shape.moveTo(cx - r, cy);
  shape.cubicTo(cx - r, cy - oy, cx - ox, cy - ry, cx, cy - ry);
  shape.cubicTo(cx + ox, cy - ry, cx + r, cy - oy, cx + r, cy);
  shape.cubicTo(cx + r, cy + oy, cx + ox, cy + ry, cx, cy + ry);
  shape.cubicTo(cx - ox, cy + ry, cx - r, cy + oy, cx - r, cy);
  shape.close();
}

/**
 * A stroke along a polyline (mm), `line` pt wide with butt ends, cut into dashes (mm on, mm off,
 * from the start, as PDF dashes) when given. Each piece is a band of its own; where two meet at
 * a corner they overlap and the non-zero fill counts them once.
 */
function dashed(at: Place, points: [number, number][], line: number, dash?: [number, number]): void {
  const half = (line * PT) / 2;
  const band = (ax: number, ay: number, bx: number, by: number) => {
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) return;
    const nx = (-(by - ay) / len) * half;
    const ny = ((bx - ax) / len) * half;
    shape
      .moveTo(at.X(ax + nx), at.Y(ay + ny))
      .lineTo(at.X(bx + nx), at.Y(by + ny))
      .lineTo(at.X(bx - nx), at.Y(by - ny))
      .lineTo(at.X(ax - nx), at.Y(ay - ny))
      .close();
  };
  let phase = 0; // distance into the current dash period
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[i + 1]!;
    if (!dash) {
      band(ax, ay, bx, by);
      continue;
    }
    const len = Math.hypot(bx - ax, by - ay);
    const period = dash[0] + dash[1];
    let s = 0;
    while (s < len) {
      const on = phase < dash[0];
      const step = Math.min(len - s, (on ? dash[0] : period) - phase);
      if (on) {
        const t0 = s / len;
        const t1 = (s + step) / len;
        band(ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1);
      }
      s += step;
      phase = (phase + step) % period;
    }
  }
}

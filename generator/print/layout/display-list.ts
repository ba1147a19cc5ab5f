// What a laid-out card is: a flat list of things to paint, in millimetres from the card's
// top-left trim corner (negative or beyond the trim where art runs into the bleed). Both
// painters — pdfkit for PDFs, SVG for PNGs — draw exactly this, so every export shows the
// same card. Type sizes and line widths are in points, as a typographer would give them.
import type { FontName } from '../fonts.js';

/** What every item has: the layout element it was drawn for ("title", "emblem" …). */
interface Named {
  /** The layout field it belongs to, for preflight's messages and the rule book's callouts. */
  field?: string;
}

export interface RectItem extends Named {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  stroke?: string;
  /** Stroke width in pt. */
  line?: number;
  /** Corner radius in mm. */
  radius?: number;
  dash?: [number, number];
}

export interface CircleItem extends Named {
  kind: 'circle';
  cx: number;
  cy: number;
  r: number;
  fill?: string;
  stroke?: string;
  line?: number;
}

export interface LineItem extends Named {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: string;
  line: number;
  dash?: [number, number];
}

/** A game-icons glyph drawn in a square whose top-left corner is (x, y). */
export interface IconItem extends Named {
  kind: 'icon';
  name: string;
  x: number;
  y: number;
  size: number;
  fill: string;
  /** Degrees, clockwise, about the square's centre. */
  rotate?: number;
}

/** One run of text in one face, set on a baseline starting at x. */
export interface TextItem extends Named {
  kind: 'text';
  x: number;
  /** The baseline. */
  y: number;
  text: string;
  font: FontName;
  /** pt */
  size: number;
  fill: string;
  features?: string[];
  /** Extra space after every glyph, pt. */
  tracking?: number;
  /** Extra space at every word gap, pt (justified lines). */
  wordSpacing?: number;
}

/** A processed picture (JPEG bytes live in the card's image table under `key`). */
export interface ImageItem extends Named {
  kind: 'image';
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DisplayItem = RectItem | CircleItem | LineItem | IconItem | TextItem | ImageItem;

export interface DisplayList {
  /** Trim size in mm. */
  width: number;
  height: number;
  /** How far the art runs beyond the trim on every side, mm. */
  bleed: number;
  /** Colour of the whole face, bleed included. */
  background: string;
  items: DisplayItem[];
}

/** A finished image ready to embed: JPEG bytes at print resolution. */
export interface ProcessedImage {
  key: string;
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
}

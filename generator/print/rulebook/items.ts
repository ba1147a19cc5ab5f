// The vertical list the typesetter builds and the paginator cuts into pages: boxes that are
// never split (a line, a table row, a heading), glue that disappears at a page top, and forced
// page breaks. `keep` ties a box to the next one, which is how headings stay with their text and
// paragraphs lose their widows and orphans.
import type { Op } from './ops.js';

export interface Anchor {
  /** Named destination, e.g. "ch-4" or "ch-4-2". */
  id: string;
  level: 1 | 2 | 3;
  title: string;
  /** Chapter number for level-1 headings after the front matter. */
  number?: number;
}

export interface Panel {
  id: number;
  x: number;
  width: number;
  fill: string;
  bar: string;
  barWidth: number;
  /** Space between the panel's edge and its first or last line. */
  pad: number;
}

export interface Box {
  kind: 'box';
  height: number;
  /** Ops laid out with this box's top at y = 0. */
  ops: Op[];
  /** Must stay on the same page as the next box. */
  keep?: boolean;
  panel?: Panel;
  /** The panel's first or last box (its padding), so a panel split over pages is drawn open. */
  panelStart?: boolean;
  panelEnd?: boolean;
  anchor?: Anchor;
  /** Baseline of the box's first line, where a list marker goes. */
  baseline?: number;
  /** A table header to repeat when this row starts a new page. */
  repeat?: Box;
  /** A figure: when it does not fit, the text after it fills the page and it opens the next. */
  float?: boolean;
}

export interface Glue {
  kind: 'glue';
  size: number;
}

export interface Break {
  kind: 'break';
}

export type Item = Box | Glue | Break;

export const glue = (size: number): Glue => ({ kind: 'glue', size });
export const box = (height: number, ops: Op[], extra: Partial<Omit<Box, 'kind' | 'height' | 'ops'>> = {}): Box => ({ kind: 'box', height, ops, ...extra });

/** Adds glue, merging it with glue just before (the larger space wins, as in a book). */
export function pushGlue(items: Item[], size: number): void {
  const last = items[items.length - 1];
  if (last?.kind === 'glue') last.size = Math.max(last.size, size);
  else items.push(glue(size));
}

// Setting a column of text blocks (title, gloss, rules, note …) in a box. If it does not fit
// at the design sizes, every block shrinks together, each no further than its own floor; if it
// still does not fit, the caller is told which blocks and why, so the build can name the card.
import type { FontName } from '../fonts.js';
import { breakParagraph, richPieces, type Line, type Piece } from './lines.js';
import { textWidth, type RunStyle } from './shape.js';
import type { DisplayItem } from './display-list.js';
import type { Typesetting } from './schema.js';

export const PT = 25.4 / 72;

export interface TextBlockSpec {
  kind: 'text';
  name: string;
  /** Finished paragraphs (templates already filled). */
  paragraphs: string[];
  font: FontName;
  size: number;
  min: number;
  fill: string;
  align: 'left' | 'center' | 'right' | 'justify';
  leading: number;
  features?: string[];
  /** em/1000 */
  tracking: number;
  maxLines?: number;
  balance: boolean;
  rich?: { bold: FontName; italic: FontName };
  /** mm */
  spaceBefore: number;
  paragraphGap: number;
  bullet?: string;
  /** How justified text is set (the theme's typesetting); only with align: justify. */
  typesetting?: Typesetting;
  /** Keep the design size while the stack's other blocks shrink (a deck's titles). */
  keepSize?: boolean;
}

export interface RuleBlockSpec {
  kind: 'rule';
  width: number;
  height: number;
  spaceBefore: number;
  line: number;
  colour: string;
  ornament?: string;
  ornamentSize: number;
  ornamentFont: FontName;
  /** The ornament's own colour (the rule's when not given). */
  ornamentColour?: string;
}

export type BlockSpec = TextBlockSpec | RuleBlockSpec;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Shrunk {
  field: string;
  designSize: number;
  size: number;
}

export type FitResult = { ok: true; items: DisplayItem[]; shrunk: Shrunk[] } | { ok: false; fields: string[]; reason: string };

interface SetBlock {
  spec: BlockSpec;
  height: number;
  paragraphs: { lines: Line[]; indent: number }[];
  size: number;
  /** Set justified: asked for, and the column wide enough for its size. */
  justified: boolean;
  problem?: string;
}

const sizeAt = (b: TextBlockSpec, t: number) => Math.max(b.min, Math.round(b.size * t * 10) / 10);
const gapAt = (mmGap: number, t: number) => mmGap * Math.max(0.5, t);

function styleOf(b: TextBlockSpec, size: number): RunStyle {
  return { font: b.font, size, features: b.features, tracking: (b.tracking / 1000) * size };
}

/** A text block broken into lines at one type size: what its shrinking trials can share. */
interface Broken {
  paragraphs: { lines: Line[]; indent: number }[];
  justified: boolean;
  problem?: string;
}

function breakText(b: TextBlockSpec, widthMm: number, size: number): Broken {
  const style = styleOf(b, size);
  const bulletWidth = b.bullet ? textWidth(`${b.bullet} `, style) : 0;
  const measure = widthMm / PT - bulletWidth;
  let problem: string | undefined;
  let lineCount = 0;
  // A column too narrow for its type size is set ragged right: justified, its spaces would gape.
  const justified = b.align === 'justify' && (!b.typesetting || measure / size >= b.typesetting.justify_min_ems);
  const hyphenate = justified ? b.typesetting?.hyphenate : undefined;
  const paragraphs = b.paragraphs.map((text) => {
    const pieces: Piece[] = b.rich ? richPieces(text, style, { ...style, font: b.rich.bold }, { ...style, font: b.rich.italic }) : [{ text, style }];
    const broken = breakParagraph(pieces, measure, { balance: b.balance && b.align === 'center', justify: justified, ...(hyphenate ? { hyphenate } : {}) });
    if (broken.tooWide) problem ??= `the word “${clipped(broken.tooWide)}” is wider than its space`;
    lineCount += broken.lines.length;
    return { lines: broken.lines, indent: bulletWidth };
  });
  if (b.maxLines && lineCount > b.maxLines) problem ??= `it needs ${lineCount} lines and ${b.maxLines} are allowed`;
  return { paragraphs, justified, ...(problem !== undefined ? { problem } : {}) };
}

/**
 * Each block's lines by type size, for one fitBlocks call. Sizes are rounded to a tenth of a
 * point, so the trials of a shrink meet the same sizes again (and a block that keeps its size,
 * or sits at its floor, has the same lines in every trial): a block is broken once per size.
 */
type BreakMemo = Map<number, Broken>[];

function setText(b: TextBlockSpec, widthMm: number, t: number, memo: Map<number, Broken>): SetBlock {
  const size = sizeAt(b, t);
  let broken = memo.get(size);
  if (!broken) memo.set(size, (broken = breakText(b, widthMm, size)));
  const lineHeight = size * b.leading * PT;
  let height = 0;
  broken.paragraphs.forEach((p, i) => {
    height += p.lines.length * lineHeight + (i > 0 ? gapAt(b.paragraphGap, t) : 0);
  });
  return {
    spec: b,
    height,
    paragraphs: broken.paragraphs,
    size,
    justified: broken.justified,
    ...(broken.problem !== undefined ? { problem: broken.problem } : {}),
  };
}

/** Sets every block: those that keep their size at scale `u`, the rest (and all spacing) at `t`. */
function setAll(blocks: BlockSpec[], widthMm: number, memo: BreakMemo, t: number, u = 1): { set: SetBlock[]; height: number } {
  let height = 0;
  const set = blocks.map((b, i) => {
    const s: SetBlock =
      b.kind === 'rule'
        ? { spec: b, height: b.height * Math.max(0.6, t), paragraphs: [], size: 0, justified: false }
        : setText(b, widthMm, b.keepSize ? u : t, (memo[i] ??= new Map()));
    height += s.height + (i > 0 ? gapAt(b.spaceBefore, t) : 0);
    return s;
  });
  return { set, height };
}

function fits(r: { set: SetBlock[]; height: number }, box: Box): boolean {
  return r.height <= box.h + 1e-6 && r.set.every((s) => !s.problem);
}

/** The largest scale in [lo, 1] for which `fitsAt` holds, given that it holds at lo. */
function largest(lo: number, fitsAt: (scale: number) => boolean): number {
  let hi = 1;
  for (let i = 0; i < 7; i++) {
    const mid = (lo + hi) / 2;
    if (fitsAt(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Sets the blocks in the box, shrinking them together as far as their floors allow. Blocks that
 * keep their size (a deck's titles, so that every card of a deck shows its title at one size)
 * shrink only once the others are at their floors and still do not fit.
 */
export function fitBlocks(blocks: BlockSpec[], box: Box, valign: 'top' | 'middle' | 'bottom'): FitResult {
  const texts = blocks.filter((b): b is TextBlockSpec => b.kind === 'text');
  const floorOf = (list: TextBlockSpec[]) => Math.min(1, ...list.map((b) => b.min / b.size));
  const memo: BreakMemo = [];
  const setAt = (t: number, u = 1) => setAll(blocks, box.w, memo, t, u);
  let result = setAt(1);
  let t = 1;
  if (!fits(result, box)) {
    const floor = floorOf(texts.filter((b) => !b.keepSize));
    const steadyFloor = floorOf(texts.filter((b) => b.keepSize));
    const atFloor = setAt(floor, steadyFloor);
    if (!fits(atFloor, box)) {
      const bad = atFloor.set.filter((s) => s.problem);
      if (bad.length > 0) return { ok: false, fields: bad.map((s) => (s.spec as TextBlockSpec).name), reason: bad[0]!.problem! };
      return {
        ok: false,
        fields: texts.map((b) => b.name),
        reason: `${texts.length === 1 ? 'it needs' : 'together they need'} ${atFloor.height.toFixed(1)} mm and the space holds ${box.h.toFixed(1)} mm`,
      };
    }
    // Largest scale that fits: first of the blocks that may shrink, those that keep their size
    // at their design size; only if that is not enough, of those too.
    let u = 1;
    if (fits(setAt(floor, 1), box)) t = largest(floor, (mid) => fits(setAt(mid, 1), box));
    else {
      t = floor;
      u = largest(steadyFloor, (mid) => fits(setAt(floor, mid), box));
    }
    result = setAt(t, u);
  }
  const items: DisplayItem[] = [];
  let y = valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.h - result.height : box.y + (box.h - result.height) / 2;
  const shrunk: Shrunk[] = [];
  result.set.forEach((s, i) => {
    if (i > 0) y += gapAt(s.spec.spaceBefore, t);
    if (s.spec.kind === 'rule') paintRule(s.spec, box, y, s.height, items);
    else {
      const b = s.spec;
      if (s.size < b.size) shrunk.push({ field: b.name, designSize: b.size, size: s.size });
      paintText(b, s, box, y, t, items);
    }
    y += s.height;
  });
  return { ok: true, items, shrunk };
}

function paintText(b: TextBlockSpec, s: SetBlock, box: Box, top: number, t: number, items: DisplayItem[]): void {
  const style = styleOf(b, s.size);
  const lineHeight = s.size * b.leading * PT;
  // Each line box centres the capital height, so one line in a box sits optically in the middle.
  const baselineInLine = lineHeight / 2 + 0.33 * s.size * PT;
  let y = top;
  s.paragraphs.forEach((p, pi) => {
    if (pi > 0) y += gapAt(b.paragraphGap, t);
    p.lines.forEach((line, li) => {
      const baseline = y + baselineInLine;
      const free = box.w - p.indent * PT - line.width * PT;
      let x = box.x + p.indent * PT;
      let wordSpacing: number | undefined;
      if (b.align === 'center') x += free / 2;
      else if (b.align === 'right') x += free;
      else if (s.justified && li < p.lines.length - 1 && line.spans.length === 1) {
        const gaps = (line.spans[0]!.text.trim().match(/ +/g) ?? []).length;
        // A loose line is worse than a ragged one: never stretch a gap past three spaces. (A
        // negative extra tightens a line the breaker set a little over the measure.)
        const extra = gaps > 0 ? free / PT / gaps : 0;
        if (gaps > 0 && extra < textWidth(' ', style) * 2) wordSpacing = extra;
      }
      if (li === 0 && b.bullet)
        items.push({ kind: 'text', x: box.x, y: baseline, text: b.bullet, font: style.font, size: s.size, fill: b.fill, features: b.features, field: b.name });
      for (const span of line.spans) {
        const text = wordSpacing ? span.text : span.text.replace(/ +$/, '');
        items.push({
          kind: 'text',
          x: x + span.x * PT,
          y: baseline,
          text,
          font: span.style.font,
          size: span.style.size,
          fill: b.fill,
          field: b.name,
          ...(span.style.features?.length ? { features: span.style.features } : {}),
          ...(span.style.tracking ? { tracking: span.style.tracking } : {}),
          ...(wordSpacing ? { wordSpacing } : {}),
        });
      }
      y += lineHeight;
    });
  });
}

function paintRule(r: RuleBlockSpec, box: Box, top: number, height: number, items: DisplayItem[]): void {
  const cx = box.x + box.w / 2;
  const cy = top + height / 2;
  const half = Math.min(r.width, box.w) / 2;
  if (!r.ornament) {
    items.push({ kind: 'line', x1: cx - half, y1: cy, x2: cx + half, y2: cy, stroke: r.colour, line: r.line });
    return;
  }
  const style: RunStyle = { font: r.ornamentFont, size: r.ornamentSize };
  const w = textWidth(r.ornament, style) * PT;
  const gap = 1.2;
  items.push({ kind: 'line', x1: cx - half, y1: cy, x2: cx - w / 2 - gap, y2: cy, stroke: r.colour, line: r.line });
  items.push({ kind: 'line', x1: cx + w / 2 + gap, y1: cy, x2: cx + half, y2: cy, stroke: r.colour, line: r.line });
  // Fleurons sit on the baseline; lift by a third of the size to centre them on the rule.
  items.push({
    kind: 'text',
    x: cx - w / 2,
    y: cy + 0.3 * r.ornamentSize * PT,
    text: r.ornament,
    font: r.ornamentFont,
    size: r.ornamentSize,
    fill: r.ornamentColour ?? r.colour,
    field: 'ornament',
  });
}

/** A text quoted in a message, cut to a length a message can hold: a teacher's 200,000-letter title had made a line of 400,000. */
export function clipped(text: string, max = 60): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

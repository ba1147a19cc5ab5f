// Breaking a paragraph into lines: greedy filling, then — for centred text — balancing, so a
// two-line title splits into two similar lines instead of a full line and a widow. Justified
// text is broken for the evenest spacing over the whole paragraph and may break words with a
// hyphen (hyphenate.ts, within the layout's minimums); other text breaks only between words. A
// word wider than the measure is reported, not cut.
import { fastPaths } from '../fast-paths.js';
import { hyphenPoints, type HyphenRules } from '../hyphenate.js';
import { advance, advanceWidth, textWidth, type Advance, type RunStyle } from './shape.js';

/** A stretch of text in one style; `**bold**` and `*italic*` in rich text make several. */
export interface Piece {
  text: string;
  style: RunStyle;
}

/**
 * What lines are made of: a word, or — where justified text may hyphenate — a part of one. A
 * unit that ends its word is followed by a space; one that does not may end a line with a hyphen.
 */
interface Unit {
  pieces: Piece[];
  /** Width of the unit itself, pt. */
  width: number;
  /** Width of the space after it (in the style of its last piece), or 0 inside a word, pt. */
  space: number;
  /** Whether it ends its word. */
  wordEnd: boolean;
  /** Inside a word: the width a line ending here adds (its hyphen; nothing after the word's own hyphen), pt. */
  hyphen: number;
}

export interface Span {
  text: string;
  style: RunStyle;
  /** pt from the line's start */
  x: number;
  width: number;
}

export interface Line {
  spans: Span[];
  width: number;
}

export interface Broken {
  lines: Line[];
  /** A word that does not fit the measure even alone, if any. */
  tooWide?: string;
}

export interface BreakOptions {
  /** Even out the lines (centred titles). */
  balance?: boolean;
  /** Break for even spacing, as justified text is set. */
  justify?: boolean;
  /** Where justified text may break words; none when not given. */
  hyphenate?: HyphenRules;
}

function splitWords(pieces: Piece[]): Piece[][] {
  const words: Piece[][] = [];
  let current: Piece[] = [];
  for (const p of pieces) {
    for (const part of p.text.split(/( +)/)) {
      if (part === '') continue;
      if (/^ +$/.test(part)) {
        if (current.length) words.push(current);
        current = [];
      } else current.push({ text: part, style: p.style });
    }
  }
  if (current.length) words.push(current);
  return words;
}

/** The pieces of a word cut at code-unit offsets of its text. */
function cutPieces(pieces: Piece[], cuts: number[]): Piece[][] {
  const out: Piece[][] = [[]];
  let at = 0;
  let next = 0;
  for (const p of pieces) {
    let from = 0;
    while (next < cuts.length && cuts[next]! < at + p.text.length) {
      const cut = cuts[next++]! - at;
      if (cut > from) out[out.length - 1]!.push({ text: p.text.slice(from, cut), style: p.style });
      out.push([]);
      from = cut;
    }
    if (from < p.text.length) out[out.length - 1]!.push({ text: p.text.slice(from), style: p.style });
    at += p.text.length;
  }
  return out.filter((u) => u.length > 0);
}

const sameStyle = (a: RunStyle, b: RunStyle) =>
  a.font === b.font && a.size === b.size && (a.tracking ?? 0) === (b.tracking ?? 0) && (a.features?.join() ?? '') === (b.features?.join() ?? '');

/** Sets units on one line: a span per change of style, each space kept with the span before it; a hyphen where a word breaks. */
function setLine(units: Unit[]): Line {
  const merged: Piece[] = [];
  units.forEach((unit, ui) => {
    unit.pieces.forEach((piece, pi) => {
      const last = merged[merged.length - 1];
      const spaceBefore = ui > 0 && pi === 0 && units[ui - 1]!.wordEnd;
      if (spaceBefore && last) last.text += ' ';
      if (last && sameStyle(last.style, piece.style)) last.text += piece.text;
      else merged.push({ text: piece.text, style: piece.style });
    });
  });
  const end = units[units.length - 1]!;
  if (!end.wordEnd && end.hyphen > 0) merged[merged.length - 1]!.text += '-';
  const spans: Span[] = [];
  let x = 0;
  for (const m of merged) {
    const width = textWidth(m.text, m.style);
    spans.push({ text: m.text, style: m.style, x, width });
    x += width;
  }
  return { spans, width: lineWidth(units, 0, units.length - 1) };
}

/** The set width of units[from..to] on one line, with the hyphen if it ends inside a word. */
function lineWidth(units: Unit[], from: number, to: number): number {
  let w = 0;
  for (let i = from; i <= to; i++) w += units[i]!.width + (i < to ? units[i]!.space : 0);
  const end = units[to]!;
  return end.wordEnd ? w : w + end.hyphen;
}

function greedy(units: Unit[], measure: number): { lines: Unit[][]; tooWide?: string } {
  const lines: Unit[][] = [];
  let current: Unit[] = [];
  let width = 0;
  let tooWide: string | undefined;
  for (const u of units) {
    const prev = current[current.length - 1];
    const trial = prev ? width + prev.space + u.width : u.width;
    if (!prev || trial <= measure + 1e-6) {
      current.push(u);
      width = trial;
    } else {
      lines.push(current);
      current = [u];
      width = u.width;
    }
    if (u.width > measure + 1e-6) tooWide ??= u.pieces.map((p) => p.text).join('');
  }
  if (current.length) lines.push(current);
  return { lines, tooWide };
}

// Justified text: spaces may tighten by up to a fifth (only on lines in one style, which are
// the lines the painter justifies), and among the ways to set the paragraph in the fewest lines,
// the one whose spaces stretch least is chosen, avoiding a last line of one short word. The
// number of lines is never more than filling each line in turn would give, so text that fits
// still fits. A hyphen costs a little, so a word is broken only where that evens the spacing
// out; two hyphenated lines in a row cost more (a ladder of hyphens is hard to read).
const SHRINK = 0.2;
const WIDOW = 12;
const RAGGED = 1000;
const HYPHEN = 6;
const LADDER = 30;

/**
 * How far a line starting at each unit may run: the measure, or a little more when it is in one
 * style and its spaces can tighten. Worked out once per paragraph, as running sums.
 */
class Room {
  private readonly spaces: number[] = [0];
  /** For each unit, the last unit in the same style from it on. */
  private readonly sameTo: number[];
  constructor(
    units: Unit[],
    private readonly measure: number,
  ) {
    for (const u of units) this.spaces.push(this.spaces[this.spaces.length - 1]! + u.space);
    this.sameTo = new Array<number>(units.length);
    for (let i = units.length - 1; i >= 0; i--) {
      const style = units[i]!.pieces[0]!.style;
      const uniform = units[i]!.pieces.every((p) => sameStyle(p.style, style));
      const next = units[i + 1];
      this.sameTo[i] = uniform && next?.pieces.every((p) => sameStyle(p.style, style)) ? this.sameTo[i + 1]! : uniform ? i : i - 1;
    }
  }
  /** The most a line of units[from..to] may be set in. */
  of(from: number, to: number): number {
    if (to === from || this.sameTo[from]! < to) return this.measure;
    return this.measure + (this.spaces[to]! - this.spaces[from]!) * SHRINK;
  }
}

/**
 * For each unit, the fewest lines the units from it to the end fit in (a line may end after any
 * unit: units end where words may break); at the paragraph's start, the fewest for all of it.
 */
function fewestFrom(units: Unit[], room: Room, sums: Sums): number[] {
  const n = units.length;
  const fewest = new Array<number>(n + 1).fill(Infinity);
  fewest[n] = 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = i; j < n; j++) {
      if (j > i && sums.width(i, j) > room.of(i, j) + 1e-6) break;
      if (fewest[j + 1]! + 1 < fewest[i]!) fewest[i] = fewest[j + 1]! + 1;
    }
  }
  return fewest;
}

/**
 * Running sums over a paragraph's units, so that a line's width and its word gaps cost the same
 * however long the line (the breaker tries every line of every way to set the paragraph).
 */
class Sums {
  /** widths[k]: units 0..k-1 with the spaces after them; gaps[k]: word ends among them. */
  private readonly widths: number[] = [0];
  private readonly gaps: number[] = [0];
  /** For each unit, the space of the first word end at or after it. */
  private readonly nextSpace: number[];
  constructor(private readonly units: Unit[]) {
    for (const u of units) {
      this.widths.push(this.widths[this.widths.length - 1]! + u.width + u.space);
      this.gaps.push(this.gaps[this.gaps.length - 1]! + (u.wordEnd ? 1 : 0));
    }
    this.nextSpace = new Array<number>(units.length);
    let space = 0;
    for (let i = units.length - 1; i >= 0; i--) {
      if (units[i]!.wordEnd) space = units[i]!.space;
      this.nextSpace[i] = space;
    }
  }
  /** As lineWidth(units, from, to). */
  width(from: number, to: number): number {
    const end = this.units[to]!;
    return this.widths[to + 1]! - this.widths[from]! - end.space + (end.wordEnd ? 0 : end.hyphen);
  }
  /** Word gaps in units[from..to]: the spaces justification stretches. */
  gapsIn(from: number, to: number): number {
    return this.gaps[to]! - this.gaps[from]!;
  }
  /** The width of the first word space in units[from..to]. */
  spaceIn(from: number): number {
    return this.nextSpace[from]!;
  }
}

function justified(units: Unit[], measure: number): Unit[][] | undefined {
  const n = units.length;
  const room = new Room(units, measure);
  const sums = new Sums(units);
  const toEnd = fewestFrom(units, room, sums);
  const count = toEnd[0]!;
  if (count === Infinity) return undefined;
  // best[k][i]: least cost of setting the first i units in k lines.
  const best = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < n; i++) {
      // A way that cannot end in the lines left is not followed: the same lines come out, sooner
      // (a fast path: tests/print/fast-paths.test.ts compares the output with it off).
      if (best[k]![i] === Infinity || (fastPaths.linePruning && k + toEnd[i]! > count)) continue;
      // Did the line before end with a hyphen?
      const afterHyphen = i > 0 && !units[i - 1]!.wordEnd;
      for (let j = i; j < n; j++) {
        const width = sums.width(i, j);
        if (j > i && width > room.of(i, j) + 1e-6) break;
        const last = j === n - 1;
        if (last !== (k === count - 1)) continue;
        const gaps = sums.gapsIn(i, j);
        const size = units[i]!.pieces[0]!.style.size;
        let cost: number;
        if (last) cost = width > measure + 1e-6 ? Infinity : gaps === 0 && i > 0 && width < measure / 4 ? WIDOW : 0;
        else if (gaps === 0) cost = 100 * ((measure - width) / size) ** 2;
        else {
          const extra = (measure - width) / gaps;
          // Past three spaces the painter leaves the line ragged, which looks worse than any stretch.
          cost = 1 + 100 * (extra / size) ** 2 + (extra > 2 * sums.spaceIn(i) ? RAGGED : 0);
        }
        if (!last && !units[j]!.wordEnd) cost += units[j]!.hyphen > 0 ? HYPHEN + (afterHyphen ? LADDER : 0) : 0;
        if (best[k]![i]! + cost < best[k + 1]![j + 1]!) {
          best[k + 1]![j + 1] = best[k]![i]! + cost;
          from[k + 1]![j + 1] = i;
        }
      }
    }
  }
  if (best[count]![n] === Infinity) return undefined;
  const lines: Unit[][] = [];
  for (let k = count, end = n; k > 0; k--) {
    const start = from[k]![end]!;
    lines.unshift(units.slice(start, end));
    end = start;
  }
  return lines;
}

// A paragraph is broken at several sizes (each trial of a shrink, each card size) and its words
// measure the same in font units at every size. So the words, the places they may break and
// their advances are worked out once per text (and faces and hyphenation rules); at each size
// only the widths are scaled, by the same sums textWidth makes, so the lines are the same.
interface PreparedPiece {
  text: string;
  /** Which of the paragraph's pieces it comes from (its style). */
  from: number;
  advance: Advance;
}

interface PreparedUnit {
  pieces: PreparedPiece[];
  /** The last piece with its space after it (a unit that ends its word), for the space's width. */
  spaced?: Advance;
  /** A hyphen in the last piece's face (a unit inside a word that does not end with its own hyphen). */
  hyphen?: Advance;
}

interface Prepared {
  /** Each word as one unit. */
  whole: PreparedUnit[];
  /** Each word as its parts between hyphenation points (only with rules). */
  parts?: PreparedUnit[];
}

const prepared = new Map<string, Prepared>();

function prepareUnit(pieces: Piece[], index: Map<Piece, number>, wordEnd: boolean, ownHyphen: boolean): PreparedUnit {
  const out: PreparedPiece[] = pieces.map((p) => ({ text: p.text, from: index.get(p)!, advance: advance(p.text, p.style.font, p.style.features) }));
  const last = pieces[pieces.length - 1]!;
  if (wordEnd) return { pieces: out, spaced: advance(`${last.text} `, last.style.font, last.style.features) };
  return ownHyphen ? { pieces: out } : { pieces: out, hyphen: advance('-', last.style.font, last.style.features) };
}

function prepare(pieces: Piece[], rules: HyphenRules | undefined): Prepared {
  // Split and cut pieces keep their source piece's style object; one of its own for each piece
  // tells which piece a part comes from.
  const byStyle = new Map<RunStyle, number>();
  const words = splitWords(
    pieces.map((p, i) => {
      const style = { ...p.style };
      byStyle.set(style, i);
      return { text: p.text, style };
    }),
  );
  const indexOf = (list: Piece[][]) => {
    const index = new Map<Piece, number>();
    for (const w of list) for (const p of w) index.set(p, byStyle.get(p.style)!);
    return index;
  };
  const wholeIndex = indexOf(words);
  const whole = words.map((w) => prepareUnit(w, wholeIndex, true, false));
  if (!rules) return { whole };
  const parts: PreparedUnit[] = [];
  for (const w of words) {
    const text = w.map((p) => p.text).join('');
    const points = hyphenPoints(text, rules);
    if (points.length === 0) {
      parts.push(prepareUnit(w, wholeIndex, true, false));
      continue;
    }
    const cut = cutPieces(w, points);
    const index = indexOf(cut);
    cut.forEach((part, i) => {
      const end = i === cut.length - 1;
      parts.push(prepareUnit(part, index, end, !end && part[part.length - 1]!.text.endsWith('-')));
    });
  }
  return { whole, parts };
}

function keyOf(pieces: Piece[], rules: HyphenRules | undefined): string {
  let key = rules ? `${rules.min_word} ${rules.before} ${rules.after}` : '';
  for (const p of pieces) key += `\u0001${p.style.font}\u0002${p.style.features?.join() ?? ''}\u0002${p.text}`;
  return key;
}

/** The units of a prepared paragraph in the styles of `pieces` (the same texts at some size). */
function unitsAt(list: PreparedUnit[], pieces: Piece[]): Unit[] {
  return list.map((u) => {
    const ps: Piece[] = [];
    let width = 0;
    for (const p of u.pieces) {
      const style = pieces[p.from]!.style;
      ps.push({ text: p.text, style });
      width += advanceWidth(p.advance, style);
    }
    const last = u.pieces[u.pieces.length - 1]!;
    const style = pieces[last.from]!.style;
    // pdfkit sets "word " as one chunk; the space's share is what the chunk adds to the word.
    if (u.spaced) return { pieces: ps, width, space: advanceWidth(u.spaced, style) - advanceWidth(last.advance, style), wordEnd: true, hyphen: 0 };
    return { pieces: ps, width, space: 0, wordEnd: false, hyphen: u.hyphen ? advanceWidth(u.hyphen, style) : 0 };
  });
}

/**
 * Ragged text: a paragraph of several lines whose last line would hold one word is set a little
 * narrower (down to a fifth), if that brings a second word down without adding a line — as a
 * typesetter would. Otherwise it keeps its lines.
 */
function withoutWidow(units: Unit[], measure: number, lines: Unit[][]): Unit[][] {
  if (lines.length < 2 || lines[lines.length - 1]!.length > 1) return lines;
  const widest = Math.max(...units.map((u) => u.width));
  for (let k = 1; k <= 10; k++) {
    const m = measure * (1 - 0.02 * k);
    if (m < widest) break;
    const trial = greedy(units, m).lines;
    if (trial.length > lines.length) break;
    if (trial[trial.length - 1]!.length > 1) return trial;
  }
  return lines;
}

/** Breaks a paragraph to a measure in pt. */
export function breakParagraph(pieces: Piece[], measure: number, options: BreakOptions = {}): Broken {
  const rules = options.justify ? options.hyphenate : undefined;
  const key = keyOf(pieces, rules);
  let prep = prepared.get(key);
  if (!prep) prepared.set(key, (prep = prepare(pieces, rules)));
  if (prep.whole.length === 0) return { lines: [] };
  const whole = unitsAt(prep.whole, pieces);
  const first = greedy(whole, measure);
  let lines = first.lines;
  if (options.justify && !first.tooWide) {
    const units = prep.parts ? unitsAt(prep.parts, pieces) : whole;
    lines = justified(units, measure) ?? lines;
  }
  if (!options.justify && !options.balance && !first.tooWide) lines = withoutWidow(whole, measure, lines);
  if (options.balance && lines.length > 1 && !first.tooWide) {
    // The narrowest measure that still gives the same number of lines.
    let lo = Math.max(...whole.map((w) => w.width));
    let hi = measure;
    for (let i = 0; i < 10; i++) {
      const mid = (lo + hi) / 2;
      if (greedy(whole, mid).lines.length === lines.length) hi = mid;
      else lo = mid;
    }
    lines = greedy(whole, hi).lines;
  }
  return { lines: lines.map(setLine), tooWide: first.tooWide };
}

/** Parses `**bold**` and `*italic*` into pieces in the given faces. */
export function richPieces(text: string, plain: RunStyle, bold: RunStyle, italic: RunStyle): Piece[] {
  const pieces: Piece[] = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) pieces.push({ text: text.slice(last, m.index), style: plain });
    if (m[1] !== undefined) pieces.push({ text: m[1], style: bold });
    else pieces.push({ text: m[2]!, style: italic });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), style: plain });
  return pieces;
}

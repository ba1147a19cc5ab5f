// Breaking a paragraph into lines: greedy filling, then — for centred text — balancing, so a
// two-line title splits into two similar lines instead of a full line and a widow. Words are
// never hyphenated; a word wider than the measure is reported, not cut.
import { textWidth, type RunStyle } from './shape.js';

/** A stretch of text in one style; `**bold**` and `*italic*` in rich text make several. */
export interface Piece {
  text: string;
  style: RunStyle;
}

/** One word: usually one piece, several when the style changes inside it ("**chance**."). */
interface Word {
  pieces: Piece[];
  /** Width of the word itself, pt. */
  width: number;
  /** Width of the space after it, in the style of its last piece, pt. */
  space: number;
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

function measureWord(pieces: Piece[]): Word {
  let width = 0;
  for (const p of pieces) width += textWidth(p.text, p.style);
  const last = pieces[pieces.length - 1]!;
  // pdfkit sets "word " as one chunk; the space's share is what the chunk adds to the word.
  const space = textWidth(`${last.text} `, last.style) - textWidth(last.text, last.style);
  return { pieces, width, space };
}

function splitWords(pieces: Piece[]): Word[] {
  const words: Word[] = [];
  let current: Piece[] = [];
  for (const p of pieces) {
    for (const part of p.text.split(/( +)/)) {
      if (part === '') continue;
      if (/^ +$/.test(part)) {
        if (current.length) words.push(measureWord(current));
        current = [];
      } else current.push({ text: part, style: p.style });
    }
  }
  if (current.length) words.push(measureWord(current));
  return words;
}

const sameStyle = (a: RunStyle, b: RunStyle) =>
  a.font === b.font && a.size === b.size && (a.tracking ?? 0) === (b.tracking ?? 0) && (a.features?.join() ?? '') === (b.features?.join() ?? '');

/** Sets words on one line: a span per change of style, each space kept with the span before it. */
function setLine(words: Word[]): Line {
  const merged: Piece[] = [];
  words.forEach((word, wi) => {
    word.pieces.forEach((piece, pi) => {
      const last = merged[merged.length - 1];
      const spaceBefore = wi > 0 && pi === 0;
      if (spaceBefore && last) last.text += ' ';
      if (last && sameStyle(last.style, piece.style)) last.text += piece.text;
      else merged.push({ text: piece.text, style: piece.style });
    });
  });
  const spans: Span[] = [];
  let x = 0;
  for (const m of merged) {
    const width = textWidth(m.text, m.style);
    spans.push({ text: m.text, style: m.style, x, width });
    x += width;
  }
  return { spans, width: lineWidth(words) };
}

function lineWidth(words: Word[]): number {
  let w = 0;
  words.forEach((word, i) => (w += word.width + (i < words.length - 1 ? word.space : 0)));
  return w;
}

function greedy(words: Word[], measure: number): { lines: Word[][]; tooWide?: string } {
  const lines: Word[][] = [];
  let current: Word[] = [];
  let width = 0;
  let tooWide: string | undefined;
  for (const w of words) {
    const prev = current[current.length - 1];
    const trial = prev ? width + prev.space + w.width : w.width;
    if (!prev || trial <= measure + 1e-6) {
      current.push(w);
      width = trial;
    } else {
      lines.push(current);
      current = [w];
      width = w.width;
    }
    if (w.width > measure + 1e-6) tooWide ??= w.pieces.map((p) => p.text).join('');
  }
  if (current.length) lines.push(current);
  return { lines, tooWide };
}

// Justified text: spaces may tighten by up to a fifth (only on lines in one style, which are
// the lines the painter justifies), and among the ways to set the paragraph in the fewest lines,
// the one whose spaces stretch least is chosen, avoiding a last line of one short word. The
// number of lines is never more than filling each line in turn would give, so text that fits
// still fits.
const SHRINK = 0.2;
const WIDOW = 12;
const RAGGED = 1000;

/**
 * How far a line starting at each word may run: the measure, or a little more when it is in one
 * style and its spaces can tighten. Worked out once per paragraph, as running sums.
 */
class Room {
  private readonly spaces: number[] = [0];
  /** For each word, the last word in the same style from it on. */
  private readonly sameTo: number[];
  constructor(
    words: Word[],
    private readonly measure: number,
    private readonly justify: boolean,
  ) {
    for (const w of words) this.spaces.push(this.spaces[this.spaces.length - 1]! + w.space);
    this.sameTo = new Array<number>(words.length);
    for (let i = words.length - 1; i >= 0; i--) {
      const style = words[i]!.pieces[0]!.style;
      const uniform = words[i]!.pieces.every((p) => sameStyle(p.style, style));
      const next = words[i + 1];
      this.sameTo[i] = uniform && next?.pieces.every((p) => sameStyle(p.style, style)) ? this.sameTo[i + 1]! : uniform ? i : i - 1;
    }
  }
  /** The most a line of words[from..to] may be set in. */
  of(from: number, to: number): number {
    if (!this.justify || to === from || this.sameTo[from]! < to) return this.measure;
    return this.measure + (this.spaces[to]! - this.spaces[from]!) * SHRINK;
  }
}

function fewest(words: Word[], room: Room): number {
  let lines = 1;
  let start = 0;
  let width = 0;
  words.forEach((w, i) => {
    const trial = i > start ? width + words[i - 1]!.space + w.width : w.width;
    if (i > start && trial > room.of(start, i) + 1e-6) {
      lines++;
      start = i;
      width = w.width;
    } else width = trial;
  });
  return lines;
}

function justified(words: Word[], measure: number): Word[][] {
  const n = words.length;
  const room = new Room(words, measure, true);
  const count = fewest(words, room);
  // best[k][i]: least cost of setting the first i words in k lines.
  const best = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < n; i++) {
      if (best[k]![i] === Infinity) continue;
      let width = 0;
      for (let j = i; j < n; j++) {
        width = j === i ? words[i]!.width : width + words[j - 1]!.space + words[j]!.width;
        if (j > i && width > room.of(i, j) + 1e-6) break;
        const last = j === n - 1;
        if (last !== (k === count - 1)) continue;
        const gaps = j - i;
        const size = words[i]!.pieces[0]!.style.size;
        let cost: number;
        if (last) cost = width > measure + 1e-6 ? Infinity : gaps === 0 && i > 0 && width < measure / 4 ? WIDOW : 0;
        else if (gaps === 0) cost = 100 * ((measure - width) / size) ** 2;
        else {
          const extra = (measure - width) / gaps;
          // Past three spaces the painter leaves the line ragged, which looks worse than any stretch.
          cost = 1 + 100 * (extra / size) ** 2 + (extra > 2 * words[i]!.space ? RAGGED : 0);
        }
        if (best[k]![i]! + cost < best[k + 1]![j + 1]!) {
          best[k + 1]![j + 1] = best[k]![i]! + cost;
          from[k + 1]![j + 1] = i;
        }
      }
    }
  }
  if (best[count]![n] === Infinity) return greedy(words, measure).lines;
  const lines: Word[][] = [];
  for (let k = count, end = n; k > 0; k--) {
    const start = from[k]![end]!;
    lines.unshift(words.slice(start, end));
    end = start;
  }
  return lines;
}

/** Breaks a paragraph to a measure in pt. `balance` evens out the lines of centred text. */
export function breakParagraph(pieces: Piece[], measure: number, balance = false, justify = false): Broken {
  const words = splitWords(pieces);
  if (words.length === 0) return { lines: [] };
  const first = greedy(words, measure);
  let lines = justify && !first.tooWide ? justified(words, measure) : first.lines;
  if (balance && lines.length > 1 && !first.tooWide) {
    // The narrowest measure that still gives the same number of lines.
    let lo = Math.max(...words.map((w) => w.width));
    let hi = measure;
    for (let i = 0; i < 10; i++) {
      const mid = (lo + hi) / 2;
      if (greedy(words, mid).lines.length === lines.length) hi = mid;
      else lo = mid;
    }
    lines = greedy(words, hi).lines;
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

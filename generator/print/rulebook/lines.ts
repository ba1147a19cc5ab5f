// Setting a run of inline text (bold, italic, icons) into lines of a given width. Our own line
// breaker, rather than pdfkit's, so the typesetter knows every line's height before placing it
// and can keep headings with their text and avoid widows and orphans.
import type { FontName } from '../fonts.js';
import { hyphenPoints, type HyphenRules } from '../hyphenate.js';
import type { Inline } from './markdown.js';
import type { Measurer } from './measure.js';
import type { Op } from './ops.js';

export interface FontSet {
  regular: FontName;
  bold: FontName;
  italic: FontName;
  boldItalic: FontName;
}

export interface TextStyle {
  fonts: FontSet;
  size: number;
  leading: number;
  colour: string;
  iconColour: string;
  justify: boolean;
  /** Largest gap between justified words, in ems; looser lines stay ragged. */
  maxGap: number;
  /** Where justified text may break words with a hyphen; none when not given. */
  hyphenate?: HyphenRules;
  features?: string[];
}

type Piece = { kind: 'text'; text: string; font: FontName; width: number } | { kind: 'icon'; name: string; width: number };

interface Word {
  pieces: Piece[];
  width: number;
}

export interface Line {
  words: Word[];
  /** Width with single spaces. */
  natural: number;
  /** The last line of the paragraph, or a line ended by a hard break: never justified. */
  last: boolean;
}

const ICON_WIDTH = 1.12; // of the font size, including a little air on both sides
const ICON_SIZE = 0.92;
/** Widths are sums of floating-point measures: a word exactly as wide as its column must still fit. */
const EPSILON = 0.01;

function fontFor(fonts: FontSet, bold: boolean, italic: boolean): FontName {
  return bold ? (italic ? fonts.boldItalic : fonts.bold) : italic ? fonts.italic : fonts.regular;
}

/**
 * An icon never starts or ends a line alone: the space after it (or, for an icon that ends the
 * text, the space before it) becomes a no-break space, so it stays with its label.
 */
function glueIcons(inlines: Inline[]): Inline[] {
  const out = inlines.map((i) => ({ ...i }));
  out.forEach((it, k) => {
    if (it.kind !== 'icon') return;
    const next = out[k + 1];
    const prev = out[k - 1];
    const rest = out.slice(k + 1).some((n) => n.kind !== 'text' || n.text.trim() !== '');
    if (rest && next?.kind === 'text' && next.text.startsWith(' ')) next.text = `\u00a0${next.text.slice(1)}`;
    else if (!rest && prev?.kind === 'text' && prev.text.endsWith(' ')) prev.text = `${prev.text.slice(0, -1)}\u00a0`;
  });
  return out;
}

/** Inline runs → words (pieces joined without a space) and hard breaks. */
function wordsOf(raw: Inline[], style: TextStyle, m: Measurer): (Word | 'break')[] {
  const inlines = glueIcons(raw);
  const out: (Word | 'break')[] = [];
  let current: Piece[] = [];
  const end = () => {
    if (current.length) out.push({ pieces: current, width: current.reduce((s, p) => s + p.width, 0) });
    current = [];
  };
  for (const inline of inlines) {
    if (inline.kind === 'break') {
      end();
      out.push('break');
    } else if (inline.kind === 'icon') {
      current.push({ kind: 'icon', name: inline.name, width: style.size * ICON_WIDTH });
    } else {
      const font = fontFor(style.fonts, inline.bold, inline.italic);
      const parts = inline.text.split(/([ \n\t]+)/);
      parts.forEach((part, i) => {
        if (i % 2 === 1) return end();
        if (part) current.push({ kind: 'text', text: part, font, width: m.width(part, font, style.size) });
      });
    }
  }
  end();
  return out;
}

/** Splits a word too wide for the line at character boundaries (rare: long names in narrow table cells). */
function splitWide(word: Word, width: number, style: TextStyle, m: Measurer): Word[] {
  const out: Word[] = [];
  let pieces: Piece[] = [];
  let w = 0;
  const push = () => {
    if (pieces.length) out.push({ pieces, width: w });
    pieces = [];
    w = 0;
  };
  for (const p of word.pieces) {
    if (p.kind === 'icon' || w + p.width <= width) {
      pieces.push(p);
      w += p.width;
      continue;
    }
    let chunk = '';
    for (const ch of p.text) {
      const next = m.width(chunk + ch, p.font, style.size);
      if (w + next > width && (chunk || pieces.length)) {
        if (chunk) pieces.push({ kind: 'text', text: chunk, font: p.font, width: m.width(chunk, p.font, style.size) });
        push();
        chunk = ch;
      } else chunk += ch;
    }
    if (chunk) {
      const cw = m.width(chunk, p.font, style.size);
      pieces.push({ kind: 'text', text: chunk, font: p.font, width: cw });
      w += cw;
    }
  }
  push();
  return out;
}

function spaceWidth(style: TextStyle, m: Measurer): number {
  return m.width(' ', style.fonts.regular, style.size);
}

/**
 * Line breaking. Ragged text fills each line first-fit. Justified text chooses its breaks for the
 * evenest spacing over the whole paragraph (least squared stretch, the last line free), which
 * avoids the gappy lines that first-fit leaves before a long word.
 */
export function breakLines(inlines: Inline[], width: number, style: TextStyle, m: Measurer): Line[] {
  const space = spaceWidth(style, m);
  const lines: Line[] = [];
  let run: Word[] = [];
  const flush = () => {
    if (run.length) lines.push(...(style.justify ? balanced(run, width, space, style, m) : firstFit(run, width, space)));
    run = [];
  };
  for (const item of wordsOf(inlines, style, m)) {
    if (item === 'break') {
      flush();
      continue;
    }
    run.push(...(item.width > width + EPSILON ? splitWide(item, width, style, m) : [item]));
  }
  flush();
  return lines;
}

function lineOf(words: Word[], space: number, last: boolean): Line {
  return { words, natural: words.reduce((s, w) => s + w.width, 0) + space * (words.length - 1), last };
}

function firstFit(words: Word[], width: number, space: number): Line[] {
  const out: Line[] = [];
  let start = 0;
  let natural = 0;
  words.forEach((w, i) => {
    const added = i > start ? space + w.width : w.width;
    if (i > start && natural + added > width + EPSILON) {
      out.push(lineOf(words.slice(start, i), space, false));
      start = i;
      natural = w.width;
    } else natural += added;
  });
  out.push(lineOf(words.slice(start), space, true));
  return out;
}

// A justified line may also tighten its spaces a little (as far as SHRINK of a space), which
// often saves the next line from being stretched wide. A paragraph's last line of one short
// word (a widow) costs as much as a noticeably loose line, so the breaks avoid it when they can.
// A word may break with a hyphen (style.hyphenate) where that evens the spacing: a hyphen costs
// a little, and two hyphenated lines in a row cost more.
const SHRINK = 0.2;
const WIDOW = 12;
const HYPHEN = 6;
const LADDER = 30;

/** A word, or a part of one between the places it may take a hyphen. */
interface Unit {
  word: Word;
  /** Whether it ends its word (a space follows), or a line ending after it needs `hyphen` more width. */
  wordEnd: boolean;
  hyphen: number;
}

/** The pieces of a word cut at code-unit offsets of its text (words with icons are never cut). */
function unitsOf(word: Word, style: TextStyle, m: Measurer): Unit[] {
  const whole: Unit[] = [{ word, wordEnd: true, hyphen: 0 }];
  if (!style.hyphenate || word.pieces.some((p) => p.kind !== 'text')) return whole;
  const text = word.pieces.map((p) => (p.kind === 'text' ? p.text : '')).join('');
  const points = hyphenPoints(text, style.hyphenate);
  if (points.length === 0) return whole;
  const parts: Piece[][] = [[]];
  let at = 0;
  let next = 0;
  for (const p of word.pieces) {
    if (p.kind !== 'text') continue;
    let from = 0;
    while (next < points.length && points[next]! < at + p.text.length) {
      const cut = points[next++]! - at;
      if (cut > from) parts[parts.length - 1]!.push(textPiece(p.text.slice(from, cut), p.font, style, m));
      parts.push([]);
      from = cut;
    }
    if (from < p.text.length) parts[parts.length - 1]!.push(textPiece(p.text.slice(from), p.font, style, m));
    at += p.text.length;
  }
  const units = parts.filter((u) => u.length > 0);
  return units.map((pieces, i) => {
    const last = pieces[pieces.length - 1]!;
    const font = last.kind === 'text' ? last.font : style.fonts.regular;
    const own = last.kind === 'text' && last.text.endsWith('-');
    return {
      word: { pieces, width: pieces.reduce((w, p) => w + p.width, 0) },
      wordEnd: i === units.length - 1,
      hyphen: i === units.length - 1 || own ? 0 : m.width('-', font, style.size),
    };
  });
}

function textPiece(text: string, font: FontName, style: TextStyle, m: Measurer): Piece {
  return { kind: 'text', text, font, width: m.width(text, font, style.size) };
}

/** The words of a line of units: a word's parts on one line joined again, a hyphen where it breaks. */
function wordsOfUnits(units: Unit[]): Word[] {
  const words: Word[] = [];
  let open: Piece[] | undefined;
  for (const u of units) {
    open ??= [];
    open.push(...u.word.pieces);
    if (u.wordEnd) {
      words.push({ pieces: open, width: open.reduce((w, p) => w + p.width, 0) });
      open = undefined;
    }
  }
  const end = units[units.length - 1]!;
  if (open) {
    const last = open[open.length - 1]!;
    if (end.hyphen > 0 && last.kind === 'text') open.push({ kind: 'text', text: '-', font: last.font, width: end.hyphen });
    words.push({ pieces: open, width: open.reduce((w, p) => w + p.width, 0) });
  }
  return words;
}

function balanced(words: Word[], width: number, space: number, style: TextStyle, m: Measurer): Line[] {
  const size = style.size;
  const units = words.flatMap((w) => unitsOf(w, style, m));
  const n = units.length;
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    if (best[i] === Infinity) continue;
    const afterHyphen = i > 0 && !units[i - 1]!.wordEnd;
    let natural = 0;
    let gaps = 0;
    for (let j = i; j < n; j++) {
      if (j > i) {
        if (units[j - 1]!.wordEnd) {
          natural += space;
          gaps++;
        }
      }
      natural += units[j]!.word.width;
      const set = units[j]!.wordEnd ? natural : natural + units[j]!.hyphen;
      if (set > width + gaps * space * SHRINK + EPSILON && j > i) break;
      const last = j === n - 1;
      // Stretch (or, below zero, shrink) per gap in ems, squared; one word alone cannot stretch.
      const adjust = gaps > 0 ? (width - set) / gaps / size : (Math.max(0, width - set) / size) * 4;
      let cost = last ? (set > width + EPSILON ? Infinity : 0) : 1 + 100 * adjust * adjust;
      if (last && i > 0 && gaps === 0 && set < width / 4) cost += WIDOW;
      if (!last && !units[j]!.wordEnd && units[j]!.hyphen > 0) cost += HYPHEN + (afterHyphen ? LADDER : 0);
      if (best[i]! + cost < best[j + 1]!) {
        best[j + 1] = best[i]! + cost;
        from[j + 1] = i;
      }
    }
  }
  const breaks: number[] = [];
  for (let k = n; k > 0; k = from[k]!) breaks.unshift(k);
  let start = 0;
  return breaks.map((end, idx) => {
    const line = lineOf(wordsOfUnits(units.slice(start, end)), space, idx === breaks.length - 1);
    start = end;
    return line;
  });
}

/** The widest single word: a table column can never be narrower. */
export function widestWord(inlines: Inline[], style: TextStyle, m: Measurer): number {
  return Math.max(0, ...wordsOf(inlines, style, m).map((w) => (w === 'break' ? 0 : w.width)));
}

/** The width of the text set on one line. */
export function naturalWidth(inlines: Inline[], style: TextStyle, m: Measurer): number {
  const space = spaceWidth(style, m);
  let best = 0;
  let run = 0;
  let n = 0;
  for (const w of wordsOf(inlines, style, m)) {
    if (w === 'break') {
      best = Math.max(best, run);
      run = 0;
      n = 0;
      continue;
    }
    run += (n++ ? space : 0) + w.width;
  }
  return Math.max(best, run);
}

/**
 * Draw ops for one line with its baseline at `baseline`. Words of one font are drawn as one text
 * run (pdfkit's wordSpacing stretches justified lines), so copied text keeps its spaces.
 */
export function lineOps(
  line: Line,
  x: number,
  baseline: number,
  width: number,
  style: TextStyle,
  m: Measurer,
  align: 'left' | 'right' | 'center' | 'justify',
): Op[] {
  const space = spaceWidth(style, m);
  const gaps = line.words.length - 1;
  let extra = 0;
  let start = x;
  if (align === 'justify' && !line.last && gaps > 0) {
    const e = (width - line.natural) / gaps;
    if (e > 0 ? space + e <= style.maxGap * style.size : e >= -space * SHRINK - EPSILON) extra = e;
  } else if (align === 'right') start = x + width - line.natural;
  else if (align === 'center') start = x + (width - line.natural) / 2;

  const ops: Op[] = [];
  let seg: { x: number; text: string; font: FontName; hasNbsp: boolean } | undefined;
  const close = () => {
    if (!seg) return;
    const op: Op = { kind: 'text', x: seg.x, y: baseline, text: seg.text, font: seg.font, size: style.size, colour: style.colour };
    // The layout spaces words by the regular font's space; pdfkit spaces a run by its own font's
    // space plus wordSpacing, so bold and italic runs are corrected to land where laid out.
    // (pdfkit also stretches a no-break space, so runs holding one are never stretched.)
    if (!seg.hasNbsp && seg.text.includes(' ')) {
      const ws = extra + space - m.width(' ', seg.font, style.size);
      if (Math.abs(ws) > 0.001) op.wordSpacing = ws;
    }
    if (style.features) op.features = style.features;
    ops.push(op);
    seg = undefined;
  };
  let cx = start;
  line.words.forEach((word, wi) => {
    const nbsp = word.pieces.some((p) => p.kind === 'text' && p.text.includes('\u00a0'));
    if (wi > 0) {
      if (extra !== 0 && (nbsp || seg?.hasNbsp)) close();
      const first = word.pieces[0]!;
      if (seg && first.kind === 'text' && first.font === seg.font) seg.text += ' ';
      else close();
      cx += space + extra;
    }
    for (const p of word.pieces) {
      if (p.kind === 'icon') {
        close();
        const size = style.size * ICON_SIZE;
        ops.push({ kind: 'icon', name: p.name, x: cx + (p.width - size) / 2, y: baseline - size * 0.8, size, colour: style.iconColour });
      } else {
        if (seg && seg.font !== p.font) close();
        if (!seg) seg = { x: cx, text: '', font: p.font, hasNbsp: false };
        seg.text += p.text;
        if (p.text.includes('\u00a0')) seg.hasNbsp = true;
      }
      cx += p.width;
    }
  });
  close();
  return ops;
}

// Blocks → the vertical list: every line, heading, table row and panel edge becomes a box with
// its ops laid out at y = 0, ready for the paginator.
import type { Align, Block, Inline } from './markdown.js';
import type { Measurer } from './measure.js';
import type { Style } from './style.js';
import type { Op } from './ops.js';
import { box, pushGlue, type Anchor, type Box, type Item, type Panel } from './items.js';
import { breakLines, lineOps, naturalWidth, widestWord, type FontSet, type TextStyle } from './lines.js';
import { BuildError } from '../../build-error.js';
import type { FigureKit } from './figures/kit.js';
import { anatomyFigure } from './figures/anatomy.js';
import { cardRowFigure } from './figures/card-row.js';
import { tableSetupFigure } from './figures/table-setup.js';

export interface Area {
  x: number;
  width: number;
  panel?: Panel;
}

export class Layout {
  private chapter = 0;
  private section = 0;
  private panels = 0;

  constructor(
    readonly style: Style,
    readonly m: Measurer,
    /** Height of the text block: a worked example that fits on one page is never split. */
    readonly pageRoom = 600,
    /** The pictures' words and cards ([[figure:…]], [[cards:…]]). */
    private readonly figures?: FigureKit,
  ) {}

  get bodyFonts(): FontSet {
    const t = this.style.text;
    return { regular: t.body.face, bold: t.bold, italic: t.italic, boldItalic: t.bold_italic };
  }

  bodyStyle(): TextStyle {
    const t = this.style.text;
    return {
      fonts: this.bodyFonts,
      size: t.body.size,
      leading: t.body.leading,
      colour: this.style.colours.ink,
      iconColour: this.style.colours.rubric,
      justify: t.justify,
      maxGap: t.max_word_gap,
      hyphenate: t.hyphenate,
    };
  }

  blocks(blocks: readonly Block[], area: Area, items: Item[]): void {
    for (const b of blocks) this.block(b, area, items);
  }

  block(b: Block, area: Area, items: Item[]): void {
    const s = this.style;
    switch (b.kind) {
      case 'heading':
        return this.heading(b.level, b.inlines, b.text, area, items);
      case 'paragraph':
        this.paragraph(b.inlines, area, this.bodyStyle(), items);
        pushGlue(items, s.text.paragraph_space);
        return;
      case 'list':
        return this.list(b, area, items);
      case 'table':
        return this.table(b.align, b.header, b.rows, area, items);
      case 'quote':
        return this.quote(b.blocks, area, items);
      case 'rule':
        return this.ornament(area, items);
      case 'page-break':
        items.push({ kind: 'break' });
        return;
      case 'figure':
        return this.figure(b.name, area, items);
      case 'cards':
        return cardRowFigure(this, b.codes, b.caption, this.kit().cards, area, items);
    }
  }

  private kit(): FigureKit {
    if (!this.figures) throw new Error('the rule book was laid out without its figures');
    return this.figures;
  }

  /** [[figure:name]]: an anatomy of figures.yaml, or the table laid out (`setup`). */
  figure(name: string, area: Area, items: Item[]): void {
    const kit = this.kit();
    if (name === 'setup') return tableSetupFigure(this, kit.words.setup, kit.setup, kit.cards, area, items);
    const anatomy = kit.words.anatomy[name];
    if (!anatomy)
      throw new BuildError(
        `the rule book asks for the figure “${name}”, which templates/rulebook/figures.yaml does not have`,
        `write [[figure:setup]] or the name of an anatomy: ${Object.keys(kit.words.anatomy).join(', ')}`,
        'templates/rulebook/figures.yaml',
      );
    anatomyFigure(this, anatomy, kit.anatomy.get(name)!, kit.cards, area, items);
  }

  /** Lines of a paragraph, one box each; the first two and the last two lines stay together. */
  paragraph(inlines: Inline[], area: Area, ts: TextStyle, items: Item[], align: Align | 'justify' = ts.justify ? 'justify' : 'left'): Box[] {
    const lines = breakLines(inlines, area.width, ts, this.m);
    const base = this.m.baseline(ts.fonts.regular, ts.size, ts.leading);
    const boxes = lines.map((line, i) =>
      box(ts.leading, lineOps(line, area.x, base, area.width, ts, this.m, align), {
        keep: (i === 0 && lines.length > 1) || i === lines.length - 2,
        panel: area.panel,
        baseline: base,
      }),
    );
    items.push(...boxes);
    return boxes;
  }

  heading(level: 1 | 2 | 3, inlines: Inline[], text: string, area: Area, items: Item[], numbered = true): void {
    const h = this.style.headings[`h${level}`];
    const c = this.style.colours;
    const fonts: FontSet = { regular: h.face, bold: h.face, italic: this.style.text.bold_italic, boldItalic: this.style.text.bold_italic };
    const ts: TextStyle = { fonts, size: h.size, leading: h.leading, colour: level === 3 ? c.ink : c.rubric, iconColour: c.rubric, justify: false, maxGap: 1 };
    const ops: Op[] = [];
    let y = 0;
    let anchor: Anchor | undefined;
    if (level === 1) {
      this.section = 0;
      const number = numbered ? ++this.chapter : undefined;
      anchor = { id: numbered ? `ch-${number}` : `front-${text.toLowerCase().replace(/[^a-z]+/g, '-')}`, level, title: text, number };
      if (number !== undefined) {
        const ks = h.kicker_size ?? 9;
        y += ks * 1.4;
        ops.push({
          kind: 'text',
          x: area.x,
          y,
          text: `CHAPTER ${number}`,
          font: this.style.text.body.face,
          size: ks,
          colour: c.muted,
          characterSpacing: ks * 0.18,
        });
        y += ks * 0.6;
      }
    } else if (level === 2) {
      this.section++;
      anchor = { id: `ch-${this.chapter}-${this.section}`, level, title: text };
    }
    const lines = breakLines(inlines, area.width, ts, this.m);
    const base = this.m.baseline(h.face, h.size, h.leading);
    for (const line of lines) {
      ops.push(...lineOps(line, area.x, y + base, area.width, ts, this.m, 'left'));
      y += h.leading;
    }
    if (level === 1) {
      y += 6;
      ops.push({ kind: 'line', x1: area.x, y1: y, x2: area.x + 54, y2: y, width: 1.1, colour: c.rubric });
      y += 2;
    }
    if (anchor) ops.unshift({ kind: 'dest', name: anchor.id, y: 0 });
    pushGlue(items, h.space_before);
    items.push(box(y, ops, { keep: true, anchor, panel: area.panel }));
    items.push({ kind: 'glue', size: h.space_after });
  }

  list(b: Extract<Block, { kind: 'list' }>, area: Area, items: Item[]): void {
    const s = this.style;
    const indent = s.text.list_indent;
    const inner: Area = { x: area.x + indent, width: area.width - indent, panel: area.panel };
    const body = this.bodyStyle();
    b.items.forEach((blocks, i) => {
      const sub: Item[] = [];
      this.blocks(blocks, inner, sub);
      while (sub[sub.length - 1]?.kind === 'glue') sub.pop();
      const first = sub.find((it): it is Box => it.kind === 'box');
      if (first) {
        const y = first.baseline ?? this.m.baseline(body.fonts.regular, body.size, body.leading);
        if (b.ordered) {
          const label = `${b.start + i}.`;
          const w = this.m.width(label, s.text.bold, body.size);
          first.ops.push({ kind: 'text', x: inner.x - 6 - w, y, text: label, font: s.text.bold, size: body.size, colour: s.colours.rubric });
        } else {
          first.ops.push({ kind: 'text', x: area.x + 4, y, text: '•', font: body.fonts.regular, size: body.size, colour: s.colours.rubric });
        }
      }
      items.push(...sub);
      pushGlue(items, s.text.list_space);
    });
    const last = items[items.length - 1];
    if (last?.kind === 'glue') last.size = Math.max(last.size, s.text.paragraph_space);
  }

  /** A block quote is a worked example: a tinted panel with a rubric bar, split across pages if long. */
  quote(blocks: Block[], area: Area, items: Item[]): void {
    const p = this.style.panel;
    const c = this.style.colours;
    const panel: Panel = { id: ++this.panels, x: area.x, width: area.width, fill: c.panel, bar: c.rubric, barWidth: p.rule, pad: p.pad };
    const inner: Area = { x: area.x + p.rule + p.pad, width: area.width - p.rule - 2 * p.pad, panel };
    pushGlue(items, p.space);
    items.push(box(p.pad, [], { keep: true, panel, panelStart: true }));
    const sub: Item[] = [];
    this.blocks(blocks, inner, sub);
    while (sub[sub.length - 1]?.kind === 'glue') sub.pop();
    while (sub[0]?.kind === 'glue') sub.shift();
    // A short panel is never split; a long one may break between its lines, but its last line
    // keeps the bottom padding with it.
    const height = sub.reduce((h, it) => h + (it.kind === 'box' ? it.height : it.kind === 'glue' ? it.size : 0), 0);
    const boxes = sub.filter((it): it is Box => it.kind === 'box');
    if (height <= this.pageRoom * 0.9) for (const b of boxes) b.keep = true;
    if (boxes.length) boxes[boxes.length - 1]!.keep = true;
    items.push(...sub);
    items.push(box(p.pad, [], { panel, panelEnd: true }));
    pushGlue(items, p.space);
  }

  ornament(area: Area, items: Item[]): void {
    const s = this.style;
    const size = s.text.body.size * 1.3;
    const w = this.m.width('❦', s.text.body.face, size);
    pushGlue(items, s.text.paragraph_space);
    items.push(
      box(size * 1.6, [{ kind: 'text', x: area.x + (area.width - w) / 2, y: size * 1.1, text: '❦', font: s.text.body.face, size, colour: s.colours.rubric }]),
    );
    pushGlue(items, s.text.paragraph_space);
  }

  /** Booktabs-style table: rules above and below, a tinted header row repeated on a new page. */
  table(align: Align[], header: Inline[][], rows: Inline[][][], area: Area, items: Item[]): void {
    const t = this.style.table;
    const c = this.style.colours;
    const f = this.bodyFonts;
    const cellStyle: TextStyle = {
      fonts: f,
      size: t.size,
      leading: t.leading,
      colour: c.ink,
      iconColour: c.rubric,
      justify: false,
      maxGap: 1,
      features: ['lnum', 'tnum'],
    };
    const headStyle: TextStyle = { ...cellStyle, fonts: { regular: f.bold, bold: f.bold, italic: f.boldItalic, boldItalic: f.boldItalic } };
    const cols = header.length;
    const all = [header, ...rows];
    const min: number[] = [];
    const max: number[] = [];
    for (let j = 0; j < cols; j++) {
      const st = (r: number) => (r === 0 ? headStyle : cellStyle);
      min[j] = Math.max(...all.map((r, ri) => widestWord(r[j] ?? [], st(ri), this.m))) + 2 * t.pad_x;
      max[j] = Math.max(...all.map((r, ri) => naturalWidth(r[j] ?? [], st(ri), this.m))) + 2 * t.pad_x;
    }
    const widths = columnWidths(min, max, area.width);
    const xs = widths.map((_, j) => area.x + widths.slice(0, j).reduce((a, b) => a + b, 0));

    const rowBox = (cells: Inline[][], ts: TextStyle, isHeader: boolean): Box => {
      const laid = cells.map((cell, j) => breakLines(cell, widths[j]! - 2 * t.pad_x, ts, this.m));
      const lines = Math.max(1, ...laid.map((l) => l.length));
      const h = lines * t.leading + 2 * t.pad_y;
      const ops: Op[] = [];
      if (isHeader) {
        ops.push({ kind: 'rect', x: area.x, y: 0, w: area.width, h, fill: c.header_fill });
        ops.push({ kind: 'line', x1: area.x, y1: 0, x2: area.x + area.width, y2: 0, width: 0.9, colour: c.ink });
        ops.push({ kind: 'line', x1: area.x, y1: h, x2: area.x + area.width, y2: h, width: 0.5, colour: c.ink });
      }
      const base = this.m.baseline(ts.fonts.regular, ts.size, t.leading);
      laid.forEach((cellLines, j) => {
        cellLines.forEach((line, k) => {
          ops.push(...lineOps(line, xs[j]! + t.pad_x, t.pad_y + k * t.leading + base, widths[j]! - 2 * t.pad_x, ts, this.m, align[j] ?? 'left'));
        });
      });
      return box(h, ops, { panel: area.panel });
    };

    pushGlue(items, t.space);
    const head = rowBox(header, headStyle, true);
    head.keep = true;
    items.push(head);
    rows.forEach((r, i) => {
      const b = rowBox(r, cellStyle, false);
      const last = i === rows.length - 1;
      b.ops.push({ kind: 'line', x1: area.x, y1: b.height, x2: area.x + area.width, y2: b.height, width: last ? 0.9 : 0.3, colour: last ? c.ink : c.rule });
      b.repeat = head;
      // Never leave a lone first row under the header, nor a lone last row on a new page.
      b.keep = (i === 0 && rows.length > 1) || i === rows.length - 2;
      items.push(b);
    });
    pushGlue(items, t.space);
  }
}

/**
 * Column widths. Narrow columns get their natural width first (a column no wider than its fair
 * share never wraps); the wide ones share what is left above their longest word. When all fit,
 * every column is stretched to fill the measure.
 */
export function columnWidths(min: number[], max: number[], avail: number): number[] {
  const sumMax = max.reduce((a, b) => a + b, 0);
  if (sumMax <= avail) return max.map((w) => w + ((avail - sumMax) * w) / sumMax);
  const widths: (number | undefined)[] = max.map(() => undefined);
  let left = avail;
  for (let changed = true; changed; ) {
    changed = false;
    const open = widths.map((w, j) => (w === undefined ? j : -1)).filter((j) => j >= 0);
    const fair = left / open.length;
    for (const j of open) {
      if (max[j]! <= fair) {
        widths[j] = max[j]!;
        left -= max[j]!;
        changed = true;
      }
    }
  }
  const open = widths.map((w, j) => (w === undefined ? j : -1)).filter((j) => j >= 0);
  const sumMin = open.reduce((a, j) => a + min[j]!, 0);
  if (sumMin >= left) {
    // Even the longest words do not fit: squeeze everything proportionally (words will split).
    const all = min.reduce((a, b) => a + b, 0);
    return min.map((w) => (w * avail) / all);
  }
  const slack = open.reduce((a, j) => a + (max[j]! - min[j]!), 0);
  for (const j of open) widths[j] = min[j]! + ((left - sumMin) * (max[j]! - min[j]!)) / slack;
  return widths as number[];
}

// What every play-aid page shares: a heading with the game's rubric rule, an introduction, a
// footer that says to print at actual size, and a ruled table to write in.
import type { Doc } from '../rulebook/paper.js';
import type { FontName } from '../fonts.js';
import { loadStyle, type Style } from '../rulebook/style.js';

let palette: Style['colours'] | undefined;
/** The rule book's palette (templates/rulebook/style.yaml), so the aids match the book. */
export function colours(): Style['colours'] {
  palette ??= loadStyle().colours;
  return palette;
}

/** Text at a fixed place that never flows onto a new page. */
export function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  font: FontName,
  size: number,
  colour: string,
  opts: { width?: number; align?: 'left' | 'center' | 'right'; lineGap?: number } = {},
): number {
  doc.font(font).fontSize(size).fillColor(colour);
  const width = opts.width ?? 10_000;
  const height = doc.heightOfString(text, { width, lineGap: opts.lineGap ?? 0 });
  doc.text(text, x, y, { width, align: opts.align ?? 'left', lineGap: opts.lineGap ?? 0, height: height + 2, lineBreak: opts.width !== undefined });
  return height;
}

export interface Margins {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The page heading: title, a short rubric rule and an introduction; returns the y below it. */
export function heading(doc: Doc, m: Margins, pageWidth: number, title: string, intro: string): number {
  let y = m.top;
  put(doc, title, m.left, y, 'serif-semibold', 24, colours().rubric);
  y += 32;
  doc
    .save()
    .lineWidth(1.1)
    .strokeColor(colours().rubric)
    .moveTo(m.left, y)
    .lineTo(m.left + 54, y)
    .stroke()
    .restore();
  y += 10;
  if (intro) y += put(doc, intro, m.left, y, 'serif', 10.5, colours().ink, { width: pageWidth - m.left - m.right, lineGap: 2 }) + 12;
  return y;
}

export function footer(doc: Doc, m: Margins, pageWidth: number, pageHeight: number, text: string): void {
  put(doc, text, m.left, pageHeight - m.bottom + 14, 'serif-italic', 8.5, colours().muted, { width: pageWidth - m.left - m.right, align: 'center' });
}

export interface Column {
  label: string;
  /** Share of the table width. */
  share: number;
  align?: 'left' | 'center' | 'right';
}

/** A ruled table: tinted header, hairlines between rows, heavier rules top and bottom. Returns column x positions. */
export function ruledTable(doc: Doc, x: number, y: number, width: number, columns: Column[], rows: number, rowHeight: number, headerHeight = 22): number[] {
  const total = columns.reduce((s, c) => s + c.share, 0);
  const xs: number[] = [];
  let cx = x;
  for (const c of columns) {
    xs.push(cx);
    cx += (c.share / total) * width;
  }
  xs.push(x + width);
  doc.rect(x, y, width, headerHeight).fill(colours().header_fill);
  columns.forEach((c, i) => {
    const w = xs[i + 1]! - xs[i]!;
    put(doc, c.label, xs[i]! + 5, y + 6, 'serif-semibold', 9.5, colours().ink, { width: w - 10, align: c.align ?? 'left' });
  });
  const bottom = y + headerHeight + rows * rowHeight;
  doc.save();
  doc
    .lineWidth(0.9)
    .strokeColor(colours().ink)
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke();
  doc
    .lineWidth(0.5)
    .moveTo(x, y + headerHeight)
    .lineTo(x + width, y + headerHeight)
    .stroke();
  doc.lineWidth(0.35).strokeColor(colours().rule);
  for (let r = 1; r < rows; r++)
    doc
      .moveTo(x, y + headerHeight + r * rowHeight)
      .lineTo(x + width, y + headerHeight + r * rowHeight)
      .stroke();
  for (let i = 1; i < columns.length; i++)
    doc
      .moveTo(xs[i]!, y + headerHeight)
      .lineTo(xs[i]!, bottom)
      .stroke();
  doc
    .lineWidth(0.9)
    .strokeColor(colours().ink)
    .moveTo(x, bottom)
    .lineTo(x + width, bottom)
    .stroke();
  doc.restore();
  return xs;
}

// The contents list: chapters and their sections with dotted leaders to the page number, each
// entry a link to its heading. Entries have the same height whatever their numbers, so the list
// can be laid out once with blanks, the book paginated, and the numbers filled in.
import type { Anchor, Item } from './items.js';
import { box, glue } from './items.js';
import type { Layout, Area } from './layout.js';
import type { Op } from './ops.js';
import { breakLines, lineOps, type TextStyle } from './lines.js';

const NUMBER_COLUMN = 24;
const PAGE_COLUMN = 30;

export function contentsItems(layout: Layout, anchors: Anchor[], pageOf: (id: string) => number | undefined, area: Area): Item[] {
  const { style, m } = layout;
  const c = style.colours;
  const t = style.contents;
  const items: Item[] = [];
  layout.heading(1, [{ kind: 'text', text: t.title, bold: false, italic: false }], t.title, area, items, false);
  const fonts = layout.bodyFonts;
  const chapters = anchors.filter((a) => a.level === 1);
  const x = area.x + NUMBER_COLUMN;
  const right = area.x + area.width;
  const width = right - PAGE_COLUMN - x - 12;
  const titleStyle: TextStyle = {
    fonts: { ...fonts, regular: style.text.bold },
    size: t.chapter_size,
    leading: t.leading,
    colour: c.ink,
    iconColour: c.rubric,
    justify: false,
    maxGap: 1,
  };
  const sectionStyle: TextStyle = {
    fonts: { ...fonts, regular: style.text.italic },
    size: t.section_size,
    leading: t.section_leading,
    colour: c.muted,
    iconColour: c.rubric,
    justify: false,
    maxGap: 1,
  };
  chapters.forEach((a, i) => {
    const ops: Op[] = [];
    const base = m.baseline(style.text.bold, t.chapter_size, t.leading);
    if (a.number !== undefined) {
      ops.push({ kind: 'text', x: area.x, y: base, text: String(a.number), font: style.text.bold, size: t.chapter_size, colour: c.rubric, features: ['lnum'] });
    }
    const lines = breakLines([{ kind: 'text', text: a.title, bold: false, italic: false }], width, titleStyle, m);
    lines.forEach((line, k) => ops.push(...lineOps(line, x, base + k * t.leading, width, titleStyle, m, 'left')));
    const lastY = base + (lines.length - 1) * t.leading;
    const lastWidth = lines[lines.length - 1]?.natural ?? 0;
    const page = pageOf(a.id);
    const label = page === undefined ? '00' : String(page);
    const labelWidth = m.width(label, style.text.bold, t.chapter_size);
    ops.push({ kind: 'text', x: right - labelWidth, y: lastY, text: label, font: style.text.bold, size: t.chapter_size, colour: c.rubric, features: ['lnum'] });
    ops.push({ kind: 'line', x1: x + lastWidth + 6, y1: lastY - 1, x2: right - labelWidth - 6, y2: lastY - 1, width: 0.9, colour: c.muted, dash: [0.01, 3.2] });
    let height = lines.length * t.leading;
    // The chapter's sections, run in on one line beneath it.
    const next = anchors.indexOf(chapters[i + 1]!);
    const sections = anchors.slice(anchors.indexOf(a) + 1, next < 0 ? undefined : next).filter((s) => s.level === 2);
    if (sections.length) {
      const sectionLines = breakLines(
        [{ kind: 'text', text: sections.map((s) => s.title.replace(/ /g, '\u00a0')).join('\u00a0· '), bold: false, italic: false }],
        width,
        sectionStyle,
        m,
      );
      const sb = m.baseline(style.text.italic, t.section_size, t.section_leading);
      sectionLines.forEach((line, k) => ops.push(...lineOps(line, x, height + sb + k * t.section_leading, width, sectionStyle, m, 'left')));
      height += sectionLines.length * t.section_leading;
    }
    ops.push({ kind: 'link', x: area.x, y: 0, w: area.width, h: height, dest: a.id });
    if (i > 0) items.push(glue(t.gap));
    items.push(box(height, ops));
  });
  items.push({ kind: 'break' });
  return items;
}

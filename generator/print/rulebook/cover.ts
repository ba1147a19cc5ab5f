// The cover: a ruled frame, the title, the subtitle, a large book in rubric red, and the
// countries' emblems in their colours. Words come from templates/rulebook/cover.yaml.
import type { Game } from '../../../engine/index.js';
import type { CoverText } from './chapters.js';
import type { Layout } from './layout.js';
import { markdownToBlocks, type Inline } from './markdown.js';
import { breakLines, lineOps, type TextStyle } from './lines.js';
import type { Op } from './ops.js';

function inlinesOf(text: string): Inline[] {
  const blocks = markdownToBlocks(text, 'cover.yaml');
  const first = blocks[0];
  return first && first.kind === 'paragraph' ? first.inlines : [{ kind: 'text', text, bold: false, italic: false }];
}

export function coverOps(game: Game, cover: CoverText, layout: Layout, page: { width: number; height: number }): Op[] {
  const { style, m } = layout;
  const c = style.colours;
  const k = style.cover;
  const W = page.width;
  const H = page.height;
  const ops: Op[] = [];
  const centred = (text: string, y: number, ts: TextStyle, width: number): number => {
    const lines = breakLines(inlinesOf(text), width, ts, m);
    for (const line of lines) {
      ops.push(...lineOps(line, (W - width) / 2, y, width, ts, m, 'center'));
      y += ts.leading;
    }
    return y;
  };
  const ts = (size: number, leading: number, regular = style.text.body.face, colour = c.ink): TextStyle => ({
    fonts: { ...layout.bodyFonts, regular },
    size,
    leading,
    colour,
    iconColour: c.rubric,
    justify: false,
    maxGap: 1,
  });

  // Frame: a heavy rule and a hairline inside it.
  const frame = (inset: number, width: number) => {
    const pts: [number, number, number, number][] = [
      [inset, inset, W - inset, inset],
      [W - inset, inset, W - inset, H - inset],
      [W - inset, H - inset, inset, H - inset],
      [inset, H - inset, inset, inset],
    ];
    for (const [x1, y1, x2, y2] of pts) ops.push({ kind: 'line', x1, y1, x2, y2, width, colour: c.rubric });
  };
  frame(k.frame.inset, k.frame.rule);
  frame(k.frame.inner_inset, k.frame.inner_rule);

  const kicker = cover.kicker.toUpperCase();
  const ks = k.kicker.size;
  const kw = m.width(kicker, style.text.body.face, ks) + kicker.length * ks * k.kicker.tracking;
  ops.push({
    kind: 'text',
    x: (W - kw) / 2,
    y: H * k.kicker.at,
    text: kicker,
    font: style.text.body.face,
    size: ks,
    colour: c.rubric,
    characterSpacing: ks * k.kicker.tracking,
  });

  let y = centred(cover.title, H * k.title.at, ts(k.title.size, k.title.leading, style.headings.h1.face), W - 2 * k.title.margin);
  // An ornament between two rules.
  const o = k.ornament;
  const oy = y - o.rise;
  const ow = m.width(o.glyph, style.text.body.face, o.size);
  ops.push({ kind: 'line', x1: W / 2 - o.rule_to, y1: oy - o.rule_lift, x2: W / 2 - o.rule_from, y2: oy - o.rule_lift, width: o.rule, colour: c.rubric });
  ops.push({ kind: 'line', x1: W / 2 + o.rule_from, y1: oy - o.rule_lift, x2: W / 2 + o.rule_to, y2: oy - o.rule_lift, width: o.rule, colour: c.rubric });
  ops.push({ kind: 'text', x: (W - ow) / 2, y: oy, text: o.glyph, font: style.text.body.face, size: o.size, colour: c.rubric });
  y = centred(cover.subtitle, oy + k.subtitle.below, ts(k.subtitle.size, k.subtitle.leading, style.text.italic, c.ink), k.subtitle.measure);

  const iconSize = Math.min(k.book.size, H * k.book.at_most);
  const iconTop = y + k.book.below;
  ops.push({ kind: 'icon', name: k.book.icon, x: (W - iconSize) / 2, y: iconTop, size: iconSize, colour: c.rubric });

  // The countries, in seat order, each with its emblem in its colour.
  const n = k.countries;
  const countries = game.countries;
  const slot = Math.min(n.slot, (W - 2 * n.margin) / Math.max(1, countries.length));
  const rowX = (W - slot * countries.length) / 2;
  const ey = Math.max(iconTop + iconSize + n.below, H * n.at_least);
  countries.forEach((co, i) => {
    const cx = rowX + slot * i + slot / 2;
    ops.push({ kind: 'icon', name: co.emblem, x: cx - n.emblem / 2, y: ey, size: n.emblem, colour: co.colour });
    const nw = m.width(co.name, style.text.body.face, n.name_size);
    ops.push({ kind: 'text', x: cx - nw / 2, y: ey + n.emblem + n.name_below, text: co.name, font: style.text.body.face, size: n.name_size, colour: c.ink });
  });

  // The small print at the foot, set from the bottom of the frame upwards.
  const f = k.foot;
  const footStyle = ts(f.size, f.leading, style.text.body.face, c.muted);
  const measure = W - 2 * f.margin;
  const footLines = cover.lines.reduce((count, line) => count + breakLines(inlinesOf(line), measure, footStyle, m).length, 0);
  let by = H - k.frame.inner_inset - f.above - footLines * f.leading;
  for (const line of cover.lines) by = centred(line, by, footStyle, measure);
  return ops;
}

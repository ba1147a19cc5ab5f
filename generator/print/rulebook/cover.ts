// The cover: a ruled frame, the title, the subtitle, a large book in rubric red, and the
// countries' emblems in their colours. Words come from templates/rulebook/cover.yaml.
import type { Game } from '../../../engine/game.js';
import type { CoverText } from './chapters.js';
import type { Layout } from './layout.js';
import { markdownToBlocks, type Inline } from './markdown.js';
import { breakLines, lineOps, type TextStyle } from './lines.js';
import type { Op } from './ops.js';

const COVER_ICON = 'open-book';

function inlinesOf(text: string): Inline[] {
  const blocks = markdownToBlocks(text, 'cover.yaml');
  const first = blocks[0];
  return first && first.kind === 'paragraph' ? first.inlines : [{ kind: 'text', text, bold: false, italic: false }];
}

export function coverOps(game: Game, cover: CoverText, layout: Layout, page: { width: number; height: number }): Op[] {
  const { style, m } = layout;
  const c = style.colours;
  const W = page.width;
  const H = page.height;
  const ops: Op[] = [];
  const centred = (text: string, y: number, ts: TextStyle, width = W - 160): number => {
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
  frame(30, 1.6);
  frame(36, 0.5);

  const kicker = cover.kicker.toUpperCase();
  const ks = 11;
  const kw = m.width(kicker, style.text.body.face, ks) + kicker.length * ks * 0.25;
  ops.push({ kind: 'text', x: (W - kw) / 2, y: H * 0.14, text: kicker, font: style.text.body.face, size: ks, colour: c.rubric, characterSpacing: ks * 0.25 });

  let y = centred(cover.title, H * 0.225, ts(56, 60, style.headings.h1.face));
  // An ornament between two rules.
  const oy = y - 22;
  const ow = m.width('❧', style.text.body.face, 20);
  ops.push({ kind: 'line', x1: W / 2 - 90, y1: oy - 6, x2: W / 2 - 18, y2: oy - 6, width: 0.6, colour: c.rubric });
  ops.push({ kind: 'line', x1: W / 2 + 18, y1: oy - 6, x2: W / 2 + 90, y2: oy - 6, width: 0.6, colour: c.rubric });
  ops.push({ kind: 'text', x: (W - ow) / 2, y: oy, text: '❧', font: style.text.body.face, size: 20, colour: c.rubric });
  y = centred(cover.subtitle, oy + 34, ts(17, 22, style.text.italic, c.ink), 420);

  const iconSize = Math.min(190, H * 0.22);
  const iconTop = y + 26;
  ops.push({ kind: 'icon', name: COVER_ICON, x: (W - iconSize) / 2, y: iconTop, size: iconSize, colour: c.rubric });

  // The countries, in seat order, each with its emblem in its colour.
  const countries = game.countries;
  const slot = Math.min(84, (W - 120) / Math.max(1, countries.length));
  const rowX = (W - slot * countries.length) / 2;
  const emblem = 34;
  const ey = Math.max(iconTop + iconSize + 40, H * 0.7);
  countries.forEach((co, i) => {
    const cx = rowX + slot * i + slot / 2;
    ops.push({ kind: 'icon', name: co.emblem, x: cx - emblem / 2, y: ey, size: emblem, colour: co.colour });
    const nw = m.width(co.name, style.text.body.face, 10);
    ops.push({ kind: 'text', x: cx - nw / 2, y: ey + emblem + 16, text: co.name, font: style.text.body.face, size: 10, colour: c.ink });
  });

  // The small print at the foot, set from the bottom of the frame upwards.
  const footStyle = ts(11.5, 17, style.text.body.face, c.muted);
  const footLines = cover.lines.reduce((n, line) => n + breakLines(inlinesOf(line), W - 140, footStyle, m).length, 0);
  let by = H - 36 - 30 - footLines * 17 + 12;
  for (const line of cover.lines) by = centred(line, by, footStyle, W - 140);
  return ops;
}

// The words on a figure — callouts, labels, captions — set like the rest of the book (the same
// line breaker, Markdown's **bold** and *italic*), only smaller and never justified.
import { markdownToBlocks, type Inline } from '../markdown.js';
import { breakLines, lineOps, type TextStyle } from '../lines.js';
import type { Layout } from '../layout.js';
import type { Op } from '../ops.js';

export interface SetText {
  /** Ops with the block's top at y = 0, set in [0, width] across. */
  ops: Op[];
  height: number;
  /** Width of the longest line. */
  width: number;
}

function inlinesOf(markdown: string, where: string): Inline[] {
  const first = markdownToBlocks(markdown, where)[0];
  return first?.kind === 'paragraph' ? first.inlines : [{ kind: 'text', text: markdown, bold: false, italic: false }];
}

/** Sets `markdown` in a block `width` wide: a label (small) or a caption (italic, a little larger). */
export function figureText(
  layout: Layout,
  markdown: string,
  width: number,
  kind: 'label' | 'caption',
  align: 'left' | 'right' | 'center',
  where: string,
): SetText {
  const f = layout.style.figure;
  const c = layout.style.colours;
  const body = layout.bodyFonts;
  const ts: TextStyle = {
    fonts: kind === 'caption' ? { ...body, regular: body.italic, bold: body.boldItalic } : body,
    size: kind === 'caption' ? f.caption_size : f.label_size,
    leading: kind === 'caption' ? f.caption_leading : f.label_leading,
    colour: kind === 'caption' ? c.muted : c.ink,
    iconColour: c.rubric,
    justify: false,
    maxGap: 1,
  };
  const lines = breakLines(inlinesOf(markdown, where), width, ts, layout.m);
  const base = layout.m.baseline(ts.fonts.regular, ts.size, ts.leading);
  const ops = lines.flatMap((line, i) => lineOps(line, 0, i * ts.leading + base, width, ts, layout.m, align));
  return { ops, height: lines.length * ts.leading, width: Math.max(0, ...lines.map((l) => l.natural)) };
}

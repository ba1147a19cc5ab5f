// The rule book from start to finish: templates → Markdown → blocks → lines and boxes → pages →
// PDF. Laid out twice: once to learn on which page every heading falls, once with those page
// numbers in the contents list (its entries keep their height, so nothing moves).
import type { Game } from '../../../engine/index.js';
import { BuildError } from '../../build-error.js';
import { missingGlyphs, type FontName } from '../fonts.js';
import { PAPER_SIZE, type Paper } from './paper.js';
import { newDocument, finish } from '../paint/document.js';
import { buildView, type RulebookView } from './view.js';
import { renderChapters, renderCover, type Chapter, type CoverText } from './chapters.js';
import { markdownToBlocks } from './markdown.js';
import { plainMarkdown } from './plain-markdown.js';
import { Measurer } from './measure.js';
import { Layout, type Area } from './layout.js';
import type { Anchor, Item } from './items.js';
import { paginate, type FlowPage, type Frame } from './paginate.js';
import { contentsItems } from './contents.js';
import { coverOps } from './cover.js';
import { addBookmarks, paintOps, paintPanels } from './paint.js';
import type { Op } from './ops.js';
import type { Style } from './style.js';
import type { PDFOutlineLike } from './outline.js';
import { outlineOf } from '../paint/pdfkit-internals.js';
import { renderFigureWords, type FigureWords } from './figures/words.js';
import type { FigureKit } from './figures/kit.js';

export interface RulebookText {
  view: RulebookView;
  cover: CoverText;
  chapters: Chapter[];
  /** The words of the pictures (templates/rulebook/figures.yaml). */
  figures: FigureWords;
  /** The whole book as one Markdown file (written beside the PDFs for screen readers and editors). */
  markdown: string;
}

export function rulebookText(game: Game, project?: { licence: string }): RulebookText {
  const view = buildView(game, project);
  const chapters = renderChapters(game, view);
  const cover = renderCover(game, view);
  const figures = renderFigureWords(game, view);
  const whole = `# ${cover.title}\n\n*${cover.subtitle}*\n\n${chapters.map((c) => c.markdown.trim()).join('\n\n')}\n`;
  return { view, cover, chapters, figures, markdown: plainMarkdown(whole, figures, game) };
}

/** Pages are numbered from the cover, so the printed number is the PDF viewer's page number. */
const FIRST_FLOW_PAGE = 2;

export interface LaidOutBook {
  cover: Op[];
  pages: FlowPage[];
  /** Running head and page number of each page. */
  furniture: Op[][];
  /** Printed page number of every heading in the contents. */
  headingPages: Map<string, number>;
  anchors: Anchor[];
  size: { width: number; height: number };
}

export function layOutBook(game: Game, text: RulebookText, paper: Paper, style: Style, figures: FigureKit): LaidOutBook {
  const m = new Measurer();
  const size = PAPER_SIZE[paper];
  const layout = new Layout(style, m, size.height - style.page.margin_top - style.page.margin_bottom, figures);
  const area: Area = { x: (size.width - style.page.measure) / 2, width: style.page.measure };
  const frame: Frame = { top: style.page.margin_top, bottom: size.height - style.page.margin_bottom };

  const body: Item[] = [];
  for (const chapter of text.chapters) layout.blocks(markdownToBlocks(chapter.markdown, chapter.file), area, body);
  const anchors = body.flatMap((it) => (it.kind === 'box' && it.anchor ? [it.anchor] : []));

  const pageNumbers = (pages: FlowPage[]) => new Map(pages.flatMap((p, i) => p.anchors.map((a) => [a.id, i + FIRST_FLOW_PAGE] as const)));
  const minTail = style.page.min_tail_lines * style.text.body.leading;
  const first = paginate([...contentsItems(layout, anchors, () => undefined, area), ...body], frame, minTail);
  const headingPages = pageNumbers(first);
  const pages = paginate([...contentsItems(layout, anchors, (id) => headingPages.get(id), area), ...body], frame, minTail);
  const check = pageNumbers(pages);
  for (const [id, n] of headingPages) {
    if (check.get(id) !== n) throw new Error(`rule book contents: ${id} moved from page ${n} to ${check.get(id)} between passes`);
  }
  checkGlyphs(pages.flatMap((p) => p.ops));
  const cover = coverOps(game, text.cover, layout, size);
  const furniture = pageFurniture(pages, style, m, game.name, size);
  checkGlyphs([...cover, ...furniture.flat()]);
  return { cover, pages, furniture, headingPages, anchors, size };
}

/** Every character must exist in the font that draws it: a missing glyph would print as a blank. */
function checkGlyphs(ops: Op[]): void {
  const missing = new Map<string, Set<string>>();
  for (const op of ops) {
    if (op.kind !== 'text') continue;
    for (const { char, face } of missingGlyphs(op.text, [op.font as FontName])) missing.set(face, (missing.get(face) ?? new Set<string>()).add(char));
  }
  if (missing.size > 0) {
    const list = [...missing]
      .map(([font, chars]) => `${[...chars].map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')} in ${font}`)
      .join('; ');
    throw new BuildError(
      `the rule book uses characters the EB Garamond font cannot print: ${list}`,
      'replace them in the content or in templates/rulebook (for example a plain quote or dash)',
    );
  }
}

export async function rulebookPdf(game: Game, text: RulebookText, paper: Paper, style: Style, figures: FigureKit): Promise<{ pdf: Buffer; pages: number }> {
  const book = layOutBook(game, text, paper, style, figures);
  const doc = newDocument(
    {
      title: `${text.cover.title}: ${text.cover.kicker}`,
      subject: text.cover.subtitle,
      author: `${game.name} contributors`,
      keywords: 'board game, history of the book, print and play, rules',
    },
    true,
  );
  const { width, height } = book.size;
  const outline = outlineOf<PDFOutlineLike>(doc);
  const bookmarks: { chapter?: PDFOutlineLike } = {};

  doc.addPage({ size: [width, height], margin: 0 });
  paintOps(doc, book.cover);
  outline.addItem(text.cover.title, { pageNumber: 0, fit: true });
  book.pages.forEach((page, i) => {
    doc.addPage({ size: [width, height], margin: 0 });
    paintPanels(doc, page);
    paintOps(doc, page.ops);
    paintOps(doc, book.furniture[i]!);
    addBookmarks(outline, page, i + FIRST_FLOW_PAGE - 1, bookmarks);
  });
  return { pdf: await finish(doc), pages: book.pages.length + 1 };
}

/**
 * Running heads and page numbers. The head names the chapter in force at the top of the page
 * and is left off a page that opens a chapter, as in a printed book.
 */
function pageFurniture(pages: FlowPage[], style: Style, m: Measurer, title: string, size: { width: number; height: number }): Op[][] {
  const c = style.colours;
  const x = (size.width - style.page.measure) / 2;
  let chapter = '';
  return pages.map((page, i) => {
    const ops: Op[] = [];
    const opensChapter = page.anchors.some((a) => a.level === 1 && a.y <= style.page.margin_top + 0.5);
    if (!opensChapter && chapter) {
      const rs = style.running.size;
      const y = style.page.head_offset;
      const rw = m.width(chapter, style.text.italic, rs);
      ops.push(
        { kind: 'text', x, y, text: title, font: style.text.italic, size: rs, colour: c.muted },
        { kind: 'text', x: x + style.page.measure - rw, y, text: chapter, font: style.text.italic, size: rs, colour: c.muted },
        { kind: 'line', x1: x, y1: y + 5, x2: x + style.page.measure, y2: y + 5, width: 0.4, colour: c.rule },
      );
    }
    const last = [...page.anchors].reverse().find((a) => a.level === 1);
    if (last) chapter = last.title;
    const fs = style.running.size + 1;
    const label = String(i + FIRST_FLOW_PAGE);
    ops.push({
      kind: 'text',
      x: (size.width - m.width(label, style.text.body.face, fs)) / 2,
      y: size.height - style.page.folio_offset,
      text: label,
      font: style.text.body.face,
      size: fs,
      colour: c.ink,
      features: ['lnum'],
    });
    return ops;
  });
}

// The painter: draws laid-out pages into a pdfkit document. Everything it draws was decided
// by the typesetter; here only pdfkit calls happen.
import type { Doc } from './paper.js';
import type { Op } from './ops.js';
import type { FlowPage } from './paginate.js';
import { drawIcon } from './icons.js';
import { setRun } from '../paint/pdf-text.js';
import type { PDFOutlineLike } from './outline.js';
import { MM, paintCard, PdfImages } from '../paint/pdf.js';
import type { ProcessedImage } from '../layout/display-list.js';
import { cached } from '../memo.js';

export function paintOps(doc: Doc, ops: Op[]): void {
  for (const op of ops) {
    switch (op.kind) {
      case 'text':
        // Set directly, as the cards are: the typesetter has measured every line already.
        doc.fillColor(op.colour);
        setRun(doc, op.font, op.size, op.x, op.y, op.text, 1, {
          ...(op.features ? { features: op.features } : {}),
          ...(op.characterSpacing ? { tracking: op.characterSpacing } : {}),
          ...(op.wordSpacing ? { wordSpacing: op.wordSpacing } : {}),
        });
        break;
      case 'rect':
        if (op.radius) doc.roundedRect(op.x, op.y, op.w, op.h, op.radius);
        else doc.rect(op.x, op.y, op.w, op.h);
        if (op.stroke) doc.lineWidth(op.lineWidth ?? 0.5);
        if (op.fill && op.stroke) doc.fillAndStroke(op.fill, op.stroke);
        else if (op.fill) doc.fill(op.fill);
        else if (op.stroke) doc.stroke(op.stroke);
        break;
      case 'dot':
        doc.circle(op.x, op.y, op.r).fill(op.colour);
        break;
      case 'card':
        paintBookCard(doc, op);
        break;
      case 'line':
        doc.save();
        doc.lineWidth(op.width).strokeColor(op.colour);
        if (op.dash) doc.lineCap('round').dash(op.dash[0]!, { space: op.dash[1] ?? op.dash[0]! });
        doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).stroke();
        doc.restore();
        break;
      case 'icon':
        drawIcon(doc, op.name, op.x, op.y, op.size, op.colour);
        break;
      case 'link':
        doc.goTo(op.x, op.y, op.w, op.h, op.dest);
        break;
      case 'dest':
        doc.addNamedDestination(op.name, 'XYZ', null as unknown as number, op.y, null as unknown as number);
        break;
    }
  }
}

const pictures = new WeakMap<Doc, Map<Map<string, ProcessedImage>, PdfImages>>();

/** A card in a figure: painted by the decks' own painter, at the figure's scale, with a hairline round its trim. */
function paintBookCard(doc: Doc, op: Extract<Op, { kind: 'card' }>): void {
  const perDoc = cached(pictures, doc, () => new Map<Map<string, ProcessedImage>, PdfImages>());
  const images = cached(perDoc, op.images, () => new PdfImages(doc, op.images));
  const { list } = op;
  doc.save();
  doc.translate(op.x, op.y);
  doc.scale(op.scale);
  paintCard(doc, list, 0, 0, [{ x: 0, y: 0, w: list.width, h: list.height }], images);
  doc.restore();
  doc
    .lineWidth(0.4)
    .rect(op.x, op.y, list.width * MM * op.scale, list.height * MM * op.scale)
    .stroke(op.frame);
}

/** Panels (worked examples) first, so the text sits on top of their tint. */
export function paintPanels(doc: Doc, page: FlowPage): void {
  for (const frag of page.panels) {
    const p = frag.panel;
    const top = frag.first ? frag.top : frag.top - p.pad / 2;
    const bottom = frag.last ? frag.bottom : frag.bottom + p.pad / 2;
    doc.rect(p.x, top, p.width, bottom - top).fill(p.fill);
    doc.rect(p.x, top, p.barWidth, bottom - top).fill(p.bar);
  }
}

/** Bookmarks in the PDF viewer's sidebar: chapters, with their sections beneath. */
export function addBookmarks(outline: PDFOutlineLike, page: FlowPage, pageIndex: number, state: { chapter?: PDFOutlineLike }): void {
  for (const a of page.anchors) {
    const title = a.number !== undefined ? `${a.number}. ${a.title}` : a.title;
    if (a.level === 1) state.chapter = outline.addItem(title, { pageNumber: pageIndex, fit: true });
    else if (a.level === 2 && state.chapter) state.chapter.addItem(a.title, { pageNumber: pageIndex, fit: true });
  }
}

// Paints a display list onto a pdfkit page: the home-print sheets and the print-shop PDF.
import type PDFDocument from 'pdfkit';
import { drawIcon } from '../icons.js';
import { setRun } from './pdf-text.js';
import { addContent, openImage, paintForm, type PdfkitRef, setColour, usePageXObject } from './pdfkit-internals.js';
import type { DisplayItem, DisplayList, ProcessedImage } from '../layout/display-list.js';
import { cached } from '../memo.js';

type Doc = InstanceType<typeof PDFDocument>;
export const MM = 72 / 25.4;

/** A rectangle in mm relative to the card's trim corner. */
export interface ClipRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Pictures are embedded once per document and reused on every page that shows them. */
export class PdfImages {
  private readonly opened = new Map<string, unknown>();
  constructor(
    private readonly doc: Doc,
    private readonly table: Map<string, ProcessedImage>,
  ) {}
  get(key: string): unknown {
    return cached(this.opened, key, () => {
      const processed = this.table.get(key);
      if (!processed) throw new Error(`image ${key} was not prepared`);
      return openImage(this.doc, Buffer.from(processed.jpeg));
    });
  }
}

/** A colour as pdfkit takes it: "#rrggbb", or [c, m, y, k] in per cent for a CMYK page. */
export type Ink = string | [number, number, number, number];
/** How a document's colours are written: as they are (sRGB), or converted (press CMYK). */
export type InkOf = (hex: string) => Ink;
const asIs: InkOf = (hex) => hex;

/**
 * Cards a document shows many times (a deck's few backs, on every sheet of backs and every page
 * of a print-shop PDF), each drawn once as a Form XObject and then placed wherever it is shown:
 * a 10,000-card deck's backs had been drawn 10,000 times in each PDF. One per document and
 * colour conversion.
 */
export class PdfForms {
  private readonly forms = new Map<DisplayList, { name: string; ref: PdfkitRef }>();
  constructor(
    private readonly doc: Doc,
    private readonly images: PdfImages,
    private readonly ink: InkOf = asIs,
  ) {}

  /** Draws the card's items (in mm from its trim corner, in the current user space) by its form, made on first use. */
  draw(list: DisplayList): void {
    let form = this.forms.get(list);
    if (!form) {
      // Anything a card draws lies well inside 50 mm beyond its edges; the page's clip cuts it to the bleed.
      const box: [number, number, number, number] = [-50, -50, list.width + 50, list.height + 50];
      const ref = paintForm(this.doc, box, () => {
        for (const item of list.items) paintItem(this.doc, item, this.images, this.ink);
      });
      form = { name: `Card${this.forms.size + 1}`, ref };
      this.forms.set(list, form);
    }
    usePageXObject(this.doc, form.name, form.ref);
    addContent(this.doc, `/${form.name} Do`);
  }
}

/**
 * Paints one card with its trim corner at (ox, oy) pt, clipped to the union of `clip` (mm,
 * card-relative): the trim and its bleed on sheets, the bleed box for the print shop. With
 * `forms`, its items are drawn by the card's form (PdfForms) rather than on the page.
 */
export function paintCard(doc: Doc, list: DisplayList, ox: number, oy: number, clip: ClipRect[], images: PdfImages, ink: InkOf = asIs, forms?: PdfForms): void {
  doc.save();
  for (const c of clip) doc.rect(ox + c.x * MM, oy + c.y * MM, c.w * MM, c.h * MM);
  doc.clip();
  doc.translate(ox, oy);
  doc.scale(MM);
  for (const c of clip) doc.rect(c.x, c.y, c.w, c.h);
  setColour(doc, ink(list.background), false);
  addContent(doc, 'f');
  if (forms) forms.draw(list);
  else for (const item of list.items) paintItem(doc, item, images, ink);
  doc.restore();
}

function paintItem(doc: Doc, it: DisplayItem, images: PdfImages, ink: InkOf): void {
  switch (it.kind) {
    case 'rect': {
      if (it.radius) doc.roundedRect(it.x, it.y, it.w, it.h, it.radius);
      else doc.rect(it.x, it.y, it.w, it.h);
      shape(doc, ink, it.fill, it.stroke, it.line, it.dash);
      return;
    }
    case 'circle':
      doc.circle(it.cx, it.cy, it.r);
      shape(doc, ink, it.fill, it.stroke, it.line);
      return;
    case 'line':
      doc.moveTo(it.x1, it.y1).lineTo(it.x2, it.y2);
      shape(doc, ink, undefined, it.stroke, it.line, it.dash);
      return;
    case 'icon':
      drawIcon(doc, it.name, it.x, it.y, it.size, ink(it.fill), it.rotate ?? 0);
      return;
    case 'image':
      doc.image(images.get(it.key) as Buffer, it.x, it.y, { width: it.w, height: it.h });
      return;
    case 'text':
      setColour(doc, ink(it.fill), false);
      setRun(doc, it.font, it.size, it.x, it.y, it.text, MM, {
        ...(it.features ? { features: it.features } : {}),
        ...(it.tracking ? { tracking: it.tracking } : {}),
        ...(it.wordSpacing ? { wordSpacing: it.wordSpacing } : {}),
      });
      return;
  }
}

function shape(doc: Doc, ink: InkOf, fillHex: string | undefined, strokeHex: string | undefined, line = 0.5, dash?: [number, number]): void {
  if (strokeHex !== undefined) {
    doc.lineWidth(line / MM);
    if (dash) doc.dash(dash[0], { space: dash[1] });
    else doc.undash();
  }
  // What pdfkit's fill, stroke and fillAndStroke write, with the colours from setColour.
  if (fillHex !== undefined) setColour(doc, ink(fillHex), false);
  if (strokeHex !== undefined) setColour(doc, ink(strokeHex), true);
  if (fillHex !== undefined || strokeHex !== undefined) addContent(doc, fillHex === undefined ? 'S' : strokeHex === undefined ? 'f' : 'B');
}

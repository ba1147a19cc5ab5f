// Every reach into pdfkit below its public API, in one place. The print code's fast paths (the
// raw text writer, icons as Form XObjects, images opened once, page boxes, PDF/X marks) use
// fields pdfkit does not document; package.json pins pdfkit exactly, and
// tests/print/pdfkit-internals.test.ts fails loudly, naming the field, if an upgrade moves one.
// Nothing else in the project may cast a pdfkit document.
import type PDFDocument from 'pdfkit';
import { fastPaths } from '../fast-paths.js';

type Doc = InstanceType<typeof PDFDocument>;

/** The embedded font pdfkit has selected, as its text() uses it. */
export interface PdfkitFont {
  id: string;
  encode(text: string, features?: string[]): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
  ref(): unknown;
  widthOfString(text: string, size: number, features?: string[]): number;
}

/**
 * The parts of pdfkit's embedded (TrueType) font that its encode() uses: the face, its scale
 * from font units to thousandths of an em, and the document's subset, widths and characters.
 */
export interface EmbeddedFontParts {
  font: object;
  scale: number;
  subset: { includeGlyph(id: number): number };
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
}

/** The embedded font's parts, or undefined when the font is not embedded (or pdfkit keeps them elsewhere). */
export function embeddedParts(f: PdfkitFont): EmbeddedFontParts | undefined {
  const e = f as unknown as Partial<EmbeddedFontParts>;
  return typeof e.scale === 'number' &&
    typeof e.font === 'object' &&
    typeof e.subset?.includeGlyph === 'function' &&
    Array.isArray(e.widths) &&
    Array.isArray(e.unicode)
    ? (e as EmbeddedFontParts)
    : undefined;
}

/** A PDF object pdfkit will write; `end` gives a stream its content. */
export interface PdfkitRef {
  data: Record<string, unknown>;
  end(data?: string): void;
}

interface Internals {
  _font?: PdfkitFont;
  _root: PdfkitRef & { constructor: { prototype: StreamWriter } };
  info: Record<string, unknown>;
  page: { fonts: Record<string, unknown>; xobjects: Record<string, unknown>; dictionary: PdfkitRef; content: PdfkitRef; resources: PdfkitRef };
  outline: unknown;
  addContent(s: string): void;
  _write(data: Uint8Array | string): void;
  _offset: number;
  _setColorCore(colour: PdfColour, stroke: boolean): boolean;
  _fillColor?: [PdfColour, number | undefined];
  ref(data: object): PdfkitRef;
  openImage(b: Buffer): unknown;
  path(this: unknown, d: string): unknown;
}

const inside = (doc: Doc) => doc as unknown as Internals;

/** A colour as pdfkit takes it: "#rrggbb", or the four CMYK percentages. */
export type PdfColour = string | number[];

/** The lines pdfkit writes to set each colour, for filling ('f') and stroking ('S'), asked of it once. */
const colourLines = new Map<string, string>();

/**
 * Sets the fill or stroke colour exactly as pdfkit's fillColor or strokeColor does — the same lines
 * in the content, and the fill colour remembered as it remembers it — but works the lines out once
 * per colour: pdfkit parses the colour, divides and joins its parts on every call, and the print
 * PDFs of a 10,000-card pack set 1.2 million colours. The lines are pdfkit's own: its
 * `_setColorCore` is run once on a stand-in for the document whose `addContent` keeps what it is
 * given. They hold nothing of the document (a colour space and the parts), so one table serves all.
 */
export function setColour(doc: Doc, colour: PdfColour, stroke: boolean): void {
  if (!fastPaths.colourLines) {
    if (stroke) doc.strokeColor(colour as string);
    else doc.fillColor(colour as string);
    return;
  }
  const d = inside(doc);
  const key = `${stroke ? 'S' : 'f'}${typeof colour === 'string' ? colour : colour.join(',')}`;
  let lines = colourLines.get(key);
  if (lines === undefined) {
    const caught: string[] = [];
    const standIn: Internals = Object.create(d, { addContent: { value: (s: string) => caught.push(s) } });
    if (!standIn._setColorCore(colour, stroke)) throw new Error(`pdfkit did not take the colour ${String(colour)}`);
    lines = caught.join('\n');
    colourLines.set(key, lines);
  }
  d.addContent(lines);
  if (!stroke) d._fillColor = [colour, undefined];
}

/** What a PDF object does with its stream: pdfkit's PDFReference write and finalize. */
interface StreamWriter {
  write(chunk: unknown): void;
  finalize(): void;
}

const batched = new WeakSet<object>();
const pendingText = new WeakMap<object, string[]>();

/**
 * pdfkit turns every operator it is given (a rectangle, a colour, a save) into a byte array of
 * its own, in a JavaScript loop, and joins them all when the object ends: a deck's page gets
 * thousands. Here the text an object is given is kept as it comes and turned into bytes once,
 * natively, when bytes arrive or the object ends. The bytes are the same: pdfkit writes each
 * text followed by a newline, keeping each character's low byte, and so does this (latin1).
 */
export function batchStreamText(doc: Doc): void {
  const proto = inside(doc)._root.constructor.prototype;
  if (batched.has(proto)) return;
  batched.add(proto);
  const write = proto.write;
  const finalize = proto.finalize;
  const flush = (ref: StreamWriter) => {
    const texts = pendingText.get(ref);
    if (!texts || texts.length === 0) return;
    pendingText.delete(ref);
    write.call(ref, Buffer.from(`${texts.join('\n')}\n`, 'latin1'));
  };
  proto.write = function (this: StreamWriter, chunk: unknown) {
    if (typeof chunk === 'string') {
      let texts = pendingText.get(this);
      if (!texts) pendingText.set(this, (texts = []));
      texts.push(chunk);
      return;
    }
    flush(this);
    write.call(this, chunk);
  };
  proto.finalize = function (this: StreamWriter) {
    flush(this);
    finalize.call(this);
  };
}

/**
 * Sends the document's bytes straight to `sink` as pdfkit writes them. pdfkit's `_write` turns
 * every line it writes (an object's number, a line of its dictionary) into bytes in a JavaScript
 * loop and pushes each piece through the document's Readable stream; a 10,000-card deck's PDF is
 * a few hundred thousand such pieces. Here each becomes bytes natively (latin1: each character's
 * low byte, as pdfkit keeps it, followed by a newline as pdfkit adds it) and goes to `sink` at
 * once, and the offsets the cross-reference table is made from are counted as pdfkit counts them.
 * What pdfkit wrote before this (the file's header) is taken from the stream first, so the order
 * is pdfkit's. Returns a check for the end: true if anything still came by the stream (the
 * listener that notices is also what lets the stream end, as a reader's would).
 */
export function writeStraight(doc: Doc, sink: (bytes: Uint8Array) => void): () => boolean {
  const d = inside(doc);
  const head = doc.read() as Buffer | null;
  if (head) sink(head);
  d._write = function (this: Internals, data: Uint8Array | string) {
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
    sink(bytes);
    this._offset += bytes.length;
  };
  let strays = false;
  doc.on('data', () => {
    strays = true;
  });
  return () => strays;
}

/** The selected font, or undefined when pdfkit no longer keeps it where this expects. */
export function currentFont(doc: Doc): PdfkitFont | undefined {
  const f = inside(doc)._font;
  return f && typeof f.encode === 'function' && typeof f.ref === 'function' && typeof f.widthOfString === 'function' ? f : undefined;
}

/** Lists the font in the current page's resources (text() does this for its own runs). */
export function usePageFont(doc: Doc, font: PdfkitFont): void {
  inside(doc).page.fonts[font.id] = font.ref();
}

/** Appends raw operators to the current page's content stream. */
export function addContent(doc: Doc, operators: string): void {
  inside(doc).addContent(operators);
}

/** A Form XObject holding `operators`, drawn in a `size`-unit square. */
export function formXObject(doc: Doc, operators: string, size: number): PdfkitRef {
  const ref = inside(doc).ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, size, size] });
  ref.end(operators);
  return ref;
}

/**
 * A Form XObject of what `paint` draws: while it runs, pdfkit's current page is a stand-in that
 * sends the operators to the form and the fonts, pictures and icons they use to the form's own
 * resources. `bbox` is in the user space `paint` draws in; nothing it draws must leave it.
 */
export function paintForm(doc: Doc, bbox: [number, number, number, number], paint: () => void): PdfkitRef {
  const d = inside(doc);
  const page = d.page;
  const resources = d.ref({ ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'] });
  const form = d.ref({ Type: 'XObject', Subtype: 'Form', BBox: bbox, Resources: resources });
  d.page = Object.create(page, { content: { value: form }, resources: { value: resources } });
  try {
    paint();
  } finally {
    d.page = page;
  }
  form.end();
  resources.end();
  return form;
}

/** Lists an XObject in the current page's resources under `name`. */
export function usePageXObject(doc: Doc, name: string, ref: PdfkitRef): void {
  inside(doc).page.xobjects[name] = ref;
}

/** Runs pdfkit's SVG path parser against `target`, which receives moveTo, lineTo … calls. */
export function parseSvgPath(doc: Doc, target: unknown, d: string): void {
  inside(doc).path.call(target, d);
}

/** Opens an image once, for every page of the document to reuse. */
export function openImage(doc: Doc, bytes: Buffer): unknown {
  return inside(doc).openImage(bytes);
}

/** Sets a box (TrimBox, BleedBox …) on the current page, in pt from the bottom-left corner. */
export function setPageBox(doc: Doc, name: 'TrimBox' | 'BleedBox', box: [number, number, number, number]): void {
  inside(doc).page.dictionary.data[name] = box;
}

/** The document's outline (bookmarks). */
export function outlineOf<T>(doc: Doc): T {
  return inside(doc).outline as T;
}

/**
 * Declares the document PDF/X-1a:2001 for a press printing to `condition` (a registered
 * characterisation such as "CGATS TR 001", so no ICC profile need be embedded): the output
 * intent in the catalogue and the version key in the document information. `Trapped` must be the
 * name /False, which pdfkit's information dictionary cannot hold (it writes strings): it is
 * written as the string "(False)" and `markUntrapped` turns it into "/False " — the same number
 * of bytes, so the cross-reference table stays right.
 */
export function declarePdfX1a(doc: Doc, condition: string, info: string): void {
  const d = inside(doc);
  d._root.data.OutputIntents = [
    {
      Type: 'OutputIntent',
      S: 'GTS_PDFX',
      OutputConditionIdentifier: new String(condition),
      RegistryName: new String('http://www.color.org'),
      Info: new String(info),
    },
  ];
  d.info.GTS_PDFXVersion = 'PDF/X-1:2001';
  d.info.GTS_PDFXConformance = 'PDF/X-1a:2001';
  d.info.Trapped = 'False';
}

/** See declarePdfX1a: the finished bytes with /Trapped as the name it must be. */
export function markUntrapped(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const ref = /\/Trapped (\d+) 0 R/.exec(text);
  if (!ref) throw new Error('pdfkit no longer writes the Trapped entry where expected');
  const obj = `\n${ref[1]} 0 obj\n(False)\nendobj`;
  const at = text.indexOf(obj);
  if (at < 0) throw new Error('pdfkit no longer writes information entries as objects of their own');
  const out = Buffer.from(pdf);
  out.write(`\n${ref[1]} 0 obj\n/False \nendobj`, at, 'latin1');
  return out;
}

// A pdfkit document for the rule book and the play aids: the paper, the fonts, and the fixed
// metadata that make the same input give the same bytes on every machine.
import PDFDocument from 'pdfkit';
import { registerFonts } from '../fonts.js';
import { buildDate } from '../paint/document.js';

export type Paper = 'a4' | 'letter';
export type Doc = InstanceType<typeof PDFDocument>;

/** Page sizes in points (1/72 in), portrait. */
export const PAPER_SIZE: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/** 1 mm in points. */
export const MM = 72 / 25.4;

export interface DocumentInfo {
  title: string;
  subject: string;
  author: string;
  keywords?: string;
}

/** A new document with no pages yet; the caller adds pages of its paper size. */
export function openDocument(info: DocumentInfo): Doc {
  // SOURCE_DATE_EPOCH or a constant, the same date the card PDFs carry: same content, same bytes.
  const date = buildDate();
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: info.author,
      Keywords: info.keywords ?? '',
      Creator: 'codex-conquest',
      Producer: 'codex-conquest (pdfkit)',
      CreationDate: date,
      ModDate: date,
    },
  });
  // The faces and their shaping cache are shared with every other document (fonts.ts makes their
  // glyphs' characters canonical, so sharing changes neither bytes nor copy-and-paste text).
  registerFonts(doc);
  return doc;
}

export function addPaperPage(doc: Doc, paper: Paper): void {
  const { width, height } = PAPER_SIZE[paper];
  doc.addPage({ size: [width, height], margin: 0 });
}

/** Collects a finished document into one buffer. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

// A pdfkit document that gives the same bytes for the same input: a fixed creation date (from
// SOURCE_DATE_EPOCH when set, as reproducible-build tools expect) and so a fixed document ID,
// which pdfkit derives from the info dictionary.
import PDFDocument from 'pdfkit';
import { registerFonts } from '../fonts.js';

export type Doc = InstanceType<typeof PDFDocument>;

/** 2000-01-01, the year the game ends, unless SOURCE_DATE_EPOCH says otherwise. */
export function buildDate(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date(Date.UTC(2000, 0, 1));
}

export function newDocument(title: string, subject?: string): Doc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.4',
    info: {
      Title: title,
      ...(subject ? { Subject: subject } : {}),
      Author: 'Codex Conquest',
      Creator: 'codex-conquest',
      Producer: 'codex-conquest (pdfkit)',
      CreationDate: buildDate(),
    },
  });
  registerFonts(doc);
  return doc;
}

/** Ends the document and returns its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

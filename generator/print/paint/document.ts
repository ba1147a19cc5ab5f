// A pdfkit document that gives the same bytes for the same input: a fixed creation date (from
// SOURCE_DATE_EPOCH when set, as reproducible-build tools expect) and so a fixed document ID,
// which pdfkit derives from the info dictionary.
import PDFDocument from 'pdfkit';
import { registerFonts } from '../fonts.js';

export type Doc = InstanceType<typeof PDFDocument>;

/** 2000-01-01, the year the game ends, unless SOURCE_DATE_EPOCH says otherwise. */
function buildDate(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date(Date.UTC(2000, 0, 1));
}

export interface DocumentInfo {
  title: string;
  subject?: string;
  author?: string;
  keywords?: string;
}

/**
 * A new document with no pages yet, with every face registered. The faces and their shaping
 * cache are shared with every other document (fonts.ts makes their glyphs' characters
 * canonical, so sharing changes neither bytes nor copy-and-paste text). A `reading` document
 * (the rule book, the play aids) is PDF 1.7 and tells readers its language and title, and keeps
 * its pages so the contents list can be filled in after the chapters are set.
 */
export function newDocument(info: DocumentInfo, reading = false): Doc {
  const date = buildDate();
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    ...(reading ? { bufferPages: true, lang: 'en-GB', displayTitle: true, pdfVersion: '1.7' as const } : { pdfVersion: '1.4' as const }),
    info: {
      Title: info.title,
      ...(info.subject ? { Subject: info.subject } : {}),
      Author: info.author ?? 'Codex Conquest',
      ...(reading ? { Keywords: info.keywords ?? '' } : {}),
      Creator: 'codex-conquest',
      Producer: 'codex-conquest (pdfkit)',
      CreationDate: date,
      ...(reading ? { ModDate: date } : {}),
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

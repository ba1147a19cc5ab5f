// A pdfkit document that gives the same bytes for the same input: a fixed creation date (from
// SOURCE_DATE_EPOCH when set, as reproducible-build tools expect) and so a fixed document ID,
// which pdfkit derives from the info dictionary.
import PDFDocument from 'pdfkit';
import { registerFonts } from '../fonts.js';
import { batchStreamText, writeStraight } from './pdfkit-internals.js';
import { fastPaths } from '../fast-paths.js';

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
  if (fastPaths.streamText) batchStreamText(doc);
  collect(doc);
  return doc;
}

/**
 * The document's bytes as pdfkit writes them. pdfkit hands its output over in pieces of a few
 * bytes each (an object's number, a line of a dictionary), each in memory of its own; read only
 * at the end, they all waited in the stream's buffer: a 10,000-card deck's print-shop PDF held
 * 200,000 of them, fifteen times the size of the file. They are read as they are written, each
 * copied into blocks of a megabyte and let go at once; the blocks are joined at the end (a
 * buffer grown by doubling instead left twice the file behind for the collector).
 */
export class Collector {
  private static readonly BLOCK = 1024 * 1024;
  private readonly full: Buffer[] = [];
  private block = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  add(c: Uint8Array): void {
    let from = 0;
    while (from < c.length) {
      if (this.used === this.block.length) {
        this.full.push(this.block);
        this.block = Buffer.allocUnsafe(Collector.BLOCK);
        this.used = 0;
      }
      const n = Math.min(c.length - from, this.block.length - this.used);
      this.block.set(c.subarray(from, from + n), this.used);
      this.used += n;
      from += n;
    }
  }
  /** The bytes, joined once (a worker moves them only if they own their memory: share-worker.ts checks). */
  take(): Buffer {
    return Buffer.concat([...this.full, this.block.subarray(0, this.used)]);
  }
}

/** Each document's bytes, and (when writeStraight took the writing over) whether any still came by its stream. */
const collectors = new WeakMap<Doc, { bytes: Collector; strays: () => boolean }>();

function collect(doc: Doc): void {
  const bytes = new Collector();
  if (fastPaths.straightWrites) {
    collectors.set(doc, { bytes, strays: writeStraight(doc, (b) => bytes.add(b)) });
    return;
  }
  doc.on('data', (chunk: Uint8Array) => bytes.add(chunk));
  collectors.set(doc, { bytes, strays: () => false });
}

/** Ends the document and returns its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  const c = collectors.get(doc);
  if (!c) throw new Error('finish() is for documents made by newDocument()');
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      // pdfkit wrote past writeStraight (an upgrade that writes another way): the bytes would be out of order.
      if (c.strays()) reject(new Error('pdfkit wrote part of a PDF past writeStraight (paint/pdfkit-internals.ts)'));
      else resolve(c.bytes.take());
    });
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

// A PDF's bytes are gathered as pdfkit writes them, into blocks (paint/document.ts): what finish()
// returns must be every byte pdfkit wrote, in order, however the pieces fall across blocks; and
// writeStraight, which takes them from pdfkit's writer rather than its stream, must hand over the
// very bytes the stream gives.
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { Collector, type Doc, finish, newDocument } from '../../generator/print/paint/document.js';
import { writeStraight } from '../../generator/print/paint/pdfkit-internals.js';

/** Forty pages of text, wrapped, with a picture's worth of shapes: objects of many kinds and sizes. */
function draw(doc: Doc): void {
  for (let page = 0; page < 40; page++) {
    doc.addPage();
    doc.text(`Page ${page}: ${'the quick brown fox '.repeat(40)}`, 40, 40);
    doc.rect(40, 400, 100 + page, 50).fillAndStroke('#a1b2c3', '#102030');
  }
}

function ended(doc: Doc): Promise<void> {
  return new Promise((resolve) => {
    doc.on('end', () => resolve());
    doc.end();
  });
}

describe('the bytes of a document', () => {
  it('pieces of every size, across many blocks, come back whole and in order', () => {
    const c = new Collector();
    const pieces: Buffer[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let total = 0; total < 3.5 * 1024 * 1024; ) {
      // Mostly a few bytes, now and then more than a block.
      const size = next() % 50 === 0 ? 1 + (next() % (1.5 * 1024 * 1024)) : 1 + (next() % 40);
      const piece = Buffer.alloc(size, next() % 256);
      pieces.push(piece);
      c.add(piece);
      total += size;
    }
    expect(c.take().equals(Buffer.concat(pieces))).toBe(true);
  });

  it('writeStraight hands over exactly the bytes pdfkit streams, its header first', async () => {
    const make = () => new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: 'Bytes', CreationDate: new Date(0) } });
    const streamed = make();
    const viaStream: Buffer[] = [];
    streamed.on('data', (c: Buffer) => viaStream.push(Buffer.from(c)));
    draw(streamed);
    await ended(streamed);
    const straight = make();
    const viaWriter: Buffer[] = [];
    const strays = writeStraight(straight, (b) => viaWriter.push(Buffer.from(b)));
    draw(straight);
    await ended(straight);
    expect(strays(), 'bytes that still came by the stream').toBe(false);
    const a = Buffer.concat(viaStream);
    expect(a.length).toBeGreaterThan(10_000);
    expect(Buffer.concat(viaWriter).equals(a)).toBe(true);
  });

  it('finish() refuses a PDF of which pdfkit wrote part by its stream, past writeStraight (the bytes would be out of order)', async () => {
    const doc = newDocument({ title: 'Bytes' });
    draw(doc);
    // What a pdfkit that wrote some other way would do: push bytes to the stream itself.
    doc.push(Buffer.from('% written past writeStraight\n', 'latin1'));
    await expect(finish(doc)).rejects.toThrow('past writeStraight');
  });

  it('finish() returns a whole PDF, each object where the cross-reference table says it is', async () => {
    const doc = newDocument({ title: 'Bytes', subject: 'a test', author: 'tests' });
    draw(doc);
    const bytes = await finish(doc);
    expect(bytes.length).toBeGreaterThan(10_000);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toMatch(/%%EOF\s*$/);
    const xref = Number(/startxref\s+(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const rows = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(rows.length).toBeGreaterThan(100);
    rows.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length), `object ${i + 1}`).toBe(`${i + 1} 0 obj`));
  });
});

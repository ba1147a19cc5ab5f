// A PDF's bytes are gathered as pdfkit writes them, into blocks (paint/document.ts): what finish()
// returns must be every byte pdfkit wrote, in order, however the pieces fall across blocks.
import { describe, expect, it } from 'vitest';
import { Collector, finish, newDocument } from '../../generator/print/paint/document.js';

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

  it('finish() returns exactly what the document wrote', async () => {
    const doc = newDocument({ title: 'Bytes', subject: 'a test', author: 'tests' });
    const seen: Buffer[] = [];
    doc.on('data', (c: Buffer) => seen.push(Buffer.from(c)));
    for (let page = 0; page < 40; page++) {
      doc.addPage();
      doc.text(`Page ${page}: ${'the quick brown fox '.repeat(40)}`, 40, 40);
    }
    const bytes = await finish(doc);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.equals(Buffer.concat(seen))).toBe(true);
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });
});

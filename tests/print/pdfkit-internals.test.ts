// The print code reaches below pdfkit's and fontkit's public APIs in two files
// (generator/print/paint/pdfkit-internals.ts and generator/print/fonts.ts). Both packages are
// pinned exactly; if an upgrade moves one of the fields they use, this test fails and names it.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import { ROOT } from '../helpers.js';
import { FONT_FILES } from '../../generator/print/font-files.js';
import { type Doc, finish, newDocument } from '../../generator/print/paint/document.js';
import { setColour } from '../../generator/print/paint/pdfkit-internals.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('the pdfkit and fontkit internals the print code relies on', () => {
  it('pins pdfkit and fontkit to exact versions', () => {
    expect(pkg.dependencies.pdfkit).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.fontkit).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('pdfkit: the fields paint/pdfkit-internals.ts uses are where it expects them', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.addPage({ size: [100, 100], margin: 0 });
    doc.font('Helvetica').fontSize(10);
    const d = doc as unknown as Record<string, unknown> & { page: Record<string, unknown>; _font: Record<string, unknown>; _root: Record<string, unknown> };
    const missing: string[] = [];
    const need = (what: string, ok: boolean) => ok || missing.push(what);
    need('doc._font.encode', typeof d._font?.encode === 'function');
    need('doc._font.ref', typeof d._font?.ref === 'function');
    need('doc._font.widthOfString', typeof d._font?.widthOfString === 'function');
    need('doc._font.id', typeof d._font?.id === 'string');
    need('doc.page.fonts', typeof d.page.fonts === 'object');
    need('doc.page.xobjects', typeof d.page.xobjects === 'object');
    need('doc.page.dictionary.data', typeof (d.page.dictionary as { data?: unknown })?.data === 'object');
    need('doc._root.data', typeof (d._root as { data?: unknown })?.data === 'object');
    need('doc.info', typeof d.info === 'object');
    need('doc.outline.addItem', typeof (d.outline as { addItem?: unknown })?.addItem === 'function');
    for (const f of ['addContent', '_setColorCore', '_write', 'ref', 'openImage', 'path']) need(`doc.${f}`, typeof d[f] === 'function');
    need('doc._offset', typeof d._offset === 'number');
    // batchStreamText patches the prototype of pdfkit's PDF objects, reached through the catalogue.
    const proto = Object.getPrototypeOf(d._root) as Record<string, unknown>;
    need('PDFReference.write', typeof proto.write === 'function');
    need('PDFReference.finalize', typeof proto.finalize === 'function');
    // The raw text writer's encoder reads an embedded TrueType font's parts (embeddedParts).
    doc.registerFont('serif', readFileSync(FONT_FILES.serif));
    doc.font('serif');
    const embedded = d._font as Record<string, unknown> & { subset?: Record<string, unknown> };
    need('EmbeddedFont.font', typeof embedded.font === 'object');
    need('EmbeddedFont.scale', typeof embedded.scale === 'number');
    need('EmbeddedFont.subset.includeGlyph', typeof embedded.subset?.includeGlyph === 'function');
    need('EmbeddedFont.widths', Array.isArray(embedded.widths));
    need('EmbeddedFont.unicode', Array.isArray(embedded.unicode));
    expect(missing, 'pdfkit internals that moved').toEqual([]);
  });

  it('pdfkit: setColour writes what fillColor and strokeColor write, and remembers the fill as fillColor does', async () => {
    // Each colour twice (the second time from setColour's table), RGB and CMYK, filled and
    // stroked; then underlined text, which pdfkit strokes in the fill colour it remembers.
    const colours: (string | number[])[] = ['#a1b2c3', [0, 85, 80, 30], '#a1b2c3', [0, 85, 80, 30], '#000000'];
    const pdf = async (set: (doc: Doc, colour: string | number[], stroke: boolean) => void) => {
      const doc = newDocument({ title: 'colours' });
      doc.addPage({ size: [100, 100], margin: 0 });
      for (const c of colours) {
        set(doc, c, false);
        doc.rect(0, 0, 10, 10);
        doc.addContent('f');
        set(doc, c, true);
        doc.rect(0, 0, 20, 20);
        doc.addContent('S');
      }
      const remembered = JSON.stringify((doc as unknown as { _fillColor?: unknown })._fillColor);
      doc.text('x', 10, 10, { lineBreak: false, underline: true });
      return { bytes: await finish(doc), remembered };
    };
    const theirs = await pdf((doc, c, stroke) => (stroke ? doc.strokeColor(c as string) : doc.fillColor(c as string)));
    const ours = await pdf(setColour);
    expect(ours.remembered).toBe(theirs.remembered);
    expect(Buffer.compare(ours.bytes, theirs.bytes), 'the two PDFs differ').toBe(0);
  });

  it('fontkit: the methods fonts.ts replaces or calls exist', () => {
    const font = fontkit.create(readFileSync(FONT_FILES.serif)) as unknown as Record<string, unknown>;
    const missing = ['getGlyph', 'createSubset', 'layout', 'glyphForCodePoint', 'hasGlyphForCodePoint'].filter((m) => typeof font[m] !== 'function');
    const subset = (font.createSubset as () => Record<string, unknown>)();
    for (const m of ['encode', 'includeGlyph']) if (typeof subset[m] !== 'function') missing.push(`subset.${m}`);
    if (!Array.isArray(subset.glyphs)) missing.push('subset.glyphs');
    expect(missing, 'fontkit internals that moved').toEqual([]);
  });
});

// The print code's reaches into fontkit (generator/print/fontkit-adapter.ts), each checked
// against the fontkit installed: the exact pin, every member the adapter replaces or reads, the
// behaviour the replacements rely on, and that each replacement takes effect. An upgrade that
// moves any of them fails here, naming it, rather than printing subtly wrong PDFs.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Font } from 'fontkit';
import {
  FONTKIT_VERSION,
  glyphCommands,
  openFont,
  overrideGlyphCharacters,
  overrideLayout,
  overrideSubsetEncoding,
} from '../../generator/print/fontkit-adapter.js';
import { FONT_FILES } from '../../generator/print/font-files.js';

const require = createRequire(import.meta.url);
const data = readFileSync(FONT_FILES.serif);
const fresh = (): Font => openFont(data);

describe('fontkit, as the adapter expects it', () => {
  it(`is ${FONTKIT_VERSION}, pinned exactly`, () => {
    // fontkit's export map hides its package.json: it is read from beside its entry point.
    const entry = require.resolve('fontkit');
    const manifest = join(entry.slice(0, entry.lastIndexOf('node_modules/fontkit/') + 'node_modules/fontkit/'.length), 'package.json');
    expect((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version).toBe(FONTKIT_VERSION);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.fontkit).toBe(FONTKIT_VERSION);
  });

  it('Font.getGlyph makes each glyph once and keeps the characters it was first asked for', () => {
    const font = fresh();
    const a = font.glyphForCodePoint(0x41);
    expect(font.getGlyph(a.id)).toBe(a); // one object per glyph: what the character override relies on
    expect(a.codePoints).toEqual([0x41]);
    expect(font.getGlyph(a.id, [0x42]).codePoints).toEqual([0x41]);
  });

  it('Glyph.path.commands are the outline, in the commands the raster painter draws', () => {
    const commands = glyphCommands(fresh().glyphForCodePoint(0x61));
    expect(commands.length).toBeGreaterThan(5);
    const names = new Set(commands.map((c) => c.command));
    for (const n of names) expect(['moveTo', 'lineTo', 'quadraticCurveTo', 'bezierCurveTo', 'closePath']).toContain(n);
    expect(names.has('moveTo') && names.has('closePath')).toBe(true);
  });

  it('Font.createSubset gives a subset with glyphs, includeGlyph and encode', () => {
    const subset = fresh().createSubset();
    expect(Array.isArray(subset.glyphs)).toBe(true);
    subset.includeGlyph(36);
    expect(subset.glyphs).toContain(36);
    expect(subset.encode()).toBeInstanceOf(Uint8Array);
  });

  it('Font.layout shapes a run into glyphs and positions', () => {
    const run = fresh().layout('office', ['liga']);
    expect(run.glyphs.length).toBeLessThan(6); // the ffi ligature
    expect(run.positions.length).toBe(run.glyphs.length);
    expect(run.advanceWidth).toBeGreaterThan(0);
  });
});

describe('the adapter’s replacements take effect', () => {
  it('glyph characters', () => {
    const font = fresh();
    overrideGlyphCharacters(font, () => [0x263a]);
    expect(font.glyphForCodePoint(0x61).codePoints).toEqual([0x263a]);
  });

  it('subset encoding', () => {
    const font = fresh();
    const mark = new Uint8Array([1, 2, 3]);
    let own = 0;
    overrideSubsetEncoding(font, (subset, encode) => {
      own = encode().length;
      expect(Array.isArray(subset.glyphs)).toBe(true);
      return mark;
    });
    const subset = font.createSubset();
    expect(subset.encode()).toBe(mark);
    expect(own).toBeGreaterThan(100);
  });

  it('layout', () => {
    const font = fresh();
    overrideLayout(font, (own) => (text, features) => ({ ...own(text, features), glyphs: [] }));
    expect(font.layout('abc').glyphs).toEqual([]);
  });

  it('a subset without its members stops the build, naming what moved', () => {
    const font = fresh();
    font.createSubset = () => ({ glyphs: [] }) as unknown as ReturnType<Font['createSubset']>;
    overrideSubsetEncoding(font, (_s, own) => own());
    expect(() => font.createSubset()).toThrow(/Subset.glyphs \/ includeGlyph \/ encode.*fontkit 2\.0\.4/);
  });
});

// Every reach into fontkit beyond opening a font and shaping with it, in one place. The print
// code replaces three of a font object's methods (fonts.ts says why) and reads glyph outlines:
//   - getGlyph(id, codePoints): which characters a glyph object stands for;
//   - createSubset() and its subset's encode(): the font program a PDF embeds;
//   - layout(text, features): shaping, which pdfkit calls on the same object;
//   - glyph.path.commands: outlines, for the raster painter.
// These are fontkit's own members, not a documented extension point, so package.json pins
// fontkit exactly, each patch checks that the member is there and behaves as expected before it
// replaces it, and tests/print/fontkit-adapter.test.ts fails naming the member if an upgrade
// moves one. Nothing else in the project may assign to a fontkit object.
import * as fontkit from 'fontkit';
import type { Font, Glyph, GlyphRun, Subset } from 'fontkit';

/** The fontkit these patches were written for (package.json pins it). */
export const FONTKIT_VERSION = '2.0.4';

function need(ok: boolean, member: string): void {
  if (!ok)
    throw new Error(
      `fontkit's ${member} is not what the print code expects (written for fontkit ${FONTKIT_VERSION}): ` +
        'if fontkit was upgraded, pin it back in package.json or update generator/print/fontkit-adapter.ts',
    );
}

/** Opens a font file's bytes. */
export function openFont(data: Uint8Array): Font {
  const font = fontkit.create(data);
  need(typeof font.getGlyph === 'function' && font.getGlyph.length >= 1, 'Font.getGlyph(id, codePoints)');
  need(typeof font.createSubset === 'function', 'Font.createSubset()');
  need(typeof font.layout === 'function', 'Font.layout(text, features)');
  return font;
}

/** Makes `font.getGlyph` ask `chars` which characters each glyph object stands for. */
export function overrideGlyphCharacters(font: Font, chars: (id: number, asked: number[] | undefined) => number[] | undefined): void {
  const make = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints?: number[]) => make(id, chars(id, codePoints));
}

/** Makes every subset of `font` encode through `encode`, which is given the subset's own encoder. */
export function overrideSubsetEncoding(font: Font, encode: (subset: Subset, own: () => Uint8Array) => Uint8Array): void {
  const create = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = create();
    need(
      Array.isArray(subset.glyphs) && typeof subset.includeGlyph === 'function' && typeof subset.encode === 'function',
      'Subset.glyphs / includeGlyph / encode',
    );
    const own = subset.encode.bind(subset);
    subset.encode = () => encode(subset, own);
    return subset;
  };
}

/** Replaces `font.layout` (shaping, for pdfkit and for measuring) by `layout`, which is given fontkit's own. */
export function overrideLayout(
  font: Font,
  layout: (
    own: (text: string, features?: string[] | Record<string, boolean>) => GlyphRun,
  ) => (text: string, features?: string[] | Record<string, boolean>) => GlyphRun,
): void {
  font.layout = layout(font.layout.bind(font));
}

/** A glyph's outline as drawing commands (moveTo, lineTo, quadraticCurveTo, bezierCurveTo, closePath), font units, y up. */
export function glyphCommands(glyph: Glyph): { command: string; args: number[] }[] {
  const commands = glyph.path?.commands;
  need(Array.isArray(commands), 'Glyph.path.commands');
  return commands;
}

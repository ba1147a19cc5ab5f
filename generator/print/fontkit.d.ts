// The slice of fontkit (pdfkit's own font engine) that the print code uses: shaping for widths
// and glyph outlines, and the cmap for the missing-glyph check.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
    path: { toSVG(): string; commands: { command: string; args: number[] }[] };
    /** The outline's extent in font units (y up). */
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    readonly characterSet: number[];
    getGlyph(id: number, codePoints?: number[]): Glyph;
    createSubset(): Subset;
  }
  /** The glyphs a PDF embeds: pdfkit adds each glyph it prints, then encodes the subset once. */
  export interface Subset {
    glyphs: number[];
    includeGlyph(glyph: number): number;
    encode(): Uint8Array;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

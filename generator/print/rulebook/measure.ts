// Text widths and line metrics for the rule book, from the same shaped, cached faces the card
// layouts measure with (layout/shape.ts), so both agree with what pdfkit draws.
import { fontFace, type FontName } from '../fonts.js';
import { textWidth } from '../layout/shape.js';

export class Measurer {
  width(text: string, font: FontName, size: number): number {
    return textWidth(text, { font, size });
  }

  /** Ascender and descender as fractions of the font size. */
  metrics(font: FontName): { ascender: number; descender: number } {
    const f = fontFace(font);
    return { ascender: f.ascent / f.unitsPerEm, descender: -f.descent / f.unitsPerEm };
  }

  /** Where the baseline sits in a line box of this leading, with the text centred in it. */
  baseline(font: FontName, size: number, leading: number): number {
    const { ascender, descender } = this.metrics(font);
    return (leading - size * (ascender + descender)) / 2 + size * ascender;
  }
}

// Text widths, measured with the real fonts through a scratch pdfkit document (pdfkit applies
// kerning and ligatures when it lays text out, so widths match what is drawn).
import PDFDocument from 'pdfkit';
import { registerFonts, type FontName } from '../fonts.js';

export class Measurer {
  private readonly doc = new PDFDocument({ autoFirstPage: false });
  private readonly cache = new Map<string, number>();

  constructor() {
    registerFonts(this.doc);
  }

  width(text: string, font: FontName, size: number): number {
    const key = `${font}\u0000${size}\u0000${text}`;
    let w = this.cache.get(key);
    if (w === undefined) {
      w = this.doc.font(font).fontSize(size).widthOfString(text);
      this.cache.set(key, w);
    }
    return w;
  }

  /** Ascender and descender as fractions of the font size. */
  metrics(font: FontName): { ascender: number; descender: number } {
    this.doc.font(font);
    const f = (this.doc as unknown as { _font: { ascender: number; descender: number } })._font;
    return { ascender: f.ascender / 1000, descender: -f.descender / 1000 };
  }

  /** Where the baseline sits in a line box of this leading, with the text centred in it. */
  baseline(font: FontName, size: number, leading: number): number {
    const { ascender, descender } = this.metrics(font);
    return (leading - size * (ascender + descender)) / 2 + size * ascender;
  }
}

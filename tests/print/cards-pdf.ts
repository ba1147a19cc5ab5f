// Reading the card PDFs back for the card tests: page boxes, the text in drawing order (so a
// title broken over two lines stays together), and the embedded fonts.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface CardPdf {
  pages: { width: number; height: number }[];
  /** All text of the document in drawing order, whitespace removed (layout adds none of its own). */
  squashed: string;
  bytes: Buffer;
}

export const squash = (s: string) => s.replace(/\s+/g, '');

export async function readCardPdf(file: string, withText = true): Promise<CardPdf> {
  const bytes = readFileSync(file);
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: CardPdf['pages'] = [];
  const text: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    pages.push({ width: x1 - x0, height: y1 - y0 });
    if (withText) {
      const content = await page.getTextContent();
      for (const it of content.items as { str?: string }[]) if (typeof it.str === 'string') text.push(it.str);
    }
  }
  await pdf.destroy();
  return { pages, squashed: squash(text.join('')), bytes };
}

/** Font names from the font descriptors (pdfkit writes them as plain objects). */
export function fontNames(bytes: Buffer): string[] {
  return [...bytes.toString('latin1').matchAll(/\/FontName \/([^\s/<>[\]]+)/g)].map((m) => m[1]!);
}

/** Every [x0 y0 x1 y1] given for a box name, page by page. */
export function boxes(bytes: Buffer, name: 'TrimBox' | 'BleedBox' | 'MediaBox'): number[][] {
  return [...bytes.toString('latin1').matchAll(new RegExp(`/${name} \\[([^\\]]+)\\]`, 'g'))].map((m) => m[1]!.trim().split(/\s+/).map(Number));
}

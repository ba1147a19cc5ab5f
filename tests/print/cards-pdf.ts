// Reading the card PDFs back for the card tests: page boxes, the text in drawing order (so a
// title broken over two lines stays together), and the embedded fonts.
import { readPages } from './pdf-pages.js';

export interface CardPdf {
  pages: { width: number; height: number }[];
  /** All text of the document in drawing order, whitespace removed (layout adds none of its own). */
  squashed: string;
  bytes: Buffer;
}

export const squash = (s: string) => s.replace(/\s+/g, '');

export async function readCardPdf(file: string, withText = true): Promise<CardPdf> {
  const { pages, bytes } = await readPages(file, withText);
  const text = pages.flatMap((p) => p.items.map((it) => it.str)).join('');
  return { pages: pages.map(({ width, height }) => ({ width, height })), squashed: squash(text), bytes };
}

/** Font names from the font descriptors (pdfkit writes them as plain objects). */
export function fontNames(bytes: Buffer): string[] {
  return [...bytes.toString('latin1').matchAll(/\/FontName \/([^\s/<>[\]]+)/g)].map((m) => m[1]!);
}

/** Every [x0 y0 x1 y1] given for a box name, page by page. */
export function boxes(bytes: Buffer, name: 'TrimBox' | 'BleedBox' | 'MediaBox'): number[][] {
  return [...bytes.toString('latin1').matchAll(new RegExp(`/${name} \\[([^\\]]+)\\]`, 'g'))].map((m) => m[1]!.trim().split(/\s+/).map(Number));
}

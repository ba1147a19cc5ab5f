// Reading a built PDF back with pdfjs: each page's size and its text items in drawing order,
// the document info, and the bytes. The card and rule-book readers build their views on this.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TextItem {
  str: string;
  /** [a b c d e f]: e, f are the position; a, b give the font size. */
  transform: number[];
}

export interface RawPage {
  width: number;
  height: number;
  items: TextItem[];
}

/** The document as pdfjs reads it, with no system fonts and no code evaluation. */
export function openPdf(bytes: Uint8Array) {
  return getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
}

export async function readPages(file: string, withText = true): Promise<{ pages: RawPage[]; info: Record<string, unknown>; bytes: Buffer }> {
  const bytes = readFileSync(file);
  const pdf = await openPdf(bytes);
  const pages: RawPage[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const items = withText ? ((await page.getTextContent()).items as Partial<TextItem>[]).filter((it): it is TextItem => typeof it.str === 'string') : [];
    pages.push({ width: x1 - x0, height: y1 - y0, items });
  }
  const meta = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, info: (meta.info ?? {}) as Record<string, unknown>, bytes };
}

// Reading the printed PDFs back for the rule-book and play-aid tests: page sizes, text lines with
// their font size and position, fonts and metadata, through pdfjs (and poppler's pdffonts).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TextLine {
  text: string;
  /** Largest font size on the line, in points. */
  size: number;
  /** Distance from the top of the page, in points. */
  top: number;
}

export interface PdfPage {
  width: number;
  height: number;
  lines: TextLine[];
  text: string;
}

export interface ReadPdf {
  pages: PdfPage[];
  info: Record<string, unknown>;
  bytes: Buffer;
}

interface Item {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export async function readPdf(file: string): Promise<ReadPdf> {
  const bytes = readFileSync(file);
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const height = y1 - y0;
    const content = await page.getTextContent();
    const items = (content.items as Item[]).filter((it) => typeof it.str === 'string' && it.str.trim() !== '');
    // Group items that share a baseline into lines, left to right.
    const rows = new Map<number, Item[]>();
    for (const it of items) {
      const y = Math.round(it.transform[5]! * 2) / 2;
      const key = [...rows.keys()].find((k) => Math.abs(k - y) < 1.5) ?? y;
      rows.set(key, [...(rows.get(key) ?? []), it]);
    }
    const lines = [...rows.entries()]
      .map(([y, its]) => ({
        text: its
          .sort((a, b) => a.transform[4]! - b.transform[4]!)
          .map((it) => it.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
        size: Math.max(...its.map((it) => Math.hypot(it.transform[0]!, it.transform[1]!))),
        top: height - y,
      }))
      .sort((a, b) => a.top - b.top);
    pages.push({ width: x1 - x0, height, lines, text: lines.map((l) => l.text).join('\n') });
  }
  const meta = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, info: (meta.info ?? {}) as Record<string, unknown>, bytes };
}

export interface FontRow {
  name: string;
  embedded: boolean;
  subset: boolean;
}

/** Fonts as poppler's pdffonts sees them. */
export function fontsOf(file: string): FontRow[] {
  const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name … emb sub uni object ID: the three yes/no flags sit before the two object numbers.
      const n = cols.length;
      return { name: cols[0]!, embedded: cols[n - 5] === 'yes', subset: cols[n - 4] === 'yes' };
    });
}

/** Quotes and apostrophes as plain ASCII, spaces collapsed: for comparing headings with Markdown. */
export function normalise(s: string): string {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where each link on a page leads: its named destination and the 1-based page it opens. */
export async function linksOn(file: string, pageNumber: number): Promise<{ dest: string; page: number }[]> {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(file)), isEvalSupported: false }).promise;
  const page = await pdf.getPage(pageNumber);
  const out: { dest: string; page: number }[] = [];
  for (const a of (await page.getAnnotations()) as { dest?: string }[]) {
    if (typeof a.dest !== 'string') continue;
    const d = await pdf.getDestination(a.dest);
    if (d) out.push({ dest: a.dest, page: (await pdf.getPageIndex(d[0] as { num: number; gen: number })) + 1 });
  }
  await pdf.destroy();
  return out;
}

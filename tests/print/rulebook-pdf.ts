// Reading the printed PDFs back for the rule-book and play-aid tests: page sizes, text lines with
// their font size and position, fonts and metadata, through pdfjs (and poppler's pdffonts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openPdf, readPages, type TextItem } from './pdf-pages.js';

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

export async function readPdf(file: string): Promise<ReadPdf> {
  const raw = await readPages(file);
  const pages: PdfPage[] = [];
  for (const { width, height, items: all } of raw.pages) {
    const items = all.filter((it) => it.str.trim() !== '');
    // Group items that share a baseline into lines, left to right.
    const rows = new Map<number, TextItem[]>();
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
    pages.push({ width, height, lines, text: lines.map((l) => l.text).join('\n') });
  }
  return { pages, info: raw.info, bytes: raw.bytes };
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
  const pdf = await openPdf(readFileSync(file));
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

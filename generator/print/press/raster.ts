// Card images from the same display lists as the PDFs: SVG (see paint/svg.ts) rasterised by
// sharp. sharp works on libuv's thread pool, so a few cards in flight keep both cores busy.
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import { cardSvg } from '../paint/svg.js';

export const DPI = 300;
export const pxOf = (mm: number, dpi = DPI) => Math.round((mm / 25.4) * dpi);

/** The card with its bleed, at 300 DPI, as PNG (poker: 825 × 1125 px). */
export async function pressPng(list: DisplayList, images: Map<string, ProcessedImage>): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const b = list.bleed;
  const w = list.width + 2 * b;
  const h = list.height + 2 * b;
  const svg = cardSvg(list, { x: -b, y: -b, w, h, widthPx: pxOf(w), heightPx: pxOf(h) }, images);
  return sharp(Buffer.from(svg)).flatten({ background: list.background }).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}

/** The card trimmed (no bleed), `widthPx` wide, as raw RGB for composing sheets. */
export async function trimmedRgb(list: DisplayList, widthPx: number, heightPx: number, images: Map<string, ProcessedImage>): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = cardSvg(list, { x: 0, y: 0, w: list.width, h: list.height, widthPx, heightPx }, images);
  return sharp(Buffer.from(svg)).flatten({ background: list.background }).removeAlpha().raw().toBuffer();
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the results in order. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
  return results;
}

// Card images from the same display lists as the PDFs: SVG (see paint/svg.ts) rasterised by
// sharp. sharp works on libuv's thread pool, so a few cards in flight keep both cores busy.
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import { readFile } from 'node:fs/promises';
import { cardSvg } from '../paint/svg.js';

import { PRINT_DPI, pxAt as pxOf } from '../images.js';

/**
 * sharp, loaded when first needed. Every card is rendered once, so libvips's own cache of
 * recent operations would only hold memory: about 90 MB at a full build's peak.
 */
async function loadSharp(): Promise<typeof import('sharp').default> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
}

/**
 * Where the print-shop export wrote each face's and back's PNG (in the staging folder), so that
 * the Tabletop Simulator cells are cut from that file instead of rasterising the card again. The
 * PNGs are not kept in memory: a 10,000-card pack's would take gigabytes.
 */
export type PressedPngs = Map<DisplayList, string>;

/** The card with its bleed, at 300 DPI, as PNG (poker: 825 × 1125 px). */
export async function pressPng(list: DisplayList, images: Map<string, ProcessedImage>): Promise<Buffer> {
  const sharp = await loadSharp();
  const b = list.bleed;
  const w = list.width + 2 * b;
  const h = list.height + 2 * b;
  const svg = cardSvg(list, { x: -b, y: -b, w, h, widthPx: pxOf(w), heightPx: pxOf(h) }, images);
  // Tagged 300 DPI with an sRGB profile, so a shop's software reads the size and colour right.
  return sharp(Buffer.from(svg))
    .flatten({ background: list.background })
    .withIccProfile('srgb')
    .withMetadata({ density: PRINT_DPI })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The card with bleed resized to a shop's own pixel size (MakePlayingCards: 822 × 1122), tagged like pressPng. */
export async function shopPng(png: Buffer, widthPx: number, heightPx: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(png)
    .resize(widthPx, heightPx, { fit: 'fill', kernel: 'lanczos3' })
    .withIccProfile('srgb')
    .withMetadata({ density: PRINT_DPI })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The card trimmed (no bleed) at the given size, as raw RGB for composing sheets. */
export async function trimmedRgb(
  list: DisplayList,
  widthPx: number,
  heightPx: number,
  images: Map<string, ProcessedImage>,
  pressed?: PressedPngs,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const file = pressed?.get(list);
  const png = file ? await readFile(file) : await pressPng(list, images);
  const b = pxOf(list.bleed);
  return sharp(png)
    .extract({ left: b, top: b, width: pxOf(list.width + 2 * list.bleed) - 2 * b, height: pxOf(list.height + 2 * list.bleed) - 2 * b })
    .resize(widthPx, heightPx, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
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

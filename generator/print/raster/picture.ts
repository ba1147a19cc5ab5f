// A card's picture in the raster painter: its processed JPEG (images.ts) decoded once to RGB,
// then drawn into its box by bilinear sampling, edges blended by the share of each pixel the box
// covers.
import type { ProcessedImage } from '../layout/display-list.js';
import type { Canvas, Frame } from './canvas.js';
import { blend } from './coverage.js';

export interface Picture {
  width: number;
  height: number;
  /** RGB, row by row */
  rgb: Uint8Array;
}

/** Decodes each processed picture once (sharp, loaded only when a card has a picture). */
export async function decodePictures(images: ReadonlyMap<string, ProcessedImage>): Promise<Map<string, Picture>> {
  const out = new Map<string, Picture>();
  if (images.size === 0) return out;
  const { default: sharp } = await import('sharp');
  for (const [key, img] of images) {
    const { data, info } = await sharp(img.jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    out.set(key, { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  }
  return out;
}

/** Draws the picture stretched over the box (x0, y0)–(x1, y1), canvas pixels, inside the frame. */
export function drawPicture(canvas: Canvas, frame: Frame, pic: Picture, x0: number, y0: number, x1: number, y1: number): void {
  const left = Math.max(x0, frame.left);
  const top = Math.max(y0, frame.top);
  const right = Math.min(x1, frame.left + frame.width);
  const bottom = Math.min(y1, frame.top + frame.height);
  if (right <= left || bottom <= top) return;
  const px = canvas.pixels;
  const src = pic.rgb;
  const ku = pic.width / (x1 - x0);
  const kv = pic.height / (y1 - y0);
  const share = (p: number, lo: number, hi: number) => Math.min(p + 1, hi) - Math.max(p, lo);
  for (let y = Math.floor(top); y < Math.ceil(bottom); y++) {
    const cy = share(y, top, bottom);
    const v = Math.min(pic.height - 1, Math.max(0, (y + 0.5 - y0) * kv - 0.5));
    const v0 = Math.floor(v);
    const v1 = Math.min(pic.height - 1, v0 + 1);
    const fv = v - v0;
    let at = (y * canvas.width + Math.floor(left)) * 3;
    for (let x = Math.floor(left); x < Math.ceil(right); x++, at += 3) {
      const a = cy * share(x, left, right);
      if (a < 0.002) continue;
      const u = Math.min(pic.width - 1, Math.max(0, (x + 0.5 - x0) * ku - 0.5));
      const u0 = Math.floor(u);
      const u1 = Math.min(pic.width - 1, u0 + 1);
      const fu = u - u0;
      const p00 = (v0 * pic.width + u0) * 3;
      const p01 = (v0 * pic.width + u1) * 3;
      const p10 = (v1 * pic.width + u0) * 3;
      const p11 = (v1 * pic.width + u1) * 3;
      for (let c = 0; c < 3; c++) {
        const top0 = src[p00 + c]! + (src[p01 + c]! - src[p00 + c]!) * fu;
        const bot0 = src[p10 + c]! + (src[p11 + c]! - src[p10 + c]!) * fu;
        const value = top0 + (bot0 - top0) * fv;
        px[at + c] = a >= 0.998 ? (value + 0.5) | 0 : blend(px[at + c]!, value, a);
      }
    }
  }
}

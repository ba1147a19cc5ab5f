// Writes a painted canvas as PNG (ISO/IEC 15948): 8-bit RGB, tagged with its resolution (pHYs)
// and an embedded sRGB profile (iCCP), as print shops ask. Rows are stored unfiltered and
// deflated straight from the canvas by deflate-rows.ts, which says a card's repeats as they are
// painted (about 120 KB a card, where sharp's level 6 made 108 KB in eight times the time);
// a canvas too wide for it is deflated by zlib.
import { crc32, deflateSync } from 'node:zlib';
import type { Canvas, Frame } from './canvas.js';
import { deflateRows, deflateRowsPair, MAX_ROW_BYTES } from './deflate-rows.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and CRC (also used by tests to write odd PNGs). */
export function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface PngTags {
  /** Pixels per inch, both ways. */
  dpi: number;
  /** The ICC profile to embed (sRGB), already deflated, and its name. */
  icc: { name: string; deflated: Uint8Array };
}

/** The canvas, or the part of it in `crop`, as a PNG file: one block of memory, written once. */
export function encodePng(canvas: Canvas, tags: PngTags, crop: Frame = { left: 0, top: 0, width: canvas.width, height: canvas.height }): Buffer {
  return pngOf(tags, crop, crop.width * 3 + 1 <= MAX_ROW_BYTES ? deflateRows(canvas, crop) : zlibRows(canvas, crop));
}

/**
 * PNGs of several parts of one canvas. Two where one lies inside the other (the generic card and
 * MakePlayingCards' crop of it) are deflated together, the card read once for both.
 */
export function encodePngs(canvas: Canvas, tags: PngTags, crops: Frame[]): Buffer[] {
  const [a, b] = crops;
  if (crops.length === 2 && a!.width * 3 + 1 <= MAX_ROW_BYTES) {
    if (inside(b!, a!)) {
      const [outer, inner] = deflateRowsPair(canvas, a!, b!);
      return [pngOf(tags, a!, outer), pngOf(tags, b!, inner)];
    }
    if (inside(a!, b!)) {
      const [outer, inner] = deflateRowsPair(canvas, b!, a!);
      return [pngOf(tags, a!, inner), pngOf(tags, b!, outer)];
    }
  }
  return crops.map((crop) => encodePng(canvas, tags, crop));
}

function inside(inner: Frame, outer: Frame): boolean {
  return (
    inner.left >= outer.left &&
    inner.top >= outer.top &&
    inner.left + inner.width <= outer.left + outer.width &&
    inner.top + inner.height <= outer.top + outer.height
  );
}

/** The PNG file around its deflated image data. */
function pngOf(tags: PngTags, crop: Frame, idat: Uint8Array): Buffer {
  const head = headOf(crop.width, crop.height, tags);
  const png = Buffer.allocUnsafe(head.length + idat.length + 4 + IEND.length);
  head.copy(png, 0);
  png.writeUInt32BE(idat.length, head.length - 8);
  png.set(idat, head.length);
  png.writeUInt32BE(crc32(idat, IDAT_CRC), head.length + idat.length);
  IEND.copy(png, head.length + idat.length + 4);
  return png;
}

const IEND = chunk('IEND', new Uint8Array(0));
const IDAT_CRC = crc32('IDAT');

/** Everything before the image data, which is the same for every PNG of a size, ending with the IDAT chunk's length (filled in) and name. */
const heads = new WeakMap<PngTags, Map<string, Buffer>>();
function headOf(width: number, height: number, tags: PngTags): Buffer {
  let sizes = heads.get(tags);
  if (!sizes) heads.set(tags, (sizes = new Map()));
  const key = `${width} ${height}`;
  let head = sizes.get(key);
  if (head) return head;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const perMetre = Math.round(tags.dpi / 0.0254);
  const phys = Buffer.alloc(9);
  phys.writeUInt32BE(perMetre, 0);
  phys.writeUInt32BE(perMetre, 4);
  phys[8] = 1; // the unit is the metre
  const iccp = Buffer.concat([Buffer.from(`${tags.icc.name}\0\0`, 'latin1'), tags.icc.deflated]);
  head = Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('iCCP', iccp), chunk('pHYs', phys), Buffer.from([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54])]);
  sizes.set(key, head);
  return head;
}

/** The rows of `crop` as PNG stores them before deflating: each after its filter byte (0, none). */
export function filteredRows(canvas: Canvas, crop: Frame): Buffer {
  const stride = crop.width * 3;
  const rows = Buffer.alloc((stride + 1) * crop.height);
  for (let y = 0; y < crop.height; y++) {
    const from = ((crop.top + y) * canvas.width + crop.left) * 3;
    rows.set(canvas.pixels.subarray(from, from + stride), y * (stride + 1) + 1);
  }
  return rows;
}

/** The rows of `crop` with their filter bytes, deflated by zlib (rows too long for deflateRows; the benches' yardstick). */
export function zlibRows(canvas: Canvas, crop: Frame): Buffer {
  return deflateSync(filteredRows(canvas, crop), { level: 1 });
}

/** Deflates an ICC profile for `encodePng`. */
export function iccForPng(name: string, profile: Uint8Array): PngTags['icc'] {
  return { name, deflated: deflateSync(profile) };
}

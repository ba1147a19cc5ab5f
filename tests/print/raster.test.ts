// The raster painter that makes the print-shop PNGs and the Tabletop Simulator sheets: its
// coverage is exact (a shape's ink adds up to its area), it fills by the non-zero rule like PDF,
// it reads SVG arcs right, its PNGs carry what print shops read, and the image cache gives back
// what a build made before — and paints again whatever changed.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { cli } from '../helpers.js';
import { Canvas } from '../../generator/print/raster/canvas.js';
import { Shape } from '../../generator/print/raster/shape.js';
import { svgPathOutline } from '../../generator/print/raster/svg-path.js';
import { encodePng, iccForPng } from '../../generator/print/raster/png.js';
import { paintCard } from '../../generator/print/raster/paint-card.js';
import { RasterKit } from '../../generator/print/raster/tasks.js';
import type { DisplayList } from '../../generator/print/layout/display-list.js';

const BLACK = [0, 0, 0] as const;

function blank(w: number, h: number): Canvas {
  const c = new Canvas(w, h);
  c.pixels.fill(255);
  return c;
}

/** How much ink is on the canvas, in pixels' worth (a black pixel counts 1). */
function ink(c: Canvas): number {
  let sum = 0;
  for (let i = 0; i < c.pixels.length; i += 3) sum += (255 - c.pixels[i]!) / 255;
  return sum;
}

const frame = (c: Canvas) => ({ left: 0, top: 0, width: c.width, height: c.height });

describe('coverage', () => {
  it('a rectangle at fractional pixels inks exactly its area', () => {
    const c = blank(40, 40);
    new Shape().moveTo(10.3, 20.6).lineTo(15.5, 20.6).lineTo(15.5, 24.3).lineTo(10.3, 24.3).close().fill(c, frame(c), BLACK);
    // 8-bit pixels: each partly covered pixel may round by half a level.
    expect(ink(c)).toBeCloseTo(5.2 * 3.7, 1);
  });

  it('a circle inks πr², and a ring (its inner edge wound the other way) leaves its hole blank', () => {
    const circle = blank(60, 60);
    const disc = svgPathOutline('M 30 10 A 20 20 0 1 1 30 50 A 20 20 0 1 1 30 10 Z');
    new Shape().trace(disc).fill(circle, frame(circle), BLACK);
    expect(ink(circle) / (Math.PI * 20 * 20)).toBeCloseTo(1, 2);

    const ring = blank(60, 60);
    const hole = svgPathOutline('M 30 20 A 10 10 0 1 0 30 40 A 10 10 0 1 0 30 20 Z');
    new Shape().trace(disc).trace(hole).fill(ring, frame(ring), BLACK);
    expect(ink(ring) / (Math.PI * (400 - 100))).toBeCloseTo(1, 2);
    expect(ring.pixels[(30 * 60 + 30) * 3]).toBe(255); // the centre
  });

  it('two overlapping shapes wound the same way ink their union once (non-zero, like PDF)', () => {
    const c = blank(40, 40);
    const s = new Shape();
    s.moveTo(5, 5).lineTo(25, 5).lineTo(25, 25).lineTo(5, 25).close();
    s.moveTo(15, 15).lineTo(35, 15).lineTo(35, 35).lineTo(15, 35).close();
    s.fill(c, frame(c), BLACK);
    expect(ink(c)).toBeCloseTo(400 + 400 - 100, 0);
  });

  it('nothing is drawn outside the frame', () => {
    const c = blank(40, 20);
    new Shape().moveTo(-10, -10).lineTo(50, -10).lineTo(50, 30).lineTo(-10, 30).close().fill(c, { left: 0, top: 0, width: 20, height: 20 }, BLACK);
    expect(ink(c)).toBeCloseTo(400, 3);
    expect(c.pixels[(10 * 40 + 30) * 3]).toBe(255);
  });
});

describe('PNG', () => {
  it('holds the pixels, 300 DPI and the sRGB profile', async () => {
    const c = blank(31, 17);
    const list = {
      width: 31,
      height: 17,
      bleed: 0,
      background: '#f6f0e1',
      items: [{ kind: 'rect' as const, x: 3, y: 2, w: 10, h: 5, fill: '#8633c9' }],
    };
    paintCard(c, frame(c), list, { x: 0, y: 0, w: 31, h: 17 }, new Map());
    const probe = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
      .withIccProfile('srgb')
      .png()
      .toBuffer();
    const profile = (await sharp(probe).metadata()).icc!;
    const png = encodePng(c, { dpi: 300, icc: iccForPng('sRGB', profile) });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([31, 17, 300]);
    expect(meta.icc?.equals(profile)).toBe(true);
    const raw = await sharp(png).raw().toBuffer();
    expect(raw.equals(Buffer.from(c.pixels))).toBe(true);
    expect([...raw.subarray((4 * 31 + 5) * 3, (4 * 31 + 5) * 3 + 3)]).toEqual([0x86, 0x33, 0xc9]);
    expect([...raw.subarray(0, 3)]).toEqual([0xf6, 0xf0, 0xe1]);
  });
});

describe('Tabletop Simulator sheets', () => {
  it('a back repeated on a sheet is painted once and copied: the same JPEG as painting every cell', async () => {
    // Anti-aliased edges and a dark corner, so a copy from the wrong place or of the wrong size shows.
    const back = (): DisplayList => ({
      width: 20,
      height: 28,
      bleed: 0,
      background: '#3a5f8a',
      items: [
        { kind: 'circle', cx: 10.3, cy: 14.1, r: 6.2, fill: '#e8d7a0' },
        { kind: 'rect', x: 0, y: 0, w: 3.3, h: 2.7, fill: '#101010' },
      ],
    });
    const other = (): DisplayList => ({ ...back(), background: '#8a3a3a' });
    const dir = mkdtempSync(join(tmpdir(), 'cc-sheet-'));
    try {
      const sheet = async (name: string, lists: DisplayList[]) => {
        const kit = new RasterKit(new Map());
        const file = join(dir, name);
        await kit.run({ kind: 'sheet', lists, cell: { w: 40, h: 56 }, cols: 3, file });
        await kit.written();
        return readFileSync(file);
      };
      // The same list object four times (as a deck's laid-out backs arrive) against four equal copies.
      const shared = back();
      const copied = await sheet('copied.jpg', [shared, other(), shared, shared, shared]);
      const painted = await sheet('painted.jpg', [back(), other(), back(), back(), back()]);
      expect(copied.equals(painted)).toBe(true);
      // And the cells really differ from a sheet that paints something else there.
      expect(copied.equals(await sheet('different.jpg', [back(), other(), other(), back(), back()]))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the image cache', () => {
  it('copies what a build made before, and paints again what changed', { timeout: 300_000 }, () => {
    const work = mkdtempSync(join(tmpdir(), 'cc-cache-'));
    const cache = join(work, 'cache');
    const pack = join(work, 'pack');
    const args = (out: string, withPack = false) => [
      'build',
      '--out',
      join(work, out),
      '--no-referee',
      '--paper',
      'a4',
      '--press',
      'generic',
      ...(withPack ? ['--pack', pack] : []),
    ];
    const env = { CODEX_CONQUEST_CACHE_DIR: cache };
    try {
      const first = cli(args('a'), { timeout: 150_000, env });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).not.toMatch(/from the cache/);
      const kept = readdirSync(cache).length;
      expect(kept).toBeGreaterThan(300);

      const second = cli(args('b'), { timeout: 150_000, env });
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toMatch(/Print-shop PNGs… done \(\d+ images; generic; all from the cache\)/);
      expect(second.stderr).toMatch(/Tabletop Simulator sheets… done \(.*all from the cache\)/);
      for (const f of readdirSync(join(work, 'a', 'press', 'png')))
        expect(readFileSync(join(work, 'b', 'press', 'png', f)).equals(readFileSync(join(work, 'a', 'press', 'png', f))), f).toBe(true);

      // A pack that changes one chance card's words: only that card's PNG (and its sheet) is painted again.
      mkdirSync(pack);
      writeFileSync(join(pack, 'pack.yaml'), 'id: one-change\nname: One change\nextends: codex-conquest\n');
      const chance = readFileSync('content/chance.yaml', 'utf8');
      const id = /- id: ([a-z0-9-]+)/.exec(chance)![1]!;
      writeFileSync(
        join(pack, 'chance.yaml'),
        `chance:\n  - id: ${id}-again\n    replaces: ${id}\n    title: A Different Luck\n    text: Someone leaves your library a small sum.\n    note: Written for this test.\n    year: 1760\n    effects:\n      - gain: 1\n`,
      );
      const third = cli(args('c', true), { timeout: 150_000, env });
      expect(third.code, third.stderr).toBe(0);
      const pngs = /Print-shop PNGs… done \((\d+) images; generic; (\d+) of \d+ from the cache\)/.exec(third.stderr);
      expect(pngs, third.stderr).not.toBeNull();
      expect(Number(pngs![1]) - Number(pngs![2])).toBe(1);
      const sheet = (dir: string) => join(work, dir, 'tts', 'chance-1.jpg');
      expect(statSync(sheet('c')).size).toBeGreaterThan(0);
      expect(readFileSync(sheet('c')).equals(readFileSync(sheet('a')))).toBe(false);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

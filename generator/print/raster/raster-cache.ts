// Print-shop files a build made before — PNGs, Tabletop Simulator sheets, print-shop PDFs — kept
// in .cache/raster/ under the hash of everything they were made from: what is drawn (display
// lists, sizes, crops, the words on a PDF — not where the files go), the pictures' bytes, and the
// painter itself (the command's code and the versions of the fonts, icons, fontkit, pdfkit and
// sharp). A build that would make the same file again copies it instead: a second `npm start`
// with the same cards paints nothing and starts no raster worker. A copy, not a link, so that
// editing a file in out/ can never change the cache. CODEX_CONQUEST_NO_CACHE=1 turns it off (the
// reproducibility test does, to make every file twice).
//
// Hits and new images get the current time, so the build can drop what it no longer uses
// (`pruneRasterCache`) without touching what another build of other content uses at the same
// moment: that is only dropped once the cache holds far more than one build needs.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeVersion } from '../../code-version.js';
import { projectRoot } from '../../paths.js';
import { kernelBytes } from './kernels.js';

/** .cache/raster/ in the project, or CODEX_CONQUEST_CACHE_DIR when set (tests keep theirs apart). */
export function rasterCacheDir(root = projectRoot): string {
  return process.env.CODEX_CONQUEST_CACHE_DIR ?? join(root, '.cache', 'raster');
}

/** Whether builds reuse images from the cache (CODEX_CONQUEST_NO_CACHE=1 says no). */
export function rasterCacheEnabled(): boolean {
  return process.env.CODEX_CONQUEST_NO_CACHE !== '1';
}

const require = createRequire(import.meta.url);
/** A package's version, from the package.json at the root of its folder (some export maps hide it). */
function versionOf(name: string): string {
  try {
    const entry = require.resolve(name);
    const root = entry.slice(0, entry.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}/`.length);
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * What the painter is: the code beside this file (the bundled command: dist/cli/*.js, which holds
 * the painter, the shaping and everything else the pixels depend on) and the packages whose output
 * it draws or encodes, and the raster kernels (kernels.ts), which are compiled beside it.
 */
function painterVersion(): string {
  const h = createHash('sha256').update(codeVersion(dirname(fileURLToPath(import.meta.url))));
  h.update(kernelBytes());
  for (const p of ['fontkit', 'pdfkit', 'sharp', '@expo-google-fonts/eb-garamond', '@iconify-json/game-icons']) h.update(`${p}@${versionOf(p)}\0`);
  return h.digest('hex');
}

let version: string | undefined;

export class RasterCache {
  private readonly version = (version ??= painterVersion());
  private made = false;
  constructor(private readonly dir: string) {}

  /** The cache key of a file: a description of what is in it (file paths left out) and its pictures' hashes. */
  keyOf(what: unknown, pictures: readonly string[]): string {
    const h = createHash('sha256').update(this.version);
    h.update(JSON.stringify(what, (k, v) => (k === 'files' || k === 'file' || k === 'key' ? undefined : v)));
    for (const p of pictures) h.update(p);
    return h.digest('hex').slice(0, 32);
  }

  /** Copies the image stored under `key` to every file; false when there is none. */
  async fetch(key: string, files: string[]): Promise<boolean> {
    const from = join(this.dir, key);
    try {
      for (const f of files) await copyFile(from, f);
    } catch {
      return false; // not there, or dropped by another build meanwhile: paint it
    }
    const now = new Date();
    await utimes(from, now, now).catch(() => undefined);
    return true;
  }

  /** Keeps the bytes under `key` (written whole, then renamed, so no build reads half a file). */
  async store(key: string, bytes: Uint8Array): Promise<void> {
    if (!this.made) {
      await mkdir(this.dir, { recursive: true });
      this.made = true;
    }
    const temp = join(this.dir, `.${key}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    await writeFile(temp, bytes);
    await rename(temp, join(this.dir, key));
  }
}

/**
 * Drops the images not used since `since` (the start of this build), oldest first, once the cache
 * holds more than twice what this build used (`used` images) and a little more.
 */
export function pruneRasterCache(dir: string, since: number, used: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const keep = 2 * used + 100;
  if (names.length <= keep) return;
  const stale = names
    .map((name) => {
      try {
        return { name, time: statSync(join(dir, name)).mtimeMs };
      } catch {
        return undefined;
      }
    })
    .filter((e): e is { name: string; time: number } => e !== undefined && e.time < since)
    .sort((a, b) => a.time - b.time);
  for (const e of stale.slice(0, names.length - keep)) rmSync(join(dir, e.name), { force: true });
}

let shared: RasterCache | undefined;
/** This process's cache, or undefined when builds are told not to use one. */
export function rasterCache(): RasterCache | undefined {
  if (!rasterCacheEnabled()) return undefined;
  shared ??= new RasterCache(rasterCacheDir());
  return shared;
}

// Icons from game-icons.net (CC BY 3.0, via @iconify-json/game-icons), drawn as vector paths so
// they stay sharp at any size and need no image files. Every icon is a set of <path d="…"> on a
// 512 × 512 grid.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Doc } from './document.js';
import { BuildError } from '../../build/context.js';

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

const require = createRequire(import.meta.url);
let iconSet: IconSet | undefined;

function icons(): IconSet {
  iconSet ??= JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as IconSet;
  return iconSet;
}

export interface IconPaths {
  /** The grid the paths are drawn on (512 for game-icons). */
  size: number;
  paths: string[];
}

const cache = new Map<string, IconPaths>();

export function hasIcon(name: string): boolean {
  const set = icons();
  return name in set.icons || name in (set.aliases ?? {});
}

/** The path data of a game-icons icon; a name that does not exist is a build error a teacher can fix. */
export function iconPaths(name: string): IconPaths {
  const hit = cache.get(name);
  if (hit) return hit;
  const set = icons();
  const real = set.icons[name] ? name : set.aliases?.[name]?.parent;
  const icon = real ? set.icons[real] : undefined;
  if (!icon) {
    throw new BuildError(
      `there is no icon called "${name}" in game-icons`,
      'pick an icon name from https://game-icons.net (the part of the address after the author, e.g. "quill-ink")',
      name,
    );
  }
  const paths = [...icon.body.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]!);
  const found = { size: icon.width ?? set.width ?? 512, paths };
  cache.set(name, found);
  return found;
}

/** Draws an icon with its top-left corner at (x, y), `size` points square. */
export function drawIcon(doc: Doc, name: string, x: number, y: number, size: number, colour: string): void {
  const { size: grid, paths } = iconPaths(name);
  doc.save();
  doc.translate(x, y).scale(size / grid);
  for (const d of paths) doc.path(d).fill(colour);
  doc.restore();
}

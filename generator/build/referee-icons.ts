// The emblems and genre icons the referee shows, taken from the game-icons set at build time.
// Only the icons the game names are copied, and only as path data: the page draws them with
// <path d=…> bindings, so nothing from a content file or an icon is ever parsed as markup.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Game } from '../../engine/game.js';

/** One icon as the referee page reads it (referee/src/data.ts declares the same shape). */
export interface IconPaths {
  /** The icon's square size in its own units (game-icons: 512). */
  size: number;
  /** The `d` attribute of each path, painted in the current text colour. */
  paths: string[];
}

interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number }>;
  aliases?: Record<string, { parent: string }>;
}

let iconSet: IconifySet | undefined;

function loadIconSet(): IconifySet {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
    iconSet = JSON.parse(readFileSync(file, 'utf8')) as IconifySet;
  }
  return iconSet;
}

const PATH_DATA = /<path\b[^>]*?\sd="([^"]+)"/g;

/** The icon names the game uses: country emblems and genre icons. */
export function iconNamesOf(game: Game): string[] {
  return [...new Set([...game.countries.map((c) => c.emblem), ...game.genres.map((g) => g.icon)])].sort();
}

export interface RefereeIcons {
  icons: Record<string, IconPaths>;
  /** Names that are not in the icon set (the page shows the country code instead). */
  missing: string[];
}

export function refereeIcons(game: Game): RefereeIcons {
  const set = loadIconSet();
  const icons: Record<string, IconPaths> = {};
  const missing: string[] = [];
  for (const name of iconNamesOf(game)) {
    const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
    const paths = icon ? [...icon.body.matchAll(PATH_DATA)].map((m) => m[1]!) : [];
    if (paths.length === 0) {
      missing.push(name);
      continue;
    }
    icons[name] = { size: icon!.width ?? set.width ?? 512, paths };
  }
  return { icons, missing };
}

// The emblems and genre icons the referee shows, taken from the game-icons set at build time.
// Only the icons the game names are copied (read through the print engine's icon lookup), and
// only as path data: the page draws them with <path d=…> bindings, so nothing from a content file or an icon is ever parsed as markup.
import type { Game } from '../../engine/index.js';
import { ICON_SIZE, iconPaths } from '../print/icons.js';

/** One icon as the referee page reads it (referee/src/data.ts declares the same shape). */
export interface IconPaths {
  /** The icon's square size in its own units (game-icons: 512). */
  size: number;
  /** The `d` attribute of each path, painted in the current text colour. */
  paths: string[];
}

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
  const icons: Record<string, IconPaths> = {};
  const missing: string[] = [];
  for (const name of iconNamesOf(game)) {
    const paths = iconPaths(name);
    if (paths) icons[name] = { size: ICON_SIZE, paths };
    else missing.push(name);
  }
  return { icons, missing };
}

// The game the page referees: out/referee/game.json (the compiled game, as out/game.json) and
// icons.json (emblem and genre icons as path data). The one-file copy carries both inside itself
// in <script type="application/json" id="codex-data">, so it needs no server.
import type { Game } from '../../engine/index.js';

/** One icon as path data (generator/build/referee-icons.ts writes the same shape). */
export interface IconPaths {
  size: number;
  paths: string[];
}

export interface RefereeData {
  game: Game;
  icons: Record<string, IconPaths>;
  /** True in codex-referee.html: no server, so no service worker. */
  singleFile: boolean;
}

function looksLikeGame(v: unknown): v is Game {
  const g = v as Partial<Game> | null;
  return !!g && typeof g === 'object' && Array.isArray(g.countries) && Array.isArray(g.cards) && Array.isArray(g.centuries) && !!g.rules;
}

async function fetchJson(url: string): Promise<unknown> {
  // The default cache mode, so the <link rel=preload> in index.html is used; the server marks
  // these files no-cache, so the browser still asks whether they changed.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} could not be loaded (${res.status})`);
  return res.json();
}

export async function loadRefereeData(doc: Document = document): Promise<RefereeData> {
  const inline = doc.getElementById('codex-data');
  let game: unknown;
  let icons: unknown;
  if (inline?.textContent) {
    ({ game, icons } = JSON.parse(inline.textContent) as { game: unknown; icons: unknown });
  } else {
    const [g, i] = await Promise.all([fetchJson('game.json'), fetchJson('icons.json').catch(() => ({ icons: {} }))]);
    game = g;
    icons = (i as { icons?: unknown }).icons;
  }
  if (!looksLikeGame(game)) throw new Error('the game data that came with this page is not a Codex Conquest game');
  return { game, icons: (icons ?? {}) as Record<string, IconPaths>, singleFile: Boolean(inline) };
}

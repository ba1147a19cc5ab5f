// A game as a file: what "Export" writes and "Import" reads. The file carries a check code over
// its contents, and every action in it is checked by the rules again before it replaces anything,
// so a damaged, edited or foreign file is refused with a sentence saying why.
import type { Game } from '../../../engine/index.js';
import { tryStep, newGame, RULES_VERSION, type LogEntry, type Setup, type GameState } from '../../../engine/index.js';
import { sha256Hex } from './sha256.js';

export const SAVED_FORMAT = 'codex-conquest-referee-game';
export const SAVED_VERSION = 1;

export interface SavedGame {
  format: typeof SAVED_FORMAT;
  version: number;
  game: { id: string; name: string };
  rules: string;
  setup: Setup;
  log: LogEntry[];
  saved: string;
  /** SHA-256 of the fields above that matter (game, rules, setup, log). */
  check: string;
}

function checkCode(s: Pick<SavedGame, 'game' | 'rules' | 'setup' | 'log'>): string {
  return sha256Hex(JSON.stringify([s.game.id, s.rules, s.setup, s.log]));
}

export function toSavedGame(game: Game, rules: string, setup: Setup, log: readonly LogEntry[], saved: string): SavedGame {
  const body = { game: { id: game.id, name: game.name }, rules, setup, log: [...log] };
  return { format: SAVED_FORMAT, version: SAVED_VERSION, ...body, saved, check: checkCode(body) };
}

export type ImportResult = { ok: true; saved: SavedGame; state: GameState } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function refuse(message: string): ImportResult {
  return { ok: false, message: `${message} Your current game has not been changed.` };
}

/** Reads an exported game and replays it under the rules; anything wrong is refused. */
export function readSavedGame(game: Game, text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse('This file could not be read as a saved game: it is damaged or cut short.');
  }
  if (!isObject(parsed) || parsed.format !== SAVED_FORMAT) return refuse('This file is not a game saved by the Codex Conquest referee.');
  if (typeof parsed.version !== 'number' || parsed.version > SAVED_VERSION) {
    return refuse(`This game was saved by a newer referee (file format ${String(parsed.version)}); open it with that version.`);
  }
  const saved = parsed as unknown as SavedGame;
  if (!isObject(saved.game) || !isObject(saved.setup) || !Array.isArray(saved.log) || typeof saved.rules !== 'string') {
    return refuse('This saved game is incomplete: parts of it are missing.');
  }
  if (typeof saved.check !== 'string' || saved.check !== checkCode(saved)) {
    return refuse('This file has been changed or damaged since it was saved (its check code no longer matches), so it was not loaded.');
  }
  if (saved.game.id !== game.id) return refuse(`This game was played with “${String(saved.game.name)}”, not with ${game.name}.`);
  if (saved.rules !== RULES_VERSION) {
    return refuse(
      `This game was recorded under version ${saved.rules} of the rules, and this page uses version ${RULES_VERSION}, so it cannot be replayed exactly.`,
    );
  }
  const setup = saved.setup;
  const missing = (setup.packs ?? []).filter((p) => !game.packs.some((x) => x.id === p));
  if (missing.length) return refuse(`This game used the expansion ${missing.join(', ')}, which this page was not built with.`);
  if (!game.rules.editions.some((e) => e.id === setup.edition))
    return refuse(`This game uses an edition (“${String(setup.edition)}”) this page does not know.`);

  // Every action must pass the same check it passed at the table, in order.
  let state: GameState;
  try {
    state = newGame(game, setup);
    for (const [i, entry] of saved.log.entries()) {
      if (!isObject(entry) || !isObject(entry.action) || entry.seq !== state.nextSeq) return refuse(`Action ${i + 1} in this file is out of order or damaged.`);
      const r = tryStep(game, state, entry.action);
      if ('refusal' in r) return refuse(`Action ${i + 1} in this file breaks the rules: ${r.refusal}`);
      state = r.state;
    }
  } catch {
    return refuse('This saved game could not be replayed: it is damaged.');
  }
  return { ok: true, saved, state };
}

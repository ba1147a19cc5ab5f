// A game as a file: what the referee's "Export" writes, "Import" reads, and `codex-conquest replay`
// checks. The format is documented in docs/saved-game.md (generated from the action modules), so
// outside tools can write one. Reading is in two layers: the envelope is parsed by a schema here,
// with a sentence for anything wrong; the actions are checked by the rules one by one, so an
// unknown or illegal action is a refusal with a reason, never a crash.
import { z } from 'zod';
import { andList } from './names.js';
import { plainIssue } from './plain-issue.js';
import type { Game } from './game.js';
import { sha256Hex } from './sha256.js';
import { MAX_PLAYERS } from './schema/common.js';
import { RULES_VERSION, type LogEntry, type Setup } from './game/types.js';
import type { Action } from './game/actions/index.js';
import { replay } from './game/step.js';
import type { GameState } from './game/types.js';

export const SAVED_FORMAT = 'codex-conquest-referee-game';
export const SAVED_VERSION = 1;
/** More entries than any real game makes (a long six-player game is a few thousand). */
export const MAX_ENTRIES = 200_000;

const Text = (max: number) => z.string().max(max);

export const SetupSchema = z
  .strictObject({
    players: z.number().int().min(1).max(MAX_PLAYERS).describe('How many countries play: the first N in seat order.'),
    edition: Text(60).describe('The edition id, e.g. "codex" or "classic".'),
    length: z.enum(['short', 'long']).describe('"short" or "long" play.'),
    packs: z.array(Text(60)).max(20).describe('The ids of the expansion packs the game was built with.'),
    end: Text(60).optional().describe('The century the game ends after, if the table agreed to stop early.'),
  })
  .describe('How the game was set up.');

export const LogEntrySchema = z
  .object({
    seq: z.number().int().min(1).describe('The entry number, 1, 2, 3 … in order.'),
    action: z.object({ type: z.string() }).passthrough().describe('What happened: one of the actions below.'),
    rules: Text(20).describe('The rules version it was recorded under.'),
    at: Text(40).describe('When, as an ISO time; for people, not for the rules.'),
  })
  .describe('One recorded action.');

export const SavedGameSchema = z
  .object({
    format: z.literal(SAVED_FORMAT).describe('What the file is.'),
    version: z.number().int().min(1).max(SAVED_VERSION).describe('The layout of the file.'),
    game: z.object({ id: Text(120), name: Text(200) }).describe('The game it was played with: its id and name from game.json.'),
    rules: Text(20).describe('The rules version it was recorded under.'),
    setup: SetupSchema,
    log: z.array(LogEntrySchema).max(MAX_ENTRIES).describe('Every action, oldest first.'),
    saved: Text(40).describe('When the file was written, as an ISO time.'),
    check: Text(64).describe('The check code (see below).'),
  })
  .describe('A game saved by the referee.');

export interface SavedGame {
  format: typeof SAVED_FORMAT;
  version: number;
  game: { id: string; name: string };
  rules: string;
  setup: Setup;
  log: LogEntry[];
  saved: string;
  /** SHA-256 of the parts that matter (game id, rules, setup, log), to notice damage or editing. */
  check: string;
}

export function checkCode(s: Pick<SavedGame, 'game' | 'rules' | 'setup' | 'log'>): string {
  return sha256Hex(JSON.stringify([s.game.id, s.rules, s.setup, s.log]));
}

export function toSavedGame(game: Game, rules: string, setup: Setup, log: readonly LogEntry[], saved: string): SavedGame {
  const body = { game: { id: game.id, name: game.name }, rules, setup, log: [...log] };
  return { format: SAVED_FORMAT, version: SAVED_VERSION, ...body, saved, check: checkCode(body) };
}

export type Parsed = { ok: true; saved: SavedGame; checkMatches: boolean } | { ok: false; message: string };

function where(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  if (first === 'log' && typeof rest[0] === 'number')
    return `log entry ${rest[0] + 1}${rest.length > 1 ? `: its field '${rest.slice(1).map(String).join('.')}'` : ''}`;
  return path.length ? `the field '${path.map(String).join('.')}'` : 'the file';
}

/** Reads the file's envelope (not yet its actions). Anything wrong is one sentence. */
export function parseSavedGame(text: string): Parsed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file could not be read as a saved game: it is damaged or cut short.' };
  }
  const format = typeof parsed === 'object' && parsed !== null ? (parsed as { format?: unknown; version?: unknown }) : {};
  if (format.format !== SAVED_FORMAT) return { ok: false, message: 'This file is not a game saved by the Codex Conquest referee.' };
  if (typeof format.version === 'number' && format.version > SAVED_VERSION) {
    return { ok: false, message: `This game was saved by a newer referee (file format ${format.version}); open it with that version.` };
  }
  const r = SavedGameSchema.safeParse(parsed);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, message: `This saved game is damaged or incomplete: ${plainIssue(issue, parsed, where)}.` };
  }
  // The check code is over the file as written: the schema's reading may order keys its own way.
  const raw = parsed as SavedGame;
  const saved = r.data as unknown as SavedGame;
  return { ok: true, saved, checkMatches: saved.check === checkCode(raw) };
}

/** The packs a saved setup names that this game lacks, and those this game has that it does not name. */
export function packDifference(game: Game, setup: Setup): { missing: string[]; extra: string[] } {
  return {
    missing: setup.packs.filter((p) => !game.packs.some((x) => x.id === p)),
    extra: game.packs.filter((p) => !setup.packs.includes(p.id)).map((p) => p.id),
  };
}

/** Whether a saved setup fits this game, or the sentence saying why not. */
export function setupProblem(game: Game, setup: Setup): string | null {
  // The packs first: a pack missing or extra is most often why the editions, the seats or the
  // centuries below do not match either, and naming it says what to do. A pack loaded here that
  // the game was not played with changes its cards as surely as one missing.
  const { missing, extra } = packDifference(game, setup);
  if (missing.length) return `This game used the expansion ${missing.join(', ')}, which is not loaded here.`;
  if (extra.length) return `This game was played without the expansion ${extra.join(', ')}, which is loaded here.`;
  if (!game.rules.editions.some((e) => e.id === setup.edition)) {
    return `This game uses an edition (“${setup.edition}”) this game does not have; it has ${andList(game.rules.editions.map((e) => `“${e.id}”`))}.`;
  }
  const most = Math.min(game.rules.players.max, game.countries.length);
  if (setup.players < game.rules.players.min || setup.players > most) {
    return `This game was set up for ${setup.players} players; ${game.name} seats ${game.rules.players.min} to ${most}.`;
  }
  if (setup.end !== undefined && !game.centuries.some((c) => c.id === setup.end))
    return `This game ends after a century (“${setup.end}”) this game does not have.`;
  return null;
}

export interface Rejection {
  seq: number;
  /** The action's type as written (it may be one the rules do not know). */
  type: string;
  reason: string;
}

/**
 * Replays a log under the rules and says why each refused entry was refused. Refused entries are
 * skipped, as the referee skips them; the game goes on from the entries that are legal.
 */
export function replayChecked(game: Game, setup: Setup, log: readonly LogEntry[]): { state: GameState; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const typeOf = (entry: LogEntry) => String((entry.action as { type?: unknown }).type ?? '?');
  // Entries are numbered 1, 2, 3 … in order, as the referee writes them and refuses otherwise.
  // A misnumbered entry is reported, then replayed in its place in the file.
  const numbered = log.map((entry, i) => {
    if (entry.seq === i + 1) return entry;
    rejected.push({
      seq: i + 1,
      type: typeOf(entry),
      reason: `this entry is numbered ${entry.seq}, but it is entry ${i + 1} of the file; entries are numbered 1, 2, 3 … in the order they were recorded (the referee refuses a file numbered otherwise).`,
    });
    return { ...entry, seq: i + 1 };
  });
  const state = replay(game, setup, numbered, (entry, reason) => {
    rejected.push({ seq: entry.seq, type: typeOf(entry), reason });
  });
  rejected.sort((a, b) => a.seq - b.seq);
  return { state, rejected };
}

export { RULES_VERSION };
export type { Action };

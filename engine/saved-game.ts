// A game as a file: what the referee's "Export" writes, "Import" reads, and `codex-conquest replay`
// checks. The format is documented in docs/saved-game.md (generated from the action modules), so
// outside tools can write one. Reading is in two layers: the envelope is parsed by a schema here,
// with a sentence for anything wrong; the actions are checked by the rules one by one, so an
// unknown or illegal action is a refusal with a reason, never a crash. The page's import and
// `replay` read a file through the same functions here (bytes → text → envelope → notes), so they
// agree on every odd file: its encoding, its nesting, a field too many, a time that is not one.
import { z } from 'zod';
import { andList } from './names.js';
import { plainIssue } from './plain-issue.js';
import type { Game } from './game.js';
import { Sha256 } from './sha256.js';
import { MAX_PLAYERS } from './schema/common.js';
import { RULES_VERSION, type LogEntry, type Setup } from './game/types.js';
import type { Action } from './game/actions/index.js';
import { Replay, replay } from './game/step.js';
import type { GameState } from './game/types.js';
import { canonicalJson, gameText, makeCheckpoint, restoreCheckpoint, type Checkpoint } from './game/checkpoint.js';

export const SAVED_FORMAT = 'codex-conquest-referee-game';
export const SAVED_VERSION = 1;
/** More entries than any real game makes (a long six-player game is a few thousand). */
export const MAX_ENTRIES = 200_000;
/**
 * Deeper than any saved game nests (its deepest field, a trade's cards, is 6 levels down). A file
 * nested thousands deep is refused before anything reads it through (the check code's
 * JSON.stringify overflowed the stack at about 6,000 levels in Node).
 */
export const MAX_DEPTH = 32;
/** More checkpoints than a file needs (the referee writes one): of a longer list, only the last ones are read. */
export const MAX_CHECKPOINTS = 20;

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
  .strictObject({
    seq: z.number().int().min(1).describe('The entry number, 1, 2, 3 … in order.'),
    // Only its type here: the rules read the rest (check.ts), from the action exactly as the file
    // has it, so a field too many is refused there with the action's own reason.
    action: z.object({ type: z.string() }).passthrough().describe('What happened: one of the actions below.'),
    rules: Text(20).describe('The rules version it was recorded under.'),
    at: Text(40).describe('When, as an ISO time; for people, not for the rules.'),
  })
  .describe('One recorded action.');

export const SavedGameSchema = z
  .strictObject({
    format: z.literal(SAVED_FORMAT).describe('What the file is.'),
    version: z.number().int().min(1).max(SAVED_VERSION).describe('The layout of the file.'),
    game: z.strictObject({ id: Text(120), name: Text(200) }).describe('The game it was played with: its id and name from game.json.'),
    rules: Text(20).describe('The rules version it was recorded under.'),
    setup: SetupSchema,
    log: z.array(LogEntrySchema).max(MAX_ENTRIES).describe('Every action, oldest first.'),
    saved: Text(40).describe('When the file was written, as an ISO time.'),
    check: Text(64).describe('The check code (see below).'),
    // Read loosely: a checkpoint that is not right is ignored, never a reason to refuse the file.
    checkpoints: z
      .array(z.unknown())
      .optional()
      .describe('The game as it stood after some entries (see below), so that a long game opens without replaying every action. Optional.'),
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
  /** The game as it stood after some entries (engine/game/checkpoint.ts); as read from a file, not yet checked. */
  checkpoints?: unknown[];
}

/** What a check code is worked out over. */
export interface CheckedParts {
  game: { id: string };
  rules: string;
  setup: Setup;
  log: readonly LogEntry[];
}

/**
 * The check code of a saved game, worked out a log entry at a time: `code()` is the check code of
 * the saved game whose log is the entries added so far. The JSON of an array is its items' JSON
 * between commas, so this is exactly the SHA-256 of `JSON.stringify([game.id, rules, setup, log])`;
 * a checkpoint's `log` in a saved file is this code at its entry.
 */
export class LogCode {
  private readonly hash = new Sha256();
  /** Entries added so far. */
  count = 0;

  constructor(s: Omit<CheckedParts, 'log'>) {
    this.hash.update(`[${JSON.stringify(s.game.id)},${JSON.stringify(s.rules)},${JSON.stringify(s.setup)},[`);
  }

  add(entry: LogEntry): this {
    this.hash.update(this.count++ === 0 ? JSON.stringify(entry) : `,${JSON.stringify(entry)}`);
    return this;
  }

  code(): string {
    return this.hash.clone().update(']]').hex();
  }
}

export function checkCode(s: CheckedParts): string {
  return checkCodes(s, []).check;
}

/** The check code, and the codes the saved game would have had if its log had ended after each of `at` entries. */
export function checkCodes(s: CheckedParts, at: readonly number[]): { check: string; at: Map<number, string> } {
  const running = new LogCode(s);
  const wanted = new Set(at);
  const codes = new Map<number, string>();
  if (wanted.has(0)) codes.set(0, running.code());
  for (const entry of s.log) {
    running.add(entry);
    if (wanted.has(running.count)) codes.set(running.count, running.code());
  }
  return { check: running.code(), at: codes };
}

/**
 * A saved game. With the state the log leads to (as the referee has it), the file carries a
 * checkpoint of it, so that the game opens again without replaying every action.
 */
export function toSavedGame(game: Game, rules: string, setup: Setup, log: readonly LogEntry[], saved: string, state?: GameState): SavedGame {
  const body = { game: { id: game.id, name: game.name }, rules, setup, log: [...log] };
  const check = checkCode(body);
  const checkpoints = state && state.nextSeq === log.length + 1 ? [makeCheckpoint(game, state, check)] : undefined;
  return { format: SAVED_FORMAT, version: SAVED_VERSION, ...body, saved, check, ...(checkpoints ? { checkpoints } : {}) };
}

/** The seq a checkpoint (read from a file or the tablet) says it stands after, if it says one. */
export function checkpointSeq(cp: unknown): number | undefined {
  const seq = typeof cp === 'object' && cp !== null ? (cp as { seq?: unknown }).seq : undefined;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
}

export type Parsed =
  | {
      ok: true;
      saved: SavedGame;
      checkMatches: boolean;
      /** The check codes of the log up to each entry a checkpoint of the file stands after (see `restoreSaved`). */
      logCodes: ReadonlyMap<number, string>;
    }
  | { ok: false; message: string };

function where(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  if (first === 'log' && typeof rest[0] === 'number')
    return `log entry ${rest[0] + 1}${rest.length > 1 ? `: its field '${rest.slice(1).map(String).join('.')}'` : ''}`;
  return path.length ? `the field '${path.map(String).join('.')}'` : 'the file';
}

/**
 * A saved-game file's text from its bytes, read as the page's file picker reads it: UTF-8, with or
 * without a byte-order mark, or UTF-16 with one — and UTF-16 without one, known by the zero bytes
 * of its first character, as JSON text may be. Bytes that are not UTF-8 become U+FFFD.
 */
export function savedGameText(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  let encoding = 'utf-8';
  if (a === 0xef && b === 0xbb && c === 0xbf) encoding = 'utf-8';
  else if (a === 0xff && b === 0xfe) encoding = 'utf-16le';
  else if (a === 0xfe && b === 0xff) encoding = 'utf-16be';
  else if (bytes.length >= 2 && a !== 0 && b === 0) encoding = 'utf-16le';
  else if (bytes.length >= 2 && a === 0 && b !== 0) encoding = 'utf-16be';
  // The decoder drops its own byte-order mark.
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * Where the parsed file first nests deeper than MAX_DEPTH, or null. Walked with a list, not by
 * recursion: a file nested a million deep must not overflow the stack that checks it. Most files
 * are fine, so the first walk keeps no paths; only a file refused is walked again for the place.
 */
function tooDeep(root: unknown): PropertyKey[] | null {
  const values: unknown[] = [root];
  const depths: number[] = [0];
  let deep = false;
  while (values.length > 0 && !deep) {
    const v = values.pop() as Record<string, unknown>;
    const d = depths.pop()!;
    if (d > MAX_DEPTH) deep = true;
    else if (Array.isArray(v)) {
      // A log of 200,000 entries: an index, not a string key for each.
      for (const x of v as unknown[])
        if (x !== null && typeof x === 'object') {
          values.push(x);
          depths.push(d + 1);
        }
    } else
      for (const k in v) {
        const x = v[k];
        if (x !== null && typeof x === 'object') {
          values.push(x);
          depths.push(d + 1);
        }
      }
  }
  if (!deep) return null;
  type Frame = { v: unknown; key: PropertyKey; up: Frame | null; depth: number };
  const frames: Frame[] = [{ v: root, key: '', up: null, depth: 0 }];
  for (let f = frames.pop(); f; f = frames.pop()) {
    if (f.depth > MAX_DEPTH) {
      const path: PropertyKey[] = [];
      for (let g: Frame | null = f; g?.up; g = g.up) path.unshift(Array.isArray(g.up.v) ? Number(g.key) : g.key);
      return path;
    }
    const v = f.v as Record<string, unknown>;
    for (const k in v) if (v[k] !== null && typeof v[k] === 'object') frames.push({ v: v[k], key: k, up: f, depth: f.depth + 1 });
  }
  return [];
}

/**
 * Whether every log entry is written exactly as the referee writes one: its four fields, each of
 * its kind, and nothing else. Then the schema need not read the log entry by entry: on the page
 * (where zod cannot compile its checks, the page's security policy forbidding it) that took most
 * of a second per 40,000 entries. Anything else is read by the schema, which says what is wrong.
 */
function plainLog(log: unknown): boolean {
  if (!Array.isArray(log) || log.length > MAX_ENTRIES) return false;
  for (const e of log as unknown[]) {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || Object.keys(e).length !== 4) return false;
    const { seq, action, rules, at } = e as Record<string, unknown>;
    if (!Number.isSafeInteger(seq) || (seq as number) < 1) return false;
    if (typeof action !== 'object' || action === null || Array.isArray(action) || typeof (action as { type?: unknown }).type !== 'string') return false;
    if (typeof rules !== 'string' || rules.length > 20 || typeof at !== 'string' || at.length > 40) return false;
  }
  return true;
}

/** Reads the file's envelope (not yet its actions). Anything wrong is one sentence. */
export function parseSavedGame(text: string): Parsed {
  let parsed: unknown;
  try {
    // A byte-order mark left at the start by whoever decoded the bytes is not part of the JSON.
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { ok: false, message: 'This file could not be read as a saved game: it is damaged or cut short.' };
  }
  const deep = tooDeep(parsed);
  if (deep) {
    return {
      ok: false,
      message: `This saved game is damaged: ${where(deep.slice(0, 4))} holds brackets within brackets more than ${MAX_DEPTH} levels deep, far deeper than any saved game.`,
    };
  }
  const format = typeof parsed === 'object' && parsed !== null ? (parsed as { format?: unknown; version?: unknown }) : {};
  if (format.format !== SAVED_FORMAT) return { ok: false, message: 'This file is not a game saved by the Codex Conquest referee.' };
  // A newer referee's file is told so; a version that is no whole number is left to the schema's sentence.
  if (Number.isSafeInteger(format.version) && (format.version as number) > SAVED_VERSION) {
    return { ok: false, message: `This game was saved by a newer referee (file format ${format.version}); open it with that version.` };
  }
  const log = (parsed as { log?: unknown }).log;
  const plain = plainLog(log);
  const r = SavedGameSchema.safeParse(plain ? { ...(parsed as object), log: [] } : parsed);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, message: `This saved game is damaged or incomplete: ${plainIssue(issue, parsed, where)}.` };
  }
  // The file as written, not the schema's copy of it (nor, on the quick path, a copy with the
  // file's log put back): the check code is over the keys in the file's order, and the rules must
  // see each action whole (the schema's copy of an action would drop a key named '__proto__' that
  // any other name too many gets refused for).
  const saved = parsed as SavedGame;
  const codes = checkCodes(
    saved,
    (saved.checkpoints ?? [])
      .slice(-MAX_CHECKPOINTS)
      .map(checkpointSeq)
      .filter((n) => n !== undefined),
  );
  return { ok: true, saved, checkMatches: saved.check === codes.check, logCodes: codes.at };
}

/** An ISO date and time, as the referee writes one (Date's toISOString). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isTime(text: string): boolean {
  return ISO_TIME.test(text) && !Number.isNaN(Date.parse(text));
}

/** "3, 4 and 9" — at most eight, then "…". */
function numbers(ns: readonly number[]): string {
  return ns.length > 8 ? `${ns.slice(0, 8).join(', ')} …` : andList(ns.map(String));
}

/**
 * What a readable file says that the rules do not read, but that shows it was edited or written by
 * another tool: times that are not times, entries under another rules version than the file's.
 * One clause each ("entry 3 gives …"); the page shows them before an import, `replay` as warnings.
 */
export function savedGameNotes(saved: SavedGame): string[] {
  const notes: string[] = [];
  const example = 'write it like 2026-11-24T14:00:00.000Z';
  if (!isTime(saved.saved)) notes.push(`the time it was saved, ${JSON.stringify(saved.saved.slice(0, 40))}, is not a date and time (${example})`);
  const entries = (ns: number[], says: string) =>
    ns.length && notes.push(`${ns.length === 1 ? 'entry' : 'entries'} ${numbers(ns)} give${ns.length === 1 ? 's' : ''} ${says}`);
  entries(
    saved.log.filter((e) => e.rules !== saved.rules).map((e) => e.seq),
    `a rules version other than the file's (${saved.rules})`,
  );
  entries(
    saved.log.filter((e) => !isTime(e.at)).map((e) => e.seq),
    `a time that is not a date and time (${example})`,
  );
  return notes;
}

/**
 * The game a saved game's checkpoints lead to, from the last one that can be used (see
 * engine/game/checkpoint.ts), and how many log entries it covers; the entries after it are still
 * to be replayed. Null when no checkpoint can be used: then the whole log is replayed. `problems`
 * says why each checkpoint tried was not used.
 */
export function restoreSaved(
  game: Game,
  saved: Pick<SavedGame, 'setup' | 'log' | 'checkpoints'>,
  logCodes: ReadonlyMap<number, string>,
): { state: GameState; done: number; problems: string[] } | { state: null; problems: string[] } {
  const problems: string[] = [];
  const list = saved.checkpoints ?? [];
  for (let i = list.length - 1; i >= Math.max(0, list.length - MAX_CHECKPOINTS); i--) {
    const cp = list[i];
    const seq = checkpointSeq(cp);
    const code = seq === undefined ? undefined : logCodes.get(seq);
    if (code === undefined) {
      problems.push(`checkpoint ${i + 1}: it does not say which log entry it stands after`);
      continue;
    }
    const r = restoreCheckpoint(game, saved.setup, saved.log, cp as Checkpoint, code);
    if (r.ok) return { state: r.state, done: seq!, problems };
    problems.push(`checkpoint ${i + 1}: ${r.problem}`);
  }
  return { state: null, problems };
}

/** One checkpoint of a saved file, checked: whether the referee could open the game from it. */
export interface CheckpointFinding {
  /** Its place in the file's list, from 1. */
  checkpoint: number;
  /** The log entry it stands after, when it says. */
  seq: number | null;
  /** It is whole, fits this game and this log, and describes exactly the game the log gives. */
  agrees: boolean;
  /** Why not, in words. */
  problem: string | null;
}

/** What a wrong checkpoint got wrong, in words, by the part of its game that differs. */
const WRONG_PART: Record<string, string> = {
  ledger: 'its credits and debts differ from',
  places: 'it has books in other places than',
  sets: 'its completed collections differ from',
  paid: 'its prices paid at auction differ from',
  prompts: 'it waits for other decisions than',
  rejected: 'it counts other entries as refused than',
};

/**
 * The checkpoints the referee reads (the last MAX_CHECKPOINTS), each checked as the referee checks
 * it, and then against the game the log gives at its entry — one replay of the log, stopping at
 * each. The referee finds a wrong one only once its own replay catches up; `replay` says at once.
 */
export function checkpointFindings(
  game: Game,
  saved: Pick<SavedGame, 'setup' | 'log' | 'checkpoints'>,
  logCodes: ReadonlyMap<number, string>,
): CheckpointFinding[] {
  const list = saved.checkpoints ?? [];
  const first = Math.max(0, list.length - MAX_CHECKPOINTS);
  const findings: CheckpointFinding[] = [];
  /** The ones restored: to be held against the log's game at their entry. */
  const restored: { finding: CheckpointFinding; seq: number; cp: Checkpoint; state: GameState }[] = [];
  list.slice(first).forEach((cp, i) => {
    const seq = checkpointSeq(cp) ?? null;
    const code = seq === null ? undefined : logCodes.get(seq);
    const finding: CheckpointFinding = { checkpoint: first + i + 1, seq, agrees: false, problem: null };
    findings.push(finding);
    if (seq === null || code === undefined) {
      finding.problem = 'it does not say which log entry it stands after';
      return;
    }
    const r = restoreCheckpoint(game, saved.setup, saved.log, cp as Checkpoint, code);
    if (r.ok) restored.push({ finding, seq, cp: cp as Checkpoint, state: r.state });
    else finding.problem = r.problem;
  });
  const run = Replay.fromStart(game, saved.setup, saved.log);
  for (const t of restored.sort((a, b) => a.seq - b.seq)) {
    run.advance(t.seq - run.done);
    if (gameText(run.state) === gameText(t.state)) {
      t.finding.agrees = true;
      continue;
    }
    const truth = makeCheckpoint(game, run.state, t.cp.log).state as Record<string, unknown>;
    const written = t.cp.state as Record<string, unknown>;
    const part = Object.keys(truth).find((k) => canonicalJson(truth[k]) !== canonicalJson(written[k]));
    const what = part ? (WRONG_PART[part] ?? `its ${part} differs from`) : 'it differs from';
    t.finding.problem = `${what} the game its log gives there`;
  }
  return findings;
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

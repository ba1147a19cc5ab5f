// Checkpoints (engine/game/checkpoint.ts): a game restored from one, with the rest of its log
// replayed after it, is the game the whole log gives — and undo and redo from there are exact,
// even back past the checkpoint. A checkpoint that does not fit its log, its game or itself is
// refused with a reason, never trusted.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  Replay,
  canonicalJson,
  checkCodes,
  gameText,
  makeCheckpoint,
  newGame,
  parseSavedGame,
  replay,
  restoreCheckpoint,
  restoreSaved,
  sha256Hex,
  step,
  toSavedGame,
  tryStep,
  RULES_VERSION,
  type Checkpoint,
  type Game,
  type GameState,
  type LogEntry,
  type Setup,
} from '../../../engine/index.js';
import { loadGame } from '../../../generator/load/index.js';
import { formatReplay, replayReport } from '../../../generator/commands/replay.js';
import { miniGame } from './fixture.js';
import { play } from './driver.js';
import { picks, setups } from './money-properties.js';

const mini = miniGame();

/** The check code of the saved game made of the log's first `n` entries: what ties a file's checkpoint to its log. */
function codeAt(game: Game, setup: Setup, log: readonly LogEntry[], n: number): string {
  return checkCodes({ game: { id: game.id }, rules: RULES_VERSION, setup, log }, [n]).at.get(n)!;
}

/** The game restored from a checkpoint after `k` entries, with the rest of the log replayed. */
function viaCheckpoint(game: Game, setup: Setup, log: LogEntry[], at: GameState, k: number): GameState {
  const r = restoreCheckpoint(game, setup, log, makeCheckpoint(game, at, codeAt(game, setup, log, k)), codeAt(game, setup, log, k));
  if (!r.ok) throw new Error(r.problem);
  const rest = new Replay(game, log, { state: r.state, done: k });
  rest.advance();
  return rest.state;
}

describe('a game restored from a checkpoint', () => {
  it('is the game its whole log gives, and undo, undo-to and redo from it are exact', () => {
    fc.assert(
      fc.property(setups, picks, fc.nat(), (su: Setup, ps, at) => {
        const run = play(mini, newGame(mini, su), ps);
        const k = at % (run.log.length + 1);
        const full = run.states[run.states.length - 1]!;
        const restored = viaCheckpoint(mini, su, run.log, run.states[k]!, k);
        expect(gameText(restored)).toBe(gameText(full));
        // Undo back past the checkpoint rebuilds from the first action: the same as without one.
        for (const action of [{ type: 'undo' }, { type: 'redo' }, { type: 'undo-to', seq: 0 }] as const) {
          const a = tryStep(mini, full, action);
          const b = tryStep(mini, restored, action);
          if ('refusal' in a) expect(b).toEqual(a);
          else expect('state' in b && gameText(b.state)).toBe(gameText(a.state));
        }
        let a = full;
        let b = restored;
        while (a.entries.length > 0) {
          a = step(mini, a, { type: 'undo' });
          b = step(mini, b, { type: 'undo' });
        }
        expect(gameText(b)).toBe(gameText(a));
        while (a.redo.length > 0) {
          a = step(mini, a, { type: 'redo' });
          b = step(mini, b, { type: 'redo' });
        }
        expect(gameText(b)).toBe(gameText(a));
      }),
      { numRuns: 60 },
    );
  });
});

describe('checkpoints of the recorded games', () => {
  const DIR = join(process.cwd(), 'tests', 'fixtures', 'games');
  let game: Game;
  beforeAll(() => {
    game = loadGame({ dir: 'content' }).game!;
  });

  it('restore every 37th entry of every recorded game to the game its log gives', () => {
    for (const name of readdirSync(DIR).filter((f) => f.endsWith('.json'))) {
      const parsed = parseSavedGame(readFileSync(join(DIR, name), 'utf8'));
      if (!parsed.ok) throw new Error(parsed.message);
      const { setup, log } = parsed.saved;
      const full = replay(game, setup, log);
      const r = Replay.fromStart(game, setup, log);
      for (let k = 0; k <= log.length; k += 37) {
        r.advance(k - r.done);
        expect(gameText(viaCheckpoint(game, setup, log, r.state, k)), `${name} at ${k}`).toBe(gameText(full));
      }
    }
  });

  it('replay says whether the referee opens a file from its checkpoints, and names what a wrong one got wrong', () => {
    const name = readdirSync(DIR).find((f) => f.endsWith('.json'))!;
    const parsed = parseSavedGame(readFileSync(join(DIR, name), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const { setup, log } = parsed.saved;
    const full = replay(game, setup, log);
    const file = toSavedGame(game, RULES_VERSION, setup, log, '2026-01-01T12:00:00.000Z', full);
    const right = replayReport(game, name, JSON.stringify(file));
    expect(right.checkpoints).toEqual([{ checkpoint: 1, seq: log.length, agrees: true, problem: null }]);
    expect(right.warnings.join(' ')).not.toContain('checkpoint');
    expect(formatReplay(game, right, setup)).toContain(`The referee opens it from its checkpoint after entry ${log.length}, which agrees with the log.`);

    // A checkpoint of the game one entry earlier, said to stand after this entry: whole, and
    // consistent in itself (its codes worked out again), but not the game the log gives there.
    const k = log.findIndex((e, i) => i > 10 && e.action.type === 'roll') + 1;
    const r = Replay.fromStart(game, setup, log);
    r.advance(k - 1);
    const behind = makeCheckpoint(game, r.state, '0'.repeat(64));
    const body = { seq: k, log: codeAt(game, setup, log, k), game: behind.game, state: behind.state };
    const wrong = { ...body, check: sha256Hex(canonicalJson([body.seq, body.log, body.game, body.state])) };
    const edited = { ...file, checkpoints: [wrong, ...file.checkpoints!] };
    edited.check = checkCodes(edited, []).check;
    const report = replayReport(game, name, JSON.stringify(edited));
    expect(report.ok).toBe(right.ok);
    expect(report.checkpoints[0]).toMatchObject({ checkpoint: 1, seq: k, agrees: false });
    expect(report.checkpoints[0]!.problem).toMatch(/^(its|it) .+ the game its log gives there$/);
    expect(report.checkpoints[1]!.agrees).toBe(true);
    expect(report.warnings.join(' ')).toContain(`checkpoint 1 (after entry ${k}) is not used: `);
  });

  it('a saved game carries one, and opens from it; a log edited before it makes it ignored', () => {
    const parsed = parseSavedGame(readFileSync(join(DIR, readdirSync(DIR).find((f) => f.endsWith('.json'))!), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const { setup, log } = parsed.saved;
    const full = replay(game, setup, log);
    const file = toSavedGame(game, RULES_VERSION, setup, log, '2026-01-01T12:00:00.000Z', full);
    expect(file.checkpoints).toHaveLength(1);
    const read = parseSavedGame(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    expect(read.checkMatches).toBe(true);
    const opened = restoreSaved(game, read.saved, read.logCodes);
    expect(opened.problems).toEqual([]);
    expect(opened.state && gameText(opened.state)).toBe(gameText(full));

    // The log edited by hand before the checkpoint, and the file's check code worked out again:
    // the checkpoint no longer names this log, so it is not used.
    const edited = structuredClone(file);
    const i = edited.log.findIndex((e) => e.action.type === 'roll');
    (edited.log[i]!.action as { face: number }).face = (edited.log[i]!.action as { face: number }).face === 2 ? 3 : 2;
    edited.check = checkCodes(edited, []).check;
    const again = parseSavedGame(JSON.stringify(edited));
    if (!again.ok) throw new Error(again.message);
    expect(again.checkMatches).toBe(true);
    const ignored = restoreSaved(game, again.saved, again.logCodes);
    expect(ignored.state).toBeNull();
    expect(ignored.problems.join(' ')).toContain('is not the one it was made from');
  });
});

describe('a checkpoint that does not fit is refused, with the reason', () => {
  const setup: Setup = { players: 3, edition: 'codex', length: 'short', packs: [] };
  const run = play(
    mini,
    newGame(mini, setup),
    Array.from({ length: 120 }, (_, i) => (i * 7919) % 1000),
  );
  const { log } = run;
  const k = log.length;
  const state = run.states[k]!;
  const code = codeAt(mini, setup, log, k);
  const good = makeCheckpoint(mini, state, code);
  /** A copy of the good checkpoint changed by `edit`, its own check code worked out again (as someone editing it would). */
  const forged = (edit: (cp: Checkpoint) => void): Checkpoint => {
    const cp = structuredClone(good);
    edit(cp);
    cp.check = sha256Hex(canonicalJson([cp.seq, cp.log, cp.game, cp.state]));
    return cp;
  };
  /** One of the countries at this table. */
  const someone = (cp: Checkpoint) => Object.keys(cp.state.ledger.credits)[0]!;
  const problem = (cp: Checkpoint, logCode = code, l: LogEntry[] = log) => {
    const r = restoreCheckpoint(mini, setup, l, cp, logCode);
    return r.ok ? 'restored' : r.problem;
  };

  it('restores the checkpoint as made', () => {
    expect(problem(good)).toBe('restored');
  });

  it.each([
    [
      'its own check code does not match (changed without working it out again)',
      () => ({ ...good, state: { ...good.state, round: good.state.round + 1 } }),
      'check code does not match',
    ],
    ['it names another log', () => good, 'is not the one it was made from', 'f'.repeat(64)],
    ['it was made with other cards or rules', () => forged((cp) => (cp.game = '0'.repeat(64))), 'other cards or rules'],
    [
      'a book is in two places',
      () => forged((cp) => cp.state.places.market!.push(Object.values(cp.state.places).find((c) => c.length && c !== cp.state.places.market)![0]!)),
      'in two places',
    ],
    ['a book is missing', () => forged((cp) => cp.state.places.market!.pop()), 'some books are in no place'],
    ['a country not at the table', () => forged((cp) => (cp.state.current = 'france')), 'not at this table'],
    ['credits made from nothing', () => forged((cp) => (cp.state.ledger.credits.germany! += 5)), 'money law'],
    ['an unknown field', () => forged((cp) => ((cp.state as unknown as Record<string, unknown>).extra = 1)), 'not written as a checkpoint is'],
    ['it stands after more entries than the log has', () => forged((cp) => (cp.seq = log.length + 1)), 'but the log has'],
    ['its ledger leaves out a country at the table', () => forged((cp) => delete cp.state.ledger.credits[someone(cp)]), 'does not list the countries'],
    [
      'a debt owed to someone not at the table',
      () => forged((cp) => cp.state.ledger.debts.push({ debtor: someone(cp), creditor: 'nobody', amount: 1, reason: 'x' })),
      'a debt names a country not at this table',
    ],
    [
      'a purse above what a table holds (the bank paying for it, so the sums still add up)',
      () =>
        forged((cp) => {
          const who = someone(cp);
          const more = 10_001 - cp.state.ledger.credits[who]!;
          cp.state.ledger.credits[who] = 10_001;
          cp.state.ledger.bank -= more;
          cp.state.ledger.income += more;
        }),
      'above the 10,000 credits a table holds',
    ],
    [
      'a debt above what a table holds',
      () => forged((cp) => cp.state.ledger.debts.push({ debtor: someone(cp), creditor: 'bank', amount: 10_001, reason: 'x' })),
      'above the 10,000 credits a table holds',
    ],
    ['the lead not at the table', () => forged((cp) => (cp.state.lead = 'nobody')), 'not at this table'],
    ['books placed with someone not at the table', () => forged((cp) => (cp.state.places.nobody = [])), "placed with 'nobody'"],
    [
      'a completed collection of books its country does not hold',
      () =>
        forged((cp) => cp.state.sets.push({ country: someone(cp), collection: mini.rules.collections[0]!.id, key: 'x', cards: [cp.state.places.market![0]!] })),
      'holds books its country does not hold',
    ],
    ['a price paid for a book the game does not have', () => forged((cp) => (cp.state.paid['no-such-book'] = 1)), 'a price paid is for a book'],
    ['a century the game does not have', () => forged((cp) => (cp.state.century = '99th')), "the century '99th'"],
    [
      'a decision that names someone not at the table',
      () => forged((cp) => cp.state.prompts.push({ kind: 'skip-roll', country: 'nobody' })),
      'a decision it waits for',
    ],
    [
      'a claim larger than a single payment may be',
      () => forged((cp) => cp.state.prompts.push({ kind: 'claim', debtor: someone(cp), creditor: 'bank', amount: 10_001, reason: 'x' })),
      'a decision it waits for',
    ],
    ['an open auction of a lot the game does not have', () => forged((cp) => cp.state.openAuctions.push('no-such-lot')), 'an open auction'],
    ['a played card the game does not have', () => forged((cp) => cp.state.played.push('no-such-card')), 'as played'],
    ['more chance cards drawn this turn than the deck holds', () => forged((cp) => (cp.state.chanceThisTurn = 100_000)), 'more chance cards drawn'],
    [
      'end-of-game buying by someone not at the table',
      () => forged((cp) => (cp.state.buying = { points: { nobody: 1 }, rolls: {} })),
      'the end-of-game buying',
    ],
    ['its refused entries out of order', () => forged((cp) => (cp.state.rejected = [2, 1])), 'out of order'],
    [
      'it counts an undo with nothing to undo',
      () => forged((cp) => cp),
      'nothing to undo',
      undefined,
      [{ seq: 1, action: { type: 'undo' }, rules: RULES_VERSION, at: '' }],
    ],
  ] as [string, () => Checkpoint, string, string?, LogEntry[]?][])('%s', (_what, make, expected, logCode, otherLog) => {
    if (otherLog) {
      // A log whose first entry is an undo, with a checkpoint after it that counts it as carried out.
      const cp = makeCheckpoint(mini, replay(mini, setup, []), codeAt(mini, setup, otherLog, 1));
      const counted = { ...cp, seq: 1, state: { ...cp.state, rejected: [] } };
      counted.check = sha256Hex(canonicalJson([counted.seq, counted.log, counted.game, counted.state]));
      expect(problem(counted, codeAt(mini, setup, otherLog, 1), otherLog)).toContain(expected);
      return;
    }
    expect(problem(make(), logCode ?? code)).toContain(expected);
  });
});

// The referee page's small rules, outside the browser: the books suggested to settle a debt (the engine's),
// the saved-game file (its check code and its refusals) and the page's SHA-256.
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { closestBooks as closestCards } from '../../engine/index.js';
import { sha256Hex } from '../../engine/index.js';
import { readSavedGame, toSavedGame } from '../../referee/src/store/saved-game.js';
import {
  canonicalJson,
  checkCodes,
  gameText,
  newGame,
  replay,
  step,
  RULES_VERSION,
  type Action,
  type Checkpoint,
  type LogEntry,
  type SavedGame,
} from '../../engine/index.js';
import type { Game } from '../../engine/index.js';
import { OUT } from './referee-page.js';

// The page suggests the engine's choice; ids are what it shows.
const closestBooks = (books: { id: string; value: number }[], amount: number) => closestCards(books, amount).map((b) => b.id);

describe('closestBooks', () => {
  const books = (...values: number[]) => values.map((value, i) => ({ id: `b${i}`, value }));
  const total = (ids: string[], all: { id: string; value: number }[]) => ids.reduce((s, id) => s + all.find((b) => b.id === id)!.value, 0);

  test('an exact match wins, with as few books as possible', () => {
    const all = books(2, 3, 5, 1);
    expect(closestBooks(all, 5)).toEqual(['b2']);
    expect(total(closestBooks(all, 6), all)).toBe(6);
  });

  test('when nothing fits exactly, the nearest total, covering the debt on a tie', () => {
    const all = books(4, 6);
    expect(closestBooks(all, 5)).toEqual(['b1']); // 4 and 6 are equally near: 6 covers the debt
    expect(closestBooks(books(8), 2)).toEqual(['b0']); // a book worth more is still the closest
    expect(closestBooks([], 3)).toEqual([]);
    expect(closestBooks(books(3), 0)).toEqual([]);
  });

  test('no other choice of books is nearer the debt', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 9 }), fc.integer({ min: 1, max: 40 }), (values, debt) => {
        const all = books(...values);
        const picked = closestBooks(all, debt);
        if (all.length === 0) return picked.length === 0;
        const best = Math.abs(total(picked, all) - debt);
        for (let mask = 1; mask < 1 << all.length; mask++) {
          const sum = all.reduce((s, b, i) => s + (mask & (1 << i) ? b.value : 0), 0);
          if (Math.abs(sum - debt) < best) return false;
        }
        return new Set(picked).size === picked.length;
      }),
    );
  });
});

test('the page’s SHA-256 agrees with Node’s', () => {
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => sha256Hex(s) === createHash('sha256').update(s).digest('hex')));
  expect(sha256Hex('a'.repeat(100_000))).toBe(createHash('sha256').update('a'.repeat(100_000)).digest('hex'));
});

describe('saved games', () => {
  const game = JSON.parse(readFileSync(join(OUT, 'game.json'), 'utf8')) as Game;
  const setup = { players: 3, edition: game.rules.default_edition, length: 'short' as const, packs: [] };
  const actions: Action[] = [
    { type: 'play-card', country: 'germany', code: game.cards.find((c) => c.type === 'national-event' && c.country === 'germany')!.code },
    { type: 'end-turn' },
    { type: 'transfer', from: 'bank', to: 'italy', amount: 2, note: 'a prize' },
    { type: 'undo' },
  ];
  const log: LogEntry[] = [];
  let state = newGame(game, setup);
  for (const action of actions) {
    log.push({ seq: state.nextSeq, action, rules: RULES_VERSION, at: '2026-01-01T10:00:00.000Z' });
    state = step(game, state, action);
  }
  const text = JSON.stringify(toSavedGame(game, RULES_VERSION, setup, log, '2026-01-01T11:00:00.000Z'));

  test('a checkpoint consistent in itself but not the game its log gives there is set aside: the file opens by replaying its log', () => {
    // As an attacker made one: the checkpoint of the game after entry 200, said to stand after
    // entry 100, its codes worked out again. The page used it, replayed entry 101 onwards on it,
    // and refused a good file for an action the rules then refused.
    const recorded = JSON.parse(readFileSync(join('tests', 'fixtures', 'games', '04-codex-6-long.json'), 'utf8')) as SavedGame;
    const log = recorded.log.slice(0, 200);
    const full = replay(game, recorded.setup, log);
    const file = toSavedGame(game, RULES_VERSION, recorded.setup, log, '2026-01-01T11:00:00.000Z', full);
    const cp = file.checkpoints![0] as Checkpoint;
    const body = { seq: 100, log: checkCodes(file, [100]).at.get(100)!, game: cp.game, state: cp.state };
    const edited = { ...file, checkpoints: [{ ...body, check: sha256Hex(canonicalJson([body.seq, body.log, body.game, body.state])) }] };
    edited.check = checkCodes(edited, []).check;
    const read = readSavedGame(game, JSON.stringify(edited));
    if (!read.ok) throw new Error(read.message);
    expect(gameText(read.state)).toBe(gameText(full));
    expect(read.restored).toBeUndefined();
    // The file as exported, its checkpoint right: opened from it.
    const right = readSavedGame(game, JSON.stringify(file));
    if (!right.ok) throw new Error(right.message);
    expect(right.restored?.seq).toBe(200);
  });

  test('a saved game reads back to the same state', () => {
    const read = readSavedGame(game, text);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.state).toEqual(state);
  });

  test('reformatting the file does not matter, changing it does', () => {
    expect(readSavedGame(game, JSON.stringify(JSON.parse(text), null, 4)).ok).toBe(true);
    const changed = text.replace('"amount":2', '"amount":20');
    expect(readSavedGame(game, changed)).toEqual({ ok: false, message: expect.stringMatching(/changed or damaged/) });
  });

  test('a file from another game is refused by name', () => {
    const other = { ...game, id: 'another-game', name: 'Another Game' };
    expect(readSavedGame(other, text)).toEqual({ ok: false, message: expect.stringMatching(/played with “Codex Conquest”, not with Another Game/) });
  });

  test('a log with an illegal action is refused with the rules’ own reason', () => {
    const bad: LogEntry[] = [{ seq: 1, action: { type: 'roll', country: 'germany', face: 4 }, rules: RULES_VERSION, at: '2026-01-01T10:00:00.000Z' }];
    const file = JSON.stringify(toSavedGame(game, RULES_VERSION, setup, bad, '2026-01-01T11:00:00.000Z'));
    expect(readSavedGame(game, file)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Action 1 in this file breaks the rules: The die is rolled in the market/),
    });
  });
});

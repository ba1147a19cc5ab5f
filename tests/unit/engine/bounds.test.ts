// Amounts a table can hold (issue "Nothing lost, nothing leaked"): every amount an action carries
// is at most 10,000 credits, refused above with a sentence; at the bound, and far past it by
// accumulation, the arithmetic stays exact and the money law holds.
import { describe, expect, it } from 'vitest';
import {
  MAX_CREDITS,
  check,
  moneyCheck,
  newGame,
  parseSavedGame,
  replayChecked,
  step,
  toSavedGame,
  setupProblem,
  RULES_VERSION,
  type Action,
  type LogEntry,
} from '../../../engine/index.js';
import { miniGame } from './fixture.js';

const game = miniGame();
const setup = { players: 3, edition: 'codex', length: 'short' as const, packs: [] };

describe('amounts at the bound', () => {
  it('a transfer of exactly 10,000 is recorded; one credit more, or a number past exact arithmetic, is refused in words', () => {
    // Italy's starting credits go back first, so that 10,000 fills its purse exactly.
    const s = step(game, newGame(game, setup), { type: 'transfer', from: 'italy', to: 'bank', amount: 5, note: 'test' });
    expect(MAX_CREDITS).toBe(10_000);
    const transfer = (amount: number): Action => ({ type: 'transfer', from: 'bank', to: 'italy', amount, note: 'test' });
    expect(check(game, s, transfer(10_000))).toBeNull();
    const over = "This transfer cannot be recorded: the field 'amount' must be at most 10,000 credits at a time, far more than any table holds.";
    expect(check(game, s, transfer(10_001))).toBe(over);
    expect(check(game, s, transfer(9007199254740991))).toBe(over);
    expect(check(game, s, transfer(2.5))).toMatch(/whole number/);
    expect(check(game, s, { type: 'trade', a: 'germany', b: 'italy', aGives: { credits: 10_001, cards: [] }, bGives: { credits: 0, cards: [] } })).toMatch(
      /at most 10,000 credits/,
    );
  });

  it('stays exact far past the bound by accumulation, with the money law after every action', () => {
    // The bank's flows add up far past 10,000 (3,000,000 each way); a purse never does by hand.
    let s = newGame(game, setup);
    for (let i = 0; i < 300; i++) {
      s = step(game, s, { type: 'transfer', from: 'bank', to: 'italy', amount: 10_000 - 5, note: 'test' });
      s = step(game, s, { type: 'transfer', from: 'italy', to: 'bank', amount: 10_000 - 5, note: 'test' });
    }
    expect(s.table.ledger.credits.italy).toBe(5);
    expect(moneyCheck(game, s).problems).toEqual([]);
    s = step(game, s, { type: 'transfer', from: 'bank', to: 'italy', amount: 10_000 - 5, note: 'test' });
    expect(s.table.ledger.credits.italy).toBe(10_000);
    expect(moneyCheck(game, s).ok).toBe(true);
  });

  it('a transfer by hand that would fill a purse past 10,000 is refused in words; a purse at exactly 10,000 is recorded', () => {
    let s = newGame(game, setup);
    s = step(game, s, { type: 'transfer', from: 'bank', to: 'italy', amount: 9_995, note: 'test' });
    expect(s.table.ledger.credits.italy).toBe(10_000);
    expect(check(game, s, { type: 'transfer', from: 'bank', to: 'italy', amount: 1, note: 'test' })).toBe(
      'That would give Italy 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.',
    );
    // Five transfers of 10,000 once left Italy with 49,999 on replay: the second is refused now.
    const log: LogEntry[] = Array.from({ length: 5 }, (_, i) => ({
      seq: i + 1,
      action: { type: 'transfer', from: 'bank', to: 'italy', amount: 10_000, note: 'x' } as Action,
      rules: RULES_VERSION,
      at: 'x',
    }));
    const { rejected } = replayChecked(game, setup, log);
    expect(rejected[0]).toEqual({ seq: 1, type: 'transfer', reason: expect.stringMatching(/more than the 10,000 a purse can hold/) });
  });

  it('a saved game carrying such an amount is checked and the action refused with its reason', () => {
    const log: LogEntry[] = [
      { seq: 1, action: { type: 'transfer', from: 'bank', to: 'italy', amount: 9007199254740991, note: 'x' } as Action, rules: RULES_VERSION, at: 'x' },
    ];
    const parsed = parseSavedGame(JSON.stringify(toSavedGame(game, RULES_VERSION, setup, log, 'x')));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { rejected, state } = replayChecked(game, parsed.saved.setup, parsed.saved.log);
    expect(rejected).toEqual([{ seq: 1, type: 'transfer', reason: expect.stringMatching(/at most 10,000 credits/) }]);
    expect(moneyCheck(game, state).ok).toBe(true);
  });
});

describe('a saved setup that does not fit the game on this page', () => {
  it('names a missing or extra pack first, since that is most often why the seats or the edition do not fit either', () => {
    // Saved with a pack that seats more players than the game here: the pack is what to fix.
    // The test game lists one pack of its own, 'base'.
    const own = { ...setup, packs: ['base'] };
    expect(setupProblem(game, { ...own, players: 9, edition: 'other', packs: ['base', 'ghost-pack'] })).toBe(
      'This game used the expansion ghost-pack, which is not loaded here.',
    );
    expect(setupProblem(game, { ...own, players: 9, edition: 'other', packs: [] })).toBe(
      'This game was played without the expansion base, which is loaded here.',
    );
    expect(setupProblem(game, { ...own, players: 9 })).toMatch(/set up for 9 players/);
    expect(setupProblem(game, own)).toBeNull();
  });
});

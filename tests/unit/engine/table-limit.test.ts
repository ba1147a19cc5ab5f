// What a table can hold (≤ 10,000 credits): no purse holds more, no debt comes to more, no single
// payment is larger, whichever way the credits travel. Each path the arithmetic takes is walked
// at the bound here (exactly 10,000 is recorded, one credit more is refused in words), and a
// property plays every action the driver proposes from random games brought to the bound.
// (Debts of thousands cannot be run up with the test game's small cards, so a few are planted in
// the ledger directly, as ledger.test.ts works with it: a state a long game could reach.)
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIONS,
  MAX_CREDITS,
  check,
  moneyCheck,
  newGame,
  ownableById,
  saleValue,
  bookValue,
  editionFor,
  genreOf,
  step,
  tryStep,
  type Action,
  type Card,
  type Game,
  type GameState,
  type Setup,
} from '../../../engine/index.js';
import { spend, type Ledger } from '../../../engine/ledger.js';
import { moveCards, withTable } from '../../../engine/table.js';
import { withState } from '../../../engine/game/state.js';
import { miniGame } from './fixture.js';
import { play, proposals, until } from './driver.js';
import { picks, setups } from './money-properties.js';

const game = miniGame();
const codex: Setup = { players: 4, edition: 'codex', length: 'short', packs: [] };
const classic: Setup = { ...codex, edition: 'classic' };
/** The words every refusal at the bound uses. */
const LIMIT = /more than the 10,000 (a purse can hold at any table|any table holds)/;

const credits = (s: GameState, c: string) => s.table.ledger.credits[c]!;
const withLedger = (s: GameState, ledger: Ledger) => withState(s, { table: withTable(s.table, { ledger }) });
/** A country's purse brought to `n` by the banker's transfers (it must not be in debt). */
function purse(g: Game, s: GameState, country: string, n: number): GameState {
  const has = credits(s, country);
  if (has === n) return s;
  return step(g, s, { type: 'transfer', from: has < n ? 'bank' : country, to: has < n ? country : 'bank', amount: Math.abs(n - has), note: 'test' });
}
/** A debt planted in the ledger: `debtor` pays what it holds and owes the rest. */
function debt(s: GameState, debtor: string, creditor: string, amount: number): GameState {
  return withLedger(s, spend(s.table.ledger, debtor, creditor, amount, 'planted').ledger);
}

describe('every way credits reach a purse stops at 10,000', () => {
  it('a transfer: to exactly 10,000 recorded, one more refused, and credits passed on to a creditor count for the creditor', () => {
    let s = newGame(game, codex);
    // Spain owes Italy: what reaches Spain goes on to Italy.
    s = debt(s, 'spain', 'italy', 5_000);
    s = purse(game, s, 'italy', 9_000);
    const toSpain = (amount: number): Action => ({ type: 'transfer', from: 'bank', to: 'spain', amount, note: 'test' });
    expect(check(game, s, toSpain(1_001))).toBe(
      'That would give Italy 10,001 credits (what reaches Spain goes on to Italy for its debt), more than the 10,000 a purse can hold at any table: check the amount.',
    );
    s = step(game, s, toSpain(1_000));
    expect([credits(s, 'italy'), credits(s, 'spain')]).toEqual([MAX_CREDITS, 0]);
    expect(moneyCheck(game, s).ok).toBe(true);
  });

  it('a trade: a purse filled to exactly 10,000 is recorded; one credit more is refused', () => {
    let s = purse(game, purse(game, newGame(game, codex), 'germany', 9_995), 'italy', 20);
    const trade = (n: number): Action => ({ type: 'trade', a: 'italy', b: 'germany', aGives: { credits: n, cards: [] }, bGives: { credits: 0, cards: [] } });
    expect(check(game, s, trade(6))).toBe('That would give Germany 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.');
    s = step(game, s, trade(5));
    expect(credits(s, 'germany')).toBe(MAX_CREDITS);
    // Both ways at once: what Germany gives back makes room first.
    const both: Action = { type: 'trade', a: 'italy', b: 'germany', aGives: { credits: 3, cards: [] }, bGives: { credits: 3, cards: [] } };
    expect(check(game, s, both)).toBeNull();
  });

  it('a die: a roll that fills the purse to exactly 10,000 is recorded; one pip more is refused', () => {
    let s = until(game, newGame(game, codex), (x) => x.phase === 'market');
    const who = s.current;
    s = purse(game, s, who, MAX_CREDITS - 3);
    expect(check(game, s, { type: 'roll', country: who, face: 4 })).toMatch(LIMIT);
    s = step(game, s, { type: 'roll', country: who, face: 3 });
    expect(credits(s, who)).toBe(MAX_CREDITS);
  });

  it('a book sold back: its sale value may fill the purse to 10,000, not past it', () => {
    let s = until(game, newGame(game, codex), (x) => x.phase === 'market');
    const who = s.current;
    s = step(game, s, { type: 'roll', country: who, face: 3 });
    const book = s.table.owner.at(who).find((id) => ownableById(game, id));
    expect(book).toBeDefined();
    const back = saleValue(game, editionFor(game, s), s.table.paid, ownableById(game, book!)!);
    const sell: Action = { type: 'sell', country: who, card: book! };
    expect(check(game, purse(game, s, who, MAX_CREDITS - back + 1), sell)).toMatch(LIMIT);
    s = step(game, purse(game, s, who, MAX_CREDITS - back), sell);
    expect(credits(s, who)).toBe(MAX_CREDITS);
  });

  it("a card's gain: filling the purse to exactly 10,000 is recorded; one credit more is refused", () => {
    // Germany's first 15th-century event: gain 3.
    const s = newGame(game, codex);
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' };
    expect(check(game, purse(game, s, 'germany', MAX_CREDITS - 2), card)).toBe(
      'That would give Germany 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.',
    );
    expect(credits(step(game, purse(game, s, 'germany', MAX_CREDITS - 3), card), 'germany')).toBe(MAX_CREDITS);
  });

  it("a card's payment to a country in debt passes on to its creditor, who may not pass 10,000 either", () => {
    // Germany's second 15th-century event: pay Italy 4. Italy owes Spain, which is nearly full.
    let s = debt(newGame(game, codex), 'italy', 'spain', 100);
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-2' };
    s = purse(game, s, 'spain', MAX_CREDITS - 3);
    expect(check(game, s, card)).toBe(
      'That would give Spain 10,001 credits (what reaches Italy goes on to Spain for its debt), more than the 10,000 a purse can hold at any table: check the amount.',
    );
    s = purse(game, s, 'spain', MAX_CREDITS - 4);
    expect(credits(step(game, s, card), 'spain')).toBe(MAX_CREDITS);
  });

  it('a classic claim taken in credits: the creditor fills to exactly 10,000, not past it', () => {
    // Germany's second event pays Italy 4; in classic Italy then chooses credits or books. Italy's
    // purse is filled before the card: nothing may come between a claim and its answer.
    const claimed = (italy: number): GameState => {
      const s = purse(game, purse(game, newGame(game, classic), 'germany', 50), 'italy', italy);
      return step(game, s, { type: 'play-card', country: 'germany', code: 'NE-GER-15-2' });
    };
    expect(claimed(0).prompts).toContainEqual(expect.objectContaining({ kind: 'claim', debtor: 'germany', creditor: 'italy', amount: 4 }));
    const take: Action = { type: 'take-credits', debtor: 'germany', creditor: 'italy' };
    expect(check(game, claimed(MAX_CREDITS - 3), take)).toBe(
      'That would give Italy 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.',
    );
    expect(credits(step(game, claimed(MAX_CREDITS - 4), take), 'italy')).toBe(MAX_CREDITS);
  });

  it('a classic settlement: the change a creditor gives back may fill the debtor to 10,000, not past it', () => {
    // Germany owes Italy 4 by a claim (planted as Germany's second event leaves it) and holds a
    // book worth more and credits of its own: a claim is not yet a debt.
    const base = purse(game, newGame(game, classic), 'italy', 100);
    const rich = base.table.owner
      .ids()
      .find((id) => ownableById(game, id)?.type === 'book' && bookValue(game, editionFor(game, base), ownableById(game, id)!) > 4)!;
    const change = bookValue(game, editionFor(game, base), ownableById(game, rich)!) - 4;
    const claimed = (germany: number): GameState => {
      const s = purse(game, base, 'germany', germany);
      return withState(s, {
        table: moveCards(s.table, [rich], 'germany'),
        prompts: [{ kind: 'claim', debtor: 'germany', creditor: 'italy', amount: 4, reason: 'test' }],
      });
    };
    const settle: Action = { type: 'settle', debtor: 'germany', creditor: 'italy', cards: [rich], change: { credits: change, cards: [] } };
    expect(check(game, claimed(MAX_CREDITS - change + 1), settle)).toBe(
      'That would give Germany 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.',
    );
    expect(credits(step(game, claimed(MAX_CREDITS - change), settle), 'germany')).toBe(MAX_CREDITS);
  });
});

describe('no debt passes 10,000, and no payment is larger', () => {
  it("a card's payment a country cannot make: its debt may come to exactly 10,000, not more", () => {
    // Germany's third 15th-century event: pay the bank 2. Germany holds nothing and owes the bank.
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-3' };
    const owing = (n: number) => debt(purse(game, newGame(game, codex), 'germany', 0), 'germany', 'bank', n);
    expect(check(game, owing(MAX_CREDITS - 1), card)).toBe(
      'That would leave Germany owing the bank 10,001 credits, more than the 10,000 any table holds: check the amount.',
    );
    const s = step(game, owing(MAX_CREDITS - 2), card);
    expect(s.table.ledger.debts).toEqual([expect.objectContaining({ debtor: 'germany', creditor: 'bank', amount: MAX_CREDITS })]);
    expect(moneyCheck(game, s).ok).toBe(true);
  });

  // A card paying "per book" multiplies its amount: 50 a book (the most a card may say) over 200
  // books is 10,000 in one payment. A pack of that size is what it takes.
  function bigShelf(books: number, effects: unknown[], setup = codex): { g: Game; s: GameState } {
    const g = miniGame();
    for (let n = 0; n < books; n++)
      g.cards.push({ ...(g.cards.find((c) => c.type === 'book')! as object), id: `extra-${n}`, code: `BK-EXT-${n}`, genre: 'religion', mvb: false } as Card);
    const event = g.cards.find((c) => c.code === 'NE-GER-15-1') as { effects: unknown[] };
    event.effects = effects;
    let s = purse(g, newGame(g, setup), 'germany', 0);
    const extra = g.cards.filter((c) => c.id.startsWith('extra-')).map((c) => c.id);
    s = withState(s, { table: moveCards(s.table, extra, 'germany') });
    return { g, s };
  }

  it('a gain per book: exactly 10,000 at once is recorded; more is refused in words, not thrown', () => {
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' };
    const at = bigShelf(200, [{ gain: 50, per: { genre: 'religion' } }]);
    // The shelf holds its own religion books as well: the count is what the card reads.
    const own = at.s.table.owner.at('germany').filter((id) => genreOf(ownableById(at.g, id)!) === 'religion').length - 200;
    const exact = bigShelf(200 - own, [{ gain: 50, per: { genre: 'religion' } }]);
    expect(credits(step(exact.g, exact.s, card), 'germany')).toBe(MAX_CREDITS);
    const over = bigShelf(201 - own, [{ gain: 50, per: { genre: 'religion' } }]);
    expect(check(over.g, over.s, card)).toBe('The bank would pay Germany 10,050 credits at once, more than the 10,000 any table holds: check the amount.');
    expect(tryStep(over.g, over.s, card)).toEqual({ refusal: expect.stringMatching(LIMIT) });
  });

  it('a card that brings books onto the shelf before it counts them: refused in words, not thrown', () => {
    // Germany's shelf holds 199 books, so "50 a book" looks safe from the shelf as it stands; the
    // card first takes three religion books from Italy, and then counts 202 less its other books.
    const effects = [
      { lose_book: 'most-valuable', who: 'others', to: 'self', count: 3, genre: 'religion' },
      { gain: 50, per: { genre: 'religion' } },
    ];
    const probe = bigShelf(0, effects);
    const shelf = probe.s.table.owner.at('germany').length;
    const { g, s: all } = bigShelf(199 - shelf + 3, effects);
    const three = all.table.owner
      .at('germany')
      .filter((id) => id.startsWith('extra-'))
      .slice(0, 3);
    const s = withState(all, { table: moveCards(all.table, three, 'italy') });
    expect(s.table.owner.at('germany')).toHaveLength(199);
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' };
    expect(check(g, s, card)).toMatch(LIMIT);
    expect(tryStep(g, s, card)).toEqual({ refusal: expect.stringMatching(LIMIT) });
  });

  it('a classic claim adding two payments to one creditor: 10,000 together is recorded, more is refused', () => {
    const pays = [
      { pay: 50, to: 'italy', per: { genre: 'religion' } },
      { pay: 50, to: 'italy', per: { genre: 'religion' } },
    ];
    const card: Action = { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' };
    const inClassic = (books: number) => {
      const { g, s } = bigShelf(books, pays, classic);
      const own = s.table.owner.at('germany').filter((id) => genreOf(ownableById(g, id)!) === 'religion').length - books;
      return bigShelf(books - own, pays, classic);
    };
    const exact = inClassic(100);
    const done = step(exact.g, exact.s, card);
    expect(done.prompts).toContainEqual(expect.objectContaining({ kind: 'claim', amount: MAX_CREDITS }));
    const over = inClassic(101);
    expect(check(over.g, over.s, card)).toBe('Germany would pay Italy 10,100 credits at once, more than the 10,000 any table holds: check the amount.');
  });
});

/**
 * Brings a random game to the bound: one country's purse filled to leave `room` (`all`: so that
 * every purse together leaves `room`, where the rules may skip the scratch copy), perhaps with a
 * large debt owed to it: whatever reaches its debtor goes on to it.
 */
function nearTheBound(s: GameState, room: number, who: number, all: boolean, bigDebt: number): { s: GameState; edge: Action[] } {
  const players = s.table.players;
  const debtors = new Set(s.table.ledger.debts.map((d) => d.debtor));
  const free = players.filter((c) => !debtors.has(c));
  if (free.length === 0 || s.prompts.length > 0) return { s, edge: [] };
  // Half the time the country whose turn it is, whose die and cards bring it credits.
  const full = who % 2 === 0 && free.includes(s.current) ? s.current : free[who % free.length]!;
  const other = free.find((c) => c !== full);
  if (bigDebt > 0 && other) s = debt(s, other, full, bigDebt);
  const others = players.reduce((t, c) => (c === full ? t : t + credits(s, c)), 0);
  const target = MAX_CREDITS - room - (all ? others : 0);
  if (target < 0) return { s, edge: [] };
  s = purse(game, s, full, target);
  // Besides what the driver proposes: the banker's own amounts, just to the bound and one past it.
  const payer = players.filter((c) => c !== full).sort((x, y) => credits(s, y) - credits(s, x))[0]!;
  const edge = [room, room + 1]
    .filter((n) => n > 0)
    .flatMap((n): Action[] => [
      { type: 'transfer', from: 'bank', to: full, amount: n, note: 'test' },
      { type: 'trade', a: payer, b: full, aGives: { credits: n, cards: [] }, bGives: { credits: 0, cards: [] } },
    ]);
  return { s, edge };
}

const NEXT: ((s: GameState) => boolean)[] = [
  () => true,
  (x) => (x.phase === 'market' && !x.rolled && !x.skipping) || x.phase === 'over',
  (x) => (x.phase === 'national-events' && !x.eventPlayed) || x.phase === 'over',
];

describe('every action at the bound', () => {
  // Every action the driver proposes, from random games brought close to the bound — within a
  // few credits, where the rules may skip the scratch copy (the room is more than the action can
  // move) and where they may not — either is refused with a sentence (the same from check and
  // tryStep, never thrown) or leaves every purse and debt within 10,000 and the money law intact.
  it('is refused in words, or keeps every purse, debt and payment within 10,000 and the money law', () => {
    const moving = new Set(ACTIONS.filter((d) => d.credits).map((d) => d.type));
    const refused = new Map<string, number>();
    const filled = new Map<string, number>();
    fc.assert(
      fc.property(
        setups,
        picks,
        // The room left: as much as a die, a card or a small trade brings, or a little more.
        fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 9, 12),
        fc.nat({ max: 5 }),
        fc.boolean(),
        fc.constantFrom(0, 0, 9_990, MAX_CREDITS),
        fc.nat({ max: 2 }),
        (su, ps, room, who, all, bigDebt, stop) => {
          const run = play(game, newGame(game, su), ps.slice(0, 1 + (ps[0]! % ps.length)));
          // As played, or on to where a die or a national event is next (the turn's own credits).
          const at = stop === 0 ? run.states.at(-1)! : until(game, run.states.at(-1)!, NEXT[stop]!);
          const { s, edge } = nearTheBound(at, room, who, all, bigDebt);
          for (let k = 0; k < 7; k++) {
            for (const a of [...proposals(game, s, ps[0]! + k), ...(k === 0 ? edge : [])]) {
              const said = check(game, s, a);
              const r = tryStep(game, s, a);
              expect('refusal' in r ? r.refusal : null).toBe(said);
              if ('refusal' in r) {
                if (LIMIT.test(r.refusal)) refused.set(a.type, (refused.get(a.type) ?? 0) + 1);
                continue;
              }
              const l = r.state.table.ledger;
              for (const c of r.state.table.players) expect(l.credits[c]).toBeLessThanOrEqual(MAX_CREDITS);
              for (const d of l.debts) expect(d.amount).toBeLessThanOrEqual(MAX_CREDITS);
              expect(moneyCheck(game, r.state).problems).toEqual([]);
              if (moving.has(a.type) && r.state.table.players.some((c) => l.credits[c] === MAX_CREDITS && credits(s, c) !== MAX_CREDITS))
                filled.set(a.type, (filled.get(a.type) ?? 0) + 1);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    // The property was tried where it matters: each common way credits arrive was refused at the
    // bound, and (all but the cards, whose exact fill the tests above walk) filled a purse to
    // exactly 10,000, in some run.
    for (const type of ['transfer', 'trade', 'roll', 'sell', 'play-card']) expect(refused.get(type) ?? 0, `${type} refused at the bound`).toBeGreaterThan(0);
    for (const type of ['transfer', 'trade', 'roll']) expect(filled.get(type) ?? 0, `${type} filling a purse to exactly 10,000`).toBeGreaterThan(0);
  });
});

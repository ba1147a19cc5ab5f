// Card effects on the table: random effect lists drawn from the real schema shapes, on random
// tables of the mini game. (Tables are built directly, so this imports the table module itself.)
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  Effect as EffectSchema,
  applyEffects,
  editionOf,
  isLocked,
  leadOf,
  lockedCards,
  moneyLaw,
  countriesWorth,
  ownableCards,
  owed,
  type Effect,
} from '../../../engine/index.js';
import { openTable, type Table } from '../../../engine/table.js';
import { spend, creditsInPlay } from '../../../engine/ledger.js';
import { miniGame, COUNTRIES, CENTURIES, GENRES } from './fixture.js';

const game = miniGame();
const codex = editionOf(game, 'codex');
const ownable = ownableCards(game).map((c) => c.id);

const who = fc.option(fc.constantFrom('self', 'each', 'others', 'lead', 'richest', 'poorest', ...COUNTRIES, 'england'), { nil: undefined });
const party = fc.option(fc.constantFrom('bank', 'self', 'lead', 'richest', 'poorest', ...COUNTRIES, 'england'), { nil: undefined });
const per = fc.option(
  fc.oneof(
    fc.record({ genre: fc.constantFrom(...GENRES) }),
    fc.record({ country: fc.constantFrom(...COUNTRIES) }),
    fc.record({ century: fc.constantFrom(...CENTURIES) }),
  ),
  { nil: undefined },
);
const max = fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined });
const strip = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const effect: fc.Arbitrary<Effect> = fc
  .oneof(
    fc.record({ gain: fc.integer({ min: 1, max: 8 }), who, from: party, per, max }),
    fc.record({ pay: fc.integer({ min: 1, max: 8 }), who, to: party, per, max }),
    fc.record({ release_lot: fc.constantFrom('lot-15th', 'lot-16th') }),
    fc.record({ draw_chance: fc.integer({ min: 1, max: 3 }), who }),
    fc.record({ skip_roll: fc.constant(true as const), who }),
    fc.record({
      lose_book: fc.constantFrom('most-valuable', 'least-valuable', 'newest', 'oldest', 'owner-choice'),
      who,
      to: fc.option(fc.constantFrom('market', ...COUNTRIES, 'england'), { nil: undefined }),
      count: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      genre: fc.option(fc.constantFrom(...GENRES), { nil: undefined }),
      century: fc.option(fc.constantFrom(...CENTURIES), { nil: undefined }),
    }),
  )
  .map((e) => EffectSchema.parse(strip(e))); // every generated effect is one a card could carry

/** A random mid-game table: 2–4 players, books spread around, some credits, some locked books. */
const table: fc.Arbitrary<{ table: Table; edition: string }> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    edition: fc.constantFrom('codex', 'classic'),
    places: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: ownable.length, maxLength: ownable.length }),
    grants: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
    lockEvery: fc.integer({ min: 2, max: 6 }),
  })
  .map(({ players, edition, places, grants, lockEvery }) => {
    let t = openTable(game, players, edition, '15th');
    const owner = { ...t.owner };
    ownable.forEach((id, i) => {
      const p = places[i]!;
      if (owner[id] === 'gone') return;
      owner[id] = p < t.players.length ? t.players[p]! : p === 4 ? 'market' : owner[id]!;
    });
    let ledger = t.ledger;
    t.players.forEach((c, i) => {
      ledger = spend(ledger, 'bank', c, grants[i]!, 'setup').ledger;
    });
    const held = ownable.filter((id) => t.players.includes(owner[id] as string));
    // Lock every so many held cards, as if they made up a completed collection of their owner's.
    const sets = t.players.map((country) => ({
      country,
      collection: 'test',
      key: country,
      cards: held.filter((id, i) => i % lockEvery === 0 && owner[id] === country),
    }));
    t = { ...t, owner, ledger, sets, lead: leadOf(game, t.players, '16th') };
    // The books were dealt by hand: open the bank's books at what the countries now hold, so the money law starts true.
    const opening = countriesWorth(game, editionOf(game, edition), t) - t.ledger.income + t.ledger.writtenOff;
    return { table: { ...t, ledger: { ...t.ledger, opening } }, edition };
  });

const holder = fc.option(fc.constantFrom(...COUNTRIES), { nil: null });

describe('applyEffects', () => {
  it('keeps the money law, balances ≥ 0, never touches locked books, and is deterministic', () => {
    fc.assert(
      fc.property(table, holder, fc.array(effect, { minLength: 1, maxLength: 8 }), ({ table: t, edition: e }, h, effects) => {
        const edition = editionOf(game, e);
        const money = creditsInPlay(t.ledger);
        const out = applyEffects(game, edition, t, h, effects, 'test card');
        expect(creditsInPlay(out.table.ledger)).toBe(money);
        expect(moneyLaw(game, edition, out.table).problems).toEqual([]);
        for (const c of out.table.players) expect(out.table.ledger.credits[c]).toBeGreaterThanOrEqual(0);
        for (const id of lockedCards(t)) expect(out.table.owner[id]).toBe(t.owner[id]);
        // books only move from a country to the market or to another present country
        for (const [id, place] of Object.entries(out.table.owner)) {
          if (place === t.owner[id]) continue;
          expect(t.players).toContain(t.owner[id]);
          expect(['market', ...t.players]).toContain(place);
        }
        for (const p of out.prompts) {
          if (p.kind === 'choose-book') {
            expect(p.count).toBeGreaterThan(0);
            for (const id of p.candidates) {
              expect(out.table.owner[id]).toBe(p.country);
              expect(isLocked(out.table, id)).toBe(false);
            }
          }
          if ('country' in p) expect(t.players).toContain(p.country);
        }
        expect(applyEffects(game, edition, t, h, effects, 'test card')).toEqual(out);
        expect(out.table.sets).toEqual(t.sets);
      }),
      { numRuns: 1500 },
    );
  });

  it('pays what a country has and turns the rest into a debt, with a plain log line', () => {
    const t = openTable(game, 4, 'codex', '15th'); // everyone has 5
    const out = applyEffects(game, codex, t, 'spain', [{ pay: 8, to: 'germany' }], 'War');
    expect(out.table.ledger.credits.spain).toBe(0);
    expect(out.table.ledger.credits.germany).toBe(10);
    expect(owed(out.table.ledger, 'spain', 'germany')).toBe(3);
    expect(out.log).toEqual([{ who: 'Spain', what: 'pays Germany 5 of 8 and owes the other 3 (a debt)' }]);
    // Spain holds its manuscript, so Germany now chooses: books now or credits later.
    expect(out.prompts).toEqual([{ kind: 'debt-terms', debtor: 'spain', creditor: 'germany' }]);
    // with no book to take, the creditor simply waits for credits
    const bare = { ...t, owner: { ...t.owner, 'spain-manuscript': 'market' as const } };
    expect(applyEffects(game, codex, bare, 'spain', [{ pay: 8, to: 'germany' }], 'War').prompts).toEqual([]);
    // a debt to the bank is always paid in credits: no choice to make
    expect(applyEffects(game, codex, t, 'spain', [{ pay: 8 }], 'Fire').prompts).toEqual([]);
  });

  it('in classic, a payment between countries waits for the country paid to choose credits or books', () => {
    const t = openTable(game, 4, 'classic', '15th');
    const out = applyEffects(
      game,
      editionOf(game, 'classic'),
      t,
      'spain',
      [
        { pay: 3, to: 'germany' },
        { pay: 1, to: 'germany' },
      ],
      'War',
    );
    expect(out.table.ledger).toEqual(t.ledger);
    expect(out.prompts).toEqual([{ kind: 'claim', debtor: 'spain', creditor: 'germany', amount: 4, reason: 'War' }]);
  });

  it('counts only books outside completed collections for "per book" gains and losses', () => {
    let t = openTable(game, 4, 'codex', '15th');
    const italian = ownableCards(game)
      .filter((c) => c.type === 'book' && c.country === 'italy')
      .map((c) => c.id);
    t = { ...t, owner: { ...t.owner, ...Object.fromEntries(italian.slice(0, 3).map((id) => [id, 'germany'])) } };
    const locked = { ...t, sets: [{ country: 'germany', collection: 'national-canon', key: 'italy', cards: italian.slice(0, 2) }] };
    expect(applyEffects(game, codex, locked, 'germany', [{ gain: 1, per: { country: 'italy' } }], 'x').table.ledger.credits.germany).toBe(6);
    expect(applyEffects(game, codex, locked, 'germany', [{ pay: 1, per: { country: 'italy' } }], 'x').table.ledger.credits.germany).toBe(4);
    expect(applyEffects(game, codex, locked, null, [{ gain: 2, who: 'each', per: { country: 'italy' } }], 'x').table.ledger.credits.germany).toBe(7);
  });

  it('puts the bank in place of an absent country', () => {
    const t = openTable(game, 3, 'codex', '15th'); // france is absent
    const pay = applyEffects(game, codex, t, 'spain', [{ pay: 2, to: 'france' }], 'x');
    expect(pay.table.ledger.bank).toBe(2);
    const gain = applyEffects(game, codex, t, 'spain', [{ gain: 2, from: 'france' }], 'x');
    expect(gain.table.ledger.credits.spain).toBe(7);
    const theirs = applyEffects(
      game,
      codex,
      t,
      'spain',
      [
        { pay: 2, who: 'france' },
        { skip_roll: true, who: 'france' },
      ],
      'x',
    );
    expect(theirs.table).toEqual(t);
    expect(theirs.prompts).toEqual([]);
  });

  it('counts books per genre/country/century, manuscripts for their country, and caps at max', () => {
    let t = openTable(game, 4, 'codex', '15th');
    const italian = game.cards.filter((c) => c.type === 'book' && c.country === 'italy').map((c) => c.id);
    t = { ...t, owner: { ...t.owner, ...Object.fromEntries(italian.slice(0, 3).map((id) => [id, 'germany'])) } };
    const a = applyEffects(game, codex, t, 'germany', [{ gain: 1, per: { country: 'italy' } }], 'x');
    expect(a.table.ledger.credits.germany).toBe(8);
    const b = applyEffects(game, codex, t, 'germany', [{ gain: 1, per: { country: 'germany' } }], 'x'); // its manuscript
    expect(b.table.ledger.credits.germany).toBe(6);
    const c = applyEffects(game, codex, t, 'germany', [{ gain: 2, per: { country: 'italy' }, max: 4 }], 'x');
    expect(c.table.ledger.credits.germany).toBe(9);
  });

  it('takes books by rule, manuscripts count as oldest, locked books are safe, owner-choice asks', () => {
    let t = openTable(game, 4, 'codex', '15th');
    const books = game.cards.filter((c) => c.type === 'book' && c.century === '15th').slice(0, 4);
    t = { ...t, owner: { ...t.owner, ...Object.fromEntries(books.map((b) => [b.id, 'italy'])) } };
    const byValue = [...books].sort((x, y) => (y as { value: number }).value - (x as { value: number }).value);
    const most = applyEffects(game, codex, t, 'italy', [{ lose_book: 'most-valuable' }], 'Fire');
    expect(most.table.owner[byValue[0]!.id]).toBe('market');
    const oldest = applyEffects(game, codex, t, 'italy', [{ lose_book: 'oldest', to: 'spain' }], 'Theft');
    expect(oldest.table.owner['italy-manuscript']).toBe('spain');
    const locked = { ...t, sets: [{ country: 'italy', collection: 'test', key: 'italy', cards: ['italy-manuscript'] }] };
    const oldest2 = applyEffects(game, codex, locked, 'italy', [{ lose_book: 'oldest', to: 'spain' }], 'Theft');
    expect(oldest2.table.owner['italy-manuscript']).toBe('italy');
    const choice = applyEffects(game, codex, t, 'italy', [{ lose_book: 'owner-choice', count: 2 }], 'Sale');
    expect(choice.table.owner).toEqual(t.owner);
    expect(choice.prompts).toEqual([{ kind: 'choose-book', country: 'italy', candidates: expect.any(Array), to: 'market', count: 2 }]);
  });

  it('resolves richest and poorest by credits, ties to the earlier seat', () => {
    let t = openTable(game, 4, 'codex', '15th');
    t = { ...t, ledger: spend(t.ledger, 'bank', 'spain', 3, 'x').ledger };
    const out = applyEffects(game, codex, t, null, [{ pay: 2, who: 'richest', to: 'poorest' }], 'Tax');
    expect(out.log).toEqual([{ who: 'Spain', what: 'pays Germany 2' }]);
  });
});

// Opening the table, and scoring: the chosen collections are the best possible assignment.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  leadOf,
  ownableById,
  lockedCards,
  bestCollections,
  finalScores,
  ranking,
  editionOf,
  ownableCards,
  isMvb,
  countryOf,
  genreOf,
  type OwnableCard,
  type CountryScore,
} from '../../../engine/index.js';
import { openTable } from '../../../engine/table.js';
import { lockCompleted } from '../../../engine/scoring.js';
import { spend, creditsInPlay } from '../../../engine/ledger.js';
import { miniGame } from './fixture.js';

const game = miniGame();
const codex = editionOf(game, 'codex');
const classic = editionOf(game, 'classic');
const ownable = ownableCards(game).map((c) => c.id);

describe('openTable', () => {
  it('seats the first N countries with the edition’s credits and manuscripts', () => {
    const t = openTable(game, 3, 'codex', '15th');
    expect(t.players).toEqual(['germany', 'italy', 'spain']);
    const manuscripts = ['germany', 'italy', 'spain'].reduce((s, c) => s + ownableById(game, `${c}-manuscript`)!.value, 0);
    expect(t.ledger).toEqual({ bank: 0, credits: { germany: 5, italy: 5, spain: 5 }, debts: [], income: 0, writtenOff: 0, opening: 15 + manuscripts });
    expect(creditsInPlay(t.ledger)).toBe(15);
    expect(t.owner.get('germany-manuscript')).toBe('germany');
    expect(t.owner.get('france-manuscript')).toBe('gone');
    expect(t.owner.get('france-15th-book-1')).toBe('gone');
    expect(t.owner.get('spain-15th-book-1')).toBe('market');
    expect(t.owner.get('spain-16th-book-1')).toBe('unreleased');
    expect(t.owner.get('auction-15th-1')).toBe('unreleased');
    expect(t.lead).toBe('germany');
    const c = openTable(game, 4, 'classic', '15th');
    expect(c.ledger.credits).toEqual({ germany: 0, italy: 0, spain: 0, france: 0 });
    expect(c.owner.get('germany-manuscript')).toBe('gone');
  });

  it('passes the lead to the next present country when the century’s lead is absent', () => {
    expect(leadOf(game, ['germany', 'italy', 'spain'], '17th')).toBe('spain');
    expect(leadOf(game, ['germany', 'italy'], '17th')).toBe('germany'); // spain, france absent: wraps round
    expect(leadOf(game, ['germany', 'spain'], '16th')).toBe('spain');
  });
});

/** Every way to give each card one group (or none), exhaustively: the reference answer. */
function bruteForce(cards: OwnableCard[]): number {
  const groups: { key: string; size: number; mult: number; fits: (c: OwnableCard) => boolean }[] = [];
  for (const col of game.rules.collections) {
    if (col.kind === 'mvb') groups.push({ key: 'mvb', size: col.size, mult: col.multiplier, fits: (c) => isMvb(c) });
    if (col.kind === 'country')
      for (const k of game.countries) groups.push({ key: k.id, size: col.size, mult: col.multiplier, fits: (c) => countryOf(c) === k.id });
    if (col.kind === 'genre') for (const g of game.genres) groups.push({ key: g.id, size: col.size, mult: col.multiplier, fits: (c) => genreOf(c) === g.id });
  }
  let best = 0;
  const counts = new Array<number>(groups.length).fill(0);
  const extra = new Array<number>(groups.length).fill(0);
  const rec = (i: number): void => {
    if (i === cards.length) {
      // a group with k·size cards forms k collections; leftovers are not allowed in this assignment
      if (counts.every((n, g) => n % groups[g]!.size === 0))
        best = Math.max(
          best,
          extra.reduce((s, x) => s + x, 0),
        );
      return;
    }
    rec(i + 1);
    groups.forEach((g, gi) => {
      if (!g.fits(cards[i]!)) return;
      counts[gi]!++;
      extra[gi]! += cards[i]!.value * (g.mult - 1);
      rec(i + 1);
      counts[gi]!--;
      extra[gi]! -= cards[i]!.value * (g.mult - 1);
    });
  };
  rec(0);
  return best;
}

describe('bestCollections', () => {
  it('finds the assignment that scores most, each book in one collection only', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ownable), { minLength: 0, maxLength: 9 }), (ids) => {
        const cards = ids.map((id) => ownableById(game, id)!);
        const { completed } = bestCollections(game, codex, ids);
        const used = completed.flatMap((c) => c.cards);
        expect(new Set(used).size).toBe(used.length);
        const bonus = completed.reduce((s, c) => s + c.points, 0) - used.reduce((s, id) => s + ownableById(game, id)!.value, 0);
        expect(bonus).toBe(bruteForce(cards));
      }),
      { numRuns: 300 },
    );
  });

  it('reports progress toward each collection', () => {
    const { completed, progress } = bestCollections(game, codex, ['italy-15th-book-1', 'italy-16th-book-2', 'germany-manuscript']);
    expect(completed).toEqual([]);
    expect(progress.map((p) => p.label)).toContain('National Canon — Italy 2/3');
    expect(progress.map((p) => p.label)).toContain('National Canon — Germany 1/3');
  });

  it('is exact for a 20-book library and still answers (validly) for 40', () => {
    const twenty = ownable.filter((_, i) => (i * 7) % 40 < 20);
    expect(bestCollections(game, codex, twenty).exact).toBe(true);
    // 40 books with collections of 3 is far denser than any real library; past its search budget
    // the engine takes the most valuable books greedily instead of running away.
    const { completed } = bestCollections(game, codex, ownable.slice(0, 40));
    expect(completed.length).toBeGreaterThan(8);
    const used = completed.flatMap((c) => c.cards);
    expect(new Set(used).size).toBe(used.length);
    for (const c of completed) {
      const col = game.rules.collections.find((x) => x.id === c.collection)!;
      expect(c.cards).toHaveLength(col.size);
    }
  });
});

describe('finalScores', () => {
  it('counts books, locked collections double, credits at face value and debts', () => {
    let t = openTable(game, 2, 'codex', '15th');
    const canon = ['germany-manuscript', 'germany-15th-book-1', 'germany-16th-book-1'];
    t = { ...t, owner: t.owner.moved([...canon, 'italy-17th-book-2'], 'germany') };
    t = lockCompleted(game, codex, t);
    expect([...lockedCards(t)].sort()).toEqual([...canon].sort());
    t = { ...t, ledger: spend(t.ledger, 'germany', 'italy', 8, 'war').ledger }; // 5 paid, 3 owed
    const [g, i] = finalScores(game, 'codex', t);
    const v = (id: string) => ownableById(game, id)!.value;
    expect(g!.collectionPoints).toBe(2 * canon.reduce((s, id) => s + v(id), 0));
    expect(g!.books).toBe(v('italy-17th-book-2'));
    expect([g!.credits, g!.owesOthers, i!.credits, i!.owedToIt]).toEqual([0, 3, 10, 3]);
    expect(g!.total).toBe(g!.collectionPoints + g!.books - 3);
    expect(i!.total).toBe(v('italy-manuscript') + 10 + 3);
    expect(finalScores(game, 'classic', t)[1]!.creditPoints).toBe(0);
  });
});

describe('classic values and the final order', () => {
  it('counts every auction book as 1 in classic, for points and collections', () => {
    const lot = ownableCards(game)
      .filter((c) => c.type === 'auction-book' && c.lot === 'lot-15th')
      .map((c) => c.id);
    let t = openTable(game, 2, 'classic', '15th');
    t = { ...t, owner: t.owner.moved(lot, 'germany') };
    expect(finalScores(game, 'classic', t)[0]!.books).toBe(lot.length);
    const printed = lot.reduce((s, id) => s + ownableById(game, id)!.value, 0);
    const c = openTable(game, 2, 'codex', '15th');
    const withLot = { ...c, owner: c.owner.moved(lot, 'germany') };
    expect(finalScores(game, 'codex', withLot)[0]!.books).toBe(printed + ownableById(game, 'germany-manuscript')!.value);
    expect(bestCollections(game, classic, lot).completed.every((x) => x.points === x.cards.length * 2)).toBe(true);
  });

  it('ranks by total, then by completed collections; a full tie shares the place', () => {
    const s = (country: string, total: number, collections: number): CountryScore =>
      ({ country, total, collections: Array.from({ length: collections }, () => ({})) }) as unknown as CountryScore;
    const order = ranking([s('a', 30, 1), s('b', 34, 0), s('c', 30, 2), s('d', 30, 1)]);
    expect(order).toEqual([
      { place: 1, countries: ['b'], total: 34, collections: 0 },
      { place: 2, countries: ['c'], total: 30, collections: 2 },
      { place: 3, countries: ['a', 'd'], total: 30, collections: 1 },
    ]);
  });
});

// The base game's shape, as the rules need it: checked on the real content every run.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { cardsOfType } from '../../engine/index.js';
import { computeStats } from '../../generator/commands/stats.js';

const { game, diagnostics } = loadGame({ dir: join(process.cwd(), 'content') });

describe('the base game content', () => {
  it('validates with no errors and no warnings', () => {
    expect(diagnostics).toEqual([]);
  });
  const g = game!;
  const books = cardsOfType(g, 'book');
  const events = cardsOfType(g, 'national-event');

  it('has two books per country per century, twelve per country', () => {
    for (const country of g.countries) {
      expect(
        books.filter((b) => b.country === country.id),
        country.id,
      ).toHaveLength(12);
      for (const century of g.centuries)
        expect(
          books.filter((b) => b.country === country.id && b.century === century.id),
          `${country.id} ${century.id}`,
        ).toHaveLength(2);
    }
    expect(books).toHaveLength(72);
  });

  it('has three national events per country per century', () => {
    for (const country of g.countries)
      for (const century of g.centuries)
        expect(
          events.filter((e) => e.country === country.id && e.century === century.id),
          `${country.id} ${century.id}`,
        ).toHaveLength(3);
    expect(events).toHaveLength(108);
  });

  it('gives every genre at least 8 books, so a Genre collection is possible', () => {
    for (const genre of g.genres) expect(books.filter((b) => b.genre === genre.id).length, genre.id).toBeGreaterThanOrEqual(8);
  });

  it('flags 10–14 MVBs, at least one per country, and they are the highest values', () => {
    const mvb = books.filter((b) => b.mvb);
    expect(mvb.length).toBeGreaterThanOrEqual(10);
    expect(mvb.length).toBeLessThanOrEqual(14);
    for (const country of g.countries)
      expect(
        mvb.some((b) => b.country === country.id),
        country.id,
      ).toBe(true);
    const lowestMvb = Math.min(...mvb.map((b) => b.value));
    const highestOther = Math.max(...books.filter((b) => !b.mvb).map((b) => b.value));
    expect(lowestMvb).toBeGreaterThan(highestOther);
  });

  it('dates every book inside its century', () => {
    for (const b of books) {
      const c = g.centuries.find((x) => x.id === b.century)!;
      expect(b.year, b.id).toBeGreaterThanOrEqual(c.from);
      expect(b.year, b.id).toBeLessThanOrEqual(c.to);
    }
  });

  it('has six auction lots of four books, each released by exactly one event of its century', () => {
    expect(g.lots).toHaveLength(6);
    for (const lot of g.lots) {
      expect(
        cardsOfType(g, 'auction-book').filter((a) => a.lot === lot.id),
        lot.id,
      ).toHaveLength(4);
      const releasers = events.filter((e) => e.effects.some((x) => 'release_lot' in x && x.release_lot === lot.id));
      expect(releasers, lot.id).toHaveLength(1);
      expect(releasers[0]!.century).toBe(lot.century);
    }
  });

  it('has one world event per century, six manuscripts (one per country), 24+ chance cards, reference cards for each edition', () => {
    for (const century of g.centuries) expect(cardsOfType(g, 'world-event').filter((w) => w.century === century.id)).toHaveLength(1);
    const ms = cardsOfType(g, 'manuscript');
    expect(ms.map((m) => m.country).sort()).toEqual(g.countries.map((c) => c.id).sort());
    expect(cardsOfType(g, 'chance').length).toBeGreaterThanOrEqual(24);
    for (const edition of g.rules.editions) {
      const refs = cardsOfType(g, 'reference').filter((r) => r.edition === edition.id);
      expect(refs.map((r) => r.kind).sort(), edition.id).toEqual(['objectives', 'order']);
    }
  });

  it("makes each lead country's own century its best for national-event credits", () => {
    const stats = computeStats(g);
    for (const [country, s] of Object.entries(stats.strongestCentury))
      expect(s.ok, `${country}: ${JSON.stringify(stats.nationalEventNet[country])}`).toBe(true);
  });

  it('never names the holder itself as the other side of a transfer', () => {
    for (const e of events) {
      for (const x of e.effects) {
        if ('gain' in x && x.from && x.from !== 'bank') expect(x.from, e.id).not.toBe(e.country);
        if ('pay' in x && x.to && x.to !== 'bank') expect(x.to, e.id).not.toBe(e.country);
      }
    }
  });
});

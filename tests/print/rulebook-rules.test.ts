// The rule book says what the engine does (DESIGN §2): the order of national events and of the
// market, the debt rules of each edition, sale values, locking and the tie-break, checked against
// the engine itself where the engine can answer, and against the edition's settings otherwise.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closestDistance, editionOf, leadOf, MAX_CREDITS, marketOrder, newGame, type Game } from '../../engine/index.js';
import { BUILT } from '../helpers.js';

const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as Game;
const book = readFileSync(join(BUILT, 'rules', 'rules.md'), 'utf8').replace(/\s+/g, ' ');
const codex = editionOf(game);
const classic = game.rules.editions.find((e) => e.id !== codex.id)!;

/** The text of one chapter (a level-one heading to the next). */
function chapter(title: string): string {
  const start = book.indexOf(`# ${title}`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const next = book.indexOf(' # ', start + 2);
  return book.slice(start, next < 0 ? undefined : next);
}

describe('the rule book and the engine agree', () => {
  it('national events start with the first seat every century; the market with the lead, as the engine plays them', () => {
    const first = game.countries[0]!.name;
    expect(chapter('Playing a century')).toContain(
      `In seat order, starting with ${first} in every century, each country turns over the top card of its own pile`,
    );
    const s = newGame(game, { players: game.countries.length, edition: codex.id, length: 'short', packs: [] });
    for (const century of game.centuries) {
      const lead = leadOf(game, s.table.players, century.id);
      const order = marketOrder({ ...s, table: { ...s.table, lead } })
        .map((c) => game.countries.find((x) => x.id === c)!.code)
        .join(' · ');
      expect(book).toContain(`| **${century.name}** | ${century.from}–${century.to} | ${game.countries.find((c) => c.id === lead)!.name} | ${order} |`);
    }
  });

  it('nowhere says the lead country begins the national events, or goes first in everything (a fresh tester believed it)', () => {
    expect(book).not.toMatch(/lead country goes first in everything/);
    expect(book).not.toMatch(/lead country begins its national events/);
    expect(book).toContain(`the next century begins with its national events, ${game.countries[0]!.name} first as always`);
  });

  it("what a table holds: the rule book names the engine's limit on a purse, a debt and a payment", () => {
    expect(chapter('Playing a century')).toContain(`No purse, debt or single payment may ever go past ${MAX_CREDITS.toLocaleString('en')} credits`);
  });

  it('debts: the creditor chooses books now or credits later; closest books settle in full; credits pay debts first', () => {
    expect(codex.debt_books).toBe('closest');
    expect(codex.victor_may_demand_books).toBe(false);
    const debts = chapter('Debts');
    expect(debts).toContain('The moment a debt to another country arises, that country decides how it will be paid, once and for all');
    expect(debts).toContain('takes the book or books whose printed values add up as close to the debt as the shelf allows, over or under');
    expect(debts).toContain('When several choices come equally close, the creditor picks among them.');
    expect(debts).toContain('Taking books settles the whole debt');
    expect(debts).toContain(
      'every credit the debtor receives from then on, from the die, a card, a sale or a trade, goes to its creditors first, oldest debt first',
    );
    expect(debts).toContain('As long as you owe anything, you cannot buy books or bid at auction');
    expect(debts).toContain('A debt to the **bank** is always paid in credits: the bank does not take books.');
  });

  it('the worked debt example takes a set of books as close to the debt as the engine allows', () => {
    const example = book.slice(book.indexOf('## A debt settled with books'), book.indexOf('## An auction'));
    const amount = Number(/owes \w[\w ]* the full (\d+) credits?/.exec(example)![1]);
    const shelf = [...example.matchAll(/\| [^|]+ \| [a-z ]+ \| (\d+) \|/g)].map((m) => ({ value: Number(m[1]) }));
    expect(shelf.length).toBeGreaterThan(1);
    const best = closestDistance(shelf, amount)!;
    const taken = /come to (\d+)|is worth exactly (\d+)|worth (\d+), which is/.exec(example)!;
    const total = Number(taken[1] ?? taken[2] ?? taken[3]);
    expect(Math.abs(total - amount)).toBe(best);
  });

  it('selling back: printed value, but a book won at auction returns what was paid, never more; swaps at the same price', () => {
    const trades = chapter('Trades and sales');
    expect(trades).toContain('a book won at auction brings back only what its owner paid for it, never more');
    expect(trades).toContain('each counts for an equal share of it, rounded down');
    expect(trades).toContain('take a face-up book whose price is exactly what the sale would bring');
  });

  it('locked collections are outside events and chance; the order of the books that lock; the tie-break', () => {
    const collections = chapter('Collections and scoring');
    expect(collections).toContain('No event, chance card or creditor can take a book from it, no "per book" effect counts it');
    expect(collections).toContain('it goes where it makes your shelf score the most');
    expect(collections).toContain('If two libraries tie, the one with more completed collections wins; if they are still level, they share the victory.');
  });

  it('the classic chapter states every rule in which the editions differ', () => {
    const edition = chapter('The classic edition');
    expect(classic.debt_books).toBe('cover-with-change');
    expect(edition).toContain(
      'The creditor gives the difference back in credits or books of its own, as it prefers; a creditor who cannot give change may not take books worth more than the debt.',
    );
    expect(classic.victor_may_demand_books).toBe(true);
    expect(edition).toContain('that country may ask for books instead of credits, even when you could pay');
    expect(edition).toContain(`Auction books are worth ${classic.auction_book_value} credit`);
    expect(classic.end_of_game).toBe('buy-books');
    expect(edition).toContain('The library whose books are worth the most buys first, then the next; libraries worth the same roll the die, highest first.');
    expect(edition).toContain(`At any time a country that owes nothing may pay ${classic.force_chance_cost} credits, or books worth that much`);
  });
});

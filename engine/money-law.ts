// The money law (DESIGN §2, §5): checked after every action by the referee, `replay` and the tests.
// It is built so that a leak anywhere — a sale paying too much, a price not charged, a debt
// forgotten, a book handed out free — breaks it:
// 1. Credits are conserved: the bank's credits plus the countries' equal what the countries
//    started with (the bank starts at 0 and goes negative as it pays out).
// 2. No balance is negative, every debt is a positive amount between two parties at the table,
//    and a country that owes holds no credits (they went to its creditors).
// 3. The countries' worth — their credits plus what the bank would pay for their books, less
//    what they owe the bank — equals what they opened with, plus the income the bank's books
//    record (dice, card gains and costs, corrections by hand), less the value they gave up for
//    nothing (books lost to the market, auction prices above the books' worth, books paid for a
//    forced draw). Exchanges (buying, selling, auctions, trades, debts settled) never change it
//    upward; a leak in any of them makes the two sides differ.
import type { Game } from './game.js';
import type { Edition } from './schema/game.js';
import { creditsInPlay, type Ledger } from './ledger.js';
import { holdings, saleValueOfCards, type Table } from './table.js';

export interface MoneyReport {
  ok: boolean;
  /** Each broken part of the law, in words. */
  problems: string[];
  /** The bank's credits plus the countries' (the bank starts at 0 and goes below 0 as it pays out), and what that must stay: the credits handed out at the start. */
  credits: { bankPlusCountries: number; expected: number };
  /** The countries' worth, and what the bank's books say it must be. */
  worth: { countries: number; expected: number; opening: number; income: number; writtenOff: number };
}

/** Credits plus the sale value of their books, less debts to the bank: what the countries are worth together. */
export function countriesWorth(game: Game, edition: Edition, table: Table): number {
  let worth = 0;
  for (const c of table.players) worth += (table.ledger.credits[c] ?? 0) + saleValueOfCards(game, edition, table, holdings(table, c));
  for (const d of table.ledger.debts) if (d.creditor === 'bank') worth -= d.amount;
  return worth;
}

function ledgerProblems(ledger: Ledger, players: readonly string[]): string[] {
  const problems: string[] = [];
  for (const c of players) {
    const n = ledger.credits[c];
    if (n === undefined || !Number.isSafeInteger(n) || n < 0) problems.push(`${c} holds ${n} credits`);
  }
  const pairs = new Set<string>();
  for (const d of ledger.debts) {
    if (!Number.isSafeInteger(d.amount) || d.amount <= 0) problems.push(`a debt of ${d.amount} from ${d.debtor} to ${d.creditor}`);
    if (!players.includes(d.debtor) || (d.creditor !== 'bank' && !players.includes(d.creditor)) || d.debtor === d.creditor) {
      problems.push(`a debt between ${d.debtor} and ${d.creditor}, who cannot owe each other`);
    }
    const pair = `${d.debtor}>${d.creditor}`;
    if (pairs.has(pair)) problems.push(`two debts from ${d.debtor} to ${d.creditor}`);
    pairs.add(pair);
    if ((ledger.credits[d.debtor] ?? 0) > 0) problems.push(`${d.debtor} owes ${d.amount} yet holds ${ledger.credits[d.debtor]} credits`);
  }
  if (ledger.writtenOff < 0) problems.push(`the value written off is negative (${ledger.writtenOff})`);
  return problems;
}

/** Checks the money law on a table; `startingCredits` is what each country started with. */
export function moneyLaw(game: Game, edition: Edition, table: Table): MoneyReport {
  const { ledger } = table;
  const problems = ledgerProblems(ledger, table.players);
  const bankPlusCountries = creditsInPlay(ledger);
  const expectedCredits = table.players.length * edition.starting_credits;
  if (bankPlusCountries !== expectedCredits)
    problems.push(`bank and countries hold ${bankPlusCountries} credits together, but ${expectedCredits} were handed out at the start`);
  const countries = countriesWorth(game, edition, table);
  const expected = ledger.opening + ledger.income - ledger.writtenOff;
  if (countries !== expected) problems.push(`the countries are worth ${countries}, but the bank's books say ${expected}`);
  return {
    ok: problems.length === 0,
    problems,
    credits: { bankPlusCountries, expected: expectedCredits },
    worth: { countries, expected, opening: ledger.opening, income: ledger.income, writtenOff: ledger.writtenOff },
  };
}

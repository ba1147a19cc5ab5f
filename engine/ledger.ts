// The ledger: every credit at the table, the bank, who owes whom, and the bank's books — the
// record that lets anyone check that nothing was made or lost (engine/money-law.ts).
//
// Credits move only through three doors, each with its own promise:
// - `spend`: a payment a card (or a cost) demands. A country pays what it has; the shortfall
//   becomes a debt to the receiver. Never a negative balance.
// - `exchange`: one half of a trade of value for value (a purchase, a sale, an auction price,
//   change, a trade). The payer must have the credits: an exchange never makes a debt.
// - `settleWithBooks` / `settleInFull`: a debt cleared by books, which move elsewhere.
// And every credit a country receives goes first to the countries (or the bank) it owes, oldest
// debt first (DESIGN §2, "credits later"): a debtor never holds credits.
//
// What a table can hold bounds it all: no purse holds more than MAX_CREDITS, no debt grows past
// it, no single payment is larger. Passing it is not a bug but an action the rules refuse: the
// ledger throws `TableLimit`, and game/check.ts turns that into the banker's sentence.
//
// The bank's books: `income` is what came into the countries' hands from outside any exchange —
// dice, card gains, the banker's corrections — less what cards and costs took out; `writtenOff` is
// value the countries gave up with nothing in return (books lost to the market, auction prices
// above the books' worth, books paid for a forced chance draw). The money law says the countries'
// worth is always `opening + income − writtenOff`; a leak anywhere breaks it.

import { MAX_CREDITS } from './schema/common.js';

/** The most credits a purse may hold, a debt may come to, or a single payment may be (see schema/common.ts). */
export { MAX_CREDITS };

export type CountryId = string;
export type Party = CountryId | 'bank';

export interface Debt {
  debtor: CountryId;
  creditor: Party;
  amount: number;
  reason: string;
}

export interface Ledger {
  /** The bank's credits, counted from 0 at the start: negative once it has paid out more than it took in. */
  readonly bank: number;
  readonly credits: Readonly<Record<CountryId, number>>;
  /** Open debts, one per debtor and creditor, oldest first: incoming credits pay them in this order. */
  readonly debts: readonly Debt[];
  /** Net value the countries received from outside any exchange (see above). */
  readonly income: number;
  /** Value the countries gave up with nothing in return (see above). */
  readonly writtenOff: number;
  /** The countries' credits plus the worth of what they held when the game opened. */
  readonly opening: number;
}

/** Whether a payment is income (from a card, a die, a cost, the banker) or half of an exchange of value. */
export type Flow = 'income' | 'exchange';

/**
 * An operation would pass what a table can hold: a purse above MAX_CREDITS (`purse`: `country`
 * would hold `amount`; `via` is the country first paid when the credits went on through its debts),
 * a debt above it (`debt`: `country` would owe `other` `amount`) or one payment above it
 * (`payment`: `other` would pay `country` `amount`). The rules refuse the action that does it.
 */
export class TableLimit extends RangeError {
  constructor(
    readonly kind: 'purse' | 'debt' | 'payment',
    readonly country: CountryId,
    readonly amount: number,
    readonly other?: Party,
  ) {
    super(`${kind} of ${amount} credits for ${country}${other ? ` (${other})` : ''} passes the ${MAX_CREDITS} a table holds`);
    this.name = 'TableLimit';
  }
}

/** A whole number of credits, 0 or more: anything else is a bug in the caller. */
function checkWhole(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} must be a whole number of credits, got ${amount}`);
}

function checkAmount(amount: number, what: string): void {
  checkWhole(amount, what);
  if (amount > MAX_CREDITS) throw new RangeError(`${what} must be a whole number from 0 to ${MAX_CREDITS}, got ${amount}`);
}

/** One payment: more than a table holds is refused (TableLimit), not a bug, since cards multiply amounts. */
function checkPayment(amount: number, from: Party, to: Party): void {
  checkWhole(amount, 'amount');
  if (amount > MAX_CREDITS) throw new TableLimit('payment', to, amount, from);
}

function checkParty(l: Ledger, p: Party, what: string): void {
  if (p !== 'bank' && !Object.hasOwn(l.credits, p)) throw new RangeError(`${what} '${p}' is not at the table`);
}

function checkCountry(l: Ledger, c: CountryId, what: string): void {
  if (c === 'bank' || !Object.hasOwn(l.credits, c)) throw new RangeError(`${what} '${c}' is not a country at the table`);
}

/** The ledger at the start: each country with its starting credits; `openingWorth` is what their starting holdings are worth. */
export function openLedger(countries: CountryId[], startingCredits: number, openingWorth = 0): Ledger {
  checkAmount(startingCredits, 'starting credits');
  const credits: Record<CountryId, number> = {};
  for (const c of countries) {
    if (c === 'bank') throw new RangeError("'bank' cannot be a country");
    if (Object.hasOwn(credits, c)) throw new RangeError(`country '${c}' listed twice`);
    credits[c] = startingCredits;
  }
  return { bank: 0, credits, debts: [], income: 0, writtenOff: 0, opening: countries.length * startingCredits + openingWorth };
}

/** A working copy: the operations below build one, change it, and hand back a new ledger. */
interface Draft {
  bank: number;
  credits: Record<CountryId, number>;
  debts: Debt[];
  income: number;
  writtenOff: number;
  opening: number;
}

// Written out field by field rather than spread: every payment makes one, and a spread of a
// spread takes V8's slow path (see game/state.ts).
function draft(l: Ledger): Draft {
  return {
    bank: l.bank,
    credits: { ...l.credits },
    debts: l.debts.map((d) => ({ debtor: d.debtor, creditor: d.creditor, amount: d.amount, reason: d.reason })),
    income: l.income,
    writtenOff: l.writtenOff,
    opening: l.opening,
  };
}

function done(d: Draft): Ledger {
  return { bank: d.bank, credits: d.credits, debts: d.debts.filter((x) => x.amount > 0), income: d.income, writtenOff: d.writtenOff, opening: d.opening };
}

/**
 * Credits arrive at a party. A country that owes pays its debts first, oldest first; what the
 * creditors receive may pay their own debts in turn. Every hop pays off some debt, so this ends.
 */
function receive(d: Draft, to: Party, amount: number): void {
  const queue: [Party, number][] = [[to, amount]];
  while (queue.length > 0) {
    const [who, n0] = queue.shift()!;
    let n = n0;
    if (who === 'bank') {
      d.bank += n;
      continue;
    }
    for (const debt of d.debts) {
      if (n === 0) break;
      if (debt.debtor !== who || debt.amount === 0) continue;
      const paid = Math.min(n, debt.amount);
      debt.amount -= paid;
      n -= paid;
      queue.push([debt.creditor, paid]);
    }
    const now = d.credits[who]! + n;
    if (now > MAX_CREDITS) throw new TableLimit('purse', who, now, who === to ? undefined : to);
    d.credits[who] = now;
  }
}

function take(d: Draft, from: Party, amount: number): void {
  if (from === 'bank') d.bank -= amount;
  else d.credits[from] = d.credits[from]! - amount;
}

function addDebt(d: Draft, debtor: CountryId, creditor: Party, amount: number, reason: string): void {
  const old = d.debts.find((x) => x.debtor === debtor && x.creditor === creditor && x.amount > 0);
  const total = (old?.amount ?? 0) + amount;
  if (total > MAX_CREDITS) throw new TableLimit('debt', debtor, total, creditor);
  if (!old) {
    d.debts.push({ debtor, creditor, amount, reason });
    return;
  }
  // One line per pair keeps the debt sheet readable; the reasons are kept so nobody has to ask why.
  old.amount = total;
  if (!old.reason.split('; ').includes(reason)) old.reason = `${old.reason}; ${reason}`;
}

function noteIncome(d: Draft, from: Party, to: Party, amount: number, flow: Flow): void {
  if (flow !== 'income') return;
  if (from === 'bank' && to !== 'bank') d.income += amount;
  else if (to === 'bank' && from !== 'bank') d.income -= amount;
}

/**
 * A payment a card or a cost demands. The bank always pays in full. A country pays what it has
 * and owes the rest to the receiver (merged with any debt of the same pair). Paying oneself
 * changes nothing. `short` says how much became a new debt, for the history line.
 */
export function spend(l: Ledger, from: Party, to: Party, amount: number, reason: string, flow: Flow = 'income'): { ledger: Ledger; short: number } {
  checkPayment(amount, from, to);
  checkParty(l, from, 'payer');
  checkParty(l, to, 'receiver');
  if (amount === 0 || from === to) return { ledger: l, short: 0 };
  const d = draft(l);
  const paid = from === 'bank' ? amount : Math.min(amount, d.credits[from]!);
  take(d, from, paid);
  const short = amount - paid;
  if (short > 0) addDebt(d, from as CountryId, to, short, reason);
  noteIncome(d, from, to, amount, flow);
  receive(d, to, paid);
  return { ledger: done(d), short };
}

/**
 * One half of an exchange of value: a purchase, a sale, a price at auction, change, a trade.
 * The payer must hold the credits; the rules check that before, so a shortfall here is a bug.
 */
export function exchange(l: Ledger, from: Party, to: Party, amount: number): Ledger {
  checkPayment(amount, from, to);
  checkParty(l, from, 'payer');
  checkParty(l, to, 'receiver');
  if (amount === 0 || from === to) return l;
  if (from !== 'bank' && l.credits[from]! < amount) throw new RangeError(`${from} holds ${l.credits[from]} credits and cannot pay ${amount}`);
  const d = draft(l);
  take(d, from, amount);
  receive(d, to, amount);
  return done(d);
}

/** A debt reduced by books handed over (their printed values): no credits move. */
export function settleWithBooks(l: Ledger, debtor: CountryId, creditor: Party, amount: number): Ledger {
  checkAmount(amount, 'amount');
  checkCountry(l, debtor, 'debtor');
  checkParty(l, creditor, 'creditor');
  const due = owed(l, debtor, creditor);
  if (amount > due) throw new RangeError(`${debtor} owes ${creditor} ${due}, cannot reduce by ${amount}`);
  if (amount === 0) return l;
  const d = draft(l);
  d.debts.find((x) => x.debtor === debtor && x.creditor === creditor && x.amount > 0)!.amount -= amount;
  return done(d);
}

/** Value the countries gave up with nothing in return (see the money law). */
export function writeOff(l: Ledger, value: number): Ledger {
  // A total over many books, not a payment: it may pass what one purse holds.
  checkWhole(value, 'value written off');
  if (value === 0) return l;
  return { bank: l.bank, credits: l.credits, debts: l.debts, income: l.income, writtenOff: l.writtenOff + value, opening: l.opening };
}

/**
 * How many credits one action may move, all payments together, with no purse, debt or payment
 * passing MAX_CREDITS however they travel: credits reaching a purse come from the purses (all of
 * them together at most) or from those payments, and a debt grows by a shortfall of them.
 */
export function roomLeft(l: Ledger): number {
  let purses = 0;
  for (const c in l.credits) purses += l.credits[c]!;
  let debt = 0;
  for (const d of l.debts) if (d.amount > debt) debt = d.amount;
  return MAX_CREDITS - Math.max(purses, debt);
}

/** Bank + every country's credits: the same number before and after every operation. */
export function creditsInPlay(l: Ledger): number {
  return Object.values(l.credits).reduce((s, c) => s + c, l.bank);
}

export function owed(l: Ledger, debtor: CountryId, creditor?: Party): number {
  return l.debts.filter((d) => d.debtor === debtor && (creditor === undefined || d.creditor === creditor)).reduce((s, d) => s + d.amount, 0);
}

/** What others owe this country (debts in its favour). */
export function owedTo(l: Ledger, creditor: Party): number {
  return l.debts.filter((d) => d.creditor === creditor).reduce((s, d) => s + d.amount, 0);
}

export function debtOf(l: Ledger, debtor: CountryId, creditor: Party): Debt | undefined {
  return l.debts.find((d) => d.debtor === debtor && d.creditor === creditor);
}

export function isDebtor(l: Ledger, country: CountryId): boolean {
  return l.debts.some((d) => d.debtor === country);
}

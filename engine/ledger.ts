// The ledger: every credit at the table, the bank, and who owes whom. Money moves only through
// `spend` (and `payDebt`, which is spend plus a debt reduction), so the referee can show after
// every action that nothing was created or lost: bank + all countries' credits never changes.
//
// The bank is unlimited: it starts at 0 and goes negative as it pays out, which is what keeps the
// sum constant without having to count the physical credits in the bag.

export type CountryId = string;
export type Party = CountryId | 'bank';

export interface Debt {
  debtor: CountryId;
  creditor: Party;
  amount: number;
  reason: string;
}

export interface Ledger {
  readonly bank: number;
  readonly credits: Readonly<Record<CountryId, number>>;
  readonly debts: readonly Debt[];
}

function checkAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} must be a whole number ≥ 0, got ${amount}`);
}

function checkParty(l: Ledger, p: Party, what: string): void {
  if (p !== 'bank' && !(p in l.credits)) throw new RangeError(`${what} '${p}' is not at the table`);
}

function checkCountry(l: Ledger, c: CountryId, what: string): void {
  if (c === 'bank' || !(c in l.credits)) throw new RangeError(`${what} '${c}' is not a country at the table`);
}

export function openLedger(countries: CountryId[], startingCredits: number): Ledger {
  checkAmount(startingCredits, 'starting credits');
  const credits: Record<CountryId, number> = {};
  for (const c of countries) {
    if (c === 'bank') throw new RangeError("'bank' cannot be a country");
    if (c in credits) throw new RangeError(`country '${c}' listed twice`);
    credits[c] = startingCredits;
  }
  return { bank: 0, credits, debts: [] };
}

function move(l: Ledger, from: Party, to: Party, amount: number): Ledger {
  if (amount === 0 || from === to) return l;
  const credits = { ...l.credits };
  let bank = l.bank;
  if (from === 'bank') bank -= amount;
  else credits[from] = credits[from]! - amount;
  if (to === 'bank') bank += amount;
  else credits[to] = credits[to]! + amount;
  return { bank, credits, debts: l.debts };
}

function addDebt(debts: readonly Debt[], debtor: CountryId, creditor: Party, amount: number, reason: string): Debt[] {
  const i = debts.findIndex((d) => d.debtor === debtor && d.creditor === creditor);
  if (i < 0) return [...debts, { debtor, creditor, amount, reason }];
  const old = debts[i]!;
  // One line per pair keeps the debt sheet readable; the reasons are kept so nobody has to ask why.
  const merged = old.reason.split('; ').includes(reason) ? old.reason : `${old.reason}; ${reason}`;
  return debts.map((d, j) => (j === i ? { ...old, amount: old.amount + amount, reason: merged } : d));
}

function lessDebt(debts: readonly Debt[], debtor: CountryId, creditor: Party, amount: number): Debt[] {
  return debts.map((d) => (d.debtor === debtor && d.creditor === creditor ? { ...d, amount: d.amount - amount } : d)).filter((d) => d.amount > 0);
}

/**
 * THE one place money moves. The bank always pays in full. A country pays what it has; the
 * shortfall becomes a debt to the receiver (merged with any debt of the same pair), so no
 * balance ever goes below zero. Paying oneself changes nothing.
 */
export function spend(l: Ledger, from: Party, to: Party, amount: number, reason: string): Ledger {
  return spendReporting(l, from, to, amount, reason).ledger;
}

/** `spend`, also saying how much of the payment became a new debt (for the log line). */
export function spendReporting(l: Ledger, from: Party, to: Party, amount: number, reason: string): { ledger: Ledger; short: number } {
  checkAmount(amount, 'amount');
  checkParty(l, from, 'payer');
  checkParty(l, to, 'receiver');
  if (amount === 0 || from === to) return { ledger: l, short: 0 };
  if (from === 'bank') return { ledger: move(l, from, to, amount), short: 0 };
  const paid = Math.min(amount, l.credits[from]!);
  const moved = move(l, from, to, paid);
  const short = amount - paid;
  return { ledger: short === 0 ? moved : { ...moved, debts: addDebt(moved.debts, from, to, short, reason) }, short };
}

/** Settles (part of) a debt in credits: moves min(amount, owed, the debtor's credits). */
export function payDebt(l: Ledger, debtor: CountryId, creditor: Party, amount: number): Ledger {
  checkAmount(amount, 'amount');
  checkCountry(l, debtor, 'debtor');
  checkParty(l, creditor, 'creditor');
  const paid = Math.min(amount, owed(l, debtor, creditor), l.credits[debtor]!);
  if (paid === 0) return l;
  const moved = move(l, debtor, creditor, paid);
  return { ...moved, debts: lessDebt(moved.debts, debtor, creditor, paid) };
}

/** A debt settled by other means (books handed over): no credits move. */
export function reduceDebt(l: Ledger, debtor: CountryId, creditor: Party, amount: number): Ledger {
  checkAmount(amount, 'amount');
  checkCountry(l, debtor, 'debtor');
  checkParty(l, creditor, 'creditor');
  const due = owed(l, debtor, creditor);
  if (amount > due) throw new RangeError(`${debtor} owes ${creditor} ${due}, cannot reduce by ${amount}`);
  if (amount === 0) return l;
  return { ...l, debts: lessDebt(l.debts, debtor, creditor, amount) };
}

/** Bank + every country's credits: the same number before and after every operation. */
export function moneyInPlay(l: Ledger): number {
  return Object.values(l.credits).reduce((s, c) => s + c, l.bank);
}

export function owed(l: Ledger, debtor: CountryId, creditor?: Party): number {
  return l.debts.filter((d) => d.debtor === debtor && (creditor === undefined || d.creditor === creditor)).reduce((s, d) => s + d.amount, 0);
}

/** What others owe this country (debts in its favour). */
export function owedTo(l: Ledger, creditor: Party): number {
  return l.debts.filter((d) => d.creditor === creditor).reduce((s, d) => s + d.amount, 0);
}

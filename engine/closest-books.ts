// Which books settle a debt in the codex rules (DESIGN §2): the creditor takes the set of the
// debtor's unlocked books whose total is closest to the debt, over or under; among equally close
// sets the creditor picks. Values are small whole numbers, so a table of reachable totals finds
// the answer exactly, however many books the debtor holds. The checks, the referee's suggestion,
// the turn guide and the rule book's worked example all ask these two functions.

/** A set of books as a chain: its last book and the set before it (sets share their beginnings). */
interface Chosen<T> {
  size: number;
  book: T | null;
  rest: Chosen<T> | null;
}

function booksOf<T>(c: Chosen<T>): T[] {
  const out: T[] = [];
  for (let x: Chosen<T> | null = c; x?.book; x = x.rest) out.push(x.book);
  return out.reverse();
}

/**
 * Every total a non-empty set of these values can reach, with the smallest such set found (the
 * first found, among equally small ones), in the order the totals were first reached. Sets are
 * kept as chains, so a new set costs one link rather than a copy of the set it extends; the sets
 * are held by total in an array (totals are small whole numbers), and each book extends the sets
 * as they were before it (a snapshot), so no set takes the same book twice.
 */
function reachable<T extends { value: number }>(books: readonly T[]): { totals: number[]; sets: Chosen<T>[] } {
  const byTotal: (Chosen<T> | undefined)[] = [{ size: 0, book: null, rest: null }];
  const totals = [0];
  const before: Chosen<T>[] = [];
  for (const book of books) {
    if (!(book.value > 0)) continue;
    const n = totals.length;
    for (let i = 0; i < n; i++) before[i] = byTotal[totals[i]!]!;
    for (let i = 0; i < n; i++) {
      const set = before[i]!;
      const t = totals[i]! + book.value;
      const known = byTotal[t];
      if (!known) totals.push(t);
      if (!known || known.size > set.size + 1) byTotal[t] = { size: set.size + 1, book, rest: set };
    }
  }
  // The empty set (total 0, always first) is no answer.
  totals.shift();
  return { totals, sets: totals.map((t) => byTotal[t]!) };
}

/** How far the closest set of books falls from the debt (0 = an exact fit); null when there are no books. */
export function closestDistance(books: readonly { value: number }[], amount: number): number | null {
  let d: number | null = null;
  for (const total of reachable(books).totals) {
    const here = Math.abs(total - amount);
    if (d === null || here < d) d = here;
  }
  return d;
}

/**
 * One closest set, as the page suggests it: between equally near sets, the one that covers the
 * debt, then the one with fewer books.
 */
export function closestBooks<T extends { value: number }>(books: readonly T[], amount: number): T[] {
  if (amount <= 0 || books.length === 0) return [];
  let pick: { total: number; set: Chosen<T> } | undefined;
  const { totals, sets } = reachable(books);
  for (let i = 0; i < totals.length; i++) {
    const total = totals[i]!;
    const set = sets[i]!;
    if (!pick) {
      pick = { total, set };
      continue;
    }
    const d = Math.abs(total - amount);
    const dBest = Math.abs(pick.total - amount);
    const covers = total >= amount;
    const coversBest = pick.total >= amount;
    if (d < dBest || (d === dBest && covers && !coversBest) || (d === dBest && covers === coversBest && set.size < pick.set.size)) pick = { total, set };
  }
  return pick ? booksOf(pick.set) : [];
}

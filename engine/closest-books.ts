// Which books settle a debt in the codex rules (DESIGN §2): the creditor takes the set of the
// debtor's unlocked books whose total is closest to the debt, over or under; among equally close
// sets the creditor picks. Values are small whole numbers, so a table of reachable totals finds
// the answer exactly, however many books the debtor holds. The checks, the referee's suggestion,
// the turn guide and the rule book's worked example all ask these two functions.

/** Every total a non-empty set of these values can reach, with the smallest such set found. */
function reachable<T extends { value: number }>(books: readonly T[]): Map<number, T[]> {
  const best = new Map<number, T[]>([[0, []]]);
  for (const book of books) {
    if (!(book.value > 0)) continue;
    for (const [total, set] of [...best]) {
      const t = total + book.value;
      const known = best.get(t);
      if (!known || known.length > set.length + 1) best.set(t, [...set, book]);
    }
  }
  best.delete(0);
  return best;
}

/** How far the closest set of books falls from the debt (0 = an exact fit); null when there are no books. */
export function closestDistance(books: readonly { value: number }[], amount: number): number | null {
  let d: number | null = null;
  for (const total of reachable(books).keys()) {
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
  let pick: { total: number; set: T[] } | undefined;
  for (const [total, set] of reachable(books)) {
    if (!pick) {
      pick = { total, set };
      continue;
    }
    const d = Math.abs(total - amount);
    const dBest = Math.abs(pick.total - amount);
    const covers = total >= amount;
    const coversBest = pick.total >= amount;
    if (d < dBest || (d === dBest && covers && !coversBest) || (d === dBest && covers === coversBest && set.length < pick.set.length)) pick = { total, set };
  }
  return pick?.set ?? [];
}

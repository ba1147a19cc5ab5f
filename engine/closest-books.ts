// Which books settle a debt best. The rules: the creditor takes the books closest in value to
// what is owed, and may take books worth more when nothing fits exactly. So: the set of books
// whose total is nearest the debt; between equally near sets, the one that covers the debt,
// then the one with fewer books. Values are small whole numbers, so a table of reachable totals
// finds the answer exactly, however many books the debtor holds. The referee's suggestions, its
// turn guide and the rule book's worked example all ask this one function.
export function closestBooks<T extends { value: number }>(books: readonly T[], amount: number): T[] {
  if (amount <= 0 || books.length === 0) return [];
  // best[t] = the smallest set of books found so far whose values add up to t.
  const best = new Map<number, T[]>([[0, []]]);
  for (const book of books) {
    if (!(book.value > 0)) continue;
    for (const [total, set] of [...best]) {
      const t = total + book.value;
      const known = best.get(t);
      if (!known || known.length > set.length + 1) best.set(t, [...set, book]);
    }
  }
  let pick: { total: number; set: T[] } | undefined;
  for (const [total, set] of best) {
    if (total === 0) continue;
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

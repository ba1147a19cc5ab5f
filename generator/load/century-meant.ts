// A century written as a number, a year or in Roman numerals where its id belongs ("end_after: 17",
// "1699", "XVII", "17th century"): the id meant, among the game's own century ids.

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

function romanValue(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const v = ROMAN[text[i]!]!;
    n += v < (ROMAN[text[i + 1] ?? ''] ?? 0) ? -v : v;
  }
  return n;
}

export function centuryMeant(value: unknown, ids: readonly string[]): string | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  let n: number | undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) n = value;
  else if (/^\d+/.test(text)) n = Number(/^\d+/.exec(text)![0]);
  else if (/^[ivx]+$/.test(text)) n = romanValue(text);
  if (n === undefined) return undefined;
  // A year stands for its century as the game counts them (game.yaml: the 17th runs from 1600 to
  // 1699), so 1600 and 1699 are both in the 17th.
  if (n >= 100) n = Math.floor(n / 100) + 1;
  const lead = String(n);
  return ids.find((id) => id.startsWith(lead) && !/\d/.test(id.charAt(lead.length)));
}

/** "did you mean '17th'?" for a century written as a number, year or numeral; '' when none is meant (as didYouMean). */
export function centuryGuess(value: unknown, ids: readonly string[]): string {
  const id = centuryMeant(value, ids);
  return id ? `did you mean '${id}'?` : '';
}

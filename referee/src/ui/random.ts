// Fair random choices from the browser's cryptographic source: a die face, a card from a deck.
// Rejection sampling keeps every outcome equally likely (a plain remainder would favour some).

/** A whole number from 0 to n - 1, each equally likely. */
export function randomIndex(n: number): number {
  const x = new Uint32Array(1);
  const limit = Math.floor(0x100000000 / n) * n;
  do crypto.getRandomValues(x);
  while (x[0]! >= limit);
  return x[0]! % n;
}

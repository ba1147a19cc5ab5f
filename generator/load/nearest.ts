// "Did you mean …?" — the closest known name to a misspelt one.
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  // "the bank", "The Americas": an article a teacher writes before a name is no part of its id.
  const w = word.toLowerCase().replace(/^(the|a|an)\s+/, '');
  for (const c of candidates) {
    const score = editDistance(w, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.ceil(Math.max(word.length, best.length) / 3));
  return bestScore <= limit || best.toLowerCase().startsWith(w) || w.startsWith(best.toLowerCase()) ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const n = nearest(word, candidates);
  return n ? `did you mean '${n}'?` : '';
}

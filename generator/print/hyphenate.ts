// Where a word may be broken at the end of a line: Liang's hyphenation patterns for British
// English (the `hyphen` package, whose patterns are TeX's hyph-utf8 en-gb), within the minimums a
// layout gives — the shortest word worth breaking and the fewest letters left on either side of
// the break. Words in capitals (small-cap labels, codes) and words with figures are never broken;
// a word with its own hyphen ("seventeenth-century") may always break after it.
import { createRequire } from 'node:module';
import { z } from 'zod';

/** The minimums, as templates give them (theme.yaml for the cards, rulebook/style.yaml for the rule book). */
export const HyphenRules = z.strictObject({
  /** Letters a word needs before it is broken at all. */
  min_word: z.number().int().min(5),
  /** Letters kept before the break, and carried to the next line after it. */
  before: z.number().int().min(2),
  after: z.number().int().min(2),
});
export type HyphenRules = z.infer<typeof HyphenRules>;

type Hyphenate = typeof import('hyphen/en-gb.js')['hyphenateSync'];
let hyphenateSync: Hyphenate | undefined;
/**
 * The patterns, loaded on first use. The package is CommonJS with one folder per language and
 * no export map, which Node's ESM loader cannot import by folder; its types name the file.
 */
function patterns(): Hyphenate {
  hyphenateSync ??= (createRequire(import.meta.url)('hyphen/en-gb') as typeof import('hyphen/en-gb.js')).hyphenateSync;
  return hyphenateSync;
}

/** Loads the patterns now (they are read into a tree on the first word), for a thread with time to spare. */
export function loadHyphenation(): void {
  patterns()('hyphenation', { hyphenChar: '\u00ad', minWordLength: 5 });
}

const SOFT = '\u00ad';
const LETTER = /\p{L}/u;
const found = new Map<string, number[]>();

/**
 * Where `word` may take a hyphen at the end of a line: offsets into the word (the break falls
 * before that character), in order. Punctuation and quotation marks around it are left alone.
 */
export function hyphenPoints(word: string, rules: HyphenRules): number[] {
  const key = `${rules.min_word} ${rules.before} ${rules.after} ${word}`;
  let points = found.get(key);
  if (!points) {
    points = pointsOf(word, rules);
    found.set(key, points);
  }
  return points;
}

function pointsOf(word: string, rules: HyphenRules): number[] {
  const chars = [...word];
  const first = chars.findIndex((c) => LETTER.test(c));
  let last = chars.length - 1;
  while (last >= 0 && !LETTER.test(chars[last]!)) last--;
  if (first < 0) return [];
  const core = chars.slice(first, last + 1).join('');
  if (/[\p{N}]/u.test(core) || core === core.toUpperCase()) return [];
  // Code-unit offset of the core in the word, for the offsets returned.
  const offset = chars.slice(0, first).join('').length;
  const out: number[] = [];
  // A word's own hyphens split it into parts, each hyphenated on its own.
  let from = 0;
  for (const part of core.split('-')) {
    if (from > 0) out.push(offset + from); // after the hyphen
    const letters = [...part].filter((c) => LETTER.test(c)).length;
    if (letters >= rules.min_word) {
      const marked = patterns()(part, { hyphenChar: SOFT, minWordLength: Math.max(5, rules.min_word) });
      let at = 0;
      let seen = 0;
      for (const c of marked) {
        if (c === SOFT) {
          if (seen >= rules.before && letters - seen >= rules.after) out.push(offset + from + at);
          continue;
        }
        at += c.length;
        if (LETTER.test(c)) seen++;
      }
    }
    from += part.length + 1;
  }
  return out.filter((p) => p > offset && p < offset + core.length);
}

// One quotation style for everything printed: typographic quotes (“ ” ‘ ’), whatever the author
// typed. Authors may write straight quotes and apostrophes in YAML — most keyboards give nothing
// else — and the resolved game holds the curly ones, so every deck, the rule book, game.json and
// the referee show the same marks. Identifiers, codes, file names and the effect data are left
// exactly as written.

/** Characters after which a quote opens: start of text, spaces, brackets, dashes, another opening quote. */
const OPENS_AFTER = /[\s([{\u2014\u2013/“‘-]/;
/** Markdown emphasis and the like, which do not count as what comes before a quote. */
const TRANSPARENT = /[*_]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** What follows an apostrophe that opens a word by leaving letters out: ’90s, ’tis, ’twas. */
const ELISION = /^(\d\d(?!\d)|(tis|twas|twere|twill|em|til)(?![\p{L}]))/iu;

/** The text with straight quotes and apostrophes made typographic. */
export function curlyQuotes(text: string): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  // Decided left to right on what is already converted, so a quote just opened opens the next.
  const out = [...text];
  out.forEach((c, i) => {
    if (c !== "'" && c !== '"') return;
    let p = i - 1;
    while (p >= 0 && TRANSPARENT.test(out[p]!)) p--;
    const before = p >= 0 ? out[p]! : undefined;
    const opening = before === undefined || OPENS_AFTER.test(before);
    if (c === '"') out[i] = opening ? '“' : '”';
    // An apostrophe: inside a word (don't, Shakespeare's), after one (Archimedes'), or standing
    // for left-out letters or figures at the start of one ('tis, '90s).
    else if (before !== undefined && LETTER_OR_DIGIT.test(before)) out[i] = '’';
    else if (opening && ELISION.test(out.slice(i + 1, i + 8).join(''))) out[i] = '’';
    else out[i] = opening ? '‘' : '’';
  });
  return out.join('');
}

/** Fields that name or point at something rather than say something: never changed. */
const NOT_PROSE = new Set(['id', 'code', 'type', 'pack', 'image', 'colour', 'emblem', 'icon', 'country', 'century', 'genre', 'lot', 'edition', 'lead']);

/** A copy of the resolved game (or any part of it) with every prose string's quotes made typographic. */
export function curlyProse<T>(value: T, key?: string): T {
  if (typeof value === 'string') return (key !== undefined && NOT_PROSE.has(key) ? value : curlyQuotes(value)) as T;
  if (Array.isArray(value)) return value.map((v) => curlyProse(v, key)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // An effect is data (verbs, parties, ids); what it prints is effects_text.
    for (const [k, v] of Object.entries(value)) out[k] = k === 'effects' ? v : curlyProse(v, k);
    return out as T;
  }
  return value;
}

// An effect written as a sentence ("Spain pays Italy 2") read into the effect language, so a teacher
// who wrote the effect in words is shown the code that means the same. A hint that changes the
// card's meaning is worse than none: the sentence must be read whole — who, the verb, the amount,
// the other party, the book picked, "per" and "at most" — and a single word left over, or a name
// that is not in the game, gives no translation (the general examples are shown instead). What is
// suggested is checked against the verb's own schema, so it always validates.
import { EFFECT_VERBS } from '../../engine/index.js';

/** The names a sentence may use for the game's countries, genres and centuries. */
export interface Vocabulary {
  countries: { id: string; name: string; adjective?: string | undefined }[];
  genres: { id: string; name: string }[];
  centuries: { id: string; name: string }[];
  /** The game's range of book values, for a message about a card's value. */
  bookValues?: { min: number; max: number };
  /** The cards read so far, so a card named by its title where its id belongs can be answered with the id. */
  cards?: { id: string; title: string }[];
}

export const EMPTY_VOCABULARY: Vocabulary = { countries: [], genres: [], centuries: [] };

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Each phrase a sentence may use for who is affected, longest first so "every other country" wins over "every". */
const WHO_PHRASES: [string, string][] = [
  ['every other country', 'others'],
  ['each other country', 'others'],
  ['all other countries', 'others'],
  ['all the other countries', 'others'],
  ['the other countries', 'others'],
  ['every other player', 'others'],
  ['all other players', 'others'],
  ['the other players', 'others'],
  ['everyone else', 'others'],
  ['each country', 'each'],
  ['every country', 'each'],
  ['all countries', 'each'],
  ['each player', 'each'],
  ['every player', 'each'],
  ['all players', 'each'],
  ['everyone', 'each'],
];

/** A single party: one that pays or is paid. */
const PARTY_PHRASES: [string, string][] = [
  ['the bank', 'bank'],
  ['bank', 'bank'],
  ['the lead country', 'lead'],
  ['the leading country', 'lead'],
  ["this century's lead country", 'lead'],
  ['the richest country', 'richest'],
  ['the richest player', 'richest'],
  ['the richest', 'richest'],
  ['the poorest country', 'poorest'],
  ['the poorest player', 'poorest'],
  ['the poorest', 'poorest'],
];

const PICKS: [string, string][] = [
  ['most-valuable', 'most-valuable'],
  ['most valuable', 'most-valuable'],
  ['least-valuable', 'least-valuable'],
  ['least valuable', 'least-valuable'],
  ['oldest', 'oldest'],
  ['earliest', 'oldest'],
  ['newest', 'newest'],
  ['latest', 'newest'],
  ['most recent', 'newest'],
  ['chosen', 'owner-choice'],
];

const clean = (s: string) => s.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();

/** A reader over one sentence: each step either takes a phrase at the cursor or leaves it where it was. */
class Reader {
  at = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.at >= this.text.length;
  }
  /** Takes a word or phrase (whole words only), with the space before it. */
  take(re: RegExp, whole = true): RegExpExecArray | undefined {
    const sticky = new RegExp(`\\s*(?:${re.source})${whole ? '(?![a-z0-9-])' : ''}`, 'y');
    sticky.lastIndex = this.at;
    const m = sticky.exec(this.text);
    if (!m) return undefined;
    this.at = sticky.lastIndex;
    return m;
  }
  /** Takes the longest of the phrases given, returning what it stands for. */
  phrase(phrases: [string, string][]): string | undefined {
    const sorted = [...phrases].sort((a, b) => b[0].length - a[0].length);
    for (const [words, meaning] of sorted) if (this.take(new RegExp(literal(words)))) return meaning;
    return undefined;
  }
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every way the sentence may name a country: its id, its name (with or without "The"). */
function countryPhrases(v: Vocabulary): [string, string][] {
  return v.countries.flatMap((c) => {
    const name = clean(c.name);
    return [[c.id, c.id] as [string, string], [name, c.id] as [string, string], [name.replace(/^the /, ''), c.id] as [string, string]];
  });
}

/** The words that may stand before "book" to say which books count: a genre, a country's adjective or name, a century. */
function bookKindPhrases(v: Vocabulary): [string, { key: 'genre' | 'country' | 'century'; id: string }][] {
  const out: [string, { key: 'genre' | 'country' | 'century'; id: string }][] = [];
  for (const g of v.genres) {
    out.push([g.id, { key: 'genre', id: g.id }], [clean(g.name), { key: 'genre', id: g.id }]);
  }
  for (const c of v.countries) {
    if (c.adjective) out.push([clean(c.adjective), { key: 'country', id: c.id }]);
  }
  for (const c of v.centuries) {
    for (const w of [c.id, clean(c.name)])
      out.push(
        [`${w}-century`, { key: 'century', id: c.id }],
        [`${w.replace(/[- ]century$/, '')}-century`, { key: 'century', id: c.id }],
        [`${w.replace(/[- ]century$/, '')} century`, { key: 'century', id: c.id }],
      );
  }
  return out;
}

function amount(r: Reader): number | undefined {
  const start = r.at;
  const m = r.take(/(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)(?: credits?)?/);
  if (!m) return undefined;
  const word = m[1]!;
  // "a" and "an" are an amount only before "credit": "gain a credit".
  if ((word === 'a' || word === 'an') && !/credit/.test(m[0])) {
    r.at = start;
    return undefined;
  }
  return /^\d+$/.test(word) ? Number(word) : Object.hasOwn(NUMBER_WORDS, word) ? NUMBER_WORDS[word] : undefined;
}

type Effect = Record<string, unknown>;

/** "per science book", "for each Italian book you own" → the `per` of an effect. */
function per(r: Reader, v: Vocabulary): Effect | undefined {
  const start = r.at;
  if (!r.take(/for every one of (?:your|its|their)|for each of (?:your|its|their)|for each|for every|per/)) return undefined;
  r.take(/(?:your|its|their)/);
  const kind = pickPhrase(r, bookKindPhrases(v));
  if (!kind || !r.take(/books?/)) {
    r.at = start;
    return undefined;
  }
  r.take(/(?:you own|it owns|they own|owned)/);
  return { [kind.key]: kind.id };
}

function pickPhrase<T>(r: Reader, phrases: [string, T][]): T | undefined {
  const sorted = [...phrases].sort((a, b) => b[0].length - a[0].length);
  for (const [words, meaning] of sorted) if (r.take(new RegExp(literal(words)))) return meaning;
  return undefined;
}

function max(r: Reader): number | undefined {
  const m = r.take(/,? ?\(?(?:at most|up to|no more than) (\d+)(?: credits?)?(?: in all| in total)?\)?/);
  return m ? Number(m[1]) : undefined;
}

/** The effect a sentence means, or undefined when it cannot be read with certainty. */
export function effectFromSentence(text: string, v: Vocabulary = EMPTY_VOCABULARY): Effect | undefined {
  const t = clean(text)
    .replace(/^-\s*/, '')
    .replace(/[.!;]+$/, '')
    .trim();
  const r = new Reader(t);
  const countries = countryPhrases(v);
  const party = () => r.phrase([...PARTY_PHRASES, ...countries, ['you', 'self'], ['yourself', 'self']]);

  // Who: the card's holder ("you", or no subject at all), everyone, a rank or a country.
  let who: string | undefined;
  if (!r.take(/you/)) who = r.phrase([...WHO_PHRASES, ...PARTY_PHRASES.filter(([, m]) => m !== 'bank'), ...countries]);

  const e: Effect = {};
  const clauses = (allowed: { party?: 'to' | 'from'; per?: boolean }) => {
    // The clauses after the amount may come in any order, each at most once.
    for (;;) {
      if (allowed.party && !(allowed.party in e) && r.take(allowed.party === 'to' ? /to/ : /from/)) {
        const p = party();
        if (p === undefined) return false;
        e[allowed.party] = p;
        continue;
      }
      if (allowed.per && !('per' in e)) {
        const p = per(r, v);
        if (p) {
          e.per = p;
          continue;
        }
      }
      if (allowed.per && 'per' in e && !('max' in e)) {
        const m = max(r);
        if (m !== undefined) {
          e.max = m;
          continue;
        }
      }
      return true;
    }
  };

  let verb: string;
  if (r.take(/\+(?=\d)/, false)) {
    verb = 'gain';
    const n = amount(r);
    if (n === undefined) return undefined;
    e.gain = n;
    if (!clauses({ party: 'from', per: true })) return undefined;
  } else if (r.take(/pays?|gives?/)) {
    verb = 'pay';
    // "pays 2 to Italy" or "pays Italy 2".
    let n = amount(r);
    if (n === undefined) {
      const to = party();
      n = amount(r);
      if (to === undefined || n === undefined) return undefined;
      e.to = to;
    }
    e.pay = n;
    if (!clauses({ party: 'to', per: true })) return undefined;
  } else if (r.take(/gains?|receives?|gets?|collects?|earns?|wins?|takes?/)) {
    verb = 'gain';
    const n = amount(r);
    if (n === undefined) return undefined;
    e.gain = n;
    if (!clauses({ party: 'from', per: true })) return undefined;
  } else if (r.take(/loses?/)) {
    const n = amount(r);
    if (n !== undefined) {
      // "loses 2 credits": credits go to the bank.
      verb = 'pay';
      e.pay = n;
      if (!clauses({ party: 'to', per: true })) return undefined;
    } else {
      verb = 'lose_book';
      r.take(/(?:your|its|their|his|her|one|a|the)/);
      let pick = r.phrase(PICKS);
      const kind = pickPhrase(r, bookKindPhrases(v));
      if (!r.take(/book/)) return undefined;
      if (r.take(/of (?:your|its|their) (?:own )?(?:choice|choosing)/)) pick = pick ?? 'owner-choice';
      if (!pick) return undefined;
      e.lose_book = pick;
      if (kind) e[kind.key] = kind.id;
      if (r.take(/to/)) {
        const to = r.phrase([['the market', 'market'], ['market', 'market'], ...countries]);
        if (to === undefined) return undefined;
        if (to !== 'market') e.to = to;
      }
    }
  } else if (r.take(/draws?/)) {
    verb = 'draw_chance';
    const n = r.take(/(\d+|an?|one|two|three)/);
    if (!r.take(/chance(?: cards?)?/)) return undefined;
    e.draw_chance = n ? (/^\d+$/.test(n[1]!) ? Number(n[1]) : NUMBER_WORDS[n[1]!]) : 1;
  } else if (r.take(/skips?|miss(?:es)?/)) {
    verb = 'skip_roll';
    r.take(/(?:your|its|their|the)/);
    if (!r.take(/next (?:die )?roll/)) return undefined;
    e.skip_roll = true;
  } else return undefined;
  if (!r.done) return undefined;

  // "to the bank" and "from the bank" are what an effect does anyway.
  if (e.to === 'bank') delete e.to;
  if (e.from === 'bank') delete e.from;
  const out: Effect = { [verb]: e[verb] };
  if (who !== undefined && who !== 'self') out.who = who;
  for (const key of ['to', 'from', 'genre', 'century', 'country', 'per', 'max']) if (key in e) out[key] = e[key];
  const schema = EFFECT_VERBS.find((x) => x.verb === verb)!.schema;
  return schema.safeParse(out).success ? out : undefined;
}

/** An effect as a teacher writes it on one "- " line: "pay: 2", or "{ pay: 2, who: spain }". */
export function effectCode(e: Effect): string {
  const show = (x: unknown): string =>
    x && typeof x === 'object'
      ? `{ ${Object.entries(x)
          .map(([k, y]) => `${k}: ${show(y)}`)
          .join(', ')} }`
      : String(x);
  const keys = Object.keys(e);
  return keys.length === 1 ? `${keys[0]}: ${show(e[keys[0]!])}` : show(e);
}

/** The effect a sentence means, in the effect language, or undefined when it is not certain. */
export function effectFromWords(text: string, v: Vocabulary = EMPTY_VOCABULARY): string | undefined {
  const e = effectFromSentence(text, v);
  return e ? effectCode(e) : undefined;
}

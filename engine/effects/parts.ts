// The pieces several verbs share: how an amount, a "who", a paying party and a "per book" count
// are written, how they are read aloud on the printed line, and which words besides ids they take.
import { z } from 'zod';
import { CountryRef, GenreRef, CenturyRef, Credits } from '../schema/common.js';
import { byId, countryName, genreName } from '../names.js';
import type { Advice, NameBook, Reference } from './verb.js';

export const Amount = z
  .number()
  .int({ message: 'an amount is a whole number of credits' })
  .min(1, { message: 'an amount is at least 1 (use "pay" instead of a negative "gain")' })
  .max(50, { message: 'an amount above 50 credits would break the economy' });

/** Words a `who` may use instead of a country id. */
export const WHO_WORDS = ['self', 'each', 'others', 'lead', 'richest', 'poorest'] as const;
/** Words a paying or paid party may use instead of a country id. */
export const PARTY_WORDS = ['bank', 'self', 'lead', 'richest', 'poorest'] as const;

export const Who = z
  .string()
  .describe(
    "Who is affected: 'self' (the country holding the card; the default), 'each' (every country), 'others' (every country but self), 'lead' (this century's lead country), 'richest', 'poorest', or a country id.",
  );

export const Party = z.string().describe("The other side of the payment: 'bank' (the default), 'self', 'lead', 'richest', 'poorest', or a country id.");

/**
 * Whether the country an effect reaches (`who`, 'self' by default) and the other side (`party`)
 * are always one and the same: 'richest' paying 'richest', England paying England, or on England's
 * own event England paying 'self' — a payment (or a book handed over) that changes nothing.
 * `holder`: the card's country, when the card always belongs to one (a national event).
 */
export function toItself(who: string | undefined, party: string | undefined, holder?: string): boolean {
  if (party === undefined || party === 'bank' || party === 'market') return false;
  const one = (w: string) => (w === 'self' && holder ? holder : w);
  const payer = one(who ?? 'self');
  return payer !== 'each' && payer !== 'others' && payer === one(party);
}

export const Per = z
  .strictObject({
    genre: GenreRef.optional(),
    country: CountryRef.optional(),
    century: CenturyRef.optional(),
  })
  .describe(
    'Multiply the amount by the number of books the country owns that match: one of genre, country or century (manuscripts count for their country). Books in completed collections are not counted.',
  )
  .refine((p) => Object.keys(p).length === 1, { message: "'per' takes exactly one of genre, country or century" });
export type Per = z.infer<typeof Per>;

/** A cap is an amount of credits like any other the table handles (Credits: at most 10,000), and at least 1. */
export const Max = Credits.min(1, { message: 'a cap is at least 1 credit (leave "max" out for no cap)' }).describe(
  'Optional cap on the total amount, after "per" is counted.',
);

/**
 * A cap that does nothing the card's words suggest: without "per" the amount never changes, so a
 * cap either never applies or always replaces it; with "per", a cap below one book's amount makes
 * the count of books pointless. The card would print "+5 (at most 3)".
 */
export function capAdvice(amount: number, per: unknown, max: number | undefined): Advice[] {
  if (max === undefined) return [];
  if (per === undefined)
    return [
      {
        path: ['max'],
        message: `a cap only matters with "per": without it the amount is always ${Math.min(amount, max)}`,
        fix: max < amount ? `write the amount as ${max} and leave "max" out` : 'leave "max" out, or add "per" to count books',
      },
    ];
  if (max < amount)
    return [
      {
        path: ['max'],
        message: `the cap of ${max} is below the ${amount} for a single book, so the count of books never matters`,
        fix: `raise "max" to ${amount} or more, or lower the amount`,
      },
    ];
  return [];
}

/** The ids a `who`, a party and a `per` name. */
export function whoReference(who: string | undefined): Reference[] {
  return who === undefined ? [] : [{ path: ['who'], kind: 'country', value: who, keywords: WHO_WORDS }];
}

export function partyReference(key: string, party: string | undefined, keywords: readonly string[] = PARTY_WORDS): Reference[] {
  return party === undefined ? [] : [{ path: [key], kind: 'country', value: party, keywords }];
}

export function perReferences(per: Per | undefined): Reference[] {
  if (!per) return [];
  if (per.genre) return [{ path: ['per', 'genre'], kind: 'genre', value: per.genre }];
  if (per.country) return [{ path: ['per', 'country'], kind: 'country', value: per.country }];
  if (per.century) return [{ path: ['per', 'century'], kind: 'century', value: per.century }];
  return [];
}

// ── the printed line ────────────────────────────────────────────────────────────────────────

/** "The Americas" opens a sentence, but reads "the Americas" inside one. */
function inSentence(name: string): string {
  return name.replace(/^The /, 'the ');
}

export function whoPhrase(names: NameBook, who: string | undefined): { who: string; plural: boolean; self: boolean; their: string } {
  switch (who ?? 'self') {
    case 'self':
      return { who: 'You', plural: true, self: true, their: 'your' };
    case 'each':
      return { who: 'Each country', plural: false, self: false, their: 'its' };
    case 'others':
      return { who: 'Every other country', plural: false, self: false, their: 'its' };
    case 'lead':
      return { who: 'The lead country', plural: false, self: false, their: 'its' };
    case 'richest':
      return { who: 'The richest country', plural: false, self: false, their: 'its' };
    case 'poorest':
      return { who: 'The poorest country', plural: false, self: false, their: 'its' };
    default:
      return { who: countryName(names, who!), plural: false, self: false, their: 'its' };
  }
}

export function partyPhrase(names: NameBook, party: string | undefined): string {
  switch (party ?? 'bank') {
    case 'bank':
      return 'the bank';
    case 'self':
      return 'you';
    case 'lead':
      return 'the lead country';
    case 'richest':
      return 'the richest country';
    case 'poorest':
      return 'the poorest country';
    case 'market':
      return 'the market';
    default:
      return inSentence(countryName(names, party!));
  }
}

/** "Science book", "English book", "16th-century book". */
export function bookKind(names: NameBook, f: { genre?: string; country?: string; century?: string }): string {
  if (f.genre) return `${genreName(names, f.genre)} book`;
  if (f.country) {
    const c = byId(names.countries, f.country);
    return `${c?.adjective ?? c?.name ?? f.country} book`;
  }
  if (f.century) return `${f.century}-century book`;
  return '';
}

// ── the money estimate ──────────────────────────────────────────────────────────────────────

/**
 * The most a "gain" or "pay" of `amount` can move in all: once for each country its `who` covers
 * (every seat at most), multiplied by the books counted for "per" (`books` at most), each
 * payment capped by `max`.
 */
export function mostPaid(amount: number, who: string | undefined, per: unknown, max: number | undefined, seats: number, books: number): number {
  const each = Math.min(per === undefined ? amount : amount * books, max ?? Number.POSITIVE_INFINITY);
  return each * (who === 'each' || who === 'others' ? seats : 1);
}

/** Whether a `who` reaches `country` when `holder` holds the card. */
export function reaches(who: string | undefined, holder: string, country: string): boolean {
  const w = who ?? 'self';
  return w === 'each' || (w === 'self' && holder === country) || (w === 'others' && holder !== country) || w === country;
}

/** Whether a paying or paid party is `country`. */
export function isParty(party: string | undefined, holder: string, country: string): boolean {
  const p = party ?? 'bank';
  return p === country || (p === 'self' && holder === country);
}

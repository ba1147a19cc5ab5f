// lose_book: the country loses a book (never one in a completed, locked collection) to the market
// or to a named country — the one the rule picks, or one of the owner's choice.
import { z } from 'zod';
import { CenturyRef, CountryRef, GenreRef } from '../../schema/common.js';
import { byId, genreName } from '../../names.js';
import { yearOf, type OwnableCard } from '../../game.js';
import { defineVerb, type Reference } from '../verb.js';
import { Who, partyPhrase, partyReference, toItself, whoPhrase, whoReference } from '../parts.js';

export const BookPick = z
  .enum(['most-valuable', 'least-valuable', 'newest', 'oldest', 'owner-choice'])
  .describe("Which book goes: 'most-valuable', 'least-valuable', 'newest' (latest year), 'oldest' (earliest year) or 'owner-choice'.");

export const LoseBookEffect = z
  .strictObject({
    lose_book: BookPick,
    who: Who.optional(),
    to: z.string().optional().describe("Where the book goes: 'market' (the default) or a country id."),
    count: z.number().int().min(1).max(3).optional().describe('How many books (default 1).'),
    genre: GenreRef.optional().describe('Only books of this genre.'),
    century: CenturyRef.optional().describe('Only books of this century.'),
    country: CountryRef.optional().describe('Only books of this country.'),
  })
  .describe('The country loses a book (never one in a completed, locked collection).');
export type LoseBookEffect = z.infer<typeof LoseBookEffect>;

const PICK: Record<LoseBookEffect['lose_book'], string> = {
  'most-valuable': 'most valuable',
  'least-valuable': 'least valuable',
  newest: 'newest',
  oldest: 'oldest',
  'owner-choice': 'chosen',
};

/** Best candidate first for each pick; ties go to the card earlier in the game's order. */
const ORDER: Record<LoseBookEffect['lose_book'], (c: OwnableCard) => number> = {
  'most-valuable': (c) => -c.value,
  'least-valuable': (c) => c.value,
  newest: (c) => -yearOf(c),
  oldest: (c) => yearOf(c),
  'owner-choice': () => 0,
};

export const loseBookVerb = defineVerb({
  verb: 'lose_book',
  schema: LoseBookEffect,
  wording(e, names) {
    const filter = e.genre
      ? `${genreName(names, e.genre)} `
      : e.century
        ? `${e.century}-century `
        : e.country
          ? `${byId(names.countries, e.country)?.adjective ?? e.country} `
          : '';
    return { ...whoPhrase(names, e.who), pick: PICK[e.lose_book], filter, count: e.count ?? 1, dest: partyPhrase(names, e.to ?? 'market') };
  },
  // "to: self" names no country here, which the reference check says; this would only repeat it.
  advice: (e, _type, holder) =>
    e.to !== 'self' && toItself(e.who, e.to, holder)
      ? [{ path: ['to'], message: 'this effect hands the country its own book, so nothing happens', fix: "name another country, or 'market'" }]
      : [],
  references(e) {
    const refs: Reference[] = [...whoReference(e.who), ...partyReference('to', e.to, ['market'])];
    if (e.genre) refs.push({ path: ['genre'], kind: 'genre', value: e.genre });
    if (e.century) refs.push({ path: ['century'], kind: 'century', value: e.century });
    if (e.country) refs.push({ path: ['country'], kind: 'country', value: e.country });
    return refs;
  },
  apply(run, e) {
    const count = e.count ?? 1;
    const dest = run.party(e.to ?? 'market');
    const to = dest === 'bank' ? 'market' : dest;
    const by = ORDER[e.lose_book];
    for (const who of run.everyone(e.who)) {
      if (who === 'bank' || who === to) continue;
      // The shelf comes in card order, so its position breaks ties as the card order would.
      const candidates = run
        .reachableBooks(who, e)
        .map((card, i) => ({ card, i, key: by(card) }))
        .sort((a, b) => a.key - b.key || a.i - b.i)
        .map((x) => x.card);
      if (candidates.length === 0) {
        if (run.on) run.say(who, 'has no book to lose');
        continue;
      }
      if (e.lose_book === 'owner-choice') {
        const n = Math.min(count, candidates.length);
        run.prompt({ kind: 'choose-book', country: who, candidates: candidates.map((c) => c.id), to, count: n });
        if (run.on) run.say(who, `chooses ${n === 1 ? 'a book' : `${n} books`} to give to ${run.name(to)}`);
        continue;
      }
      const lost = candidates.slice(0, count);
      run.give(
        lost.map((c) => c.id),
        to,
      );
      if (run.on) for (const card of lost) run.say(who, `loses ${card.title} to ${run.name(to)}`);
    }
  },
  estimate: () => 0,
  // No credits move: books, prompts and turns only.
  most: () => 0,
});

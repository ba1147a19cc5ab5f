// The name players read for each thing an id points at — a country, a century, a genre, an
// auction lot, a collection rule, a card — looked up in this one place by the engine, the
// referee and the printed text. An id the game does not know is shown as it is, so a message
// never fails for want of a name.
import type { Game } from './game.js';

type Named = { id: string; name: string };

// Lists of a resolved game never change, and the rules name things on nearly every action: each
// list is indexed by id the first time it is asked.
// (A list still being built is indexed again when it has grown.)
const indexes = new WeakMap<readonly { id: string }[], { length: number; map: Map<string, { id: string }> }>();

/** The entry of `list` with this id (the first, should two share it). */
export function byId<T extends { id: string }>(list: readonly T[], id: string | undefined): T | undefined {
  if (id === undefined) return undefined;
  let index = indexes.get(list);
  if (!index || index.length !== list.length) {
    const map = new Map<string, { id: string }>();
    for (const x of list) if (!map.has(x.id)) map.set(x.id, x);
    indexes.set(list, (index = { length: list.length, map }));
  }
  return index.map.get(id) as T | undefined;
}

/** A list in a sentence: "A", "A and B", "A, B and C" (or "A, B or C"). */
export function andList(items: readonly string[], last = 'and'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** The numbers a sentence writes in words, zero to twelve, by their value. */
export const NUMBER_WORDS: readonly string[] = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A country's name; the bank and the market, as a sentence names them. */
export function countryName(game: { countries: readonly Named[] }, id: string): string {
  if (id === 'bank') return 'the bank';
  if (id === 'market') return 'the market';
  return byId(game.countries, id)?.name ?? id;
}

export function centuryName(game: { centuries: readonly Named[] }, id: string): string {
  return byId(game.centuries, id)?.name ?? id;
}

export function genreName(game: { genres: readonly Named[] }, id: string): string {
  return byId(game.genres, id)?.name ?? id;
}

export function lotName(game: { lots: readonly Named[] }, id: string): string {
  return byId(game.lots, id)?.name ?? id;
}

/** A collection's rule (its kind and multiplier) by id. */
export function collectionRule(game: Pick<Game, 'rules'>, id: string): Game['rules']['collections'][number] | undefined {
  return byId(game.rules.collections, id);
}

/**
 * What a payer did, for the game's history: "pays England 3", "pays England 2 of 3 and owes the
 * other 1 (a debt)", or "cannot pay England and owes all 3 (a debt)" when it had nothing: it never
 * says "pays" of credits that did not move. `what` names the sum when it is not the whole one
 * ("the other 3").
 */
export function paysWords(to: string, amount: number, short: number, what = `${amount}`): string {
  const paid = amount - short;
  if (short <= 0) return `pays ${to} ${what}`;
  if (paid <= 0) return `cannot pay ${to} and owes all ${amount} (a debt)`;
  return `pays ${to} ${paid} of ${amount} and owes the other ${short} (a debt)`;
}

// Where every ownable card is: on a country's shelf, on the market, waiting to be released, or
// out of the game. A game moves cards a few dozen times, and the rules ask "what does Spain hold?"
// on almost every action, so this is built for both: each card's place is a small number in card
// order (moving cards copies a few hundred of them — a plain array of small integers, which V8
// copies faster than a typed array, whose every copy is a new buffer — instead of re-hashing a few
// hundred keys), and each version keeps an index from place to cards, derived from the version it
// was moved from.
import type { CountryId } from './ledger.js';

export type Place = CountryId | 'market' | 'unreleased' | 'gone';

/**
 * The cards a game can place, in card order, each card's slot, and the places as numbers:
 * shared by every version of a game's places (places are numbered as they first appear; the
 * usual ones are numbered up front, so the same game always numbers them the same).
 */
export interface Layout {
  readonly ids: readonly string[];
  readonly slot: ReadonlyMap<string, number>;
  readonly names: Place[];
  readonly code: Map<Place, number>;
}

/** The layout for these card ids (in card order), with these places numbered first. */
export function layoutOf(ids: readonly string[], places: readonly Place[] = []): Layout {
  const slot = new Map<string, number>();
  ids.forEach((id, i) => {
    if (slot.has(id)) throw new RangeError(`card '${id}' listed twice`);
    slot.set(id, i);
  });
  const layout: Layout = { ids: [...ids], slot, names: [], code: new Map() };
  for (const p of ['market', 'unreleased', 'gone', ...places]) codeOf(layout, p);
  return layout;
}

function codeOf(layout: Layout, place: Place): number {
  let c = layout.code.get(place);
  if (c === undefined) {
    c = layout.names.length;
    layout.names.push(place);
    layout.code.set(place, c);
  }
  return c;
}

const NONE: readonly string[] = Object.freeze([]);

/** Above this many cards in one move, the index lists it touches are rebuilt rather than edited. */
const MANY = 8;

export class Places {
  /** Each card's place as its number, by slot (card order). Public so that deep equality sees it. */
  readonly codes: readonly number[];
  readonly #layout: Layout;
  /** The cards at each place (by number), in card order, once asked for. */
  #index: (readonly string[] | undefined)[] | undefined;

  private constructor(layout: Layout, codes: readonly number[], index?: (readonly string[] | undefined)[]) {
    this.#layout = layout;
    this.codes = codes;
    this.#index = index;
  }

  /** Every card of the layout at the place `where` gives it. */
  static of(layout: Layout, where: (id: string) => Place): Places {
    return new Places(
      layout,
      layout.ids.map((id) => codeOf(layout, where(id))),
    );
  }

  /** Places for these cards, in the order given (card order): for tables made by hand in tests. */
  static fromRecord(record: Readonly<Record<string, Place>>): Places {
    return Places.of(layoutOf(Object.keys(record)), (id) => record[id]!);
  }

  /** Where the card is; undefined for a card this game does not have. */
  get(id: string): Place | undefined {
    const i = this.#layout.slot.get(id);
    return i === undefined ? undefined : this.#layout.names[this.codes[i]!];
  }

  /** Every card, in card order. */
  ids(): readonly string[] {
    return this.#layout.ids;
  }

  /** Each card with its place, in card order. */
  entries(): [string, Place][] {
    const { ids, names } = this.#layout;
    return ids.map((id, i) => [id, names[this.codes[i]!]!]);
  }

  /** The cards at a place, in card order (shared: do not change it). */
  at(place: Place): readonly string[] {
    const c = this.#layout.code.get(place);
    return c === undefined ? NONE : (this.index()[c] ?? NONE);
  }

  /** A new version with these cards at `to`; this one is unchanged. */
  moved(cards: readonly string[], to: Place): Places {
    if (cards.length === 0) return this;
    const layout = this.#layout;
    const dest = codeOf(layout, to);
    const codes = this.codes.slice();
    const from: number[] = [];
    for (const id of cards) {
      const i = layout.slot.get(id);
      if (i === undefined) throw new RangeError(`there is no card '${id}' to move`);
      const was = codes[i]!;
      if (was !== dest && !from.includes(was)) from.push(was);
      codes[i] = dest;
    }
    const old = this.#index;
    if (!old) return new Places(layout, codes);
    // The index of the new version follows from this one's: only the places the cards left and
    // the place they went to change; every other list is shared.
    const index = old.slice();
    if (cards.length > MANY) {
      // Many cards at once (a century's books released onto the market): the lists of the places
      // touched are read off the new codes in one pass, in card order, rather than edited card by
      // card (which costs cards × list length).
      const touched = [...from, dest];
      const lists: string[][] = touched.map(() => []);
      for (let i = 0; i < codes.length; i++) {
        const k = touched.indexOf(codes[i]!);
        if (k >= 0) lists[k]!.push(layout.ids[i]!);
      }
      touched.forEach((c, k) => {
        index[c] = lists[k]!.length > 0 ? lists[k] : undefined;
      });
      return new Places(layout, codes, index);
    }
    for (const c of from) {
      const left = (old[c] ?? NONE).filter((id) => !cards.includes(id));
      index[c] = left.length > 0 ? left : undefined;
    }
    const there = (old[dest] ?? NONE).slice();
    for (const id of cards) {
      const at = layout.slot.get(id)!;
      if (this.codes[at] === dest || there.includes(id)) continue;
      let k = there.length;
      while (k > 0 && layout.slot.get(there[k - 1]!)! > at) k--;
      there.splice(k, 0, id);
    }
    index[dest] = there;
    return new Places(layout, codes, index);
  }

  /** As a plain record, card id → place (for JSON and for people). */
  toJSON(): Record<string, Place> {
    return Object.fromEntries(this.entries());
  }

  private index(): (readonly string[] | undefined)[] {
    if (this.#index) return this.#index;
    const index: string[][] = [];
    this.#layout.ids.forEach((id, i) => {
      (index[this.codes[i]!] ??= []).push(id);
    });
    this.#index = index;
    return index;
  }
}

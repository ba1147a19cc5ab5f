// Where every ownable card is: on a country's shelf, on the market, waiting to be released, or
// out of the game. A game moves cards a few dozen times, and the rules ask "what does Spain hold?"
// on almost every action, so this is built for both: the places are one array in card order
// (moving cards copies it, a few hundred slots, instead of re-hashing a few hundred keys), and
// each version keeps an index from place to cards, derived from the version it was moved from.
import type { CountryId } from './ledger.js';

export type Place = CountryId | 'market' | 'unreleased' | 'gone';

/** The cards a game can place, in card order, and each card's slot: shared by every version. */
export interface Layout {
  readonly ids: readonly string[];
  readonly slot: ReadonlyMap<string, number>;
}

/** The layout for these card ids (in card order). */
export function layoutOf(ids: readonly string[]): Layout {
  const slot = new Map<string, number>();
  ids.forEach((id, i) => {
    if (slot.has(id)) throw new RangeError(`card '${id}' listed twice`);
    slot.set(id, i);
  });
  return { ids: [...ids], slot };
}

const NONE: readonly string[] = Object.freeze([]);

export class Places {
  /** Each card's place, by slot (card order). Public so that deep equality sees it. */
  readonly places: readonly Place[];
  readonly #layout: Layout;
  #index: Map<Place, readonly string[]> | undefined;

  private constructor(layout: Layout, places: readonly Place[], index?: Map<Place, readonly string[]>) {
    this.#layout = layout;
    this.places = places;
    this.#index = index;
  }

  /** Every card of the layout at the place `where` gives it. */
  static of(layout: Layout, where: (id: string) => Place): Places {
    return new Places(layout, layout.ids.map(where));
  }

  /** Places for these cards, in the order given (card order): for tables made by hand in tests. */
  static fromRecord(record: Readonly<Record<string, Place>>): Places {
    return Places.of(layoutOf(Object.keys(record)), (id) => record[id]!);
  }

  /** Where the card is; undefined for a card this game does not have. */
  get(id: string): Place | undefined {
    const i = this.#layout.slot.get(id);
    return i === undefined ? undefined : this.places[i];
  }

  /** Every card, in card order. */
  ids(): readonly string[] {
    return this.#layout.ids;
  }

  /** Each card with its place, in card order. */
  entries(): [string, Place][] {
    return this.#layout.ids.map((id, i) => [id, this.places[i]!]);
  }

  /** The cards at a place, in card order (shared: do not change it). */
  at(place: Place): readonly string[] {
    return this.index().get(place) ?? NONE;
  }

  /** A new version with these cards at `to`; this one is unchanged. */
  moved(cards: readonly string[], to: Place): Places {
    if (cards.length === 0) return this;
    const { slot } = this.#layout;
    const places = this.places.slice();
    const from: Place[] = [];
    for (const id of cards) {
      const i = slot.get(id);
      if (i === undefined) throw new RangeError(`there is no card '${id}' to move`);
      const was = places[i]!;
      if (was !== to && !from.includes(was)) from.push(was);
      places[i] = to;
    }
    if (!this.#index) return new Places(this.#layout, places);
    // The index of the new version follows from this one's: only the places cards left and the
    // place they went to change; every other list is shared.
    const index = new Map(this.#index);
    for (const place of from) {
      const left = (this.#index.get(place) ?? NONE).filter((id) => !cards.includes(id));
      if (left.length > 0) index.set(place, left);
      else index.delete(place);
    }
    const there = (this.#index.get(to) ?? NONE).slice();
    for (const id of cards) {
      if (this.places[slot.get(id)!] === to || there.includes(id)) continue;
      const at = slot.get(id)!;
      let k = there.length;
      while (k > 0 && slot.get(there[k - 1]!)! > at) k--;
      there.splice(k, 0, id);
    }
    index.set(to, there);
    return new Places(this.#layout, places, index);
  }

  /** As a plain record, card id → place (for JSON and for people). */
  toJSON(): Record<string, Place> {
    return Object.fromEntries(this.entries());
  }

  private index(): Map<Place, readonly string[]> {
    if (this.#index) return this.#index;
    const index = new Map<Place, string[]>();
    this.#layout.ids.forEach((id, i) => {
      const place = this.places[i]!;
      const list = index.get(place);
      if (list) list.push(id);
      else index.set(place, [id]);
    });
    this.#index = index;
    return index;
  }
}

// A bot's sense of what a library is worth and what one more book (or one fewer) would change.
// A player does not solve the scoring exactly before every purchase, and neither do the bots:
// they count, for every collection a book could count toward, how many of its kind the shelf
// already holds, and value a book by its points plus what it does for the nearest collection.
// The engine scores the game exactly; this is only how the bots choose.
import {
  bookValue,
  countryOf,
  genreOf,
  isMvb,
  ownableById,
  ownableCards,
  type Collection,
  type CountryId,
  type Edition,
  type Game,
  type Table,
} from '../../engine/index.js';

/** One collection of one kind: National Canon of Italy, Genre of Science, the MVBs. */
interface Group {
  size: number;
  /** What completing it adds on top of the books' own points, per point of value. */
  extra: number;
  /** The cards that count toward it, in card order. */
  cards: readonly string[];
}

export interface Kinds {
  groups: Group[];
  /** Each card's groups, by card id. */
  of: Map<string, readonly number[]>;
  value: Map<string, number>;
}

const kindsByEdition = new WeakMap<Game, Map<string, Kinds>>();

function keysOf(rule: Collection, game: Game, id: string): string[] {
  const card = ownableById(game, id);
  if (!card) return [];
  const key = rule.kind === 'country' ? countryOf(card) : rule.kind === 'genre' ? genreOf(card) : isMvb(card) ? 'mvb' : undefined;
  return key === undefined ? [] : [key];
}

/** The game's collections as groups of cards, and each card's value in this edition: once per game. */
export function kindsOf(game: Game, edition: Edition): Kinds {
  let byEdition = kindsByEdition.get(game);
  if (!byEdition) kindsByEdition.set(game, (byEdition = new Map()));
  const known = byEdition.get(edition.id);
  if (known) return known;
  const index = new Map<string, number>();
  const groups: { size: number; extra: number; cards: string[] }[] = [];
  const of = new Map<string, number[]>();
  const value = new Map<string, number>();
  for (const card of ownableCards(game)) {
    value.set(card.id, bookValue(game, edition, card));
    const mine: number[] = [];
    game.rules.collections.forEach((rule, r) => {
      for (const key of keysOf(rule, game, card.id)) {
        const name = `${r}:${key}`;
        let g = index.get(name);
        if (g === undefined) {
          index.set(name, (g = groups.length));
          groups.push({ size: rule.size, extra: rule.multiplier - 1, cards: [] });
        }
        groups[g]!.cards.push(card.id);
        mine.push(g);
      }
    });
    of.set(card.id, mine);
  }
  const kinds = { groups, of, value };
  byEdition.set(edition.id, kinds);
  return kinds;
}

const NO_GROUPS: readonly number[] = [];

/** What one library holds, counted by collection. */
export class Sense {
  /** Loose (unlocked) books in each group, and their values added up, by group number. */
  private readonly counts: number[];
  private readonly sums: number[];
  /** Each group's loose books' values, highest first: worked out when a collection is in reach. */
  private readonly sorted = new Map<number, number[]>();
  readonly loose: readonly string[];
  #target: number | undefined | null = null;

  constructor(
    private readonly kinds: Kinds,
    shelf: readonly string[],
    locked: ReadonlySet<string>,
  ) {
    this.loose = locked.size === 0 ? shelf : shelf.filter((id) => !locked.has(id));
    const n = kinds.groups.length;
    this.counts = new Array<number>(n).fill(0);
    this.sums = new Array<number>(n).fill(0);
    for (const id of this.loose) {
      const v = kinds.value.get(id) ?? 0;
      for (const g of kinds.of.get(id) ?? NO_GROUPS) {
        this.counts[g]!++;
        this.sums[g]! += v;
      }
    }
  }

  /** The group the shelf is closest to completing, if any: where a collector aims. */
  get target(): number | undefined {
    if (this.#target !== null) return this.#target;
    let best: number | undefined;
    let bestShare = 0;
    for (let g = 0; g < this.counts.length; g++) {
      const count = this.counts[g]!;
      if (count === 0) continue;
      const share = count / this.kinds.groups[g]!.size;
      // The nearest collection; between equally near ones, the richer; then the first.
      if (best === undefined || share > bestShare || (share === bestShare && this.sums[g]! > this.sums[best]!)) {
        best = g;
        bestShare = share;
      }
    }
    this.#target = best;
    return best;
  }

  /** The values of the group's loose books, highest first. */
  private values(g: number): number[] {
    let list = this.sorted.get(g);
    if (!list) {
      list = [];
      for (const id of this.loose) if ((this.kinds.of.get(id) ?? NO_GROUPS).includes(g)) list.push(this.kinds.value.get(id) ?? 0);
      list.sort((a, b) => b - a);
      this.sorted.set(g, list);
    }
    return list;
  }

  value(id: string): number {
    return this.kinds.value.get(id) ?? 0;
  }

  count(g: number): number {
    return this.counts[g] ?? 0;
  }

  /** The groups a card counts toward. */
  groupsOf(id: string): readonly number[] {
    return this.kinds.of.get(id) ?? NO_GROUPS;
  }

  group(g: number): Group {
    return this.kinds.groups[g]!;
  }

  /** Points the shelf gains with this card: its value, and a completed collection's extra if it completes one. */
  gain(id: string): number {
    const v = this.value(id);
    let extra = 0;
    for (const g of this.groupsOf(id)) {
      const group = this.kinds.groups[g]!;
      if (this.count(g) + 1 < group.size) continue;
      const values = this.values(g);
      let sum = v;
      for (let i = 0; i < group.size - 1; i++) sum += values[i]!;
      extra = Math.max(extra, sum * group.extra);
    }
    return v + extra;
  }

  /** How far this card takes the shelf toward a collection it has begun (0 for a card no collection wants). */
  promise(id: string): number {
    const v = this.value(id);
    let best = 0;
    for (const g of this.groupsOf(id)) {
      const group = this.kinds.groups[g]!;
      const share = Math.min(1, (this.count(g) + 1) / group.size);
      best = Math.max(best, share * share * v * group.extra);
    }
    return best;
  }

  /** Points the shelf loses without this card: its value, and some of the promise of its best collection. */
  loss(id: string): number {
    const v = this.value(id);
    let best = 0;
    for (const g of this.groupsOf(id)) {
      const group = this.kinds.groups[g]!;
      const share = Math.min(1, this.count(g) / group.size);
      best = Math.max(best, share * share * v * group.extra);
    }
    return v + best;
  }
}

/**
 * What each country's library looks like to the bots, kept for as long as the shelf is the very
 * same array (an action that does not touch a shelf leaves it so: engine/places.ts). One entry per
 * country, overwritten: a WeakMap keyed by every short-lived shelf made the garbage collector
 * work for a fifth of a game.
 */
export class Senses {
  private readonly known = new Map<CountryId, { shelf: readonly string[]; sets: Table['sets']; sense: Sense }>();

  constructor(private readonly kinds: Kinds) {}

  of(table: Table, country: CountryId): Sense {
    const shelf = table.owner.at(country);
    const known = this.known.get(country);
    if (known && known.shelf === shelf && known.sets === table.sets) return known.sense;
    const locked = new Set<string>();
    for (const set of table.sets) if (set.country === country) for (const id of set.cards) locked.add(id);
    const sense = new Sense(this.kinds, shelf, locked);
    this.known.set(country, { shelf, sets: table.sets, sense });
    return sense;
  }
}

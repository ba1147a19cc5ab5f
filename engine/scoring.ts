// Collections and the final count. A book counts toward one collection only, so which books form
// which collection is a choice; the engine makes the choice that scores most (a library holds at
// most a few dozen books, so an exhaustive, memoised search is quick and exact).
import { countryOf, editionOf, genreOf, isMvb, ownableCards, type Game, type OwnableCard } from './game.js';
import type { Collection, Edition } from './schema/game.js';
import { owed, owedTo, type CountryId } from './ledger.js';
import { cardOrder, holdings, ownableById, valueOfCards, type LockedSet, type Table, withTable } from './table.js';
import { collectionRule, countryName, genreName } from './names.js';
import { bookValue } from './worth.js';

export interface CompletedCollection {
  collection: string;
  /** A country id, a genre id, or 'mvb'. */
  key: string;
  /** e.g. "National Canon — Italy". */
  label: string;
  cards: string[];
  /** Books' values times the collection's multiplier. */
  points: number;
}

export interface Progress {
  collection: string;
  key: string;
  /** e.g. "National Canon — Italy 4/6". */
  label: string;
  have: number;
  size: number;
}

export interface Collections {
  completed: CompletedCollection[];
  progress: Progress[];
  /** false only for a library so large that the search took its most valuable books greedily. */
  exact: boolean;
}

/** A card with the value this edition gives it (classic fixes auction books at 1). */
interface Valued {
  card: OwnableCard;
  id: string;
  value: number;
}

interface Group {
  collection: Collection;
  key: string;
  eligible: number[]; // indices into the card list
}

function keysOf(collection: Collection, card: OwnableCard): string[] {
  switch (collection.kind) {
    case 'country': {
      const country = countryOf(card);
      return country ? [country] : [];
    }
    case 'mvb':
      return isMvb(card) ? ['mvb'] : [];
    case 'genre': {
      const genre = genreOf(card);
      return genre ? [genre] : [];
    }
  }
}

function keyName(game: Game, collection: Collection, key: string): string {
  if (collection.kind === 'country') return countryName(game, key);
  if (collection.kind === 'genre') return genreName(game, key);
  return '';
}

function labelOf(game: Game, collection: Collection, key: string): string {
  const name = keyName(game, collection, key);
  return name ? `${collection.name} — ${name}` : collection.name;
}

// Each card's keys for each collection (in the rules' order), worked out once per game.
const cardKeys = new WeakMap<Game, Map<string, readonly (readonly string[])[]>>();

function keysByCollection(game: Game, card: OwnableCard): readonly (readonly string[])[] {
  let byCard = cardKeys.get(game);
  if (!byCard) cardKeys.set(game, (byCard = new Map()));
  let keys = byCard.get(card.id);
  if (!keys) byCard.set(card.id, (keys = game.rules.collections.map((c) => keysOf(c, card))));
  return keys;
}

/** Each collection's groups (one per key) in the rules' order; within one, keys in the order the cards first show them. */
function groupsOf(game: Game, cards: Valued[]): Group[] {
  const groups: Group[] = [];
  const keys = cards.map((c) => keysByCollection(game, c.card));
  game.rules.collections.forEach((collection, r) => {
    const byKey = new Map<string, number[]>();
    cards.forEach((_, i) => {
      for (const key of keys[i]![r]!) {
        const list = byKey.get(key);
        if (list) list.push(i);
        else byKey.set(key, [i]);
      }
    });
    for (const [key, eligible] of byKey) groups.push({ collection, key, eligible });
  });
  return groups;
}

/**
 * The picks worth trying for one collection. Cards that the same later collections could use are
 * interchangeable except for their value, and later collections never multiply more (they are
 * searched in order of multiplier), so within such a class only its most valuable cards need
 * trying: a pick is how many to take from each class.
 */
function* picks(available: number[], size: number, laterOf: (i: number) => string, cards: Valued[]): Generator<number[]> {
  const classes = new Map<string, number[]>();
  for (const i of available) {
    const list = classes.get(laterOf(i));
    if (list) list.push(i);
    else classes.set(laterOf(i), [i]);
  }
  const lists = [...classes.values()].map((l) => l.sort((a, b) => cards[b]!.value - cards[a]!.value || a - b));
  function* take(c: number, left: number, picked: number[]): Generator<number[]> {
    if (left === 0) {
      yield [...picked].sort((a, b) => a - b);
      return;
    }
    if (c >= lists.length) return;
    const list = lists[c]!;
    for (let n = Math.min(left, list.length); n >= 0; n--) yield* take(c + 1, left - n, [...picked, ...list.slice(0, n)]);
  }
  yield* take(0, size, []);
}

interface Plan {
  gain: number;
  sets: { group: number; cards: number[] }[];
}

function better(a: Plan, b: Plan): boolean {
  return a.gain > b.gain || (a.gain === b.gain && a.sets.length > b.sets.length);
}

/** How many search steps an exact answer may take before the most valuable books are simply taken first. */
const SEARCH_BUDGET = 20_000;

/**
 * The assignment of cards to completed collections that adds the most points. Exact for any
 * library a game produces (a few dozen books); past SEARCH_BUDGET steps the rest of the search
 * takes each collection's most valuable books greedily, so it always ends quickly.
 */
function bestPlan(cards: Valued[], groups: Group[]): Plan & { exact: boolean } {
  const live = groups.filter((g) => g.eligible.length >= g.collection.size).sort((a, b) => b.collection.multiplier - a.collection.multiplier);
  // Most libraries hold too few of any kind to complete anything: nothing to search.
  if (live.length === 0) return { gain: 0, sets: [], exact: true };
  // later[gi][card]: which later collections could still use the card; relevant[gi]: cards any
  // collection from gi on could use (the rest do not change the answer, so not the memo key).
  const later = live.map((_, gi) => {
    const sig = new Map<number, string>();
    live.slice(gi + 1).forEach((g, j) => g.eligible.forEach((i) => sig.set(i, `${sig.get(i) ?? ''}${j},`)));
    return sig;
  });
  const relevant = live.map((_, gi) => [...new Set(live.slice(gi).flatMap((g) => g.eligible))].sort((a, b) => a - b));
  const memo = new Map<string, Plan>();
  let steps = 0;

  const greedy = (gi: number, free: boolean[]): Plan => {
    const rest = free.slice();
    const sets: Plan['sets'] = [];
    let gain = 0;
    for (let g = gi; g < live.length; g++) {
      const group = live[g]!;
      for (;;) {
        const top = group.eligible
          .filter((i) => rest[i])
          .sort((a, b) => cards[b]!.value - cards[a]!.value || a - b)
          .slice(0, group.collection.size);
        if (top.length < group.collection.size) break;
        for (const i of top) rest[i] = false;
        gain += top.reduce((s, i) => s + cards[i]!.value, 0) * (group.collection.multiplier - 1);
        sets.push({ group: g, cards: top.sort((a, b) => a - b) });
      }
    }
    return { gain, sets };
  };

  const search = (gi: number, free: boolean[]): Plan => {
    if (gi >= live.length) return { gain: 0, sets: [] };
    const key = `${gi}:${relevant[gi]!.map((i) => (free[i] ? 1 : 0)).join('')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    if (++steps > SEARCH_BUDGET) return greedy(gi, free);
    const g = live[gi]!;
    let best: Plan | undefined;
    const available = g.eligible.filter((i) => free[i]);
    if (available.length >= g.collection.size) {
      for (const pick of picks(available, g.collection.size, (i) => later[gi]!.get(i) ?? '', cards)) {
        const rest = free.slice();
        for (const i of pick) rest[i] = false;
        const gain = pick.reduce((s, i) => s + cards[i]!.value, 0) * (g.collection.multiplier - 1);
        const after = search(gi, rest); // the same collection may be completed again with other books
        const plan = { gain: gain + after.gain, sets: [{ group: gi, cards: pick }, ...after.sets] };
        if (!best || better(plan, best)) best = plan;
      }
    }
    const skip = search(gi + 1, free);
    if (!best || better(skip, best)) best = skip;
    memo.set(key, best);
    return best;
  };
  const plan = search(
    0,
    cards.map(() => true),
  );
  return { gain: plan.gain, exact: steps <= SEARCH_BUDGET, sets: plan.sets.map((s) => ({ group: groups.indexOf(live[s.group]!), cards: s.cards })) };
}

function completedFrom(game: Game, edition: Edition, set: LockedSet): CompletedCollection | undefined {
  const collection = collectionRule(game, set.collection);
  if (!collection) return undefined;
  const value = valueOfCards(game, edition, set.cards);
  return { collection: set.collection, key: set.key, label: labelOf(game, collection, set.key), cards: [...set.cards], points: value * collection.multiplier };
}

/**
 * The best assignment of the given cards to completed collections, plus progress toward every
 * collection the cards have started. `fixed` are collections already locked: they are kept as
 * they are and their books are not used again.
 */
export function bestCollections(game: Game, edition: Edition, cardIds: readonly string[], fixed: readonly LockedSet[] = []): Collections {
  const taken = new Set<string>();
  for (const set of fixed) for (const id of set.cards) taken.add(id);
  const cards: Valued[] = [];
  let ordered = true;
  for (const id of cardIds) {
    if (taken.has(id)) continue;
    const card = ownableById(game, id);
    if (!card) continue;
    if (ordered && cards.length > 0 && cardOrder(game, cards[cards.length - 1]!.id) > cardOrder(game, id)) ordered = false;
    cards.push({ card, id, value: bookValue(game, edition, card) });
  }
  // Shelves come in card order already; anything else is put in it (ties and search follow it).
  if (!ordered) cards.sort((a, b) => cardOrder(game, a.id) - cardOrder(game, b.id));
  const groups = groupsOf(game, cards);
  const plan = bestPlan(cards, groups);

  const completed: CompletedCollection[] = fixed.map((s) => completedFrom(game, edition, s)).filter((c): c is CompletedCollection => c !== undefined);
  const used = new Set<number>();
  for (const s of plan.sets) {
    const g = groups[s.group]!;
    s.cards.forEach((i) => used.add(i));
    const value = s.cards.reduce((sum, i) => sum + cards[i]!.value, 0);
    completed.push({
      collection: g.collection.id,
      key: g.key,
      label: labelOf(game, g.collection, g.key),
      cards: s.cards.map((i) => cards[i]!.id),
      points: value * g.collection.multiplier,
    });
  }
  // Progress is for people (the referee's shelves, the score sheet): its words are made when read.
  let progress: Progress[] | undefined;
  const progressOf = (): Progress[] =>
    (progress ??= groups
      .map((g) => ({ g, have: g.eligible.filter((i) => !used.has(i)).length }))
      .filter(({ have }) => have > 0)
      .map(({ g, have }) => {
        const shown = Math.min(have, g.collection.size);
        return {
          collection: g.collection.id,
          key: g.key,
          label: `${labelOf(game, g.collection, g.key)} ${shown}/${g.collection.size}`,
          have: shown,
          size: g.collection.size,
        };
      }));
  return {
    completed,
    get progress() {
      return progressOf();
    },
    exact: plan.exact,
  };
}

// Which collections each card could count for, as numbered groups (one per collection and
// country, genre or 'mvb'), and how many books each group needs: worked out once per game.
interface GroupTable {
  ofCard: Map<string, readonly number[]>;
  size: number[];
  least: number;
}
const groupTables = new WeakMap<Game, GroupTable>();

function groupTable(game: Game): GroupTable {
  let t = groupTables.get(game);
  if (t) return t;
  const ids = new Map<string, number>();
  const size: number[] = [];
  const ofCard = new Map<string, readonly number[]>();
  for (const card of ownableCards(game)) {
    const groups: number[] = [];
    game.rules.collections.forEach((c, i) => {
      for (const k of keysOf(c, card)) {
        const name = `${i}:${k}`;
        let g = ids.get(name);
        if (g === undefined) {
          ids.set(name, (g = size.length));
          size.push(c.size);
        }
        groups.push(g);
      }
    });
    ofCard.set(card.id, groups);
  }
  t = { ofCard, size, least: Math.min(...game.rules.collections.map((c) => c.size)) };
  groupTables.set(game, t);
  return t;
}

/** Whether these cards (less those already locked) hold enough books of one kind to complete any collection. */
function enoughForOne(game: Game, cards: readonly string[], locked: ReadonlySet<string>): boolean {
  const t = groupTable(game);
  if (cards.length - locked.size < t.least) return false;
  const counts = new Array<number>(t.size.length).fill(0);
  for (const id of cards) {
    if (locked.has(id)) continue;
    for (const g of t.ofCard.get(id) ?? []) if (++counts[g]! >= t.size[g]!) return true;
  }
  return false;
}

/** Whether the country's shelf, less its locked books, could complete a collection. */
function mayComplete(game: Game, table: Table, country: CountryId): boolean {
  const locked = new Set<string>();
  for (const set of table.sets) if (set.country === country) for (const id of set.cards) locked.add(id);
  return enoughForOne(game, holdings(table, country), locked);
}

/**
 * Locks every collection a country has just completed, choosing the assignment of books to
 * collections that scores highest (DESIGN §2); locked collections stay locked.
 */
export function lockCompleted(game: Game, edition: Edition, table: Table, before?: Table): Table {
  let sets = table.sets;
  for (const country of table.players) {
    // `before` had nothing left to lock (the engine locks as it goes, from the opening table on):
    // a shelf the action did not touch — the very same list — cannot have completed anything.
    if (before && before.owner.at(country) === table.owner.at(country)) continue;
    // Most actions complete nothing: the exact search runs only when some collection has enough books.
    if (!mayComplete(game, table, country)) continue;
    const mine = sets.filter((s) => s.country === country);
    const fixedCards = new Set(mine.flatMap((s) => s.cards));
    const found = bestCollections(game, edition, holdings(table, country), mine).completed.filter((c) => !c.cards.some((id) => fixedCards.has(id)));
    if (found.length === 0) continue;
    sets = [...sets, ...found.map((c) => ({ country, collection: c.collection, key: c.key, cards: c.cards }))];
  }
  if (sets === table.sets) return table;
  return withTable(table, { sets });
}

export interface CountryScore {
  country: CountryId;
  /** Printed value of the books and manuscripts outside completed collections. */
  books: number;
  collections: CompletedCollection[];
  /** Points from completed collections (values × multiplier). */
  collectionPoints: number;
  credits: number;
  /** Credits that count toward the score: all of them at face value, none when leftover credits had to buy books. */
  creditPoints: number;
  /** Debts in this country's favour (added) and debts it owes (subtracted). */
  owedToIt: number;
  owesOthers: number;
  total: number;
  progress: Progress[];
}

/**
 * The final count. Books at their value, completed collections times their multiplier, credits
 * at face value in editions that count them ('face-value'). In editions where leftover credits
 * must buy books ('buy-books'), the referee records those purchases first; what credits remain
 * could buy nothing and do not score. Debts still standing pass from debtor to creditor.
 */
// Tables never change once made, and the referee redraws its scores often: score each once.
const scored = new WeakMap<Table, Map<string, CountryScore[]>>();

export function finalScores(game: Game, editionId: string, table: Table): readonly CountryScore[] {
  let byEdition = scored.get(table);
  if (!byEdition) {
    byEdition = new Map();
    scored.set(table, byEdition);
  }
  let scores = byEdition.get(editionId);
  if (!scores) {
    scores = scoreTable(game, editionId, table);
    byEdition.set(editionId, scores);
  }
  return scores;
}

function scoreTable(game: Game, editionId: string, table: Table): CountryScore[] {
  const edition = editionOf(game, editionId);
  return table.players.map((country) => {
    const held = holdings(table, country);
    const fixed = table.sets.filter((s) => s.country === country && s.cards.every((id) => table.owner.get(id) === country));
    const found = bestCollections(game, edition, held, fixed);
    const completed = found.completed;
    const inSets = new Set(completed.flatMap((c) => c.cards));
    const books = valueOfCards(
      game,
      edition,
      held.filter((id) => !inSets.has(id)),
    );
    const collectionPoints = completed.reduce((s, c) => s + c.points, 0);
    const credits = table.ledger.credits[country] ?? 0;
    const creditPoints = edition.end_of_game === 'face-value' ? credits : 0;
    const owedToIt = owedTo(table.ledger, country);
    const owesOthers = owed(table.ledger, country);
    return {
      country,
      books,
      collections: completed,
      collectionPoints,
      credits,
      creditPoints,
      owedToIt,
      owesOthers,
      total: books + collectionPoints + creditPoints + owedToIt - owesOthers,
      get progress() {
        return found.progress;
      },
    };
  });
}

/** One place in the final order: the countries that share it (more than one only on a full tie). */
export interface Placing {
  place: number;
  countries: CountryId[];
  total: number;
  collections: number;
}

/**
 * The final order, with the rule book's tie-break: the higher total wins; on equal totals, the
 * library with more completed collections; still level, they share the place (and the victory).
 */
export function ranking(scores: readonly CountryScore[]): Placing[] {
  const sorted = [...scores].sort((a, b) => b.total - a.total || b.collections.length - a.collections.length);
  const out: Placing[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && last.total === s.total && last.collections === s.collections.length) last.countries.push(s.country);
    else out.push({ place: sorted.indexOf(s) + 1, countries: [s.country], total: s.total, collections: s.collections.length });
  }
  return out;
}

/** What a library's books are worth on their own (loose books plus collections): the order of the end-of-game buying. */
export function libraryPoints(score: CountryScore): number {
  return score.books + score.collectionPoints;
}

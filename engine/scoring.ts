// Collections and the final count. A book counts toward one collection only, so which books form
// which collection is a choice; the engine makes the choice that scores most (a library holds at
// most a few dozen books, so an exhaustive, memoised search is quick and exact).
import { editionOf, type Game, type OwnableCard } from './game.js';
import type { Collection } from './schema/game.js';
import { owed, owedTo, type CountryId } from './ledger.js';
import { cardOrder, countryName, holdings, ownableById, type LockedSet, type Table } from './table.js';

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
}

interface Group {
  collection: Collection;
  key: string;
  eligible: number[]; // indices into the card list
}

function keysOf(collection: Collection, card: OwnableCard): string[] {
  switch (collection.kind) {
    case 'country':
      return card.country ? [card.country] : [];
    case 'mvb':
      return card.type === 'book' && card.mvb ? ['mvb'] : [];
    case 'genre':
      return card.type === 'manuscript' ? [] : [card.genre];
  }
}

function keyName(game: Game, collection: Collection, key: string): string {
  if (collection.kind === 'country') return countryName(game, key);
  if (collection.kind === 'genre') return game.genres.find((g) => g.id === key)?.name ?? key;
  return '';
}

function labelOf(game: Game, collection: Collection, key: string): string {
  const name = keyName(game, collection, key);
  return name ? `${collection.name} — ${name}` : collection.name;
}

function groupsOf(game: Game, cards: OwnableCard[]): Group[] {
  const groups: Group[] = [];
  for (const collection of game.rules.collections) {
    const byKey = new Map<string, number[]>();
    cards.forEach((card, i) => {
      for (const key of keysOf(collection, card)) byKey.set(key, [...(byKey.get(key) ?? []), i]);
    });
    for (const [key, eligible] of byKey) groups.push({ collection, key, eligible });
  }
  return groups;
}

/** Every way to pick `size` of the given indices, in lexicographic order. */
function* combinations(items: number[], size: number, from = 0, picked: number[] = []): Generator<number[]> {
  if (picked.length === size) {
    yield picked;
    return;
  }
  for (let i = from; i <= items.length - (size - picked.length); i++) yield* combinations(items, size, i + 1, [...picked, items[i]!]);
}

/** The picks worth trying: every choice of shared cards, topped up with the best exclusive ones. */
function* picks(available: number[], size: number, wanted: Set<number>, cards: OwnableCard[]): Generator<number[]> {
  const shared = available.filter((i) => wanted.has(i));
  const exclusive = available.filter((i) => !wanted.has(i)).sort((a, b) => cards[b]!.value - cards[a]!.value || a - b);
  for (let k = Math.min(size, shared.length); k >= 0; k--) {
    if (size - k > exclusive.length) break;
    const top = exclusive.slice(0, size - k);
    for (const combo of combinations(shared, k)) yield [...combo, ...top].sort((a, b) => a - b);
  }
}

interface Plan {
  gain: number;
  sets: { group: number; cards: number[] }[];
}

function better(a: Plan, b: Plan): boolean {
  return a.gain > b.gain || (a.gain === b.gain && a.sets.length > b.sets.length);
}

/** The assignment of cards to completed collections that adds the most points. */
function bestPlan(cards: OwnableCard[], groups: Group[]): Plan {
  const live = groups.filter((g) => g.eligible.length >= g.collection.size);
  // later[gi]: the cards some later collection could still use. Cards no later collection wants
  // are interchangeable except for their value, so only the most valuable of them are tried.
  const later = live.map((_, gi) => new Set(live.slice(gi + 1).flatMap((g) => g.eligible)));
  const memo = new Map<string, Plan>();
  const search = (gi: number, free: boolean[]): Plan => {
    if (gi >= live.length) return { gain: 0, sets: [] };
    const key = `${gi}:${free.map((f) => (f ? 1 : 0)).join('')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let best = search(gi + 1, free);
    const g = live[gi]!;
    const available = g.eligible.filter((i) => free[i]);
    if (available.length >= g.collection.size) {
      for (const pick of picks(available, g.collection.size, later[gi]!, cards)) {
        const rest = free.slice();
        for (const i of pick) rest[i] = false;
        const gain = pick.reduce((s, i) => s + cards[i]!.value, 0) * (g.collection.multiplier - 1);
        const after = search(gi, rest); // the same collection may be completed again with other books
        const plan = { gain: gain + after.gain, sets: [{ group: gi, cards: pick }, ...after.sets] };
        if (better(plan, best)) best = plan;
      }
    }
    memo.set(key, best);
    return best;
  };
  const plan = search(0, cards.map(() => true));
  return { gain: plan.gain, sets: plan.sets.map((s) => ({ group: groups.indexOf(live[s.group]!), cards: s.cards })) };
}

function completedFrom(game: Game, set: LockedSet): CompletedCollection | undefined {
  const collection = game.rules.collections.find((c) => c.id === set.collection);
  if (!collection) return undefined;
  const value = set.cards.reduce((s, id) => s + (ownableById(game, id)?.value ?? 0), 0);
  return { collection: set.collection, key: set.key, label: labelOf(game, collection, set.key), cards: [...set.cards], points: value * collection.multiplier };
}

/**
 * The best assignment of the given cards to completed collections, plus progress toward every
 * collection the cards have started. `fixed` are collections already locked: they are kept as
 * they are and their books are not used again.
 */
export function bestCollections(game: Game, cardIds: readonly string[], fixed: readonly LockedSet[] = []): Collections {
  const taken = new Set(fixed.flatMap((s) => s.cards));
  const cards = cardIds
    .filter((id) => !taken.has(id))
    .map((id) => ownableById(game, id))
    .filter((c): c is OwnableCard => c !== undefined)
    .sort((a, b) => cardOrder(game, a.id) - cardOrder(game, b.id));
  const groups = groupsOf(game, cards);
  const plan = bestPlan(cards, groups);

  const completed: CompletedCollection[] = fixed.map((s) => completedFrom(game, s)).filter((c): c is CompletedCollection => c !== undefined);
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
  const progress: Progress[] = groups
    .map((g) => ({ g, have: g.eligible.filter((i) => !used.has(i)).length }))
    .filter(({ have }) => have > 0)
    .map(({ g, have }) => {
      const shown = Math.min(have, g.collection.size);
      return { collection: g.collection.id, key: g.key, label: `${labelOf(game, g.collection, g.key)} ${shown}/${g.collection.size}`, have: shown, size: g.collection.size };
    });
  return { completed, progress };
}

/** Locks every collection a country has just completed; locked collections stay locked. */
export function lockCompleted(game: Game, table: Table): Table {
  let sets = table.sets;
  for (const country of table.players) {
    const mine = sets.filter((s) => s.country === country);
    const fixedCards = new Set(mine.flatMap((s) => s.cards));
    const found = bestCollections(game, holdings(table, country), mine).completed.filter((c) => !c.cards.some((id) => fixedCards.has(id)));
    if (found.length === 0) continue;
    sets = [...sets, ...found.map((c) => ({ country, collection: c.collection, key: c.key, cards: c.cards }))];
  }
  if (sets === table.sets) return table;
  return { ...table, sets, locked: [...table.locked, ...sets.slice(table.sets.length).flatMap((s) => s.cards)] };
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
export function finalScores(game: Game, editionId: string, table: Table): CountryScore[] {
  const edition = editionOf(game, editionId);
  return table.players.map((country) => {
    const held = holdings(table, country);
    const fixed = table.sets.filter((s) => s.country === country && s.cards.every((id) => table.owner[id] === country));
    const { completed, progress } = bestCollections(game, held, fixed);
    const inSets = new Set(completed.flatMap((c) => c.cards));
    const books = held.filter((id) => !inSets.has(id)).reduce((s, id) => s + (ownableById(game, id)?.value ?? 0), 0);
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
      progress,
    };
  });
}

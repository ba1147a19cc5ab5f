// What a library is worth to its owner, and what one more book (or one fewer) would change: the
// bots' sense of value. All of it is the engine's own scoring applied to a hypothetical shelf.
import {
  bestCollections,
  bookValue,
  countryOf,
  genreOf,
  holdings,
  isMvb,
  ownableById,
  type CountryId,
  type Edition,
  type Game,
  type LockedSet,
  type Table,
} from '../../engine/index.js';

/** Loose books at their value plus completed collections at theirs: a shelf's points. */
export function shelfPoints(game: Game, edition: Edition, cards: readonly string[], fixed: readonly LockedSet[]): number {
  const { completed } = bestCollections(game, edition, cards, fixed);
  const inSets = new Set(completed.flatMap((c) => c.cards));
  let loose = 0;
  for (const id of cards) {
    if (inSets.has(id)) continue;
    const card = ownableById(game, id);
    if (card) loose += bookValue(game, edition, card);
  }
  return loose + completed.reduce((s, c) => s + c.points, 0);
}

export class Library {
  private readonly held: readonly string[];
  private readonly fixed: LockedSet[];
  private readonly base: number;

  constructor(
    private readonly game: Game,
    private readonly edition: Edition,
    table: Table,
    readonly country: CountryId,
  ) {
    this.held = holdings(table, country);
    this.fixed = table.sets.filter((s) => s.country === country);
    this.base = shelfPoints(game, edition, this.held, this.fixed);
  }

  /** Points the shelf would gain with these cards added. */
  gain(cards: readonly string[]): number {
    return shelfPoints(this.game, this.edition, [...this.held, ...cards], this.fixed) - this.base;
  }

  /** Points the shelf would lose without these cards. */
  loss(cards: readonly string[]): number {
    const out = new Set(cards);
    return (
      this.base -
      shelfPoints(
        this.game,
        this.edition,
        this.held.filter((id) => !out.has(id)),
        this.fixed,
      )
    );
  }

  /**
   * How far a card would take the shelf toward a collection it has begun: nothing for a card no
   * collection of the shelf wants, up to its extra points when it would complete one.
   */
  promise(cardId: string): number {
    const card = ownableById(this.game, cardId);
    if (!card) return 0;
    const value = bookValue(this.game, this.edition, card);
    let best = 0;
    for (const rule of this.game.rules.collections) {
      const key = rule.kind === 'country' ? countryOf(card) : rule.kind === 'genre' ? genreOf(card) : isMvb(card) ? 'mvb' : undefined;
      if (!key) continue;
      const locked = new Set(this.fixed.flatMap((s) => s.cards));
      const have = this.held.filter((id) => {
        if (locked.has(id)) return false;
        const c = ownableById(this.game, id);
        if (!c) return false;
        return rule.kind === 'country' ? countryOf(c) === key : rule.kind === 'genre' ? genreOf(c) === key : isMvb(c);
      }).length;
      const share = Math.min(1, (have + 1) / rule.size);
      best = Math.max(best, share * share * value * (rule.multiplier - 1));
    }
    return best;
  }
}

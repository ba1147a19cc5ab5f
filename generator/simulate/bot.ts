// A table of bots: given the state of a game, the next action the table takes, decided the way
// players would — each country by its own temperament (./policies.ts), dice and card draws from
// the seeded generator. Every action goes through the engine's own check; a bot that proposed an
// illegal one would be a bug, and the caller treats it as one.
import {
  bookValue,
  buyingOrder,
  check,
  drawableChance,
  editionFor,
  isDebtor,
  ownableById,
  shelfOf,
  suggestedBooks,
  unplayedNationalEvents,
  valueOfCards,
  waitingLotBooks,
  worldEventOf,
  type Action,
  type CountryId,
  type Edition,
  type Game,
  type GameState,
  type Prompt,
} from '../../engine/index.js';
import { Library } from './library.js';
import { POLICIES, type PolicyId } from './policies.js';
import type { Random } from './random.js';

export interface TableOptions {
  /** Each country's temperament. */
  policies: Record<CountryId, PolicyId>;
  /** Look for a trade that helps both sides at the start of a market turn (probability). */
  trades?: number;
  /** In editions that allow it, the richest country pays to make the leader draw chance (probability per market turn). */
  forceChance?: number;
}

type Sale = Extract<Action, { type: 'auction' }>['sales'][number];

export class BotTable {
  private readonly edition: Edition;

  constructor(
    private readonly game: Game,
    state: GameState,
    private readonly rng: Random,
    private readonly options: TableOptions,
  ) {
    this.edition = editionFor(game, state);
  }

  private lib(state: GameState, country: CountryId): Library {
    return new Library(this.game, this.edition, state.table, country);
  }

  private policy(country: CountryId) {
    return POLICIES[this.options.policies[country] ?? 'collector'];
  }

  private credits(state: GameState, country: CountryId): number {
    return state.table.ledger.credits[country] ?? 0;
  }

  private price(id: string): number {
    return bookValue(this.game, this.edition, ownableById(this.game, id)!);
  }

  /** The table's next action, or undefined when the game is over. */
  next(state: GameState): Action | undefined {
    for (const p of state.prompts) {
      const answer = this.answer(state, p);
      if (answer) return answer;
    }
    const draw = state.prompts.find((p) => p.kind === 'draw-chance');
    const deck = drawableChance(this.game, state);
    if (draw?.kind === 'draw-chance' && deck.length > 0) return { type: 'play-card', country: draw.country, code: this.rng.pick(deck).code };
    const lot = state.openAuctions[0];
    if (lot) return this.auction(state, lot);
    switch (state.phase) {
      case 'national-events': {
        const cards = unplayedNationalEvents(this.game, state, state.current);
        if (!state.eventPlayed && cards.length > 0) return { type: 'play-card', country: state.current, code: this.rng.pick(cards).code };
        return { type: 'end-turn' };
      }
      case 'world-event': {
        const cards = worldEventOf(this.game, state);
        if (!state.eventPlayed && cards.length > 0) return { type: 'play-card', country: null, code: cards[0]!.code };
        return { type: 'end-turn' };
      }
      case 'market':
        return this.marketTurn(state);
      case 'final-buying':
        return this.finalBuying(state);
      case 'over':
        return undefined;
    }
  }

  // ── decisions ───────────────────────────────────────────────────────────────────────────

  private answer(state: GameState, p: Prompt): Action | undefined {
    switch (p.kind) {
      case 'choose-book': {
        // Give up what the shelf misses least.
        const lib = this.lib(state, p.country);
        const ranked = [...p.candidates].sort((a, b) => lib.loss([a]) - lib.loss([b]) || a.localeCompare(b));
        return { type: 'choose-book', country: p.country, cards: ranked.slice(0, p.count) };
      }
      case 'debt-terms': {
        const amount = state.table.ledger.debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor)?.amount ?? 0;
        const books = suggestedBooks(this.game, state, p.debtor, amount);
        const take: Action = { type: 'settle', debtor: p.debtor, creditor: p.creditor, cards: books };
        // Books now if they are worth at least the debt to the creditor (a saver, who likes credits,
        // wants clearly more); otherwise wait for credits.
        const want = amount + (this.policy(p.creditor).id === 'saver' ? 2 : 0);
        if (books.length > 0 && this.lib(state, p.creditor).gain(books) >= want && check(this.game, state, take) === null) return take;
        return { type: 'take-credits', debtor: p.debtor, creditor: p.creditor };
      }
      case 'claim': {
        if (this.credits(state, p.debtor) < p.amount) {
          const books = suggestedBooks(this.game, state, p.debtor, p.amount);
          const worth = valueOfCards(this.game, this.edition, books);
          const change = Math.max(0, worth - p.amount);
          const take: Action = { type: 'settle', debtor: p.debtor, creditor: p.creditor, cards: books, change: { credits: change, cards: [] } };
          if (books.length > 0 && check(this.game, state, take) === null) return take;
        }
        return { type: 'take-credits', debtor: p.debtor, creditor: p.creditor };
      }
      default:
        return undefined;
    }
  }

  // ── auctions ────────────────────────────────────────────────────────────────────────────

  /** The most a country would bid for these books: what they are worth to it, within its purse. */
  private maxBid(state: GameState, country: CountryId, books: string[], spent = 0): number {
    if (isDebtor(state.table.ledger, country)) return 0;
    const pol = this.policy(country);
    const printed = books.reduce((s, id) => s + this.price(id), 0);
    const worth = pol.worth(this.lib(state, country), books, printed);
    return Math.max(0, Math.min(this.credits(state, country) - spent, Math.floor(worth)));
  }

  /** Open bidding: the highest bidder wins at one more than the next bid (and at least the reserve or 1). */
  private bidding(state: GameState, books: string[], spent: Map<CountryId, number>, reserve: number): Sale | undefined {
    const bids = state.table.players.map((c) => ({ c, max: this.maxBid(state, c, books, spent.get(c) ?? 0) })).filter((b) => b.max >= Math.max(1, reserve));
    if (bids.length === 0) return undefined;
    bids.sort((a, b) => b.max - a.max);
    const top = bids[0]!;
    const price = Math.min(top.max, Math.max(reserve, 1, (bids[1]?.max ?? 0) + 1));
    return { country: top.c, cards: books, price };
  }

  private auction(state: GameState, lot: string): Action {
    const rules = this.edition.auction;
    const books = waitingLotBooks(this.game, state.table, lot).map((b) => b.id);
    const whole = this.bidding(state, books, new Map(), rules.reserve);
    if (rules.single_books) {
      // Then book by book; single bids win when together they beat the best bid for the lot.
      const spent = new Map<CountryId, number>();
      const singles: Sale[] = [];
      for (const id of books) {
        const sale = this.bidding(state, [id], spent, 0);
        if (!sale) continue;
        singles.push(sale);
        spent.set(sale.country, (spent.get(sale.country) ?? 0) + sale.price);
      }
      const total = singles.reduce((s, x) => s + x.price, 0);
      if (total > (whole?.price ?? 0)) {
        const action: Action = { type: 'auction', lot, sales: singles };
        if (check(this.game, state, action) === null) return action;
      }
    }
    return { type: 'auction', lot, sales: whole ? [whole] : [] };
  }

  // ── the market ──────────────────────────────────────────────────────────────────────────

  private best(state: GameState, country: CountryId, keep: number): string | undefined {
    const pol = this.policy(country);
    const lib = this.lib(state, country);
    const purse = this.credits(state, country) - keep;
    let pick: { id: string; score: number } | undefined;
    for (const [id, place] of state.table.owner.entries()) {
      if (place !== 'market') continue;
      const price = this.price(id);
      if (price > purse) continue;
      const surplus = pol.worth(lib, [id], price) - price;
      if (surplus < pol.margin) continue;
      // The value buyer takes the dearest book; the others the best surplus.
      const score = pol.id === 'value' ? price + surplus / 100 : surplus;
      if (!pick || score > pick.score || (score === pick.score && id < pick.id)) pick = { id, score };
    }
    return pick?.id;
  }

  private trade(state: GameState): Action | undefined {
    const a = state.current;
    if (!this.rng.chance(this.options.trades ?? 0) || isDebtor(state.table.ledger, a)) return undefined;
    const mine = this.lib(state, a);
    for (const b of state.table.players) {
      if (b === a) continue;
      const theirs = this.lib(state, b);
      for (const card of shelfOf(this.game, state.table, b, true)) {
        const gain = mine.gain([card.id]);
        const loss = theirs.loss([card.id]);
        const price = loss + Math.floor((gain - loss) / 2);
        if (gain - loss < 1 || price > this.credits(state, a) || price < 0) continue;
        const action: Action = { type: 'trade', a, b, aGives: { credits: price, cards: [] }, bGives: { credits: 0, cards: [card.id] } };
        if (check(this.game, state, action) === null) return action;
      }
    }
    return undefined;
  }

  private forceChance(state: GameState): Action | undefined {
    const cost = this.edition.force_chance_cost;
    if (cost === null || !this.rng.chance(this.options.forceChance ?? 0)) return undefined;
    const by = [...state.table.players].sort((x, y) => this.credits(state, y) - this.credits(state, x))[0]!;
    const target = state.table.players
      .filter((c) => c !== by)
      .sort(
        (x, y) =>
          this.lib(state, y).loss(shelfOf(this.game, state.table, y).map((c) => c.id)) -
          this.lib(state, x).loss(shelfOf(this.game, state.table, x).map((c) => c.id)),
      )[0];
    if (!target) return undefined;
    const action: Action = { type: 'force-chance', by, target };
    return check(this.game, state, action) === null ? action : undefined;
  }

  private marketTurn(state: GameState): Action {
    const who = state.current;
    if (!state.rolled && !state.skipping) return { type: 'roll', country: who, face: this.rng.die() };
    const deal = this.trade(state) ?? this.forceChance(state);
    if (deal) return deal;
    const pick = this.best(state, who, this.policy(who).reserve(this.edition));
    if (pick) return { type: 'buy', country: who, card: pick };
    return { type: 'end-turn' };
  }

  private finalBuying(state: GameState): Action {
    const found = state.buying ? buyingOrder(state.buying, state.table.players) : undefined;
    if (found && 'roll' in found) return { type: 'roll', country: found.roll[0]!, face: this.rng.die() };
    // Credits left at the end are worth nothing: buy the dearest book that fits, whatever it is.
    let pick: string | undefined;
    for (const [id, place] of state.table.owner.entries()) {
      if (place !== 'market' || this.price(id) > this.credits(state, state.current)) continue;
      if (!pick || this.price(id) > this.price(pick)) pick = id;
    }
    return pick ? { type: 'buy', country: state.current, card: pick } : { type: 'end-turn' };
  }
}

// A table of bots: given the state of a game, the next action the table takes, decided the way
// players would — each country by its own temperament (./policies.ts), dice and card draws from
// the seeded generator. The caller puts every action through the engine's own check; a bot that
// proposed an illegal one would be a bug, and the caller treats it as one.
import {
  buyingOrder,
  check,
  drawableChance,
  editionFor,
  isDebtor,
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
import { POLICIES, type Policy, type PolicyId } from './policies.js';
import type { Random } from './random.js';
import { Senses, kindsOf, type Sense } from './sense.js';

export interface TableOptions {
  /** Each country's temperament. */
  policies: Record<CountryId, PolicyId>;
  /** Look for a trade that helps both sides once in a market turn (probability). */
  trades?: number;
  /** In editions that allow it, the richest country pays to make the leader draw chance (probability per market turn). */
  forceChance?: number;
}

type Sale = Extract<Action, { type: 'auction' }>['sales'][number];

const END_TURN: Action = { type: 'end-turn' };

export class BotTable {
  private readonly edition: Edition;
  private readonly senses: Senses;
  private readonly values: ReadonlyMap<string, number>;
  /** The market turn in which the current country last looked for a deal (one look a turn). */
  private lookedAt = '';

  constructor(
    private readonly game: Game,
    state: GameState,
    private readonly rng: Random,
    private readonly options: TableOptions,
  ) {
    this.edition = editionFor(game, state);
    const kinds = kindsOf(game, this.edition);
    this.senses = new Senses(kinds);
    this.values = kinds.value;
  }

  private sense(state: GameState, country: CountryId): Sense {
    return this.senses.of(state.table, country);
  }

  /** Whether the rules allow an action the bots are weighing (built in code, so typed). */
  private allowed(state: GameState, action: Action): boolean {
    return check(this.game, state, action, true) === null;
  }

  private policy(country: CountryId): Policy {
    return POLICIES[this.options.policies[country] ?? 'collector'];
  }

  private credits(state: GameState, country: CountryId): number {
    return state.table.ledger.credits[country] ?? 0;
  }

  private price(id: string): number {
    return this.values.get(id) ?? 0;
  }

  /** The table's next action, or undefined when the game is over. */
  next(state: GameState): Action | undefined {
    for (const p of state.prompts) {
      const answer = this.answer(state, p);
      if (answer) return answer;
    }
    for (const p of state.prompts) {
      if (p.kind !== 'draw-chance') continue;
      const deck = drawableChance(this.game, state);
      if (deck.length > 0) return { type: 'play-card', country: p.country, code: this.rng.pick(deck).code };
    }
    const lot = state.openAuctions[0];
    if (lot) return this.auction(state, lot);
    switch (state.phase) {
      case 'national-events': {
        const cards = state.eventPlayed ? [] : unplayedNationalEvents(this.game, state, state.current);
        return cards.length > 0 ? { type: 'play-card', country: state.current, code: this.rng.pick(cards).code } : END_TURN;
      }
      case 'world-event': {
        const cards = state.eventPlayed ? [] : worldEventOf(this.game, state);
        return cards.length > 0 ? { type: 'play-card', country: null, code: cards[0]!.code } : END_TURN;
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
        const sense = this.sense(state, p.country);
        const ranked = [...p.candidates].sort((a, b) => sense.loss(a) - sense.loss(b) || a.localeCompare(b));
        return { type: 'choose-book', country: p.country, cards: ranked.slice(0, p.count) };
      }
      case 'debt-terms': {
        const amount = state.table.ledger.debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor)?.amount ?? 0;
        const books = suggestedBooks(this.game, state, p.debtor, amount);
        // Books now if they are worth at least the debt to the creditor (a saver, who likes credits,
        // wants clearly more); otherwise wait for credits.
        const sense = this.sense(state, p.creditor);
        const worth = books.reduce((s, id) => s + sense.gain(id), 0);
        const take: Action = { type: 'settle', debtor: p.debtor, creditor: p.creditor, cards: books };
        if (books.length > 0 && worth >= amount + this.policy(p.creditor).booksOverCredits && this.allowed(state, take)) return take;
        return { type: 'take-credits', debtor: p.debtor, creditor: p.creditor };
      }
      case 'claim': {
        if (this.credits(state, p.debtor) < p.amount) {
          const books = suggestedBooks(this.game, state, p.debtor, p.amount);
          const change = Math.max(0, valueOfCards(this.game, this.edition, books) - p.amount);
          const take: Action = { type: 'settle', debtor: p.debtor, creditor: p.creditor, cards: books, change: { credits: change, cards: [] } };
          if (books.length > 0 && this.allowed(state, take)) return take;
        }
        return { type: 'take-credits', debtor: p.debtor, creditor: p.creditor };
      }
      default:
        return undefined;
    }
  }

  // ── auctions ────────────────────────────────────────────────────────────────────────────

  /** The most a country would bid for these books: what they are worth to it, within its purse. */
  private maxBid(state: GameState, country: CountryId, books: readonly string[], spent = 0): number {
    if (isDebtor(state.table.ledger, country)) return 0;
    const printed = books.reduce((s, id) => s + this.price(id), 0);
    const worth = this.policy(country).worth(this.sense(state, country), books, printed);
    return Math.max(0, Math.min(this.credits(state, country) - spent, Math.floor(worth)));
  }

  /** Open bidding: the highest bidder wins at one more than the next bid (and at least the reserve or 1). */
  private bidding(state: GameState, books: readonly string[], spent: Map<CountryId, number>, reserve: number): Sale | undefined {
    let top: { c: CountryId; max: number } | undefined;
    let second = 0;
    for (const c of state.table.players) {
      const max = this.maxBid(state, c, books, spent.get(c) ?? 0);
      if (max < Math.max(1, reserve)) continue;
      if (!top || max > top.max) {
        second = top?.max ?? second;
        top = { c, max };
      } else second = Math.max(second, max);
    }
    if (!top) return undefined;
    return { country: top.c, cards: [...books], price: Math.min(top.max, Math.max(reserve, 1, second + 1)) };
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
      // The lot's reserve applies to what its sales add up to, single books or not.
      if (total > (whole?.price ?? 0) && total >= rules.reserve) return { type: 'auction', lot, sales: singles };
    }
    return { type: 'auction', lot, sales: whole ? [whole] : [] };
  }

  // ── the market ──────────────────────────────────────────────────────────────────────────

  private best(state: GameState, country: CountryId, keep: number): string | undefined {
    const purse = this.credits(state, country) - keep;
    if (purse <= 0) return undefined;
    const market = state.table.owner.at('market');
    const pol = this.policy(country);
    const sense = this.sense(state, country);
    let pick: { id: string; score: number } | undefined;
    for (const id of market) {
      const price = this.price(id);
      if (price > purse) continue;
      const worth = pol.worthOne(sense, id, price);
      if (worth - price < pol.margin) continue;
      const score = pol.rank(sense, id, price, worth);
      if (!pick || score > pick.score) pick = { id, score };
    }
    return pick?.id;
  }

  /**
   * A trade that helps both sides: the current country buys, from another, a book that takes it
   * to a collection it is close to completing, at a price between what the book is worth to the
   * seller and what it is worth to the buyer.
   */
  private trade(state: GameState): Action | undefined {
    const a = state.current;
    if (isDebtor(state.table.ledger, a)) return undefined;
    const mine = this.sense(state, a);
    const purse = this.credits(state, a);
    for (const b of state.table.players) {
      if (b === a) continue;
      const theirs = this.sense(state, b);
      for (const id of theirs.loose) {
        const near = mine.groupsOf(id).some((g) => mine.count(g) + 2 >= mine.group(g).size);
        if (!near) continue;
        const gain = mine.gain(id) + mine.promise(id);
        const loss = theirs.loss(id);
        if (gain - loss < 2) continue;
        const price = Math.ceil(loss) + Math.floor((gain - loss) / 2);
        if (price > purse || price > gain - 1) continue;
        const action: Action = { type: 'trade', a, b, aGives: { credits: price, cards: [] }, bGives: { credits: 0, cards: [id] } };
        if (this.allowed(state, action)) return action;
      }
    }
    return undefined;
  }

  private forceChance(state: GameState): Action | undefined {
    const cost = this.edition.force_chance_cost;
    if (cost === null) return undefined;
    // The richest country pays to make the library with the most to lose draw.
    const by = [...state.table.players].sort((x, y) => this.credits(state, y) - this.credits(state, x))[0]!;
    const atRisk = (c: CountryId) => this.sense(state, c).loose.reduce((s, id) => s + this.price(id), 0);
    const target = state.table.players.filter((c) => c !== by).sort((x, y) => atRisk(y) - atRisk(x))[0];
    if (!target) return undefined;
    const action: Action = { type: 'force-chance', by, target };
    return this.allowed(state, action) ? action : undefined;
  }

  private marketTurn(state: GameState): Action {
    const who = state.current;
    if (!state.rolled && !state.skipping) return { type: 'roll', country: who, face: this.rng.die() };
    // One look for a deal per market turn, when the table is in the mood.
    const turn = `${state.century}/${state.round}/${who}`;
    if (this.lookedAt !== turn) {
      this.lookedAt = turn;
      const deal =
        (this.rng.chance(this.options.trades ?? 0) ? this.trade(state) : undefined) ??
        (this.rng.chance(this.options.forceChance ?? 0) ? this.forceChance(state) : undefined);
      if (deal) return deal;
    }
    if (isDebtor(state.table.ledger, who)) return END_TURN;
    const pick = this.best(state, who, this.policy(who).reserve(this.edition));
    return pick ? { type: 'buy', country: who, card: pick } : END_TURN;
  }

  private finalBuying(state: GameState): Action {
    const found = state.buying ? buyingOrder(state.buying, state.table.players) : undefined;
    if (found && 'roll' in found) return { type: 'roll', country: found.roll[0]!, face: this.rng.die() };
    // Credits left at the end are worth nothing: buy the dearest book that fits, whatever it is.
    let pick: string | undefined;
    const purse = this.credits(state, state.current);
    for (const id of state.table.owner.at('market')) {
      if (this.price(id) > purse) continue;
      if (!pick || this.price(id) > this.price(pick)) pick = id;
    }
    return pick ? { type: 'buy', country: state.current, card: pick } : END_TURN;
  }
}

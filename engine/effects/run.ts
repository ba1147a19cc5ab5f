// Carrying out one card: the state every verb works on, and the rules every verb shares — who a
// card means, how a card's payment between countries works in this edition, which books count,
// and how a book leaves a shelf. The verbs (./verbs/) only say what their effect does with these.
import { countryOf, genreOf, type Game, type OwnableCard } from '../game.js';
import type { Edition } from '../schema/game.js';
import { MAX_CREDITS, TableLimit, debtOf, spend, writeOff, type CountryId, type Party } from '../ledger.js';
import { centuryOfCard, isLocked, moveCards, ownableById, saleValueOfCards, type Table, withTable } from '../table.js';
import { countryName, paysWords } from '../names.js';
import type { Prompt } from '../prompts.js';

/** Which books a "per book" count or a loss looks at: one of genre, country or century (a loss may combine them). */
export interface BookFilter {
  genre?: string;
  country?: string;
  century?: string;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface EffectLine {
  who: string;
  what: string;
}

export class EffectRun {
  readonly prompts: Prompt[] = [];
  /** Lines for the game's history: who, and what happened to them, e.g. Spain / "pays England 3 (debt 1)". */
  readonly log: EffectLine[] = [];

  constructor(
    readonly game: Game,
    readonly edition: Edition,
    public table: Table,
    /** The country holding the card; null for a world event, which the lead turns over. */
    readonly holder: CountryId | null,
    /** Why money moves: the card's title and code, written into debts and the history. */
    readonly reason: string,
    /** Whether history lines are wanted; verbs write each line `if (run.on) run.say(…)`. */
    readonly on = true,
  ) {}

  /** A history line about `who` (a country, the bank, or a word such as "Auction"). */
  say(who: Party | string, what: string): void {
    if (this.on) this.log.push({ who: capital(this.name(who)), what });
  }

  name(party: Party | 'market'): string {
    return countryName(this.game, party);
  }

  prompt(p: Prompt): void {
    this.prompts.push(p);
  }

  // ── who is meant ──────────────────────────────────────────────────────────────────────────

  /** Richest or poorest by credits; a tie goes to the earlier seat. */
  private extreme(sign: 1 | -1): CountryId {
    const { players, ledger } = this.table;
    let best = players[0]!;
    for (const c of players) if (sign * (ledger.credits[c]! - ledger.credits[best]!) > 0) best = c;
    return best;
  }

  /**
   * One party named on a card. A card may name a country that is not playing (fewer than six
   * players): the bank stands in for it, so "pay Spain 3" without Spain goes to the bank and
   * "gain 3 from Spain" comes from the bank. A card without a holder (a world event) is held by
   * the lead country, who turns it over.
   */
  party(named: string | undefined): Party {
    const { players, lead } = this.table;
    switch (named ?? 'bank') {
      case 'bank':
      case 'market':
        return 'bank';
      case 'self':
        return this.holder === null ? lead : players.includes(this.holder) ? this.holder : 'bank';
      case 'lead':
        return lead;
      case 'richest':
        return this.extreme(1);
      case 'poorest':
        return this.extreme(-1);
      default:
        return players.includes(named!) ? named! : 'bank';
    }
  }

  /** Everyone a `who` covers, in seat order. An absent country named here is the bank. */
  everyone(who: string | undefined): Party[] {
    const { players, lead } = this.table;
    switch (who ?? 'self') {
      case 'each':
        return [...players];
      case 'others':
        return players.filter((c) => c !== (this.holder ?? lead));
      default:
        return [this.party(who ?? 'self')];
    }
  }

  // ── books ─────────────────────────────────────────────────────────────────────────────────

  private matches(card: OwnableCard, f: BookFilter): boolean {
    if (f.genre && genreOf(card) !== f.genre) return false;
    if (f.century && centuryOfCard(this.game, card) !== f.century) return false;
    if (f.country && countryOf(card) !== f.country) return false;
    return true;
  }

  /**
   * The country's books that events and chance can reach and that match, in card order. Books in
   * completed collections are outside events and chance entirely (DESIGN §2): never counted,
   * never lost.
   */
  reachableBooks(country: Party, filter: BookFilter = {}): OwnableCard[] {
    if (country === 'bank') return [];
    // The shelf is kept in card order, so the books come out in card order.
    const out: OwnableCard[] = [];
    for (const id of this.table.owner.at(country)) {
      if (isLocked(this.table, id)) continue;
      const card = ownableById(this.game, id);
      if (card && this.matches(card, filter)) out.push(card);
    }
    return out;
  }

  /** Moves books off a country's shelf. Books that go back to the market are value the country gave up for nothing. */
  give(cards: readonly string[], to: CountryId | 'market'): void {
    if (cards.length === 0) return;
    let table = this.table;
    if (to === 'market') table = withTable(table, { ledger: writeOff(table.ledger, saleValueOfCards(this.game, this.edition, table, cards)) });
    this.table = moveCards(table, cards, to);
  }

  // ── credits ───────────────────────────────────────────────────────────────────────────────

  /**
   * A payment the card demands. Between two countries the edition decides what happens:
   * - codex: the payer pays what it has; the rest is a debt, and if the payer has books a
   *   creditor could take, the creditor now chooses books or credits (a `debt-terms` prompt);
   * - classic (`victor_may_demand_books`): nothing moves yet; the country paid chooses credits or
   *   books (a `claim` prompt).
   * With the bank, credits move at once, and a shortfall is a debt the bank collects in credits.
   */
  pay(from: Party, to: Party, amount: number): void {
    if (amount === 0 || from === to) return;
    if (from !== 'bank' && to !== 'bank' && this.edition.victor_may_demand_books) {
      const same = this.prompts.find((p) => p.kind === 'claim' && p.debtor === from && p.creditor === to);
      // A claim is paid later as one payment, so it is bounded like one.
      const claimed = (same?.kind === 'claim' ? same.amount : 0) + amount;
      if (claimed > MAX_CREDITS) throw new TableLimit('payment', to, claimed, from);
      if (same && same.kind === 'claim') same.amount = claimed;
      else this.prompt({ kind: 'claim', debtor: from, creditor: to, amount, reason: this.reason });
      if (this.on) this.say(from, `owes ${this.name(to)} ${amount}: ${this.name(to)} chooses credits or books`);
      return;
    }
    const before = to === 'bank' ? 0 : (this.table.ledger.credits[to] ?? 0);
    const { ledger, short } = spend(this.table.ledger, from, to, amount, this.reason, 'income');
    this.table = withTable(this.table, { ledger });
    // Credits reaching a country that owes go to its creditors first: say so, or the sums puzzle.
    const passed = to === 'bank' ? 0 : amount - short - ((ledger.credits[to] ?? 0) - before);
    if (this.on) {
      const what = paysWords(this.name(to), amount, short);
      this.say(
        from,
        `${what}${passed > 0 ? `; ${passed === 1 ? '1 of those credits goes' : `${passed} of those credits go`} on to ${this.name(to)}'s own creditors` : ''}`,
      );
    }
    if (short > 0 && from !== 'bank' && to !== 'bank' && this.reachableBooks(from).length > 0) {
      if (!this.prompts.some((p) => p.kind === 'debt-terms' && p.debtor === from && p.creditor === to)) {
        this.prompt({ kind: 'debt-terms', debtor: from, creditor: to });
      }
    }
  }

  /**
   * The prompts still worth asking once the whole card is carried out: a later effect may have
   * taken a book offered for choosing, or paid off a debt whose terms were to be chosen.
   */
  stillOpen(): Prompt[] {
    return this.prompts.flatMap((p): Prompt[] => {
      if (p.kind === 'choose-book') {
        const candidates = p.candidates.filter((id) => this.table.owner.get(id) === p.country && !isLocked(this.table, id));
        return candidates.length === 0 ? [] : [{ ...p, candidates, count: Math.min(p.count, candidates.length) }];
      }
      if (p.kind === 'debt-terms') {
        return debtOf(this.table.ledger, p.debtor, p.creditor) && this.reachableBooks(p.debtor).length > 0 ? [p] : [];
      }
      return [p];
    });
  }
}

// Closes an open auction: the whole lot or (where the edition allows) single books, each sale to
// one country at the price it bid — at least 1 credit, and the whole at least the edition's
// reserve. What a buyer paid is shared equally among the books of its sale (rounded down): that is
// the most the bank gives back for each. Unsold books join the market or leave the game.
import { z } from 'zod';
import { exchange, writeOff } from '../../ledger.js';
import { cardTitle, moveCards, saleValueOfCards, withTable } from '../../table.js';
import { lotName } from '../../names.js';
import { shareOf } from '../../worth.js';
import { CardsField, CountryField, CreditsField, IdField, OVER, creditsOf, credits, defineAction, owesProblem, seated } from '../action.js';
import { Name, name, waitingLotBooks } from '../read.js';
import { withState } from '../state.js';

const Sale = z.strictObject({
  country: CountryField,
  cards: CardsField.describe('The lot books this sale covers.'),
  price: CreditsField.describe('What the country bid.'),
});

export const auctionAction = defineAction({
  type: 'auction',
  schema: z.strictObject({
    type: z.literal('auction'),
    lot: IdField.describe('The id of the lot.'),
    sales: z.array(Sale).max(50).describe('The sales; an empty list means nobody bought.'),
  }),
  summary:
    'The close of an auction: each sale (the whole lot, or single books where the edition allows) with its buyer and price. No sales means nobody bought.',
  example: { type: 'auction', lot: 'incunable-bibles', sales: [{ country: 'italy', cards: ['malermi-bible', 'soncino-hebrew-bible'], price: 3 }] },
  check({ game, state, edition }, a) {
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    if (!state.openAuctions.includes(a.lot)) return `The auction of ${lotName(game, a.lot)} is not open.`;
    const rules = edition.auction;
    const lot = waitingLotBooks(game, state.table, a.lot).map((b) => b.id);
    const seen = new Set<string>();
    const spent = new Map<string, number>();
    for (const s of a.sales) {
      const who = seated(game, state, s.country);
      if (who) return who;
      if (s.price < 1) return `A sale needs a price of at least 1 credit; nobody gets books for nothing. If nobody bids, record no sale.`;
      if (s.cards.length === 0) return `Say which books ${name(game, s.country)} bought.`;
      for (const id of s.cards) {
        if (!lot.includes(id)) return `${cardTitle(game, id)} is not in the lot ${lotName(game, a.lot)}.`;
        if (seen.has(id)) return `${cardTitle(game, id)} is sold twice.`;
        seen.add(id);
      }
      spent.set(s.country, (spent.get(s.country) ?? 0) + s.price);
    }
    for (const [c, total] of spent) {
      const debt = owesProblem(game, state, c, 'bid');
      if (debt) return debt;
      if (total > creditsOf(state, c)) return `${Name(game, c)} has ${credits(creditsOf(state, c))} and cannot pay ${total}.`;
    }
    if (a.sales.length > 0 && !rules.single_books && (a.sales.length > 1 || a.sales[0]!.cards.length !== lot.length)) {
      return 'In this edition the lot is sold whole, to one country.';
    }
    const total = a.sales.reduce((s, x) => s + x.price, 0);
    if (a.sales.length > 0 && total < rules.reserve)
      return `The reserve for this lot is ${rules.reserve} credits; a bid of ${total} is too low. If nobody meets it, record no sale.`;
    return null;
  },
  apply({ game, state, edition }, a, rec) {
    const why = rec.on ? `auction: ${lotName(game, a.lot)}` : '';
    let table = state.table;
    for (const s of a.sales) {
      table = moveCards(withTable(table, { ledger: exchange(table.ledger, s.country, 'bank', s.price) }), s.cards, s.country);
      const share = shareOf(s.price, s.cards.length);
      table = withTable(table, { paid: { ...table.paid, ...Object.fromEntries(s.cards.map((id) => [id, share])) } });
      // Whatever the price buys beyond what the bank would give back for the books is spent for good.
      table = withTable(table, { ledger: writeOff(table.ledger, s.price - saleValueOfCards(game, edition, table, s.cards)) });
      if (rec.on) rec.say(Name(game, s.country), `buys ${s.cards.map((id) => cardTitle(game, id)).join(', ')} for ${s.price}`, why);
    }
    const unsold = waitingLotBooks(game, table, a.lot).map((b) => b.id);
    if (unsold.length > 0) {
      const to = edition.auction.unsold === 'market' ? 'market' : 'gone';
      table = moveCards(table, unsold, to);
      if (rec.on)
        rec.say('Auction', `${unsold.map((id) => cardTitle(game, id)).join(', ')} ${to === 'market' ? 'join the market' : 'leave the game'} unsold`, why);
    }
    return withState(state, { table, openAuctions: state.openAuctions.filter((l) => l !== a.lot) });
  },
  describe: (game, a) => `The auction of ${lotName(game, a.lot)} closes`,
});

// A book sold back to the market (seed 000): the bank pays its sale value — its value, or for a
// book won at auction what its owner paid, never more. Instead of credits, the seller may take a
// book on the market whose price is exactly that (`take`).
import { z } from 'zod';
import { arrivalOf } from '../../game.js';
import { exchange, isDebtor } from '../../ledger.js';
import { cardTitle, moveCards, ownableById, withTable } from '../../table.js';
import { bookValue, saleValue } from '../../worth.js';
import { CountryField, IdField, OVER, defineAction, handOverProblem, seated } from '../action.js';
import { Name } from '../read.js';
import { withState } from '../state.js';

export const sellAction = defineAction({
  type: 'sell',
  schema: z.strictObject({
    type: z.literal('sell'),
    country: CountryField,
    card: IdField.describe('The id of the card sold back.'),
    take: IdField.optional().describe('Instead of credits: the id of a card on the market whose price equals the sale value.'),
  }),
  summary: 'A book sold back to the market for its sale value — or, with `take`, swapped for a market book of exactly that price.',
  example: { type: 'sell', country: 'germany', card: 'nuremberg-chronicle' },
  check({ game, state, edition }, a) {
    const who = seated(game, state, a.country);
    if (who) return who;
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    const problem = handOverProblem(game, state.table, a.country, [a.card]);
    if (problem) return problem;
    if (a.take === undefined) return null;
    const card = ownableById(game, a.card)!;
    const want = ownableById(game, a.take);
    if (!want || state.table.owner.get(want.id) !== 'market') return `${want?.title ?? a.take} is not on the market.`;
    if (isDebtor(state.table.ledger, a.country))
      return `${Name(game, a.country)} owes a debt, so it takes credits for ${card.title}: they go to its creditors.`;
    const back = saleValue(game, edition, state.table.paid, card);
    const price = bookValue(game, edition, want);
    if (price !== back) return `${card.title} sells back for ${back}; ${want.title} costs ${price}. A swap needs a book of exactly the same price.`;
    return null;
  },
  credits: ({ game, state, edition }, a) => (a.take === undefined ? saleValue(game, edition, state.table.paid, ownableById(game, a.card)!) : 0),
  apply({ game, state, edition }, a, rec) {
    const card = ownableById(game, a.card)!;
    const back = saleValue(game, edition, state.table.paid, card);
    if (a.take !== undefined) {
      const want = ownableById(game, a.take)!;
      if (rec.on) rec.say(Name(game, a.country), `returns ${card.title} to the market and takes ${want.title} (both ${back})`, 'market');
      let table = moveCards(moveCards(state.table, [card.id], 'market'), [want.id], a.country);
      if (arrivalOf(game, want) === 'lot') table = withTable(table, { paid: { ...table.paid, [want.id]: back } });
      return withState(state, { table });
    }
    if (rec.on) rec.say(Name(game, a.country), `sells ${card.title} back to the market for ${back}`, 'market');
    const ledger = exchange(state.table.ledger, 'bank', a.country, back);
    return withState(state, { table: moveCards(withTable(state.table, { ledger }), [card.id], 'market') });
  },
  describe: (game, a) => `${Name(game, a.country)} sells ${cardTitle(game, a.card)} back${a.take ? ` for ${cardTitle(game, a.take)}` : ''}`,
});

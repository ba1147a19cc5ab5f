// A book bought from the market at its price (its value under the edition's rules), on the
// buyer's market turn — or, at the end of an edition with end-of-game buying, on its buying turn.
import { z } from 'zod';
import { arrivalOf } from '../../game.js';
import { exchange } from '../../ledger.js';
import { cardTitle, moveCards, ownableById, withTable } from '../../table.js';
import { bookValue } from '../../worth.js';
import { CountryField, IdField, OVER, creditsOf, credits, defineAction, noSuchBook, owesProblem, seated } from '../action.js';
import { Name, drawableChance, name, possessive } from '../read.js';
import { buyingOrder } from '../final-buying.js';
import { withState } from '../state.js';

export const buyAction = defineAction({
  type: 'buy',
  schema: z.strictObject({ type: z.literal('buy'), country: CountryField, card: IdField.describe('The id of the card bought.') }),
  summary: "A book bought from the market at its price, on the buyer's market turn (or its turn in the end-of-game buying).",
  example: { type: 'buy', country: 'italy', card: 'foligno-commedia' },
  check({ game, state, edition }, a) {
    const who = seated(game, state, a.country);
    if (who) return who;
    const card = ownableById(game, a.card);
    if (!card) return noSuchBook(game, a.card);
    if (state.phase === 'over') return OVER;
    if (state.phase === 'final-buying') {
      const found = state.buying ? buyingOrder(state.buying, state.table.players) : null;
      if (!found || 'roll' in found) return 'Settle the buying order first: the tied countries roll the die.';
      if (a.country !== state.current) return `It is ${possessive(name(game, state.current))} turn to buy.`;
    } else {
      if (state.phase !== 'market') return 'Books are bought in the market, after the national events.';
      if (a.country !== state.current) return `It is ${possessive(name(game, state.current))} turn at the market.`;
      if (!state.rolled && !state.skipping) return `${Name(game, a.country)} rolls the die before buying.`;
      if (state.prompts.some((p) => p.kind === 'draw-chance' && p.country === a.country) && drawableChance(game, state).length > 0) {
        return `${Name(game, a.country)} draws its chance card first.`;
      }
    }
    const debt = owesProblem(game, state, a.country, 'buy');
    if (debt) return debt;
    if (state.table.owner.get(card.id) !== 'market') return `${card.title} is not on the market.`;
    const price = bookValue(game, edition, card);
    const has = creditsOf(state, a.country);
    if (has < price) return `${Name(game, a.country)} has ${credits(has)}; ${card.title} costs ${price}.`;
    return null;
  },
  apply({ game, state, edition }, a, rec) {
    const card = ownableById(game, a.card)!;
    const price = bookValue(game, edition, card);
    if (rec.on) rec.say(Name(game, a.country), `buys ${card.title} for ${price}`, 'market');
    const ledger = exchange(state.table.ledger, a.country, 'bank', price);
    let table = moveCards(withTable(state.table, { ledger }), [card.id], a.country);
    // A lot's card bought on the market cost its full price: that is what it returns if sold back.
    if (arrivalOf(game, card) === 'lot') table = withTable(table, { paid: { ...table.paid, [card.id]: price } });
    return withState(state, { table });
  },
  describe: (game, a) => `${Name(game, a.country)} buys ${cardTitle(game, a.card)}`,
});

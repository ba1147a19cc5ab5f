// Editions with `force_chance_cost` (classic, seed 003): a country pays that many credits, or books
// worth that much, to make another country draw a chance card. Books paid this way go back to the
// market. A country that owes may not do it; no book may be superfluous to the cost.
import { z } from 'zod';
import { spend, writeOff } from '../../ledger.js';
import { cardTitle, moveCards, ownableById, saleValueOfCards, valueOfCards, withTable } from '../../table.js';
import { bookValue } from '../../worth.js';
import { CardsField, CountryField, OVER, creditsOf, credits, defineAction, handOverProblem, owesProblem, seated } from '../action.js';
import { Name, chanceStop } from '../read.js';
import { ask } from '../ask.js';
import { withState } from '../state.js';

export const forceChanceAction = defineAction({
  type: 'force-chance',
  schema: z.strictObject({
    type: z.literal('force-chance'),
    by: CountryField,
    target: CountryField,
    cards: CardsField.optional().describe('Books sent to the market to pay all or part of the cost.'),
  }),
  summary: "Classic only: a country pays the edition's cost, in credits or books, to make another draw a chance card.",
  example: { type: 'force-chance', by: 'spain', target: 'germany' },
  check({ game, state, edition }, a) {
    const cost = edition.force_chance_cost;
    if (cost === null) return 'In this edition no country can make another draw a chance card.';
    for (const c of [a.by, a.target]) {
      const who = seated(game, state, c);
      if (who) return who;
    }
    if (a.by === a.target) return 'A country cannot force itself to draw chance.';
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    const debt = owesProblem(game, state, a.by, 'force a chance draw');
    if (debt) return debt;
    const cards = a.cards ?? [];
    const books = handOverProblem(game, state.table, a.by, cards);
    if (books) return books;
    const value = valueOfCards(game, edition, cards);
    const least = Math.min(...cards.map((id) => bookValue(game, edition, ownableById(game, id)!)));
    if (cards.length > 0 && value - least >= cost) return `These books are worth ${value}; the cost is ${cost}, so not all of them are needed.`;
    const rest = Math.max(0, cost - value);
    if (creditsOf(state, a.by) < rest)
      return `Forcing a chance draw costs ${cost}; ${Name(game, a.by)} has ${credits(creditsOf(state, a.by))}${cards.length ? ' besides the books' : ''}.`;
    const stop = chanceStop(game, state);
    if (stop) return stop.sentence;
    return null;
  },
  apply({ game, state, edition }, a, rec) {
    const cost = edition.force_chance_cost ?? 0;
    const cards = a.cards ?? [];
    const rest = Math.max(0, cost - valueOfCards(game, edition, cards));
    let { ledger } = spend(state.table.ledger, a.by, 'bank', rest, 'forced a chance draw');
    ledger = writeOff(ledger, saleValueOfCards(game, edition, state.table, cards));
    const table = moveCards(withTable(state.table, { ledger }), cards, 'market');
    const paid = cards.length ? `${rest ? `${credits(rest)} and ` : ''}${cards.map((id) => cardTitle(game, id)).join(', ')}` : credits(rest);
    if (rec.on) rec.say(Name(game, a.by), `pays ${paid} to make ${Name(game, a.target)} draw a chance card`, 'forced chance');
    return ask(game, withState(state, { table }), [{ kind: 'draw-chance', country: a.target, count: 1 }]);
  },
  describe: (game, a) => `${Name(game, a.by)} makes ${Name(game, a.target)} draw a chance card`,
});

// A trade between two countries at whatever price they agree: credits and books both ways
// (seed 000: "The owning country determines CREDIT value of the BOOK").
import { z } from 'zod';
import { exchange } from '../../ledger.js';
import { cardTitle, moveCards, withTable } from '../../table.js';
import { CardsField, CountryField, CreditsField, OVER, creditsOf, credits, defineAction, handOverProblem, seated } from '../action.js';
import { Name, name } from '../read.js';
import { withState } from '../state.js';

const Side = z.strictObject({ credits: CreditsField, cards: CardsField });

export const tradeAction = defineAction({
  type: 'trade',
  schema: z.strictObject({ type: z.literal('trade'), a: CountryField, b: CountryField, aGives: Side, bGives: Side }),
  summary: 'A trade between two countries at the price they agreed: credits and books, both ways.',
  example: { type: 'trade', a: 'spain', b: 'germany', aGives: { credits: 5, cards: [] }, bGives: { credits: 0, cards: ['nuremberg-chronicle'] } },
  check({ game, state }, a) {
    for (const c of [a.a, a.b]) {
      const who = seated(game, state, c);
      if (who) return who;
    }
    if (a.a === a.b) return 'A trade needs two different countries.';
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    for (const [c, gives] of [
      [a.a, a.aGives],
      [a.b, a.bGives],
    ] as const) {
      if (creditsOf(state, c) < gives.credits) return `${Name(game, c)} has only ${credits(creditsOf(state, c))} to trade.`;
      const books = handOverProblem(game, state.table, c, gives.cards);
      if (books) return books;
    }
    if (a.aGives.credits + a.bGives.credits + a.aGives.cards.length + a.bGives.cards.length === 0) return 'Nothing changes hands in this trade.';
    return null;
  },
  credits: (_ctx, a) => a.aGives.credits + a.bGives.credits,
  apply({ game, state }, a, rec) {
    // Only the difference changes hands: credits both ways must not fill a purse past what a
    // table holds on the way (a country in debt holds none, so gives none, and what it receives
    // goes to its creditors either way).
    const net = a.aGives.credits - a.bGives.credits;
    const ledger = net >= 0 ? exchange(state.table.ledger, a.a, a.b, net) : exchange(state.table.ledger, a.b, a.a, -net);
    const table = moveCards(moveCards(withTable(state.table, { ledger }), a.aGives.cards, a.b), a.bGives.cards, a.a);
    const gives = (g: { credits: number; cards: string[] }) =>
      [g.credits ? credits(g.credits) : '', g.cards.map((id) => cardTitle(game, id)).join(', ')].filter(Boolean).join(' and ') || 'nothing';
    if (rec.on) rec.say(Name(game, a.a), `trades ${gives(a.aGives)} to ${name(game, a.b)} for ${gives(a.bGives)}`, 'trade');
    return withState(state, { table });
  },
  describe: (game, a) => `${Name(game, a.a)} and ${name(game, a.b)} trade`,
});

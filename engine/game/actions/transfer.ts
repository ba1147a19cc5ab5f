// A correction by hand: the banker moves credits the cards do not cover (a forfeit agreed at the
// table, a slip put right). It never makes a debt — debts come only from cards — so the payer must
// hold the credits. Credits reaching a debtor pay its debts first, as always.
import { z } from 'zod';
import { spend, type Party } from '../../ledger.js';
import { CreditsField, PartyField, creditsOf, credits, defineAction, partyProblem } from '../action.js';
import { Name, name } from '../read.js';
import { withState } from '../state.js';
import { withTable } from '../../table.js';

/** The longest reason a hand transfer may carry: a few words, not a letter. */
export const MAX_NOTE = 200;

export const transferAction = defineAction({
  type: 'transfer',
  schema: z.strictObject({
    type: z.literal('transfer'),
    from: PartyField,
    to: PartyField,
    amount: CreditsField,
    note: z.string().max(MAX_NOTE).describe('Why, in a few words.'),
  }),
  summary: `A correction by hand: credits the banker moves that no card covers. The payer must hold them.`,
  example: { type: 'transfer', from: 'bank', to: 'italy', amount: 2, note: 'a slip put right' },
  check({ game, state }, a) {
    for (const p of [a.from, a.to]) {
      const problem = partyProblem(game, state, p as Party);
      if (problem) return problem;
    }
    if (a.from === a.to) return 'Credits must go from one party to another.';
    if (a.amount < 1) return 'A transfer is a whole number of credits, at least 1.';
    if (a.from !== 'bank' && creditsOf(state, a.from) < a.amount) {
      return `${Name(game, a.from)} has only ${credits(creditsOf(state, a.from))}. A transfer by hand never makes a debt: only cards do.`;
    }
    // A purse past what any table holds (a zero too many), here or where the credits go on to
    // pay a debt, is refused by check() when it carries the transfer out (`credits`).
    return null;
  },
  credits: (_ctx, a) => a.amount,
  apply({ game, state }, a, rec) {
    const { ledger } = spend(state.table.ledger, a.from, a.to, a.amount, a.note || 'moved by hand');
    if (rec.on) rec.say('Banker', `moves ${a.amount} from ${name(game, a.from)} to ${name(game, a.to)}`, a.note);
    return withState(state, { table: withTable(state.table, { ledger }) });
  },
  describe: (game, a) => `${Name(game, a.from)} pays ${name(game, a.to)} ${a.amount} (${a.note})`,
});

// The creditor takes credits, not books (DESIGN §2, "credits later"). In codex the debtor holds
// no credits when a debt arises, so nothing moves now: every credit it receives from now on goes
// to its creditors first, oldest debt first. In classic, answering a claim, the payer pays what
// it holds now and owes the rest the same way.
import { z } from 'zod';
import { spend } from '../../ledger.js';
import { CountryField, defineAction, seated } from '../action.js';
import { Name, name } from '../read.js';
import { paysWords } from '../../names.js';
import { answered } from '../ask.js';
import { withState } from '../state.js';
import { withTable } from '../../table.js';
import type { GameState } from '../types.js';

/** What a classic claim asks the debtor to pay now (a codex debt's terms move nothing). */
function claimed(state: GameState, a: { debtor: string; creditor: string }): number {
  const p = state.prompts.find((x) => x.kind === 'claim' && x.debtor === a.debtor && x.creditor === a.creditor);
  return p?.kind === 'claim' ? p.amount : 0;
}

export const takeCreditsAction = defineAction({
  type: 'take-credits',
  answers: true,
  schema: z.strictObject({ type: z.literal('take-credits'), debtor: CountryField, creditor: CountryField }),
  summary:
    'The creditor takes credits, not books: in codex, credits later (whatever the debtor receives pays the debt first); in classic, answering a claim, the payer pays what it holds and owes the rest.',
  example: { type: 'take-credits', debtor: 'spain', creditor: 'england' },
  check({ game, state }, a) {
    for (const c of [a.debtor, a.creditor]) {
      const who = seated(game, state, c);
      if (who) return who;
    }
    const open = state.prompts.some((p) => (p.kind === 'debt-terms' || p.kind === 'claim') && p.debtor === a.debtor && p.creditor === a.creditor);
    return open ? null : `There is nothing for ${name(game, a.creditor)} to decide about ${name(game, a.debtor)} now.`;
  },
  credits: ({ state }, a) => claimed(state, a),
  apply({ game, state }, a, rec) {
    const prompt = state.prompts.find((p) => (p.kind === 'debt-terms' || p.kind === 'claim') && p.debtor === a.debtor && p.creditor === a.creditor)!;
    state = answered(state, prompt);
    if (prompt.kind !== 'claim') {
      if (rec.on) rec.say(Name(game, a.creditor), `waits for credits: every credit ${name(game, a.debtor)} receives goes to its debts first`, 'debt');
      return state;
    }
    const { ledger, short } = spend(state.table.ledger, a.debtor, a.creditor, prompt.amount, prompt.reason);
    if (rec.on)
      rec.say(
        Name(game, a.debtor),
        `${paysWords(name(game, a.creditor), prompt.amount, short)}${short > 0 ? ', to be paid from the credits it receives' : ''}`,
        'claim',
      );
    return withState(state, { table: withTable(state.table, { ledger }) });
  },
  describe: (game, a) => `${Name(game, a.creditor)} takes credits from ${name(game, a.debtor)}`,
});

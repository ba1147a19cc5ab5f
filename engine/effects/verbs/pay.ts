// pay: credits go out — to the bank, or to a named country. What cannot be paid becomes a debt.
import { z } from 'zod';
import { defineVerb } from '../verb.js';
import {
  Amount,
  Max,
  Party,
  Per,
  Who,
  bookKind,
  capAdvice,
  isParty,
  mostPaid,
  partyPhrase,
  partyReference,
  perReferences,
  reaches,
  whoPhrase,
  whoReference,
  toItself,
} from '../parts.js';

export const PayEffect = z
  .strictObject({
    pay: Amount.describe('Credits paid.'),
    who: Who.optional(),
    to: Party.optional(),
    per: Per.optional(),
    max: Max.optional(),
  })
  .describe('Credits go out: to the bank unless "to" names a country. What cannot be paid becomes a debt.');
export type PayEffect = z.infer<typeof PayEffect>;

export const payVerb = defineVerb({
  verb: 'pay',
  schema: PayEffect,
  wording: (e, names) => ({
    ...whoPhrase(names, e.who),
    amount: e.pay,
    to: partyPhrase(names, e.to),
    bank: (e.to ?? 'bank') === 'bank',
    per: e.per ? bookKind(names, e.per) : '',
    max: e.max,
  }),
  references: (e) => [...whoReference(e.who), ...partyReference('to', e.to), ...perReferences(e.per)],
  advice: (e, _type, holder) => [
    ...(toItself(e.who, e.to, holder)
      ? [{ path: ['to'], message: 'this effect pays the country to itself, so nothing happens', fix: "name another country, or 'bank'" }]
      : []),
    ...capAdvice(e.pay, e.per, e.max),
  ],
  apply(run, e) {
    const to = run.party(e.to);
    for (const who of run.everyone(e.who)) {
      const count = e.per ? run.reachableBooks(who, e.per).length : 1;
      const amount = e.pay * count;
      run.pay(who, to, e.max === undefined ? amount : Math.min(amount, e.max));
    }
  },
  estimate(e, holder, country) {
    let net = reaches(e.who, holder, country) ? -e.pay : 0;
    if (isParty(e.to, holder, country)) net += e.pay;
    return net;
  },
  most: (e, seats, books) => mostPaid(e.pay, e.who, e.per, e.max, seats, books),
});

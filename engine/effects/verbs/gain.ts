// gain: credits come in — from the bank, or from a named country that then pays (a debt if short).
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

export const GainEffect = z
  .strictObject({
    gain: Amount.describe('Credits received.'),
    who: Who.optional(),
    from: Party.optional(),
    per: Per.optional(),
    max: Max.optional(),
  })
  .describe('Credits come in: from the bank unless "from" names a country, which then pays (a debt if it is short).');
export type GainEffect = z.infer<typeof GainEffect>;

export const gainVerb = defineVerb({
  verb: 'gain',
  schema: GainEffect,
  wording: (e, names) => ({
    ...whoPhrase(names, e.who),
    amount: e.gain,
    from: partyPhrase(names, e.from),
    bank: (e.from ?? 'bank') === 'bank',
    per: e.per ? bookKind(names, e.per) : '',
    max: e.max,
  }),
  references: (e) => [...whoReference(e.who), ...partyReference('from', e.from), ...perReferences(e.per)],
  advice: (e, _type, holder) => [
    ...(e.from === 'self' || toItself(e.who, e.from, holder)
      ? [{ path: ['from'], message: 'this effect pays the country to itself, so nothing happens', fix: "name another country, or 'bank'" }]
      : []),
    ...capAdvice(e.gain, e.per, e.max),
  ],
  apply(run, e) {
    // Every party is resolved before any money moves, so "the richest" is the richest as the card is read.
    const from = run.party(e.from);
    for (const who of run.everyone(e.who)) {
      const count = e.per ? run.reachableBooks(who, e.per).length : 1;
      const amount = e.gain * count;
      run.pay(from, who, e.max === undefined ? amount : Math.min(amount, e.max));
    }
  },
  estimate(e, holder, country) {
    let net = reaches(e.who, holder, country) ? e.gain : 0;
    if (isParty(e.from, holder, country)) net -= e.gain;
    return net;
  },
  most: (e, seats, books) => mostPaid(e.gain, e.who, e.per, e.max, seats, books),
});

// A rough, table-free reading of what an effect is worth to a country: flat amounts at face
// value, "per book" amounts counted once. Used by the stats report and the balance tests.
import type { Effect } from '../schema/effects.js';

/** Net credits the effect gives `country` when the card belongs to `holder`. */
function flatNet(effect: Effect, holder: string, country: string): number {
  const who = 'who' in effect ? (effect.who ?? 'self') : 'self';
  const hits = (w: string) => w === 'each' || (w === 'self' && holder === country) || (w === 'others' && holder !== country) || w === country;
  if ('gain' in effect) {
    const payer = effect.from ?? 'bank';
    let net = hits(who) ? effect.gain : 0;
    if (payer === country || (payer === 'self' && holder === country)) net -= effect.gain;
    return net;
  }
  if ('pay' in effect) {
    const payee = effect.to ?? 'bank';
    let net = hits(who) ? -effect.pay : 0;
    if (payee === country || (payee === 'self' && holder === country)) net += effect.pay;
    return net;
  }
  return 0;
}

export function flatNetOfCard(effects: readonly Effect[], holder: string, country: string): number {
  return effects.reduce((sum, e) => sum + flatNet(e, holder, country), 0);
}

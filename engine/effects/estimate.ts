// A rough, table-free reading of what a card is worth to a country: flat amounts at face value,
// "per book" amounts counted once. Used by the stats report and the balance tests.
import { verbFor, type Effect } from './verbs/index.js';

/** Net credits the card gives `country` when it belongs to `holder`. */
export function flatNetOfCard(effects: readonly Effect[], holder: string, country: string): number {
  return effects.reduce((sum, e) => sum + verbFor(e).estimate(e, holder, country), 0);
}

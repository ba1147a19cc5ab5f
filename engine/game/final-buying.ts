// End-of-game buying (seed 003): countries with credits left must buy books from the market
// before the count, in the order of their libraries' value, the richest library first; countries
// whose libraries are worth the same roll the die, highest first, and roll again while they tie.
import type { CountryId } from '../ledger.js';
import type { Buying } from './types.js';

export type BuyingOrder = { order: CountryId[] } | { roll: CountryId[] };

/** Orders one group of equal libraries by their die rolls, round by round. */
function byRolls(group: CountryId[], rolls: Record<CountryId, number[]>, round: number, need: CountryId[]): CountryId[] {
  if (group.length <= 1) return group;
  const missing = group.filter((c) => (rolls[c] ?? []).length <= round);
  if (missing.length > 0) {
    need.push(...missing);
    return group;
  }
  const faces = [...new Set(group.map((c) => rolls[c]![round]!))].sort((a, b) => b - a);
  return faces.flatMap((f) =>
    byRolls(
      group.filter((c) => rolls[c]![round] === f),
      rolls,
      round + 1,
      need,
    ),
  );
}

/**
 * The buying order, or who must roll (again) first. `seats` gives the countries in seat order,
 * so the roll-off is asked in a fixed order.
 */
export function buyingOrder(buying: Buying, seats: readonly CountryId[]): BuyingOrder {
  const buyers = seats.filter((c) => buying.points[c] !== undefined);
  const values = [...new Set(buyers.map((c) => buying.points[c]!))].sort((a, b) => b - a);
  const need: CountryId[] = [];
  const order = values.flatMap((v) =>
    byRolls(
      buyers.filter((c) => buying.points[c] === v),
      buying.rolls,
      0,
      need,
    ),
  );
  return need.length > 0 ? { roll: need } : { order };
}

// Rows that leave a list stay in place as a quiet "bought" or "sold" line until the turn moves
// on, so the rows under the banker's finger never shift up: the second tap of a double tap lands
// on the line that says what the first one did, not on the next book's button (the issue
// measured a 60 ms double tap buying two different books).
import type { GameState } from '../../../engine/index.js';

/** A market turn, or any other stretch of play during which a list keeps its rows. */
export function turnKey(state: GameState): string {
  return `${state.century}/${state.round}/${state.phase}/${state.current}`;
}

export class StableList {
  private key = '';
  private seen = new Set<string>();

  /** The items to show, in their usual order: those present, and those that left during this turn. */
  rows<T extends { id: string }>(key: string, all: readonly T[], present: (item: T) => boolean): { item: T; gone: boolean }[] {
    if (key !== this.key) {
      this.key = key;
      this.seen = new Set();
    }
    const out: { item: T; gone: boolean }[] = [];
    for (const item of all) {
      const here = present(item);
      if (here) this.seen.add(item.id);
      if (here || this.seen.has(item.id)) out.push({ item, gone: !here });
    }
    return out;
  }
}

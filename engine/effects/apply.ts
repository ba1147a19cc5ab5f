// Applies a card's effects to the table: the same data that prints the card's line. Each verb
// carries itself out (./verbs/); credits move only through the ledger, so a country that cannot
// pay runs up a debt, never a negative balance. What needs a person (drawing a chance card,
// bidding, choosing a book, choosing how a debt is paid) comes back as a prompt.
import type { Game } from '../game.js';
import type { Edition } from '../schema/game.js';
import type { CountryId } from '../ledger.js';
import type { Table } from '../table.js';
import type { Prompt } from '../prompts.js';
import { verbFor, type Effect } from './verbs/index.js';
import { EffectRun, type EffectLine } from './run.js';

export interface Applied {
  table: Table;
  prompts: Prompt[];
  /** Lines for the game's history, e.g. Spain / "pays England 3 (debt 1)". */
  log: EffectLine[];
}

/** `words: false`: no history lines are wanted (an unrecorded game), so `log` stays empty. */
export function applyEffects(
  game: Game,
  edition: Edition,
  table: Table,
  holder: CountryId | null,
  effects: readonly Effect[],
  reason: string,
  words = true,
): Applied {
  const run = new EffectRun(game, edition, table, holder, reason, words);
  for (const e of effects) verbFor(e).apply(run, e);
  return { table: run.table, prompts: run.stillOpen(), log: run.log };
}

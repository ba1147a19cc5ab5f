// Is this action allowed now? null if so, otherwise one sentence for the banker saying why not
// and, where it helps, what to do instead. Every action is first read against its schema, so an
// unknown or malformed action (a saved game from another tool) is refused with a reason, never
// thrown; then, while the table owes a decision (a book to choose, a debt's terms, a claim), only
// the answer to it — or undo — is allowed; then the action's own rules; then, for an action that
// moves credits, that no purse, debt or payment passes what a table holds.
import type { Game } from '../game.js';
import { ctxOf } from './action.js';
import { actionDef } from './actions/index.js';
import { openDecision } from './read.js';
import type { GameState } from './types.js';
import { plainIssue } from '../plain-issue.js';
import { MAX_CREDITS, TableLimit, roomLeft } from '../ledger.js';
import { Recorder } from './action.js';
import { Name, name } from './read.js';

const LIMIT = MAX_CREDITS.toLocaleString('en');

/** What a table can hold, passed: the sentence for the banker (see TableLimit). */
function limitReason(game: Game, e: TableLimit): string {
  const n = e.amount.toLocaleString('en');
  if (e.kind === 'purse') {
    const via = e.other === undefined ? '' : ` (what reaches ${name(game, e.other)} goes on to ${name(game, e.country)} for its debt)`;
    return `That would give ${name(game, e.country)} ${n} credits${via}, more than the ${LIMIT} a purse can hold at any table: check the amount.`;
  }
  if (e.kind === 'debt')
    return `That would leave ${name(game, e.country)} owing ${name(game, e.other!)} ${n} credits, more than the ${LIMIT} any table holds: check the amount.`;
  return `${Name(game, e.other!)} would pay ${name(game, e.country)} ${n} credits at once, more than the ${LIMIT} any table holds: check the amount.`;
}

// Nobody reads the scratch copy's history lines.
const SILENT = new Recorder(0, false);

/**
 * `typed`: the action was built in code as an `Action`, so its shape is known and is not read
 * against the saved-game schema again (the simulator's bots, thousands of games a second; their
 * tests read every action against it). Every rule is checked all the same.
 */
export function check(game: Game, state: GameState, action: unknown, typed = false): string | null {
  const type = typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : undefined;
  const def = actionDef(type);
  if (!def) return `The referee does not know the action ${typeof type === 'string' ? `'${type.slice(0, 40)}'` : 'without a type'}.`;
  let data = action;
  if (!typed) {
    const parsed = def.schema.safeParse(action);
    if (!parsed.success)
      return `This ${def.type} cannot be recorded: ${plainIssue(parsed.error.issues[0]!, action, (p) => `the field '${p.map(String).join('.')}'`)}.`;
    data = parsed.data;
  }
  if (!def.meta && !def.answers) {
    const decision = openDecision(game, state);
    if (decision) return decision;
  }
  const ctx = ctxOf(game, state);
  const refusal = def.check(ctx, data);
  if (refusal !== null || !def.credits) return refusal;
  // Far from what a table holds (every game as it is played), nothing can pass it.
  if (def.credits(ctx, data) <= roomLeft(state.table.ledger)) return null;
  try {
    def.apply(ctx, data, SILENT);
    return null;
  } catch (e) {
    if (e instanceof TableLimit) return limitReason(game, e);
    throw e;
  }
}

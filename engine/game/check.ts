// Is this action allowed now? null if so, otherwise one sentence for the banker saying why not
// and, where it helps, what to do instead. Every action is first read against its schema, so an
// unknown or malformed action (a saved game from another tool) is refused with a reason, never
// thrown; then, while the table owes a decision (a book to choose, a debt's terms, a claim), only
// the answer to it — or undo — is allowed; then the action's own rules.
import type { Game } from '../game.js';
import { ctxOf } from './action.js';
import { actionDef } from './actions/index.js';
import { openDecision } from './read.js';
import type { GameState } from './types.js';
import { plainIssue } from '../plain-issue.js';

export function check(game: Game, state: GameState, action: unknown): string | null {
  const type = typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : undefined;
  const def = actionDef(type);
  if (!def) return `The referee does not know the action ${typeof type === 'string' ? `'${type.slice(0, 40)}'` : 'without a type'}.`;
  const parsed = def.schema.safeParse(action);
  if (!parsed.success)
    return `This ${def.type} cannot be recorded: ${plainIssue(parsed.error.issues[0]!, action, (p) => `the field '${p.map(String).join('.')}'`)}.`;
  if (!def.meta && !def.answers) {
    const decision = openDecision(game, state);
    if (decision) return decision;
  }
  return def.check(ctxOf(game, state), parsed.data);
}

// A short sentence for a log entry, used for lines that are undone (the engine's history holds
// only what is in effect) and for undo and redo themselves.
import { actionDef, type Action, type Game } from '../../../engine/index.js';

/** The action's own sentence (each action module in engine/game/actions says how it reads). */
export function describeAction(game: Game, a: Action): string {
  const s = actionDef(a.type)?.describe(game, a as never) ?? a.type;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

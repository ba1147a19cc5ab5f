// Carries out a legal game action (not undo/redo): its module does the work; then any collection
// the moved books complete is locked — with the assignment that scores highest — and said so.
import type { Game } from '../game.js';
import type { Table } from '../table.js';
import { lockCompleted } from '../scoring.js';
import { collectionRule } from '../names.js';
import { cardTitle } from '../table.js';
import { Recorder, ctxOf } from './action.js';
import { actionDef, type Action } from './actions/index.js';
import { tidy } from './ask.js';
import { append } from '../chain.js';
import { Name } from './read.js';
import type { GameState } from './types.js';

function announceLocks(game: Game, before: Table, after: Table, rec: Recorder): void {
  for (const set of after.sets.slice(before.sets.length)) {
    const collection = collectionRule(game, set.collection);
    const titles = set.cards.map((id) => cardTitle(game, id)).join(', ');
    rec.say(Name(game, set.country), `completes ${collection?.name ?? set.collection}: ${titles} are locked`, 'collection');
  }
}

export function applyAction(game: Game, state: GameState, action: Action, seq: number): GameState {
  const rec = new Recorder(seq);
  const ctx = ctxOf(game, state);
  let next = actionDef(action.type)!.apply(ctx, action as never, rec);
  if (next.table.owner !== state.table.owner) {
    const locked = lockCompleted(game, ctx.edition, next.table);
    announceLocks(game, next.table, locked, rec);
    next = tidy({ ...next, table: locked });
  }
  return { ...next, history: append(state.history, rec.lines) };
}

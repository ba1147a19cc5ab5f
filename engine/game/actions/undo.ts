// Undo, redo and undo-to are entries in the log too: the game goes back to the state of its
// effective actions (engine/game/step.ts rebuilds it), so nothing is ever reversed by hand and
// nothing is lost.
import { z } from 'zod';
import { defineAction } from '../action.js';
import { toArray } from '../../chain.js';

export const undoAction = defineAction({
  type: 'undo',
  meta: true,
  schema: z.strictObject({ type: z.literal('undo') }),
  summary: 'Takes back the last action still in effect. It stays in the log, marked undone.',
  example: { type: 'undo' },
  check: ({ state }) => (state.entries.length > 0 ? null : 'There is nothing to undo.'),
  apply: ({ state }) => state,
  describe: () => 'Undo',
});

export const redoAction = defineAction({
  type: 'redo',
  meta: true,
  schema: z.strictObject({ type: z.literal('redo') }),
  summary: 'Brings back the last undone action, as long as nothing new was recorded since.',
  example: { type: 'redo' },
  check: ({ state }) => (state.redo.length > 0 ? null : 'There is nothing to redo.'),
  apply: ({ state }) => state,
  describe: () => 'Redo',
});

export const undoToAction = defineAction({
  type: 'undo-to',
  meta: true,
  schema: z.strictObject({ type: z.literal('undo-to'), seq: z.number().int().min(0).describe('The log line to go back to; 0 undoes everything.') }),
  summary: 'Goes back to the game as it stood after one log line: everything after it is undone at once.',
  example: { type: 'undo-to', seq: 42 },
  check({ state }, a) {
    const entries = toArray(state.entries);
    if (a.seq !== 0 && !entries.some((e) => e.seq === a.seq)) return 'That line has already been undone, or is not in this game.';
    return entries.some((e) => e.seq > a.seq) ? null : 'Nothing comes after that line.';
  },
  apply: ({ state }) => state,
  describe: (_game, a) => (a.seq === 0 ? 'Undo everything' : `Undo back to line ${a.seq}`),
});

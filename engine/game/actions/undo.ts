// Undo, redo and undo-to are entries in the log too: the game goes back to the state of its
// effective actions (engine/game/step.ts rebuilds it), so nothing is ever reversed by hand and
// nothing is lost.
import { z } from 'zod';
import { defineAction } from '../action.js';
import { undoToProblem } from '../log-books.js';

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
  // Entries are in seq order: only the links back to the line are read, not the whole game.
  check: ({ state }, a) => undoToProblem(state.entries, a.seq),
  apply: ({ state }) => state,
  describe: (_game, a) => (a.seq === 0 ? 'Undo everything' : `Undo back to line ${a.seq}`),
});

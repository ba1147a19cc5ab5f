// The table agrees to stop early (the rule book's "Stopping early"): the game ends after this
// century (after its world event, in editions that have them), and is counted as a full game is.
// It may name the current century or a later one, never one already over.
import { z } from 'zod';
import { centuryName } from '../../names.js';
import { IdField, OVER, defineAction } from '../action.js';
import { withState } from '../state.js';

export const endAfterAction = defineAction({
  type: 'end-after',
  schema: z.strictObject({ type: z.literal('end-after'), century: IdField.describe('The id of the last century to play.') }),
  summary: 'The table agrees to stop early: the game ends after this century.',
  example: { type: 'end-after', century: '17th' },
  check({ game, state }, a) {
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    const at = game.centuries.findIndex((c) => c.id === a.century);
    if (at < 0) return `There is no century '${a.century}'.`;
    if (at < game.centuries.findIndex((c) => c.id === state.century)) return `The ${centuryName(game, a.century)} is already over.`;
    if (a.century === state.end) return `The game already ends after the ${centuryName(game, a.century)}.`;
    return null;
  },
  apply({ game, state }, a, rec) {
    if (rec.on) rec.say('Game', `The table agrees to end the game after the ${centuryName(game, a.century)}`, 'stopping early');
    return withState(state, { end: a.century });
  },
  describe: (game, a) => `End after the ${centuryName(game, a.century)}`,
});

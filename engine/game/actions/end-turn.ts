// Next country, next phase, next round, next century — once the table has done what the turn
// needs. In the end-of-game buying, a country with credits that can still buy something must.
import { z } from 'zod';
import { centuryName } from '../../names.js';
import { OVER, defineAction, creditsOf, credits, type Ctx, type Recorder } from '../action.js';
import { Name, Names, blocker, name, possessive, canBuyAnything, hasWorldEvent, unplayedNationalEvents } from '../read.js';
import { buyingOrder } from '../final-buying.js';
import { advance } from '../turns.js';
import type { GameState } from '../types.js';

function describeTurn({ game }: Ctx, before: GameState, after: GameState, rec: Recorder): void {
  if (after.phase === 'over') {
    if (rec.on) rec.say('Game', 'The game is over: count the scores', before.phase === 'final-buying' ? 'end of the buying' : 'end of the last century');
    return;
  }
  if (after.phase === 'final-buying' && before.phase !== 'final-buying') {
    if (rec.on) rec.say('Game', 'The game is over; leftover credits now buy books, the most valuable library first', 'end of the last century');
    return;
  }
  if (after.century !== before.century) {
    if (rec.on) rec.say('Game', `The ${centuryName(game, after.century)} begins; ${name(game, after.table.lead)} leads`, 'new century');
    return;
  }
  if (after.phase !== before.phase || after.round !== before.round) {
    // Only national events and the market come round more than once a century (in long play).
    const round = after.round > 1 ? `, round ${after.round}` : '';
    const what = {
      'national-events': `National events${round}`,
      market: `The market opens${round}`,
      'world-event': 'Time for the world event',
      'final-buying': 'The final buying',
      over: '',
    }[after.phase];
    if (rec.on) rec.say('Game', what, 'next phase');
    return;
  }
  if (rec.on) rec.say('Game', `${possessive(Name(game, after.current))} turn`, 'next turn');
}

export const endTurnAction = defineAction({
  type: 'end-turn',
  schema: z.strictObject({ type: z.literal('end-turn') }),
  summary: 'Next country, next phase, next round or next century, once the turn is done.',
  example: { type: 'end-turn' },
  check({ game, state }) {
    if (state.phase === 'over') return OVER;
    const wait = blocker(game, state);
    if (wait) return wait;
    // Named only in a refusal: the usual end of a turn builds no words.
    const who = () => Name(game, state.current);
    if (state.phase === 'national-events' && !state.eventPlayed && unplayedNationalEvents(game, state, state.current).length > 0) {
      return `${who()} has not played its ${centuryName(game, state.century)} national event yet.`;
    }
    if (state.phase === 'market' && !state.rolled && !state.skipping) return `${who()} has not rolled the die yet.`;
    if (state.phase === 'world-event' && !state.eventPlayed && hasWorldEvent(game, state.century)) {
      return `The ${centuryName(game, state.century)} world event has not been turned over yet.`;
    }
    if (state.phase === 'final-buying') {
      const found = state.buying ? buyingOrder(state.buying, state.table.players) : null;
      if (found && 'roll' in found) return `${Names(game, found.roll)} must first roll the die to settle the buying order.`;
      if (canBuyAnything(game, state, state.current)) {
        return `${who()} still has ${credits(creditsOf(state, state.current))} and can afford a book: leftover credits must buy books before the count.`;
      }
    }
    return null;
  },
  apply(ctx, _a, rec) {
    const next = advance(ctx.game, ctx.state);
    if (rec.on) describeTurn(ctx, ctx.state, next, rec);
    return next;
  },
  describe: () => 'The turn ends',
});

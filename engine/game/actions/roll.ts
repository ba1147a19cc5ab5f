// A die result, entered or rolled on screen: stored as data, never rolled again. In the market it
// brings credits, a re-roll in the first round, or a chance card; at the end of a classic game it
// breaks a tie in the buying order.
import { z } from 'zod';
import { spend } from '../../ledger.js';
import { CountryField, defineAction, seated } from '../action.js';
import { Name, Names, name, possessive } from '../read.js';
import { ask } from '../ask.js';
import { buyingOrder } from '../final-buying.js';
import { afterTieRoll } from '../turns.js';
import { withState } from '../state.js';
import { withTable } from '../../table.js';

export const rollAction = defineAction({
  type: 'roll',
  schema: z.strictObject({ type: z.literal('roll'), country: CountryField, face: z.number().int().min(1).max(6).describe('The face the die shows, 1 to 6.') }),
  summary:
    'A die result: the face the die showed, entered by tapping it or rolled on screen. In the market it brings that many credits, a re-roll in the first round, or a chance card; in the end-of-game buying it breaks a tie.',
  example: { type: 'roll', country: 'spain', face: 4 },
  check({ game, state }, a) {
    const who = seated(game, state, a.country);
    if (who) return who;
    if (state.phase === 'final-buying' && state.buying) {
      const found = buyingOrder(state.buying, state.table.players);
      if (!('roll' in found)) return 'The buying order is settled; no more rolls are needed.';
      if (!found.roll.includes(a.country)) return `${Names(game, found.roll)} roll to break the tie, not ${name(game, a.country)}.`;
      return null;
    }
    if (state.phase !== 'market') return 'The die is rolled in the market, after the national events.';
    if (a.country !== state.current) return `It is ${possessive(name(game, state.current))} turn to roll.`;
    if (state.skipping) return `${Name(game, a.country)} skips its roll this turn.`;
    if (state.rolled) return `${Name(game, a.country)} has already rolled this turn.`;
    return null;
  },
  credits: (_ctx, a) => a.face,
  apply({ game, state, edition }, a, rec) {
    const who = rec.on ? Name(game, a.country) : '';
    if (state.phase === 'final-buying' && state.buying) {
      const rolls = { ...state.buying.rolls, [a.country]: [...(state.buying.rolls[a.country] ?? []), a.face] };
      if (rec.on) rec.say(who, `rolls ${a.face} for the buying order`, 'tie');
      return afterTieRoll(game, withState(state, { buying: { ...state.buying, rolls } }));
    }
    if (state.firstRound && edition.first_round_reroll.includes(a.face)) {
      if (rec.on) rec.say(who, `rolls ${a.face}: roll again (first round)`, 'die');
      return state;
    }
    if (!state.firstRound && edition.chance_faces.includes(a.face)) {
      if (rec.on) rec.say(who, `rolls ${a.face}: draw a chance card`, 'die');
      return ask(game, withState(state, { rolled: true }), [{ kind: 'draw-chance', country: a.country, count: 1 }]);
    }
    const before = state.table.ledger.credits[a.country] ?? 0;
    const { ledger } = spend(state.table.ledger, 'bank', a.country, a.face, 'die roll');
    const kept = (ledger.credits[a.country] ?? 0) - before;
    if (rec.on) rec.say(who, `rolls ${a.face} and takes ${a.face} from the bank${kept < a.face ? ` (${a.face - kept} of it pays debts)` : ''}`, 'die');
    return withState(state, { table: withTable(state.table, { ledger }), rolled: true });
  },
  describe: (game, a) => `${Name(game, a.country)} rolls ${a.face}`,
});

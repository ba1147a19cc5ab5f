// release_lot: an auction lot goes up for auction now.
import { z } from 'zod';
import { Id } from '../../schema/common.js';
import { lotName } from '../../names.js';
import { defineVerb } from '../verb.js';

export const ReleaseLotEffect = z
  .strictObject({ release_lot: Id.describe('The id of the auction lot that goes up for auction now.') })
  .describe('Opens the auction of a lot of auction books.');
export type ReleaseLotEffect = z.infer<typeof ReleaseLotEffect>;

export const releaseLotVerb = defineVerb({
  verb: 'release_lot',
  schema: ReleaseLotEffect,
  wording: (e, names) => ({ who: 'You', plural: true, self: true, their: 'your', lot: lotName(names, e.release_lot) }),
  references: (e) => [{ path: ['release_lot'], kind: 'lot', value: e.release_lot }],
  advice: (_e, cardType) =>
    cardType === 'national-event'
      ? []
      : [
          {
            path: ['release_lot'],
            message: `a ${cardType.replace('-', ' ')} releases an auction lot; the rules expect national events to do that`,
            fix: 'move this effect to a national event of the same century',
          },
        ],
  apply(run, e) {
    run.prompt({ kind: 'open-auction', lot: e.release_lot });
    if (run.on) run.say('Auction', `of ${lotName(run.game, e.release_lot)} opens`);
  },
  estimate: () => 0,
  // No credits move: books, prompts and turns only.
  most: () => 0,
});

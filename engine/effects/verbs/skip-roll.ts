// skip_roll: the country does not roll the die on its next market turn.
import { z } from 'zod';
import { defineVerb } from '../verb.js';
import { Who, whoPhrase, whoReference } from '../parts.js';

export const SkipRollEffect = z
  .strictObject({ skip_roll: z.literal(true).describe('Write true.'), who: Who.optional() })
  .describe('The country does not roll the die on its next market turn.');
export type SkipRollEffect = z.infer<typeof SkipRollEffect>;

export const skipRollVerb = defineVerb({
  verb: 'skip_roll',
  schema: SkipRollEffect,
  wording: (e, names) => ({ ...whoPhrase(names, e.who) }),
  references: (e) => whoReference(e.who),
  apply(run, e) {
    for (const who of run.everyone(e.who)) {
      if (who === 'bank') continue;
      run.prompt({ kind: 'skip-roll', country: who });
      if (run.on) run.say(who, 'skips its next roll');
    }
  },
  estimate: () => 0,
  // No credits move: books, prompts and turns only.
  most: () => 0,
});

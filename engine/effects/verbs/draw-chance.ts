// draw_chance: the country draws chance cards and follows them.
import { z } from 'zod';
import { defineVerb } from '../verb.js';
import { Who, whoPhrase, whoReference } from '../parts.js';

export const DrawChanceEffect = z
  .strictObject({
    draw_chance: z.number().int().min(1).max(3).describe('How many chance cards to draw.'),
    who: Who.optional(),
  })
  .describe('The country draws chance cards and follows them.');
export type DrawChanceEffect = z.infer<typeof DrawChanceEffect>;

export const drawChanceVerb = defineVerb({
  verb: 'draw_chance',
  schema: DrawChanceEffect,
  wording: (e, names) => ({ ...whoPhrase(names, e.who), count: e.draw_chance }),
  references: (e) => whoReference(e.who),
  apply(run, e) {
    for (const who of run.everyone(e.who)) {
      if (who === 'bank') continue;
      run.prompt({ kind: 'draw-chance', country: who, count: e.draw_chance });
      if (run.on) run.say(who, `draws ${e.draw_chance === 1 ? 'a chance card' : `${e.draw_chance} chance cards`}`);
    }
  },
  estimate: () => 0,
  // No credits move: books, prompts and turns only.
  most: () => 0,
});

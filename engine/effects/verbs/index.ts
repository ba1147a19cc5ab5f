// The effect verbs, in the order the content format reference lists them. The Effect schema and
// type, and every list of verbs, are derived from this one list.
import { z } from 'zod';
import { gainVerb } from './gain.js';
import { payVerb } from './pay.js';
import { releaseLotVerb } from './release-lot.js';
import { drawChanceVerb } from './draw-chance.js';
import { loseBookVerb } from './lose-book.js';
import { skipRollVerb } from './skip-roll.js';
import type { EffectVerb } from '../verb.js';

export const EFFECT_VERBS = [gainVerb, payVerb, releaseLotVerb, drawChanceVerb, loseBookVerb, skipRollVerb] as const;

type Verbs = (typeof EFFECT_VERBS)[number];
export type EffectVerbName = Verbs['verb'];

export const Effect = z
  .union(EFFECT_VERBS.map((v) => v.schema) as unknown as [Verbs['schema'], Verbs['schema'], ...Verbs['schema'][]])
  .describe(`One thing the card does, named by its verb: ${EFFECT_VERBS.map((v) => v.verb).join(', ')}.`);
export type Effect = z.infer<Verbs['schema']>;

export const Effects = z.array(Effect).describe('What the card does, in order.');

/** The verb module for an effect: the first of its keys that names a verb. */
export function verbFor(effect: Effect): EffectVerb {
  for (const v of EFFECT_VERBS) if (v.verb in effect) return v as unknown as EffectVerb;
  throw new Error('effect without a verb');
}

export function verbOf(effect: Effect): EffectVerbName {
  return verbFor(effect).verb as EffectVerbName;
}

export { gainVerb, payVerb, releaseLotVerb, drawChanceVerb, loseBookVerb, skipRollVerb };
export type { GainEffect } from './gain.js';
export type { PayEffect } from './pay.js';
export type { ReleaseLotEffect } from './release-lot.js';
export type { DrawChanceEffect } from './draw-chance.js';
export type { LoseBookEffect } from './lose-book.js';
export type { SkipRollEffect } from './skip-roll.js';

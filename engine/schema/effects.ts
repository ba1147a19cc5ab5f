// The effect language: what event and chance cards do, as data. Each verb is one module in
// engine/effects/verbs/; this file is where the card schemas find the list.
export { Effect, Effects, EFFECT_VERBS, verbOf, verbFor, type EffectVerbName } from '../effects/verbs/index.js';
export type { GainEffect, PayEffect, LoseBookEffect, ReleaseLotEffect, DrawChanceEffect, SkipRollEffect } from '../effects/verbs/index.js';
export { Per, Who, Party } from '../effects/parts.js';

// The effect language: what event and chance cards do, as data. The same data is rendered into
// the printed line (templates/effects.yaml) and applied by the referee (engine/effects/apply.ts).
import { z } from 'zod';
import { Id, CountryRef, GenreRef, CenturyRef } from './common.js';

const Amount = z
  .number()
  .int({ message: 'an amount is a whole number of credits' })
  .min(1, { message: 'an amount is at least 1 (use "pay" instead of a negative "gain")' })
  .max(50, { message: 'an amount above 50 credits would break the economy' });

export const Who = z
  .string()
  .describe(
    "Who is affected: 'self' (the country holding the card; the default), 'each' (every country), 'others' (every country but self), 'lead' (this century's lead country), 'richest', 'poorest', or a country id.",
  );

export const Party = z.string().describe("The other side of the payment: 'bank' (the default), 'self', 'lead', 'richest', 'poorest', or a country id.");

export const Per = z
  .strictObject({
    genre: GenreRef.optional(),
    country: CountryRef.optional(),
    century: CenturyRef.optional(),
  })
  .describe('Multiply the amount by the number of books the country owns that match: one of genre, country or century (manuscripts count for their country).')
  .refine((p) => Object.keys(p).length === 1, { message: "'per' takes exactly one of genre, country or century" });

const Max = z.number().int().min(1).describe('Optional cap on the total amount, after "per" is counted.');

export const GainEffect = z
  .strictObject({
    gain: Amount.describe('Credits received.'),
    who: Who.optional(),
    from: Party.optional(),
    per: Per.optional(),
    max: Max.optional(),
  })
  .describe('Credits come in: from the bank unless "from" names a country, which then pays (a debt if it is short).');

export const PayEffect = z
  .strictObject({
    pay: Amount.describe('Credits paid.'),
    who: Who.optional(),
    to: Party.optional(),
    per: Per.optional(),
    max: Max.optional(),
  })
  .describe('Credits go out: to the bank unless "to" names a country. What cannot be paid becomes a debt.');

export const ReleaseLotEffect = z
  .strictObject({ release_lot: Id.describe('The id of the auction lot that goes up for auction now.') })
  .describe('Opens the auction of a lot of auction books.');

export const DrawChanceEffect = z
  .strictObject({
    draw_chance: z.number().int().min(1).max(3).describe('How many chance cards to draw.'),
    who: Who.optional(),
  })
  .describe('The country draws chance cards and follows them.');

export const BookPick = z
  .enum(['most-valuable', 'least-valuable', 'newest', 'oldest', 'owner-choice'])
  .describe("Which book goes: 'most-valuable', 'least-valuable', 'newest' (latest year), 'oldest' (earliest year) or 'owner-choice'.");

export const LoseBookEffect = z
  .strictObject({
    lose_book: BookPick,
    who: Who.optional(),
    to: z.string().optional().describe("Where the book goes: 'market' (the default) or a country id."),
    count: z.number().int().min(1).max(3).optional().describe('How many books (default 1).'),
    genre: GenreRef.optional().describe('Only books of this genre.'),
    century: CenturyRef.optional().describe('Only books of this century.'),
    country: CountryRef.optional().describe('Only books of this country.'),
  })
  .describe('The country loses a book (never one in a completed, locked collection).');

export const SkipRollEffect = z
  .strictObject({ skip_roll: z.literal(true).describe('Write true.'), who: Who.optional() })
  .describe('The country does not roll the die on its next market turn.');

/** Each effect is a mapping named by its verb: the first key says what happens. */
export const EFFECT_VERBS = {
  gain: GainEffect,
  pay: PayEffect,
  release_lot: ReleaseLotEffect,
  draw_chance: DrawChanceEffect,
  lose_book: LoseBookEffect,
  skip_roll: SkipRollEffect,
} as const;
export type EffectVerb = keyof typeof EFFECT_VERBS;

export const Effect = z
  .union([GainEffect, PayEffect, ReleaseLotEffect, DrawChanceEffect, LoseBookEffect, SkipRollEffect])
  .describe('One thing the card does, named by its verb: gain, pay, release_lot, draw_chance, lose_book or skip_roll.');

export const Effects = z.array(Effect).describe('What the card does, in order.');

export type Effect = z.infer<typeof Effect>;
export type GainEffect = z.infer<typeof GainEffect>;
export type PayEffect = z.infer<typeof PayEffect>;
export type LoseBookEffect = z.infer<typeof LoseBookEffect>;
export type Per = z.infer<typeof Per>;

export function verbOf(effect: Effect): EffectVerb {
  for (const verb of Object.keys(EFFECT_VERBS) as EffectVerb[]) if (verb in effect) return verb;
  throw new Error('effect without a verb');
}

// What a layout's templates can say about a card: its own fields at the top level, and the
// things it points at resolved — {{country.name}}, {{century.numeral}}, {{genre.icon}},
// {{lot.name}}, {{edition.name}} — each with its `index` in game order for sorting.
import Handlebars from 'handlebars';
import { compileTemplate, LENIENT } from '../compiled-templates.js';
import type { Card, Game } from '../../../engine/index.js';

export type CardContext = Record<string, unknown> & { card: Card };

function indexed<T extends { id: string }>(list: T[], id: unknown): (T & { index: number }) | undefined {
  const index = list.findIndex((x) => x.id === id);
  return index < 0 ? undefined : { ...list[index]!, index };
}

/** Each card's context, by game: validate lays a card out on four sizes, and fills its templates once. */
const contexts = new WeakMap<Game, WeakMap<Card, CardContext>>();

export function cardContext(card: Card, game: Game): CardContext {
  let ofGame = contexts.get(game);
  if (!ofGame) contexts.set(game, (ofGame = new WeakMap()));
  let ctx = ofGame.get(card);
  if (!ctx) ofGame.set(card, (ctx = newContext(card, game)));
  return ctx;
}

function newContext(card: Card, game: Game): CardContext {
  const fields = card as unknown as Record<string, unknown>;
  const lot = indexed(game.lots, fields.lot);
  const centuryId = fields.century ?? lot?.century;
  return {
    ...fields,
    card,
    country: indexed(game.countries, fields.country),
    century: indexed(game.centuries, centuryId),
    genre: indexed(game.genres, fields.genre),
    lot,
    edition: indexed(game.rules.editions, fields.edition),
    // The pack a card came from (none for the base game): layouts print its mark beside the code.
    pack: indexed(game.packs, fields.pack),
    game,
  };
}

/** A dotted path into the context: "gloss", "country.index". */
export function lookup(ctx: unknown, path: string): unknown {
  let v: unknown = ctx;
  for (const part of path.split('.')) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

export function present(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const hb = Handlebars.create();
hb.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).find(present) ?? '');
hb.registerHelper('upper', (s: unknown) => String(s ?? '').toUpperCase());
hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** What each context's templates came to: contexts are never changed once made. */
const filled = new WeakMap<object, Map<string, string>>();

/** Fills a layout string; plain strings (no "{{") come back as they are. */
export function fill(template: string, ctx: unknown): string {
  if (!template.includes('{{')) return template;
  const known = typeof ctx === 'object' && ctx !== null ? filled.get(ctx) : undefined;
  const seen = known?.get(template);
  if (seen !== undefined) return seen;
  let t = compiled.get(template);
  if (!t) {
    t = compileTemplate(hb, template, LENIENT);
    compiled.set(template, t);
  }
  // Runs of spaces and line breaks become one space. A byte-order mark counts as a space to \s,
  // but it is an invisible character pasted in with the text: it is left for the glyph check to
  // refuse (print/invisible.ts), as validate does, instead of printing as a gap.
  const text = t(ctx)
    .replace(/[^\S\ufeff]+/g, ' ')
    .trim();
  if (typeof ctx === 'object' && ctx !== null) {
    if (known) known.set(template, text);
    else filled.set(ctx, new Map([[template, text]]));
  }
  return text;
}

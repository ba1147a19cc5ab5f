// Renders an effect into the short line printed on the card. The words live in a Handlebars
// template (templates/effects.yaml) so a restyle or a translation is not a code change.
import Handlebars from 'handlebars';
import { verbOf, type Effect, type Per } from '../schema/effects.js';
import type { Country, Century, Genre } from '../schema/game.js';
import { byId, countryName, genreName, lotName } from '../names.js';

export interface NameBook {
  countries: Country[];
  centuries: Century[];
  genres: Genre[];
  lots: { id: string; name: string }[];
}

export type EffectTemplates = Record<string, string>;

const PICK: Record<string, string> = {
  'most-valuable': 'most valuable',
  'least-valuable': 'least valuable',
  newest: 'newest',
  oldest: 'oldest',
  'owner-choice': 'chosen',
};

/** "The Americas" opens a sentence, but reads "the Americas" inside one. */
function inSentence(name: string): string {
  return name.replace(/^The /, 'the ');
}

function whoPhrase(names: NameBook, who: string | undefined): { who: string; plural: boolean; self: boolean; their: string } {
  switch (who ?? 'self') {
    case 'self':
      return { who: 'You', plural: true, self: true, their: 'your' };
    case 'each':
      return { who: 'Each country', plural: false, self: false, their: 'its' };
    case 'others':
      return { who: 'Every other country', plural: false, self: false, their: 'its' };
    case 'lead':
      return { who: 'The lead country', plural: false, self: false, their: 'its' };
    case 'richest':
      return { who: 'The richest country', plural: false, self: false, their: 'its' };
    case 'poorest':
      return { who: 'The poorest country', plural: false, self: false, their: 'its' };
    default:
      return { who: countryName(names, who!), plural: false, self: false, their: 'its' };
  }
}

function partyPhrase(names: NameBook, party: string | undefined): string {
  switch (party ?? 'bank') {
    case 'bank':
      return 'the bank';
    case 'self':
      return 'you';
    case 'lead':
      return 'the lead country';
    case 'richest':
      return 'the richest country';
    case 'poorest':
      return 'the poorest country';
    case 'market':
      return 'the market';
    default:
      return inSentence(countryName(names, party!));
  }
}

function perPhrase(names: NameBook, per: Per | undefined): string {
  if (!per) return '';
  if (per.genre) return `${genreName(names, per.genre)} book`;
  if (per.country) {
    const c = byId(names.countries, per.country);
    return `${c?.adjective ?? c?.name ?? per.country} book`;
  }
  if (per.century) return `${per.century}-century book`;
  return '';
}

function effectContext(effect: Effect, names: NameBook): Record<string, unknown> {
  const base = whoPhrase(names, 'who' in effect ? effect.who : undefined);
  if ('gain' in effect) {
    return {
      ...base,
      amount: effect.gain,
      from: partyPhrase(names, effect.from),
      bank: (effect.from ?? 'bank') === 'bank',
      per: perPhrase(names, effect.per),
      max: effect.max,
    };
  }
  if ('pay' in effect) {
    return {
      ...base,
      amount: effect.pay,
      to: partyPhrase(names, effect.to),
      bank: (effect.to ?? 'bank') === 'bank',
      per: perPhrase(names, effect.per),
      max: effect.max,
    };
  }
  if ('release_lot' in effect) return { ...base, lot: lotName(names, effect.release_lot) };
  if ('draw_chance' in effect) return { ...base, count: effect.draw_chance };
  if ('lose_book' in effect) {
    const filter = effect.genre
      ? `${genreName(names, effect.genre)} `
      : effect.century
        ? `${effect.century}-century `
        : effect.country
          ? `${byId(names.countries, effect.country)?.adjective ?? effect.country} `
          : '';
    return { ...base, pick: PICK[effect.lose_book], filter, count: effect.count ?? 1, dest: partyPhrase(names, effect.to ?? 'market') };
  }
  return { ...base };
}

export type EffectRenderer = (effect: Effect) => string;

/** Compiles the templates once; the returned function renders any effect. */
export function effectRenderer(templates: EffectTemplates, names: NameBook): EffectRenderer {
  const hb = Handlebars.create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  for (const [verb, source] of Object.entries(templates)) compiled.set(verb, hb.compile(source, { noEscape: true, strict: false }));
  return (effect) => {
    const verb = verbOf(effect);
    const t = compiled.get(verb);
    if (!t) throw new Error(`templates/effects.yaml has no template for '${verb}'`);
    return t(effectContext(effect, names)).replace(/\s+/g, ' ').trim();
  };
}

// Renders an effect into the short line printed on the card. The words live in a Handlebars
// template per verb (templates/effects.yaml), so a restyle or a translation is not a code change;
// each verb module says what its template can use.
import Handlebars from 'handlebars';
import { verbFor, type Effect } from './verbs/index.js';
import type { NameBook } from './verb.js';

export type { NameBook };
export type EffectTemplates = Record<string, string>;

export type EffectRenderer = (effect: Effect) => string;

/** Compiles the templates once; the returned function renders any effect. */
export function effectRenderer(templates: EffectTemplates, names: NameBook): EffectRenderer {
  const hb = Handlebars.create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  for (const [verb, source] of Object.entries(templates)) compiled.set(verb, hb.compile(source, { noEscape: true, strict: false }));
  return (effect) => {
    const verb = verbFor(effect);
    const t = compiled.get(verb.verb);
    if (!t) throw new Error(`templates/effects.yaml has no template for '${verb.verb}'`);
    return t(verb.wording(effect, names)).replace(/\s+/g, ' ').trim();
  };
}

// The words printed on the play aids, from templates/rulebook/aids.yaml, filled in with the same
// data and helpers as the rule book so the two never disagree.
import { join } from 'node:path';
import { z } from 'zod';
import type { Game } from '../../../engine/index.js';
import { BuildError } from '../../build-error.js';
import { readTemplate } from '../../load/read-template.js';
import { curlyQuotes } from '../../load/quotes.js';
import { RULEBOOK_TEMPLATES } from '../rulebook/chapters.js';
import { createHandlebars } from '../rulebook/helpers.js';
import { compileTemplate, STRICT } from '../compiled-templates.js';
import { buildView } from '../rulebook/view.js';

const AidsFile = z.strictObject({
  footer: z.string(),
  debt_ledger: z.strictObject({ title: z.string(), intro: z.string(), columns: z.array(z.string()).length(5), legend: z.string() }),
  score_sheet: z.strictObject({ title: z.string(), game: z.string(), columns: z.array(z.string()).length(6), steps: z.array(z.string()), tie: z.string() }),
  credit_tokens: z.strictObject({ title: z.string(), intro: z.string(), one: z.string(), many: z.string() }),
});
export type AidsWords = z.infer<typeof AidsFile>;

/** Undo the Markdown escaping the view applies: the aids print plain text. */
const plain = (s: string) => s.replace(/\\([\\*_[\]|<>`~#])/g, '$1');

/** The aids' words for one edition (the default when none is named): its debt and scoring rules. */
export function aidsWords(game: Game, editionId = game.rules.default_edition, dir = RULEBOOK_TEMPLATES): AidsWords {
  const file = join(dir, 'aids.yaml');
  const words = readTemplate(file, AidsFile, 'play-aid words', 'compare it with the comments at the top of aids.yaml');
  const base = buildView(game);
  const view = { ...base, edition: base.editions.find((e) => e.id === editionId) ?? base.edition };
  const hb = createHandlebars(game, view);
  const fill = (value: unknown, where: string): unknown => {
    if (typeof value === 'string') {
      // Compiling a template costs far more than filling it: words with nothing to fill are not compiled.
      if (!value.includes('{{')) return curlyQuotes(plain(value));
      try {
        return curlyQuotes(plain(compileTemplate(hb, value, STRICT)(view)));
      } catch (e) {
        throw new BuildError(
          `the play-aid text ${where} in ${file} could not be filled in: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
          'check the {{…}} names against templates/rulebook/README.md',
        );
      }
    }
    if (Array.isArray(value)) return value.map((v, i) => fill(v, `${where}[${i}]`));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, where ? `${where}.${k}` : k)]));
    return value;
  };
  return fill(words, '') as AidsWords;
}

// The words printed on the home-print sheets and the duplex calibration page come from
// templates/sheets.yaml as Handlebars. Each is checked when the templates are read, so a name
// that does not exist stops the build there, naming the line, instead of halfway through.
import Handlebars from 'handlebars';
import { compileTemplate, STRICT } from '../compiled-templates.js';
import { BuildError } from '../../build-error.js';
import type { SheetWords } from '../layout/schema.js';

type Data = Record<string, string | number>;

/** What each group of words can use, with a sample for the check. */
const SAMPLES = {
  sheets: { game: 'Game', deck: 'Deck', paper: 'A4', sheet: 1, sheets: 2 },
  press: { game: 'Game', deck: 'Deck', cards: 9, bleed: 3.175 },
  calibration: { game: 'Game', paper: 'A4', x: '0', y: '0', example_x: '1', example_y: '-0.5' },
} satisfies Record<keyof SheetWords, Data>;

const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** The words filled in with `data`. */
export function fillWords(template: string, data: Data): string {
  let t = compiled.get(template);
  if (!t) compiled.set(template, (t = compileTemplate(Handlebars, template, STRICT)));
  return t(data);
}

/** Throws a BuildError naming the first entry that uses a name it cannot, or is not Handlebars. */
export function checkSheetWords(words: SheetWords, file: string): void {
  for (const group of Object.keys(SAMPLES) as (keyof SheetWords)[]) {
    const sample: Data = SAMPLES[group];
    for (const [key, value] of Object.entries(words[group])) {
      for (const [i, template] of (Array.isArray(value) ? value : [value]).entries()) {
        const where = `${group}.${key}${Array.isArray(value) ? `[${i}]` : ''}`;
        try {
          fillWords(template, sample);
        } catch (e) {
          const name = /"([^"]+)" not defined/.exec((e as Error).message)?.[1];
          throw new BuildError(
            name
              ? `${file}: ${where} uses {{${name}}}, which is not one of the names it can use`
              : `${file}: ${where} is not valid Handlebars: ${(e as Error).message.split('\n')[0]}`,
            `the names ${where.split('.')[0]} can use: ${Object.keys(sample)
              .map((n) => `{{${n}}}`)
              .join(', ')}`,
            file,
          );
        }
      }
    }
  }
}

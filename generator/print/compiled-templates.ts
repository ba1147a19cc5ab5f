// Every Handlebars template a build fills comes from templates/: the rule book's chapters (about
// 50 KB, compiling them cost the busiest thread a tenth of a second), and the short words in the
// layouts, the sheets and the aids ("{{country.colour}}"), which every thread that lays out cards
// compiled again (about 35 ms a thread). `npm run compile` compiles them all ahead
// (scripts/precompile-templates.mjs) into dist/compiled-templates.json. A text is taken from there
// only when it is exactly the text that was compiled (same SHA-256), with the same options, by the
// same Handlebars: a template edited since, or any other text, is compiled on the spot as before.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { projectRoot } from '../paths.js';

export const COMPILED_TEMPLATES = join(projectRoot, 'dist', 'compiled-templates.json');

/** How templates are compiled: never HTML-escaped (they print, or are Markdown); strict makes a misspelt {{name}} an error. */
export interface TemplateOptions {
  noEscape: true;
  strict: boolean;
}
/** The rule book's chapters and the words of the sheets and aids: a misspelt name stops the build. */
export const STRICT: TemplateOptions = { noEscape: true, strict: true };
/** The layouts: a field a card does not have is left empty (the layout decides with {{#if}}). */
export const LENIENT: TemplateOptions = { noEscape: true, strict: false };

type Spec = Parameters<typeof Handlebars.template>[0];

/** What scripts/precompile-templates.mjs writes. */
export interface CompiledTemplates {
  handlebars: string;
  /** templateKey(text, options) → Handlebars' precompiled JavaScript for it. */
  templates: Record<string, string>;
}

export function templateKey(source: string, options: TemplateOptions): string {
  return createHash('sha256')
    .update(options.strict ? 'strict\0' : 'lenient\0')
    .update(source)
    .digest('hex');
}

let known: Record<string, string> | undefined;

function compiledSources(): Record<string, string> {
  if (known) return known;
  known = {};
  try {
    const file = JSON.parse(readFileSync(COMPILED_TEMPLATES, 'utf8')) as CompiledTemplates;
    if (file.handlebars === Handlebars.VERSION) known = file.templates;
  } catch {
    // Not compiled ahead (or unreadable): every text is compiled when it is filled in.
  }
  return known;
}

const specs = new Map<string, Spec>();

/** The precompiled form of exactly this template text with these options, if `npm run compile` made one (made into code once). */
export function compiledTemplate(source: string, options: TemplateOptions): Spec | undefined {
  const key = templateKey(source, options);
  let spec = specs.get(key);
  if (!spec) {
    const js = compiledSources()[key];
    if (js === undefined) return undefined;
    // Our own compiler's output for our own templates, written by `npm run compile`.
    spec = new Function(`return ${js}`)() as Spec;
    specs.set(key, spec);
  }
  return spec;
}

/** The template ready to fill, on `hb` (with its helpers): from its compiled form when there is one. */
export function compileTemplate(hb: typeof Handlebars, source: string, options: TemplateOptions): HandlebarsTemplateDelegate {
  const spec = compiledTemplate(source, options);
  return spec ? hb.template(spec) : hb.compile(source, options);
}

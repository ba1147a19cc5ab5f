// The rule book's chapters are the largest Handlebars templates a build fills (about 50 KB), and
// compiling them cost every build a tenth of a second on its busiest thread. `npm run compile`
// compiles them ahead (scripts/precompile-chapters.mjs) into dist/rulebook-chapters.json. A text
// is taken from there only when it is exactly the text that was compiled (same SHA-256) by the same
// Handlebars, so a chapter edited since, or any other text, is compiled on the spot as before.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { projectRoot } from '../../paths.js';

export const COMPILED_CHAPTERS = join(projectRoot, 'dist', 'rulebook-chapters.json');
/** How every rule book text is compiled: a misspelt {{name}} is an error, and Markdown is not HTML-escaped. */
export const CHAPTER_OPTIONS = { noEscape: true, strict: true } as const;

type Spec = Parameters<typeof Handlebars.template>[0];

/** What scripts/precompile-chapters.mjs writes. */
export interface CompiledChapters {
  handlebars: string;
  /** SHA-256 of a template's text → Handlebars' precompiled JavaScript for it. */
  chapters: Record<string, string>;
}

export function textHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

let known: Record<string, string> | undefined;

function compiledSources(): Record<string, string> {
  if (known) return known;
  known = {};
  try {
    const file = JSON.parse(readFileSync(COMPILED_CHAPTERS, 'utf8')) as CompiledChapters;
    if (file.handlebars === Handlebars.VERSION) known = file.chapters;
  } catch {
    // Not compiled ahead (or unreadable): every text is compiled when it is filled in.
  }
  return known;
}

/** The precompiled form of exactly this template text, if `npm run compile` made one. */
export function compiledChapter(source: string): Spec | undefined {
  const js = compiledSources()[textHash(source)];
  // Our own compiler's output for our own templates, written by `npm run compile`.
  return js === undefined ? undefined : (new Function(`return ${js}`)() as Spec);
}

// Compiles the rule book's chapter templates ahead (npm run compile), so a build fills them in
// without compiling them first: see generator/print/rulebook/compiled-chapters.ts, which decides
// when a precompiled chapter may be used. A chapter Handlebars cannot read is left out here; the
// build then compiles it on the spot and reports the problem where the teacher will see it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { CHAPTER_OPTIONS, COMPILED_CHAPTERS, textHash } from '../dist/generator/print/rulebook/compiled-chapters.js';
import { RULEBOOK_TEMPLATES } from '../dist/generator/print/rulebook/chapters.js';

const chapters = {};
for (const file of readdirSync(RULEBOOK_TEMPLATES).filter((f) => f.endsWith('.md.hbs'))) {
  const source = readFileSync(join(RULEBOOK_TEMPLATES, file), 'utf8');
  try {
    chapters[textHash(source)] = Handlebars.precompile(source, CHAPTER_OPTIONS);
  } catch {
    // Left to the build, which names the chapter and the problem.
  }
}
writeFileSync(COMPILED_CHAPTERS, JSON.stringify({ handlebars: Handlebars.VERSION, chapters }));

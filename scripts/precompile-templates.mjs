// Compiles every Handlebars template in templates/ ahead (npm run compile), so a build fills them
// in without compiling them first: the rule book's chapters (templates/rulebook/*.md.hbs) and each
// text with "{{" in the YAML files (layouts, sheets, aids), both strict and lenient, as their
// callers ask. See generator/print/compiled-templates.ts, which decides when a compiled form may be
// used. A template Handlebars cannot read is left out here; the build then compiles it on the spot
// and reports the problem where the teacher will see it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { parse } from 'yaml';
import { COMPILED_TEMPLATES, LENIENT, STRICT, templateKey } from '../dist/generator/print/compiled-templates.js';
import { templatesDir } from '../dist/generator/paths.js';

const templates = {};
const add = (source, options) => {
  try {
    templates[templateKey(source, options)] = Handlebars.precompile(source, options);
  } catch {
    // Left to the build, which names the template and the problem.
  }
};
const texts = (value) => {
  if (typeof value === 'string') return value.includes('{{') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
};
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith('.md.hbs')) add(readFileSync(path, 'utf8'), STRICT);
    else if (/\.ya?ml$/.test(entry.name)) {
      let data;
      try {
        data = parse(readFileSync(path, 'utf8'));
      } catch {
        continue; // the build reports it
      }
      for (const text of new Set(texts(data))) {
        add(text, STRICT);
        add(text, LENIENT);
      }
    }
  }
};
walk(templatesDir);
writeFileSync(COMPILED_TEMPLATES, JSON.stringify({ handlebars: Handlebars.VERSION, templates }));

// The rule book's chapters: templates/rulebook/NN-name.md.hbs, filled in with the game's data.
// Strict mode turns a misspelt {{name}} into a build error instead of a silent blank in print.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Game } from '../../../engine/index.js';
import { BuildError } from '../../build-error.js';
import { templatesDir } from '../../paths.js';
import { readTemplate } from '../../load/read-template.js';
import { createHandlebars } from './helpers.js';
import { compileTemplate, STRICT } from '../compiled-templates.js';
import type { RulebookView } from './view.js';

export const RULEBOOK_TEMPLATES = join(templatesDir, 'rulebook');

export interface Chapter {
  file: string;
  markdown: string;
}

export interface CoverText {
  kicker: string;
  title: string;
  subtitle: string;
  lines: string[];
}

export function fill(hb: ReturnType<typeof createHandlebars>, source: string, view: RulebookView, where: string): string {
  try {
    return compileTemplate(hb, source, STRICT)(view);
  } catch (e) {
    if (e instanceof BuildError) throw e;
    const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new BuildError(
      `the rule book text ${where} could not be filled in: ${message}`,
      'check the {{…}} names against the list in templates/rulebook/README.md',
      where,
    );
  }
}

export function renderChapters(game: Game, view: RulebookView, dir = RULEBOOK_TEMPLATES): Chapter[] {
  const hb = createHandlebars(game, view);
  const files = readdirSync(dir)
    .filter((f) => /^\d+-.+\.md\.hbs$/.test(f))
    .sort();
  if (files.length === 0) throw new BuildError(`there are no rule book chapters in ${dir}`, 'chapters are files named like 01-overview.md.hbs');
  return files.map((file) => ({ file, markdown: fill(hb, readFileSync(join(dir, file), 'utf8'), view, file) }));
}

/** templates/rulebook/cover.yaml: each entry is Handlebars over the same data as the chapters. */
const CoverFile = z.strictObject({
  kicker: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().min(1),
  lines: z.array(z.string()).default([]),
});

export function renderCover(game: Game, view: RulebookView, dir = RULEBOOK_TEMPLATES): CoverText {
  const hb = createHandlebars(game, view);
  const raw = readTemplate(join(dir, 'cover.yaml'), CoverFile, 'rule book cover', 'compare it with the comments at the top of cover.yaml');
  const text = (key: 'kicker' | 'title' | 'subtitle'): string => fill(hb, raw[key], view, `cover.yaml (${key})`).trim();
  const lines = raw.lines.map((l, i) => fill(hb, l, view, `cover.yaml (line ${i + 1})`).trim()).filter((l) => l !== '');
  return { kicker: text('kicker'), title: text('title'), subtitle: text('subtitle'), lines };
}

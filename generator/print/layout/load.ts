// Reads the look of the cards from templates/: the theme and one layout per card type.
// A mistake in a layout is reported like a mistake in content: the file and what to fix.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { BuildError } from '../../build/context.js';
import { templatesDir as defaultTemplates } from '../../paths.js';
import { Layout, SheetWords, Theme } from './schema.js';
import { checkSheetWords } from '../sheets/words.js';

function readChecked<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new BuildError(`${shown(file)} is not valid YAML: ${(e as Error).message.split('\n')[0]}`, 'check the indentation and the quotes near that line', shown(file));
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BuildError(`${shown(file)}: ${issue.path.join('.') || '(top)'}: ${issue.message}`, 'compare with the other layouts in templates/layouts/', shown(file));
  }
  return result.data;
}

function shown(file: string): string {
  return relative(process.cwd(), file) || file;
}

export interface Looks {
  theme: Theme;
  /** By card type. */
  layouts: Map<string, Layout>;
  /** The words on the home-print sheets and the calibration page (templates/sheets.yaml). */
  words: SheetWords;
}

export function loadLooks(templatesDir = defaultTemplates): Looks {
  const theme = readChecked(join(templatesDir, 'theme.yaml'), Theme);
  const dir = join(templatesDir, 'layouts');
  const layouts = new Map<string, Layout>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const layout = readChecked(join(dir, name), Layout);
      layouts.set(layout.type, layout);
    }
  }
  const wordsFile = join(templatesDir, 'sheets.yaml');
  const words = readChecked(wordsFile, SheetWords);
  checkSheetWords(words, shown(wordsFile));
  return { theme, layouts, words };
}

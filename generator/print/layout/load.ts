// Reads the look of the cards from templates/: the theme and one layout per card type.
// A mistake in a layout is reported like a mistake in content: the file and what to fix.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readTemplate } from '../../load/read-template.js';
import { templatesDir as defaultTemplates } from '../../paths.js';
import { SheetWords, Theme, type Layout } from './schema.js';
import { readLayout, type ResolvedLayouts } from './inherit.js';
import { checkSheetWords } from '../sheets/words.js';

export interface Looks {
  theme: Theme;
  /** By card type. */
  layouts: Map<string, Layout>;
  /** The words on the home-print sheets and the calibration page (templates/sheets.yaml). */
  words: SheetWords;
}

export function loadLooks(templatesDir = defaultTemplates): Looks {
  const theme = readTemplate(join(templatesDir, 'theme.yaml'), Theme, 'theme', 'compare with the comments in templates/theme.yaml');
  const dir = join(templatesDir, 'layouts');
  const layouts = new Map<string, Layout>();
  const resolved: ResolvedLayouts = new Map();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const layout = readLayout(join(dir, name), dir, resolved);
      layouts.set(layout.type, layout);
    }
  }
  const wordsFile = join(templatesDir, 'sheets.yaml');
  const words = readTemplate(wordsFile, SheetWords, 'sheet words', 'compare with the comments at the top of templates/sheets.yaml');
  checkSheetWords(words, relative(process.cwd(), wordsFile) || wordsFile);
  return { theme, layouts, words };
}

// Every Handlebars text in templates/ is compiled by `npm run compile` (which npm test runs first),
// and a compiled form fills in exactly as compiling on the spot does: checked on every layout text
// for every card of the base game.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadGame } from '../../generator/load/index.js';
import { compiledTemplate, LENIENT, STRICT } from '../../generator/print/compiled-templates.js';
import { cardContext, fill } from '../../generator/print/layout/context.js';
import { templatesDir } from '../../generator/paths.js';

function textsIn(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (value: unknown, file: string) => {
    if (typeof value === 'string' && value.includes('{{')) out.push({ file, text: value });
    else if (Array.isArray(value)) for (const v of value) walk(v, file);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v, file);
  };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    walk(parse(readFileSync(file, 'utf8')), file);
  }
  return out;
}

describe('templates compiled ahead', () => {
  const texts = textsIn(templatesDir);

  it('has every text of the layouts, sheets and aids, as it is compiled for each', () => {
    expect(texts.length).toBeGreaterThan(50);
    for (const { file, text } of texts) {
      expect(compiledTemplate(text, LENIENT), `${file}: ${text}`).toBeDefined();
      expect(compiledTemplate(text, STRICT), `${file}: ${text}`).toBeDefined();
    }
    // A text changed since npm run compile is compiled on the spot.
    expect(compiledTemplate(`${texts[0]!.text} and more`, LENIENT)).toBeUndefined();
  });

  it('fills every layout text for every card as compiling it on the spot does', () => {
    const game = loadGame({ dir: 'content' }).game!;
    const layouts = texts.filter((t) => t.file.includes(`${join('templates', 'layouts')}`)).map((t) => t.text);
    expect(layouts.length).toBeGreaterThan(20);
    // The layouts' own helpers (layout/context.ts) are registered on its instance; plain texts need none.
    const plain = layouts.filter((t) => !/\{\{#?(or|upper|eq)\b|\(\s*(or|upper|eq)\b/.test(t));
    const hb = Handlebars.create();
    for (const card of game.cards) {
      const ctx = cardContext(card, game);
      for (const text of plain) {
        const onTheSpot = hb
          .compile(
            text,
            LENIENT,
          )(ctx)
          .replace(/[^\S\ufeff]+/g, ' ')
          .trim();
        expect(fill(text, ctx), `${card.id}: ${text}`).toBe(onTheSpot);
      }
    }
  });
});

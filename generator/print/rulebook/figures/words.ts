// templates/rulebook/figures.yaml: which cards the rule book's pictures show and the words on
// them, filled in with the same data as the chapters.
import { join } from 'node:path';
import { z } from 'zod';
import type { Game } from '../../../../engine/index.js';
import { readTemplate } from '../../../load/read-template.js';
import { fill, RULEBOOK_TEMPLATES } from '../chapters.js';
import { createHandlebars } from '../helpers.js';
import type { RulebookView } from '../view.js';

const Anatomy = z.strictObject({
  /** The first card whose fields all have these values (type included). */
  card: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  caption: z.string().min(1),
  callouts: z.array(z.strictObject({ part: z.string().min(1), side: z.enum(['left', 'right']), label: z.string().min(1) })).min(1),
});

const FiguresFile = z.strictObject({
  anatomy: z.record(z.string(), Anatomy),
  setup: z.strictObject({
    caption: z.string().min(1),
    world: z.string().min(1),
    chance: z.string().min(1),
    lots: z.string().min(1),
    bank: z.string().min(1),
    market: z.string().min(1),
    events: z.string().min(1),
    manuscript: z.string().min(1),
  }),
});
export type FigureWords = z.infer<typeof FiguresFile>;
export type AnatomyWords = z.infer<typeof Anatomy>;

export function renderFigureWords(game: Game, view: RulebookView, dir = RULEBOOK_TEMPLATES): FigureWords {
  const file = join(dir, 'figures.yaml');
  const raw = readTemplate(file, FiguresFile, 'rule book figures', 'compare it with the comments at the top of figures.yaml');
  const hb = createHandlebars(game, view);
  const text = (s: string, where: string) => fill(hb, s, view, `figures.yaml (${where})`).trim();
  const anatomy = Object.fromEntries(
    Object.entries(raw.anatomy).map(([name, a]) => [
      name,
      {
        ...a,
        caption: text(a.caption, `${name} caption`),
        callouts: a.callouts.map((c) => ({ ...c, label: text(c.label, `${name}, ${c.part}`) })),
      },
    ]),
  );
  const setup = Object.fromEntries(Object.entries(raw.setup).map(([k, v]) => [k, text(v, `setup ${k}`)])) as FigureWords['setup'];
  return { anatomy, setup };
}

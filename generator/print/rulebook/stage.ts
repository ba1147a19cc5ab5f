// Build stage: the rule book as PDF for every paper size, plus the same text as Markdown.
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import { projectLicence } from '../../paths.js';
import { rulebookPdf, rulebookText } from './book.js';
import { loadStyle } from './style.js';

export const rulebookStage: Stage<{ game: Game }, void> = {
  name: 'rule book',
  async run({ game }, ctx) {
    const style = loadStyle();
    const text = await ctx.progress.step(
      'Writing the rule book text',
      () => {
        const t = rulebookText(game, { licence: projectLicence() });
        ctx.out.write('rules/rules.md', t.markdown);
        return t;
      },
      (t) => `(${t.chapters.length} chapters)`,
    );
    for (const paper of ctx.options.papers) {
      await ctx.progress.step(
        `Typesetting the rule book (${paper === 'a4' ? 'A4' : 'Letter'})`,
        async () => {
          const { pdf, pages } = await rulebookPdf(game, text, paper, style);
          ctx.out.write(`rules/rules-${paper}.pdf`, pdf);
          return pages;
        },
        (pages) => `(${pages} pages)`,
      );
    }
  },
};

// Build stage: the rule book as PDF for every paper size, plus the same text as Markdown.
// Its pictures draw the cards themselves, laid out by the decks' layouts (figures/).
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import type { CardArt } from '../../load/check-images.js';
import { projectLicence } from '../../paths.js';
import type { Looks } from '../layout/load.js';
import { rulebookPdf, rulebookText } from './book.js';
import { figureKit } from './figures/kit.js';
import { loadStyle } from './style.js';

export const rulebookStage: Stage<{ game: Game; art: Map<string, CardArt>; looks: Looks }, void> = {
  name: 'rule book',
  async run({ game, art, looks }, ctx) {
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
    const figures = await figureKit(game, text.view, text.figures, text.chapters, looks, art);
    for (const paper of ctx.options.papers) {
      await ctx.progress.step(
        `Typesetting the rule book (${paper === 'a4' ? 'A4' : 'Letter'})`,
        async () => {
          const { pdf, pages } = await rulebookPdf(game, text, paper, style, figures);
          ctx.out.write(`rules/rules-${paper}.pdf`, pdf);
          return pages;
        },
        (pages) => `(${pages} pages)`,
      );
    }
  },
};

// Build stage: the play aids (debt ledger, score sheet, credit tokens) for every paper size. The
// debt ledger and the score sheet state their edition's rules, so each edition gets its own:
// aids/score-sheet-a4.pdf for the default edition, aids/score-sheet-classic-a4.pdf for another.
import type { Game } from '../../../engine/index.js';
import type { Stage } from '../../stage.js';
import { aidsWords } from './words.js';
import { debtLedgerPdf } from './debt-ledger.js';
import { scoreSheetPdf } from './score-sheet.js';
import { creditTokensPdf } from './credit-tokens.js';

const AIDS = [
  { file: 'debt-ledger', make: debtLedgerPdf, perEdition: true },
  { file: 'score-sheet', make: scoreSheetPdf, perEdition: true },
  { file: 'credit-tokens', make: creditTokensPdf, perEdition: false },
] as const;

export const aidsStage: Stage<{ game: Game }, void> = {
  name: 'play aids',
  async run({ game }, ctx) {
    await ctx.progress.step(
      'Printing the play aids',
      async () => {
        let n = 0;
        for (const edition of game.rules.editions) {
          const words = aidsWords(game, edition.id);
          const isDefault = edition.id === game.rules.default_edition;
          for (const paper of ctx.options.papers) {
            for (const aid of AIDS) {
              if (!isDefault && !aid.perEdition) continue;
              ctx.out.write(`aids/${aid.file}${isDefault ? '' : `-${edition.id}`}-${paper}.pdf`, await aid.make(game, words, paper));
              n++;
            }
          }
        }
        return n;
      },
      (n) => `(${n} PDFs)`,
    );
  },
};

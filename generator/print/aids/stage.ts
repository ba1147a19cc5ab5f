// Build stage: the play aids (debt ledger, score sheet, credit tokens) for every paper size.
import type { Game } from '../../../engine/game.js';
import type { Stage } from '../../stage.js';
import { aidsWords } from './words.js';
import { debtLedgerPdf } from './debt-ledger.js';
import { scoreSheetPdf } from './score-sheet.js';
import { creditTokensPdf } from './credit-tokens.js';

const AIDS = [
  { file: 'debt-ledger', make: debtLedgerPdf },
  { file: 'score-sheet', make: scoreSheetPdf },
  { file: 'credit-tokens', make: creditTokensPdf },
] as const;

export const aidsStage: Stage<{ game: Game }, void> = {
  name: 'play aids',
  async run({ game }, ctx) {
    await ctx.progress.step(
      'Printing the play aids',
      async () => {
        const words = aidsWords(game);
        let n = 0;
        for (const paper of ctx.options.papers) {
          for (const aid of AIDS) {
            ctx.out.write(`aids/${aid.file}-${paper}.pdf`, await aid.make(game, words, paper));
            n++;
          }
        }
        return n;
      },
      (n) => `(${n} PDFs)`,
    );
  },
};

// Build stage: the play aids (debt ledger, score sheet, credit tokens) for every paper size.
import type { Stage } from '../../build/context.js';
import { aidsWords } from './words.js';
import { debtLedgerPdf } from './debt-ledger.js';
import { scoreSheetPdf } from './score-sheet.js';
import { creditTokensPdf } from './credit-tokens.js';

const AIDS = [
  { file: 'debt-ledger', make: debtLedgerPdf },
  { file: 'score-sheet', make: scoreSheetPdf },
  { file: 'credit-tokens', make: creditTokensPdf },
] as const;

export const aidsStage: Stage = {
  name: 'play aids',
  async run(ctx) {
    await ctx.progress.step(
      'Printing the play aids',
      async () => {
        const words = aidsWords(ctx.game);
        let n = 0;
        for (const paper of ctx.options.papers) {
          for (const aid of AIDS) {
            ctx.out.write(`aids/${aid.file}-${paper}.pdf`, await aid.make(ctx.game, words, paper));
            n++;
          }
        }
        return n;
      },
      (n) => `(${n} PDFs)`,
    );
  },
};

import type { Stage } from './context.js';
import { jsonSchemas } from '../schemas.js';

export const gameJsonStage: Stage = {
  name: 'game data',
  async run(ctx) {
    await ctx.progress.step(
      'Writing game.json and the JSON Schemas',
      () => {
        ctx.out.write('game.json', `${JSON.stringify(ctx.game, null, 2)}\n`);
        for (const [name, schema] of Object.entries(jsonSchemas())) ctx.out.write(`schema/${name}`, `${JSON.stringify(schema, null, 2)}\n`);
        return ctx.game.cards.length;
      },
      (n) => `(${n} cards)`,
    );
  },
};

import type { Game } from '../../engine/index.js';
import type { Stage } from '../stage.js';
import { jsonSchemas } from '../schemas.js';

export const gameJsonStage: Stage<{ game: Game }, void> = {
  name: 'game data',
  async run({ game }, ctx) {
    await ctx.progress.step(
      'Writing game.json and the JSON Schemas',
      () => {
        ctx.out.write('game.json', `${JSON.stringify(game, null, 2)}\n`);
        for (const [name, schema] of Object.entries(jsonSchemas())) ctx.out.write(`schema/${name}`, `${JSON.stringify(schema, null, 2)}\n`);
        return game.cards.length;
      },
      (n) => `(${n} cards)`,
    );
  },
};

// Build stage: the tablet referee page in out/referee/. Vite runs only when the page's own
// sources change (see referee-bundle.ts); this build's game data and icons are injected here.
import type { BuildContext, Stage } from './context.js';
import { refereeBundle } from './referee-bundle.js';
import { refereeIcons } from './referee-icons.js';
import { refereeFiles, type RefereeStamp } from './referee-files.js';

export const REFEREE_DIR = 'referee';

/** Writes out/referee/ for ctx.game; returns what was written, for the serve command. */
export async function buildReferee(ctx: BuildContext): Promise<RefereeStamp> {
  const bundle = await ctx.progress.step(
    'Compiling the referee page',
    () => refereeBundle(),
    (b) => (b.fromCache ? '(unchanged, from the cache)' : '(compiled with Vite)'),
  );
  return ctx.progress.step(
    'Writing the referee page and its one-file offline copy',
    () => {
      const { icons, missing } = refereeIcons(ctx.game);
      for (const name of missing) ctx.warnings.push(`the icon '${name}' is not in the game-icons set, so the referee shows the country's code in its place`);
      const { files, stamp } = refereeFiles(bundle, ctx.game, icons);
      for (const [rel, data] of files) ctx.out.write(`${REFEREE_DIR}/${rel}`, data);
      return stamp;
    },
    () => `(${REFEREE_DIR}/index.html, ${REFEREE_DIR}/codex-referee.html)`,
  );
}

export const refereeStage: Stage = {
  name: 'referee',
  enabled: (options) => options.referee,
  async run(ctx) {
    await buildReferee(ctx);
  },
};

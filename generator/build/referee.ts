// Build stage: the tablet referee page in out/referee/. Vite runs only when the page's own
// sources change (see referee-bundle.ts); this build's game data and icons are injected here.
import type { Stage } from '../stage.js';
import type { Game } from '../../engine/index.js';
import type { Progress } from '../progress.js';
import { refereeBundle } from './referee-bundle.js';
import { refereeIcons } from './referee-icons.js';
import { refereeFiles, refereePayload, type RefereeFiles, type RefereeStamp } from './referee-files.js';
import { appIcons } from './referee-app-icons.js';

export const REFEREE_DIR = 'referee';

export interface PreparedReferee {
  /** Identifies the page and data these files would hold. */
  stamp: RefereeStamp;
  /** Makes the files of out/referee/ (only needed when the folder's stamp differs). */
  files(): Promise<RefereeFiles['files']>;
}

/** The referee page for this game (compiling it first if its sources changed), ready to write. */
export async function prepareReferee(game: Game, progress: Progress, warn: (message: string) => void): Promise<PreparedReferee> {
  const bundle = await progress.step(
    'Compiling the referee page',
    () => refereeBundle(),
    (b) => (b.fromCache ? '(unchanged, from the cache)' : '(compiled with Vite)'),
  );
  const { icons, missing } = refereeIcons(game);
  for (const name of missing) warn(`the icon '${name}' is not in the game-icons set, so the referee shows the country's code in its place`);
  const payload = refereePayload(bundle, game, icons);
  return {
    stamp: payload.stamp,
    files: async () => refereeFiles(bundle, payload, await appIcons()).files,
  };
}

export const refereeStage: Stage<{ game: Game }, void> = {
  name: 'referee',
  async run({ game }, ctx) {
    const files = await (await prepareReferee(game, ctx.progress, ctx.warn)).files();
    await ctx.progress.step(
      'Writing the referee page and its one-file offline copy',
      () => {
        for (const [rel, data] of files) ctx.out.write(`${REFEREE_DIR}/${rel}`, data);
      },
      () => `(${REFEREE_DIR}/index.html, ${REFEREE_DIR}/codex-referee.html)`,
    );
  },
};

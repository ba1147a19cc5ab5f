// Runs every enabled stage into a staging folder, then commits the files to out/ together.
import { Output, sweepStaleStaging } from '../io/output.js';
import type { Game } from '../../engine/index.js';
import type { BuildOptions, BuildContext } from './context.js';
import type { Progress } from '../progress.js';
import { STAGES } from './stages.js';

export interface BuildResult {
  files: string[];
  warnings: string[];
}

export async function runBuild(game: Game, options: BuildOptions, progress: Progress): Promise<BuildResult> {
  sweepStaleStaging(options.outDir);
  const out = new Output(options.outDir);
  const ctx: BuildContext = { game, out, progress, options, warnings: [] };
  try {
    for (const entry of STAGES) {
      // Let messages from the printing thread in (awaiting finished work does not), so a failure
      // there stops the build here rather than after every other stage.
      await new Promise((resume) => setImmediate(resume));
      if (ctx.failure !== undefined) throw ctx.failure;
      if (entry.when(options)) await (await entry.load()).run(ctx);
    }
  } catch (e) {
    out.abandon();
    throw e;
  }
  const files = out.commit();
  return { files, warnings: ctx.warnings };
}

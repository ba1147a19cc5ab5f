// Worker thread entry for validate's fit check. It starts before the content is read: it loads the
// layout code, opens the typefaces and reads the layouts, and hands the layouts to the main
// thread (which then need not read them). When the game arrives it lays out its share of the
// cards on every card size — runs of them from the back of the shared list, while the main thread
// takes them from the front — and posts what failed.
import { parentPort, workerData } from 'node:worker_threads';
import type { Game } from '../../../engine/index.js';
import { FONT_NAMES, fontFace } from '../fonts.js';
import { loadLooks } from '../layout/load.js';
import { type FitShare, fitShared } from './fit-cards.js';

const looks = loadLooks((workerData as { templatesDir?: string }).templatesDir);
parentPort!.postMessage({ kind: 'looks', looks });
for (const name of FONT_NAMES) fontFace(name);

parentPort!.once('message', (job: { game: Game; share: FitShare }) => {
  try {
    parentPort!.postMessage({ kind: 'done', result: fitShared(job.game, looks, job.share, 'back') });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    parentPort!.postMessage({ kind: 'failed', message: err.message, stack: err.stack });
  }
});

// Worker thread entry for the simulator: it is given the games once (already checked and
// resolved by the main thread, so it loads no content code), then plays batches as they come
// and posts back each batch's tally.
import { parentPort, workerData } from 'node:worker_threads';
import { playBatch, type Batch, type Games } from './batch.js';

const games = workerData as Games;

parentPort!.on('message', (batch: Batch) => {
  try {
    parentPort!.postMessage({ kind: 'done', result: playBatch(games, batch) });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    parentPort!.postMessage({ kind: 'failed', message: err.message, stack: err.stack });
  }
});

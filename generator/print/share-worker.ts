// Worker thread entry. It starts while the main thread is still checking the content: it loads
// the printing code and opens the typefaces, so that when the game arrives it can lay out at
// once. (The layouts come with the game: reading them here would mean loading the YAML and
// schema code a second time.) Then it prints (print-share.ts), posting each deck as it is
// done — its PDF bytes moved, not copied — and then the summary.
import { parentPort } from 'node:worker_threads';
import { BuildError } from '../build-error.js';
import { printShare, type ShareJob } from './print-share.js';
import { fontFace, FONT_NAMES } from './fonts.js';

function fail(e: unknown): void {
  const err = e instanceof Error ? e : new Error(String(e));
  const build = e instanceof BuildError ? { hint: e.hint, subject: e.subject, place: e.place } : undefined;
  parentPort!.postMessage({ kind: 'failed', message: err.message, stack: err.stack, build });
}

for (const name of FONT_NAMES) fontFace(name);

parentPort!.once('message', (job: ShareJob) => {
  printShare(job, (done) => {
    // Only a buffer that owns its whole memory can be moved (small Buffers share a pool).
    const pdfs = done.pdfs.map((p) => (p.byteOffset === 0 && p.byteLength === p.buffer.byteLength ? p : new Uint8Array(p)));
    parentPort!.postMessage(
      { kind: 'deck', done: { ...done, pdfs } },
      pdfs.map((p) => p.buffer as ArrayBuffer),
    );
  }).then((result) => parentPort!.postMessage({ kind: 'done', result }), fail);
});

// Worker thread entry. It starts while the main thread is still checking the content: it reads
// the card layouts (and sends them to the main thread, which then need not read them), loads the
// printing code and opens the typefaces, so that when the game arrives it can lay out at once.
// Then it prints (print-share.ts): it posts its decks as soon as
// they are laid out, then each deck's PDFs as they are printed — their bytes moved, not copied,
// and without the deck, which the main thread already has — and then that it is done.
import { parentPort } from 'node:worker_threads';
import { BuildError } from '../build-error.js';
import { printShare, type ShareJob } from './print-share.js';
import { fontFace, FONT_NAMES, shapedSince } from './fonts.js';
import { type Looks, loadLooks } from './layout/load.js';
import type { ShareMessage } from './share-client.js';

const post = (m: ShareMessage, moved: ArrayBuffer[] = []) => parentPort!.postMessage(m, moved);

function fail(e: unknown): void {
  const err = e instanceof Error ? e : new Error(String(e));
  const build = e instanceof BuildError ? { hint: e.hint, subject: e.subject, place: e.place } : undefined;
  post({ kind: 'failed', message: err.message, stack: err.stack, build });
}

// Layouts that cannot be read are reported by the main thread, which then reads them itself.
let looks: Looks | undefined;
try {
  looks = loadLooks();
} catch {
  looks = undefined;
}
post({ kind: 'looks', looks });

for (const name of FONT_NAMES) fontFace(name);

parentPort!.once('message', (job: ShareJob) => {
  const layouts = job.looks ?? looks;
  if (!layouts) {
    fail(new Error('the printing thread was given its cards without the card layouts, and could not read them itself'));
    return;
  }
  printShare(
    { ...job, looks: layouts },
    (done) => {
      // Only a buffer that owns its whole memory can be moved (small Buffers share a pool).
      const pdfs = done.pdfs.map((p) => (p.byteOffset === 0 && p.byteLength === p.buffer.byteLength ? p : new Uint8Array(p)));
      post(
        { kind: 'deck', printed: { type: done.deck.type, files: done.files, pdfs, ms: done.ms } },
        pdfs.map((p) => p.buffer as ArrayBuffer),
      );
    },
    (laid) => post({ kind: 'laid', laid: { ...laid, shaped: shapedSince(new Map()) } }),
  ).then(() => post({ kind: 'done' }), fail);
});

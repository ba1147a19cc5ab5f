// Worker thread entry. It starts while the main thread is still checking the content: it reads
// the card layouts (and sends them to the main thread, which then need not read them), loads the
// printing code and opens the typefaces, so that when the game arrives it can lay out at once.
// Then it lays its decks out together with the main thread (shared-layout.ts), each sending the
// other the chunks of cards it lays out, and prints (print-share.ts): it says when every card is
// laid out, with the pictures it processed meanwhile, then posts each deck's PDFs as they are
// printed — their bytes moved, not copied, and without the deck, which the main thread already
// has — and then that it is done.
import { parentPort } from 'node:worker_threads';
import { BuildError } from '../build-error.js';
import { printShare, type ShareJob } from './print-share.js';
import { fontFace, FONT_NAMES, shapedSince } from './fonts.js';
import { type Looks, loadLooks } from './layout/load.js';
import type { ShareMessage } from './share-client.js';
import type { LaidChunk } from './shared-layout.js';

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
  // With a chunk counter, the main thread lays out the same decks' cards too, and sends its
  // chunks here as it lays them; without one (tests, a single thread's share) this thread lays out alone.
  const partner = job.claims && {
    send: (chunk: LaidChunk) => post({ kind: 'chunk', chunk }),
    listen: (accept: (chunk: LaidChunk) => void) =>
      parentPort!.on('message', (m: ShareMessage) => {
        if (m.kind === 'chunk') accept(m.chunk);
      }),
  };
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
    // With a partner, the main thread has the decks already, chunk by chunk: it is sent what it has not.
    (laid) => post({ kind: 'laid', laid: { ...laid, ...(partner ? { decks: [], shrunk: [] } : {}), shaped: shapedSince(new Map()) } }),
    partner,
  ).then(() => post({ kind: 'done' }), fail);
});

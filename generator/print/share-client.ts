// Runs the home printing on a worker thread (see share-worker.ts). The build command starts
// the worker before it checks the content (`startPrintingEarly`), so the thread has loaded its
// code and fonts' modules by the time there is a game to print. The worker is not allowed to
// keep the process alive on its own: if the build fails in another stage, the command exits
// without waiting for cards nobody will write. Once it has work, the build waits for it, and
// stops it (`stop`) when another stage fails.
import { Worker } from 'node:worker_threads';
import { BuildError } from '../build-error.js';
import type { Place } from '../place.js';
import type { PrintedFile, ShareJob, ShareLaid } from './print-share.js';

/** A deck's home-print PDFs, as the worker sends them (the deck itself came with `laid`). */
export interface DeckPrinted {
  type: string;
  files: PrintedFile[];
  pdfs: Uint8Array[];
}

export type ShareMessage =
  | { kind: 'laid'; laid: ShareLaid }
  | { kind: 'deck'; printed: DeckPrinted }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; stack?: string; build?: { hint?: string; subject?: string; place?: Place } };

export interface RunningShare {
  done: Promise<void>;
  stop(): void;
}

let early: Worker | undefined;

function newWorker(): Worker {
  const worker = new Worker(new URL('./share-worker.js', import.meta.url));
  worker.unref();
  return worker;
}

/** Starts the printing thread now, to be given its work by the next `startShareWorker`. */
export function startPrintingEarly(): void {
  early ??= newWorker();
}

export function startShareWorker(job: ShareJob, on: { laid(laid: ShareLaid): void; deck(printed: DeckPrinted): void }): RunningShare {
  const worker = early ?? newWorker();
  early = undefined;
  worker.postMessage(job);
  worker.ref();
  const done = new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void worker.terminate();
    };
    worker.on('message', (m: ShareMessage) => {
      if (m.kind === 'laid') on.laid(m.laid);
      else if (m.kind === 'deck') on.deck(m.printed);
      else if (m.kind === 'done') settle(resolve);
      else
        settle(() =>
          reject(m.build ? new BuildError(m.message, m.build.hint, m.build.subject, m.build.place) : Object.assign(new Error(m.message), { stack: m.stack })),
        );
    });
    worker.once('error', (e) => settle(() => reject(e)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the printing worker stopped unexpectedly (exit code ${code})`))));
  });
  done.catch(() => undefined); // observed by the finishing stage
  return { done, stop: () => void worker.terminate() };
}

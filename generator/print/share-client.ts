// Runs the home printing on a worker thread (see share-worker.ts). The build command starts
// the worker before it checks the content (`startPrintingEarly`), so the thread has loaded its
// code and fonts' modules by the time there is a game to print. It reads the card layouts too,
// while this thread checks the content, and sends them here for the rest of the build
// (`printingThreadLooks`), so neither thread waits for the other to read them. The worker is not allowed to
// keep the process alive on its own: if the build fails in another stage, the command exits
// without waiting for cards nobody will write. Once it has work, the build waits for it, and
// stops it (`stop`) when another stage fails.
import { Worker } from 'node:worker_threads';
import { BuildError } from '../build-error.js';
import type { Place } from '../place.js';
import type { Looks } from './layout/load.js';
import type { PrintedFile, ShareJob, ShareLaid } from './print-share.js';
import type { LaidChunk } from './shared-layout.js';

/** A deck's home-print PDFs, as the worker sends them (the deck itself came with `laid`). */
export interface DeckPrinted {
  type: string;
  files: PrintedFile[];
  pdfs: Uint8Array[];
  /** How long printing it took, ms. */
  ms: number;
}

export type ShareMessage =
  /** The card layouts as the thread read them; none when it could not (this thread then reads them itself, and says why). */
  | { kind: 'looks'; looks: Looks | undefined }
  | { kind: 'laid'; laid: ShareLaid }
  /** Cards the printing thread laid out, as it laid them (shared-layout.ts); the same kind goes to it with this thread's. */
  | { kind: 'chunk'; chunk: LaidChunk }
  | { kind: 'deck'; printed: DeckPrinted }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; stack?: string; build?: { hint?: string; subject?: string; place?: Place } };

export interface RunningShare {
  done: Promise<void>;
  stop(): void;
  /** Sends the thread cards laid out here, for the decks both lay out. */
  send(chunk: LaidChunk): void;
}

interface Early {
  worker: Worker;
  /** The layouts the thread read, once it has read them (undefined if it could not). */
  looks: Promise<Looks | undefined>;
  /** The layouts as they arrived here: work that comes with these very layouts is sent without them. */
  received: () => Looks | undefined;
  /** Why the thread stopped, if it stopped before it was given work: it is then replaced. */
  gone: () => Error | undefined;
}

let early: Early | undefined;
/** The early thread's layouts, for the build's card layouts stage; taken once. */
let earlyLooks: Promise<Looks | undefined> | undefined;

function newWorker(): Early {
  const worker = new Worker(new URL('./share-worker.js', import.meta.url));
  let received: Looks | undefined;
  let gone: Error | undefined;
  const looks = new Promise<Looks | undefined>((resolve) => {
    const first = (m: ShareMessage) => {
      if (m.kind !== 'looks') return;
      worker.off('message', first);
      received = m.looks;
      resolve(m.looks);
    };
    worker.on('message', first);
    // A thread that stops before it has read them has none to give.
    worker.once('exit', (code) => {
      gone ??= new Error(`the printing worker stopped unexpectedly (exit code ${code})`);
      resolve(undefined);
    });
    worker.once('error', (e) => {
      gone ??= e;
      resolve(undefined);
    });
  });
  // After the listeners, which would otherwise hold the process open again: a build that fails
  // while checking the content exits without waiting for this thread.
  worker.unref();
  return { worker, looks, received: () => received, gone: () => gone };
}

/** Starts the printing thread now, to be given its work by the next `startShareWorker`; returns it (tests stop it). */
export function startPrintingEarly(): Worker {
  if (!early) {
    early = newWorker();
    earlyLooks = early.looks;
  }
  return early.worker;
}

/**
 * The card layouts read by the printing thread started early, or undefined when none was started
 * (or it could not read them). While this thread waits for them the worker holds the process
 * open: otherwise, with nothing else to wait for, the process would end mid-build.
 */
export function printingThreadLooks(): Promise<Looks | undefined> {
  const looks = earlyLooks;
  earlyLooks = undefined;
  const waitingFor = early;
  if (!looks) return Promise.resolve(undefined);
  if (!waitingFor) return looks; // already given its work, and held for it
  waitingFor.worker.ref();
  // Let go again unless it has been given its work meanwhile (startShareWorker holds it then).
  return looks.finally(() => {
    if (early === waitingFor) waitingFor.worker.unref();
  });
}

export function startShareWorker(
  job: ShareJob,
  on: { laid(laid: ShareLaid): void; deck(printed: DeckPrinted): void; chunk?(chunk: LaidChunk): void },
): RunningShare {
  // A thread that stopped before it had work (it could not load its code, say) is replaced:
  // the new one's failure, if it fails too, reaches the build through the listeners below.
  const started = early && !early.gone() ? early : newWorker();
  early = undefined;
  const { worker } = started;
  // A copy of the layouts costs both threads time to make and to read: not sent to a thread that
  // read these very layouts itself.
  worker.postMessage(job.looks !== undefined && job.looks === started.received() ? { ...job, looks: undefined } : job);
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
      if (m.kind === 'looks') return;
      if (m.kind === 'chunk') on.chunk?.(m.chunk);
      else if (m.kind === 'laid') on.laid(m.laid);
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
  return { done, stop: () => void worker.terminate(), send: (chunk) => worker.postMessage({ kind: 'chunk', chunk } satisfies ShareMessage) };
}

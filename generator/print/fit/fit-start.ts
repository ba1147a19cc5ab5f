// The start of validate's fit-check worker, kept apart from the fit check itself: this module
// loads nothing but the worker API, so the worker is started before the main thread has loaded
// the layout code and typefaces it will need only later (about 0.1 s sooner on this machine).
import { Worker } from 'node:worker_threads';
import type { Looks } from '../layout/load.js';
import type { FitResult } from './fit-cards.js';

type Message = { kind: 'looks'; looks: Looks } | { kind: 'done'; result: FitResult } | { kind: 'failed'; message: string; stack?: string };

export interface Early {
  worker: Worker;
  looks: Promise<Looks>;
  /** Whether the layouts have come back from the worker yet. */
  arrived: () => boolean;
  result: Promise<FitResult>;
}

let early: Early | undefined;

/** Starts the worker now (once): it loads its code, the typefaces and the layouts by itself. */
export function startFitEarly(templatesDir?: string): void {
  if (early) return;
  const worker = new Worker(new URL('./fit-worker.js', import.meta.url), { workerData: { templatesDir } });
  let gotLooks: (l: Looks | Error) => void = () => undefined;
  let settle: (r: FitResult | Error) => void = () => undefined;
  const looks = new Promise<Looks>((resolve, reject) => (gotLooks = (l) => (l instanceof Error ? reject(l) : resolve(l))));
  looks.catch(() => undefined);
  const result = new Promise<FitResult>((resolve, reject) => (settle = (r) => (r instanceof Error ? reject(r) : resolve(r))));
  result.catch(() => undefined);
  let arrived = false;
  worker.on('message', (m: Message) => {
    if (m.kind === 'looks') {
      arrived = true;
      gotLooks(m.looks);
    } else if (m.kind === 'done') settle(m.result);
    else settle(Object.assign(new Error(m.message), { stack: m.stack }));
  });
  const fail = (e: Error) => {
    gotLooks(e);
    settle(e);
  };
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`the fit-check worker stopped unexpectedly (exit code ${code})`)));
  // Not before the listeners: listening for messages holds the process open again. Unheld, a
  // validate that stops at an error in the content exits without waiting for this thread.
  worker.unref();
  early = { worker, looks, result, arrived: () => arrived };
}

/** The started worker, handed over once to the fit check (fit-client.ts). */
export function takeEarly(): Early {
  const e = early;
  if (!e) throw new Error('the fit-check worker was not started');
  early = undefined;
  return e;
}

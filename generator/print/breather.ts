// A long paint on the main thread (a deck of thousands of cards into a PDF) lets the thread's
// other work in now and then: the raster workers are handed their next cards by this thread
// (raster/raster-pool.ts), and a deck painted without a break left them idle for as long as it
// took (traced: a 10,000-card pack's workers idled through the fifteen seconds of its books'
// print-shop PDFs).

/** How long painting may hold the thread before it lets other work in (ms). */
const SLICE_MS = 10;

/** Lets the work waiting on this thread (other stages, the raster workers' messages) have its turn. */
export const letOthersIn = (): Promise<void> => new Promise((resume) => setImmediate(resume));

/** Call between cards: now and then, it waits for the thread's other work to have its turn. */
export class Breather {
  private since = performance.now();

  async breathe(): Promise<void> {
    if (performance.now() - this.since <= SLICE_MS) return;
    await letOthersIn();
    this.since = performance.now();
  }
}

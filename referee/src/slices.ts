// Long work done a slice at a time, so that the page keeps drawing (and answering taps) while a
// long game is opened or checked: each slice runs for a few hundredths of a second, says how far
// it got, and hands the page back to the browser before the next.

/** How long one slice runs: long enough that the pauses cost little, short enough to draw a progress bar smoothly. */
const SLICE_MS = 40;

/** The browser's turn: it draws what changed and handles what was tapped, then the work goes on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Calls `piece` (a small part of the work, saying whether the whole is done) until it is done,
 * with a turn for the browser after every slice; `progress` after every slice; `stop` ends early.
 */
export async function inSlices(piece: () => boolean, progress?: () => void, stop?: () => boolean): Promise<void> {
  for (;;) {
    const end = performance.now() + SLICE_MS;
    let finished = piece();
    while (!finished && performance.now() < end) finished = piece();
    progress?.();
    if (finished) return;
    await nextTurn();
    if (stop?.()) return;
  }
}

// The log's bookkeeping: which entries are in effect, which can be redone, and which were undone
// for good. It follows from the log alone (the rules decide only which entries were refused), so
// the same few functions serve a game played step by step and a game restored from a checkpoint,
// whose bookkeeping is read off its log without carrying out a single action (checkpoint.ts).
// Every function is a handful of chain links: nothing here copies a list as long as the game.
import { after, append, emptyChain, lastOf, pushEach, toArray, upTo, type Chain } from '../chain.js';
import type { Entry } from './types.js';

export interface LogBooks {
  /** The effective game actions, oldest first. */
  entries: Chain<Entry>;
  /** Undone entries redo can bring back; the next to redo is last. */
  redo: Chain<Entry>;
  /** Seqs undone and then left behind by a new action. */
  abandoned: Chain<number>;
}

// Most actions leave nothing to redo: they share one empty list rather than make a new one each.
const NO_REDO: Chain<Entry> = emptyChain();

/** A game action was carried out: it joins the effective ones, and what was undone can no longer be redone. */
export function added(books: LogBooks, entry: Entry): LogBooks {
  return {
    entries: append(books.entries, [entry]),
    redo: NO_REDO,
    abandoned:
      books.redo.length === 0
        ? books.abandoned
        : append(
            books.abandoned,
            toArray(books.redo).map((e) => e.seq),
          ),
  };
}

/** The last effective action is taken back (there is one: `undo` checks that). */
export function undone(books: LogBooks): LogBooks {
  const last = lastOf(books.entries)!;
  return { entries: upTo(books.entries, books.entries.length - 1), redo: pushEach(books.redo, [last]), abandoned: books.abandoned };
}

/** Everything after log line `seq` is taken back; the earliest of it is redone first. */
export function undoneTo(books: LogBooks, seq: number): LogBooks {
  // Entries are in seq order, so what goes is a run at the end.
  let keep = books.entries.length;
  for (let c: Chain<Entry> | null = books.entries; c && c.length > 0 && c.items[0]!.seq > seq; c = c.prev) keep = c.prev?.length ?? 0;
  const gone = after(books.entries, keep).reverse();
  return { entries: upTo(books.entries, keep), redo: pushEach(books.redo, gone), abandoned: books.abandoned };
}

/** The next undone entry is brought back (there is one: `redo` checks that). */
export function redone(books: LogBooks): LogBooks {
  const again = lastOf(books.redo)!;
  return { entries: append(books.entries, [again]), redo: upTo(books.redo, books.redo.length - 1), abandoned: books.abandoned };
}

/** Whether the entry numbered `seq` is in effect (entries are in seq order, so the walk stops at it). */
function inEffect(entries: Chain<Entry>, seq: number): boolean {
  for (let c: Chain<Entry> | null = entries; c && c.length > 0; c = c.prev) {
    if (c.items[0]!.seq > seq) continue;
    return c.items.some((e) => e.seq === seq);
  }
  return false;
}

/** Why `undo-to` cannot go back to line `seq` (0: the start), or null when it can. */
export function undoToProblem(entries: Chain<Entry>, seq: number): string | null {
  if (seq !== 0 && !inEffect(entries, seq)) return 'That line has already been undone, or is not in this game.';
  const last = lastOf(entries);
  return last && last.seq > seq ? null : 'Nothing comes after that line.';
}

// How many actions of the game on screen the tablet has kept, written beside the store in the
// browser's local storage after each one. The store cannot vouch for itself: cleared by the
// browser to free space, deleted by hand, or cut short, it opens as less than it was. With this
// mark, the next load notices and tells the banker, instead of opening short without a word.
const PREFIX = 'codex-referee:kept:';

export interface KeptMark {
  /** The game's key in the store. */
  key: string;
  /** How many of its actions were kept. */
  actions: number;
}

/** The mark of the game kept last for this compiled game, if one was written and reads as one. */
export function keptMark(gameId: string): KeptMark | undefined {
  try {
    const m = JSON.parse(localStorage.getItem(PREFIX + gameId) ?? 'null') as Partial<KeptMark> | null;
    return m && typeof m.key === 'string' && Number.isSafeInteger(m.actions) && m.actions! >= 0 ? { key: m.key, actions: m.actions! } : undefined;
  } catch {
    return undefined;
  }
}

let written = '';
/** Marks the game on screen as kept with this many actions (written only when it changes). */
export function markKept(gameId: string, mark: KeptMark): void {
  const text = JSON.stringify(mark);
  if (text === written) return;
  try {
    localStorage.setItem(PREFIX + gameId, text);
    written = text;
  } catch {
    /* a browser that keeps nothing: the store is not kept either, and says so */
  }
}

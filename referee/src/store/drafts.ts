// What the banker has typed but not yet recorded (an auction's bids and sales), kept in the
// browser's local storage so a reload — or a tablet discarding a background tab — does not lose
// it. A draft belongs to one game and one point in its log: once anything is recorded, the
// draft no longer applies and is not offered again.
const PREFIX = 'codex-referee:draft:';

export interface Draft<T> {
  /** The log's next seq when the draft was made. */
  seq: number;
  value: T;
}

export function loadDraft<T>(name: string, seq: number): T | undefined {
  try {
    const text = localStorage.getItem(PREFIX + name);
    const draft = text ? (JSON.parse(text) as Draft<T>) : undefined;
    return draft && draft.seq === seq ? draft.value : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft<T>(name: string, seq: number, value: T): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify({ seq, value } satisfies Draft<T>));
  } catch {
    /* no room, or no storage: the draft lives as long as the page */
  }
}

export function dropDraft(name: string): void {
  try {
    localStorage.removeItem(PREFIX + name);
  } catch {
    /* nothing kept */
  }
}

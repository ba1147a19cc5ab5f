// The games on this tablet, in IndexedDB. Each action is its own small record, written in one
// transaction that must reach the disk ('strict' durability) before the screen shows it, so a
// reload, a closed tab or a flat battery loses nothing that was on the screen.
import type { LogEntry, Setup } from '../../../engine/index.js';

export interface GameRecord {
  /** This game's key on the tablet. */
  key: string;
  /** The compiled game it is played with (game.json's id) and the packs built into it. */
  gameId: string;
  gameName: string;
  setup: Setup;
  /** RULES_VERSION when the game was started. */
  rules: string;
  started: string;
}

/** A game kept on the tablet, as the list of games shows it. */
export interface KeptGame {
  record: GameRecord;
  actions: number;
  /** When its last action was recorded (when it was started, if none was). */
  last: string;
}

interface StoredEntry {
  game: string;
  seq: number;
  entry: LogEntry;
}

const DB_NAME = 'codex-referee';
const DB_VERSION = 1;
const STRICT: IDBTransactionOptions = { durability: 'strict' };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the tablet refused to read its saved games'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('the tablet did not save the action'));
    // The request's own error: the transaction's is not set yet while its error event is
    // handled, and the page tells a clash with another tab (ConstraintError) by its name.
    tx.onerror = (ev) => reject((ev.target as IDBRequest | null)?.error ?? tx.error ?? new Error('the tablet did not save the action'));
  });
}

export class GameStore {
  private constructor(private readonly db: IDBDatabase) {}

  /** Opens the tablet's store, or returns null where the browser has none (some private modes). */
  static async open(name = DB_NAME): Promise<GameStore | null> {
    if (typeof indexedDB === 'undefined') return null;
    try {
      const req = indexedDB.open(name, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('games')) db.createObjectStore('games', { keyPath: 'key' });
        if (!db.objectStoreNames.contains('entries')) db.createObjectStore('entries', { keyPath: ['game', 'seq'] });
        if (!db.objectStoreNames.contains('current')) db.createObjectStore('current', { keyPath: 'gameId' });
      };
      const db = await request(req);
      // Another tab upgrading the database must not be blocked by this one.
      db.onversionchange = () => db.close();
      return new GameStore(db);
    } catch {
      return null;
    }
  }

  /** The game in progress for this compiled game, with its whole log, if there is one. */
  async current(gameId: string): Promise<{ record: GameRecord; log: LogEntry[] } | null> {
    const tx = this.db.transaction(['current', 'games', 'entries'], 'readonly');
    const pointer = await request(tx.objectStore('current').get(gameId) as IDBRequest<{ gameId: string; key: string } | undefined>);
    if (!pointer) return null;
    const record = await request(tx.objectStore('games').get(pointer.key) as IDBRequest<GameRecord | undefined>);
    if (!record) return null;
    const range = IDBKeyRange.bound([record.key, -Infinity], [record.key, Infinity]);
    const stored = await request(tx.objectStore('entries').getAll(range) as IDBRequest<StoredEntry[]>);
    return { record, log: stored.map((s) => s.entry) };
  }

  /** One game kept on this tablet, with its whole log. */
  async open(key: string): Promise<{ record: GameRecord; log: LogEntry[] } | null> {
    const tx = this.db.transaction(['games', 'entries'], 'readonly');
    const record = await request(tx.objectStore('games').get(key) as IDBRequest<GameRecord | undefined>);
    if (!record) return null;
    const stored = await request(tx.objectStore('entries').getAll(IDBKeyRange.bound([key, -Infinity], [key, Infinity])) as IDBRequest<StoredEntry[]>);
    return { record, log: stored.map((s) => s.entry) };
  }

  /** Every game kept on this tablet for this compiled game, newest first, with how far each got. */
  async list(gameId: string): Promise<KeptGame[]> {
    const tx = this.db.transaction(['games', 'entries'], 'readonly');
    const records = (await request(tx.objectStore('games').getAll() as IDBRequest<GameRecord[]>)).filter((r) => r.gameId === gameId);
    const entries = tx.objectStore('entries');
    const kept = await Promise.all(
      records.map(async (record) => {
        const range = IDBKeyRange.bound([record.key, -Infinity], [record.key, Infinity]);
        const actions = await request(entries.count(range));
        // The newest entry only, read backwards: a long game's log is not loaded to list it.
        const cursor = await request(entries.openCursor(range, 'prev'));
        const last = (cursor?.value as StoredEntry | undefined)?.entry.at;
        return { record, actions, last: last ?? record.started };
      }),
    );
    return kept.sort((a, b) => b.last.localeCompare(a.last));
  }

  /** Makes a kept game the one this page opens with. */
  async makeCurrent(record: GameRecord): Promise<void> {
    const tx = this.db.transaction('current', 'readwrite', STRICT);
    tx.objectStore('current').put({ gameId: record.gameId, key: record.key });
    await done(tx);
  }

  /** Deletes a kept game and its log for good (never the one on screen: the page does not offer it). */
  async remove(key: string): Promise<void> {
    const tx = this.db.transaction(['games', 'entries'], 'readwrite', STRICT);
    tx.objectStore('games').delete(key);
    tx.objectStore('entries').delete(IDBKeyRange.bound([key, -Infinity], [key, Infinity]));
    await done(tx);
  }

  /** Starts (or imports) a game and makes it the current one, all in one transaction. */
  async create(record: GameRecord, log: readonly LogEntry[] = []): Promise<void> {
    const tx = this.db.transaction(['current', 'games', 'entries'], 'readwrite', STRICT);
    tx.objectStore('games').put(record);
    const entries = tx.objectStore('entries');
    for (const entry of log) entries.put({ game: record.key, seq: entry.seq, entry } satisfies StoredEntry);
    tx.objectStore('current').put({ gameId: record.gameId, key: record.key });
    await done(tx);
  }

  /** Records one action of a game. Resolves only once it is safely on disk. */
  async append(gameKey: string, entry: LogEntry): Promise<void> {
    const tx = this.db.transaction('entries', 'readwrite', STRICT);
    tx.objectStore('entries').add({ game: gameKey, seq: entry.seq, entry } satisfies StoredEntry);
    // Nothing else goes into this write, so it commits now: left to itself, the browser would
    // first hand the page the record's "added" event (which waits for the next frame on a busy
    // page) and only then commit, and the banker would wait for both.
    const saved = done(tx);
    tx.commit?.();
    await saved;
  }
}

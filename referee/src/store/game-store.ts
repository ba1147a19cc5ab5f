// The games on this tablet, in IndexedDB. Each action is its own small record, written in one
// transaction that must reach the disk ('strict' durability) before the screen shows it, so a
// reload, a closed tab or a flat battery loses nothing that was on the screen.
//
// A long game is also kept in a form that opens quickly: its log in chunks of many entries (a
// record costs the browser about as much to read or write as the entry in it, so 120,000 one-entry
// records took seconds), and a checkpoint of the game (engine/game/checkpoint.ts), so that it
// opens without replaying every action. An imported game's log is written as chunks only. A game
// played here keeps every entry as its own record as well: the [game, seq] key is what refuses a
// second tab's action for a line already recorded (store/tab-guard.ts), and it stays; the chunk
// written beside them every so often is what is read.
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

/** Consecutive entries of one game's log, `first` to `first + entries.length - 1`. */
interface StoredChunk {
  game: string;
  first: number;
  entries: LogEntry[];
}

/** The latest checkpoint of a game (what it is, the engine checks when it is used). */
interface StoredCheckpoint {
  game: string;
  checkpoint: unknown;
}

/** A game kept on the tablet, with its whole log, and its latest checkpoint if one was kept. */
export interface StoredGame {
  record: GameRecord;
  log: LogEntry[];
  checkpoint?: unknown;
  /** How many of the first entries are kept in chunks (the next chunk starts after them). */
  chunked: number;
}

/** Entries per chunk written on import. */
const CHUNK = 4096;

const DB_NAME = 'codex-referee';
// 2: chunks and checkpoints (a long game opens quickly). Version 1's stores are kept as they were.
const DB_VERSION = 2;
const STRICT: IDBTransactionOptions = { durability: 'strict' };

/** A game's keys in a store keyed by [game, number], from `from` on. */
function range(key: string, from = Number.NEGATIVE_INFINITY): IDBKeyRange {
  return IDBKeyRange.bound([key, from], [key, Number.POSITIVE_INFINITY]);
}

/**
 * A game's record, log and checkpoint, read in one transaction: the chunks in order, then the
 * entries kept one by one after the last chunk. Should the chunks and the single entries not run
 * 1, 2, 3 … together (a chunk overwritten by a tab that had fewer entries), every entry of both is
 * read and put in order.
 */
async function readGame(tx: IDBTransaction, key: string): Promise<StoredGame | null> {
  const record = await request(tx.objectStore('games').get(key) as IDBRequest<GameRecord | undefined>);
  if (!record) return null;
  const chunks = await request(tx.objectStore('chunks').getAll(range(key)) as IDBRequest<StoredChunk[]>);
  const log: LogEntry[] = [];
  for (const chunk of chunks) {
    if (chunk.first !== log.length + 1) break;
    for (const entry of chunk.entries) log.push(entry);
  }
  let chunked = log.length;
  const single = await request(tx.objectStore('entries').getAll(range(key, chunked + 1)) as IDBRequest<StoredEntry[]>);
  for (const s of single) log.push(s.entry);
  const kept = await request(tx.objectStore('checkpoints').get(key) as IDBRequest<StoredCheckpoint | undefined>);
  const checkpoint = kept ? { checkpoint: kept.checkpoint } : {};
  if (log.every((e, i) => e.seq === i + 1)) return { record, log, chunked, ...checkpoint };
  const bySeq = new Map<number, LogEntry>();
  for (const chunk of chunks) for (const entry of chunk.entries) bySeq.set(entry.seq, entry);
  for (const s of await request(tx.objectStore('entries').getAll(range(key)) as IDBRequest<StoredEntry[]>)) bySeq.set(s.seq, s.entry);
  const merged: LogEntry[] = [];
  for (let seq = 1; bySeq.has(seq); seq++) merged.push(bySeq.get(seq)!);
  // The next chunk is written from the first entry not in a chunk that runs on from the start.
  chunked = 0;
  return { record, log: merged, chunked, ...checkpoint };
}

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
        if (!db.objectStoreNames.contains('chunks')) db.createObjectStore('chunks', { keyPath: ['game', 'first'] });
        if (!db.objectStoreNames.contains('checkpoints')) db.createObjectStore('checkpoints', { keyPath: 'game' });
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
  async current(gameId: string): Promise<StoredGame | null> {
    const tx = this.db.transaction(['current', 'games', 'entries', 'chunks', 'checkpoints'], 'readonly');
    const pointer = await request(tx.objectStore('current').get(gameId) as IDBRequest<{ gameId: string; key: string } | undefined>);
    if (!pointer) return null;
    return readGame(tx, pointer.key);
  }

  /** One game kept on this tablet, with its whole log. */
  async open(key: string): Promise<StoredGame | null> {
    return readGame(this.db.transaction(['games', 'entries', 'chunks', 'checkpoints'], 'readonly'), key);
  }

  /** Every game kept on this tablet for this compiled game, newest first, with how far each got. */
  async list(gameId: string): Promise<KeptGame[]> {
    const tx = this.db.transaction(['games', 'entries', 'chunks'], 'readonly');
    const records = (await request(tx.objectStore('games').getAll() as IDBRequest<GameRecord[]>)).filter((r) => r.gameId === gameId);
    const entries = tx.objectStore('entries');
    const chunks = tx.objectStore('chunks');
    const kept = await Promise.all(
      records.map(async (record) => {
        // The newest chunk and entry only, read backwards: a long game's log is not loaded to list it.
        const chunkCursor = await request(chunks.openCursor(range(record.key), 'prev'));
        const chunk = chunkCursor?.value as StoredChunk | undefined;
        const chunked = chunk ? chunk.first + chunk.entries.length - 1 : 0;
        const after = range(record.key, chunked + 1);
        const actions = chunked + (await request(entries.count(after)));
        const cursor = await request(entries.openCursor(after, 'prev'));
        const last = (cursor?.value as StoredEntry | undefined)?.entry.at ?? chunk?.entries[chunk.entries.length - 1]?.at;
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
    const tx = this.db.transaction(['games', 'entries', 'chunks', 'checkpoints'], 'readwrite', STRICT);
    tx.objectStore('games').delete(key);
    tx.objectStore('entries').delete(range(key));
    tx.objectStore('chunks').delete(range(key));
    tx.objectStore('checkpoints').delete(key);
    await done(tx);
  }

  /**
   * Starts (or imports) a game and makes it the current one, all in one transaction. An imported
   * log is written in chunks, with the checkpoint of where it ends when there is one.
   */
  async create(record: GameRecord, log: readonly LogEntry[] = [], checkpoint?: unknown): Promise<void> {
    const tx = this.db.transaction(['current', 'games', 'chunks', 'checkpoints'], 'readwrite', STRICT);
    tx.objectStore('games').put(record);
    const chunks = tx.objectStore('chunks');
    for (let i = 0; i < log.length; i += CHUNK) chunks.put({ game: record.key, first: i + 1, entries: log.slice(i, i + CHUNK) } satisfies StoredChunk);
    if (checkpoint !== undefined) tx.objectStore('checkpoints').put({ game: record.key, checkpoint } satisfies StoredCheckpoint);
    tx.objectStore('current').put({ gameId: record.gameId, key: record.key });
    await done(tx);
  }

  /**
   * Keeps a checkpoint of a game, and its entries from `chunked + 1` on as one more chunk (they
   * are already kept one by one; the chunk is what a reload reads). Nothing depends on it being
   * kept: a game without it opens by replaying its log.
   */
  async keepCheckpoint(key: string, checkpoint: unknown, log: readonly LogEntry[], chunked: number): Promise<void> {
    const tx = this.db.transaction(['chunks', 'checkpoints'], 'readwrite', { durability: 'relaxed' });
    if (log.length > chunked) tx.objectStore('chunks').put({ game: key, first: chunked + 1, entries: log.slice(chunked) } satisfies StoredChunk);
    tx.objectStore('checkpoints').put({ game: key, checkpoint } satisfies StoredCheckpoint);
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

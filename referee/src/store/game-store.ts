// The games on this tablet, in IndexedDB. Each action is its own small record, written in one
// transaction that must reach the disk ('strict' durability) before the screen shows it, so a
// reload, a closed tab or a flat battery loses nothing that was on the screen.
//
// Which tab records a game is kept here too, as a chain of claims (store/tab-guard.ts decides when
// a tab may make one). A tab that opens a game adds the claim after the newest; each action it
// records checks, in the same transaction, that no claim has come after its own. So once another
// tab has taken the game, this tab's next write is refused whatever the timing — even a write
// started in the moment before it heard of the take-over — and the tab that took the game reads
// a log no other tab can add to.
//
// A long game is also kept in a form that opens quickly: its log in chunks of many entries (a
// record costs the browser about as much to read or write as the entry in it, so 120,000 one-entry
// records took seconds), and a checkpoint of the game (engine/game/checkpoint.ts), so that it
// opens without replaying every action. An imported game's log is written as chunks only. A game
// played here keeps every entry as its own record as well: the [game, seq] key refuses a second
// tab's action for a line already recorded, and it stays; the chunk written beside them every so
// often is what is read. Every write of a game's log, chunks or checkpoint goes through the same
// claim check as an action (`fenced`).
import { checkpointSeq, type LogEntry, type Setup } from '../../../engine/index.js';

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

/** One tab's claim on a game: the newest claim names the tab that may record into it. */
export interface Claim {
  game: string;
  /** 1 for the first claim on a game, then one more for each. */
  epoch: number;
  /** The tab's id (store/tab-guard.ts); null when the game was let go or deleted. */
  tab: string | null;
  at: string;
}

/** The newest claim on a game and the tab it names (null: nobody holds the game now). */
export interface Holder {
  epoch: number;
  tab: string | null;
}

/** A write refused because another tab took the game over after this one claimed it. */
export class GameTaken extends Error {
  constructor(readonly game: string) {
    super('another tab took this game over');
    this.name = 'GameTaken';
  }
}

/** A game the store was asked to open that it no longer holds a record of. */
export class GameGone extends Error {
  constructor() {
    super('the game is no longer kept on this tablet');
    this.name = 'GameGone';
  }
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
  /**
   * Entries the tablet holds, or once held, past the point where its log stops running 1, 2, 3 …
   * (one taken out, a chunk deleted, a checkpoint standing after entries no longer there): the
   * game opens at `log`, and the banker must be told.
   */
  lost?: number;
}

/** Entries per chunk written on import. */
const CHUNK = 4096;

const DB_NAME = 'codex-referee';
/**
 * 2: the claims store (one game per tab), chunks and checkpoints (a long game opens quickly). A
 * version-1 store is upgraded in place: its stores are kept as they were, its games open (by
 * replaying their one-entry records) and are kept with a checkpoint from then on.
 */
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
  // A checkpoint is written only after the entries it stands after: one past the end of the log
  // says entries were lost.
  const lostBefore = (n: number) => Math.max(0, (checkpointSeq(kept?.checkpoint) ?? 0) - n);
  if (log.every((e, i) => e.seq === i + 1)) {
    const lost = lostBefore(log.length);
    return { record, log, chunked, ...checkpoint, ...(lost ? { lost } : {}) };
  }
  const bySeq = new Map<number, LogEntry>();
  for (const chunk of chunks) for (const entry of chunk.entries) bySeq.set(entry.seq, entry);
  for (const s of await request(tx.objectStore('entries').getAll(range(key)) as IDBRequest<StoredEntry[]>)) bySeq.set(s.seq, s.entry);
  const merged: LogEntry[] = [];
  for (let seq = 1; bySeq.has(seq); seq++) merged.push(bySeq.get(seq)!);
  // The next chunk is written from the first entry not in a chunk that runs on from the start.
  chunked = 0;
  const lost = Math.max([...bySeq.keys()].filter((seq) => seq > merged.length).length, lostBefore(merged.length));
  return { record, log: merged, chunked, ...checkpoint, ...(lost ? { lost } : {}) };
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
  /** The games this tab has claimed, with the epoch of its claim: only these may be written to. */
  private readonly claimed = new Map<string, number>();

  private constructor(
    private readonly db: IDBDatabase,
    /** This tab's id, written into its claims. */
    readonly tab: string,
  ) {}

  /** Opens the tablet's store for one tab, or returns null where the browser has none (some private modes). */
  /**
   * The tablet's store, or why there is none: the browser keeps nothing ('unavailable': private
   * browsing, no IndexedDB), or the games were kept by a newer referee page ('newer': a store of a
   * later version than this page knows).
   */
  static async open(tab: string, name = DB_NAME): Promise<GameStore | 'unavailable' | 'newer'> {
    if (typeof indexedDB === 'undefined') return 'unavailable';
    try {
      const req = indexedDB.open(name, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('games')) db.createObjectStore('games', { keyPath: 'key' });
        if (!db.objectStoreNames.contains('entries')) db.createObjectStore('entries', { keyPath: ['game', 'seq'] });
        if (!db.objectStoreNames.contains('current')) db.createObjectStore('current', { keyPath: 'gameId' });
        if (!db.objectStoreNames.contains('claims')) db.createObjectStore('claims', { keyPath: ['game', 'epoch'] });
        if (!db.objectStoreNames.contains('chunks')) db.createObjectStore('chunks', { keyPath: ['game', 'first'] });
        if (!db.objectStoreNames.contains('checkpoints')) db.createObjectStore('checkpoints', { keyPath: 'game' });
      };
      const db = await request(req);
      // Another tab upgrading the database must not be blocked by this one.
      db.onversionchange = () => db.close();
      return new GameStore(db, tab);
    } catch (e) {
      return (e as DOMException | null)?.name === 'VersionError' ? 'newer' : 'unavailable';
    }
  }

  /** The key of the game this page opens with for this compiled game, if there is one. */
  async currentKey(gameId: string): Promise<string | null> {
    const tx = this.db.transaction('current', 'readonly');
    const pointer = await request(tx.objectStore('current').get(gameId) as IDBRequest<{ gameId: string; key: string } | undefined>);
    return pointer?.key ?? null;
  }

  /** One game kept on this tablet, with its whole log. */
  async open(key: string): Promise<StoredGame | null> {
    return readGame(this.db.transaction(['games', 'entries', 'chunks', 'checkpoints'], 'readonly'), key);
  }

  /**
   * How many actions of a game the tablet still holds, whether or not its record is there: a game
   * whose record is gone (who plays in it) cannot be opened, but its actions say it was kept.
   */
  async actionsKept(key: string): Promise<number> {
    const tx = this.db.transaction(['entries', 'chunks'], 'readonly');
    const chunks = await request(tx.objectStore('chunks').getAll(range(key)) as IDBRequest<StoredChunk[]>);
    const single = await request(tx.objectStore('entries').count(range(key)));
    return chunks.reduce((n, c) => n + c.entries.length, single);
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

  /**
   * Deletes a kept game, its log and its checkpoint for good, if the newest claim on it is still
   * `seen` (the guard has made sure no tab holds it). Its claims stay, with one more saying nobody
   * holds it, so a tab that somehow still had it could not write into it. Resolves false if a tab
   * claimed it meanwhile.
   */
  async remove(key: string, seen: Holder | null): Promise<boolean> {
    const tx = this.db.transaction(['games', 'entries', 'chunks', 'checkpoints', 'claims'], 'readwrite', STRICT);
    const claims = tx.objectStore('claims');
    let removed = false;
    newest(claims, key).then(
      (now) => {
        if ((now?.epoch ?? 0) !== (seen?.epoch ?? 0)) return;
        removed = true;
        tx.objectStore('games').delete(key);
        tx.objectStore('entries').delete(range(key));
        tx.objectStore('chunks').delete(range(key));
        tx.objectStore('checkpoints').delete(key);
        claims.add({ game: key, epoch: (now?.epoch ?? 0) + 1, tab: null, at: new Date().toISOString() } satisfies Claim);
      },
      () => tx.abort(),
    );
    await done(tx);
    this.claimed.delete(key);
    return removed;
  }

  /** The newest claim on a game, or null if no tab ever claimed it. */
  async holder(key: string): Promise<Holder | null> {
    return newest(this.db.transaction('claims', 'readonly').objectStore('claims'), key);
  }

  /**
   * This tab claims a game: from now on only it may record into it. With `seen`, only if the newest
   * claim is still that one (or no claim, for null); otherwise nothing is written and the newest
   * claim is returned. Earlier claims are kept (a few small records per opening of the game, far
   * fewer than its log's): a tab that was frozen through any number of take-overs still finds the
   * one after its own.
   */
  async claim(key: string, seen?: Holder | null): Promise<{ ok: true } | { ok: false; holder: Holder | null }> {
    const tx = this.db.transaction('claims', 'readwrite', STRICT);
    const claims = tx.objectStore('claims');
    let answer: { ok: true } | { ok: false; holder: Holder | null } = { ok: true };
    let epoch = 0;
    newest(claims, key).then(
      (now) => {
        if (seen !== undefined && (now?.epoch ?? 0) !== (seen?.epoch ?? 0)) {
          answer = { ok: false, holder: now };
          return;
        }
        epoch = (now?.epoch ?? 0) + 1;
        claims.add({ game: key, epoch, tab: this.tab, at: new Date().toISOString() } satisfies Claim);
      },
      () => tx.abort(),
    );
    await done(tx);
    if (answer.ok) this.claimed.set(key, epoch);
    return answer;
  }

  /**
   * This tab lets go of a game: it can no longer write into it, and the store says nobody holds it
   * (if this tab's claim is still the newest), so the next tab to open it need not ask around.
   */
  async letGo(key: string): Promise<void> {
    const epoch = this.claimed.get(key);
    this.claimed.delete(key);
    if (epoch === undefined) return;
    const tx = this.db.transaction('claims', 'readwrite', STRICT);
    // Written at once, without reading first, so that it is made even as the tab closes (the
    // page may be gone before a read could answer). If another tab has claimed the game since,
    // its claim holds this place, and adding here fails: nothing is written.
    tx.objectStore('claims').add({ game: key, epoch: epoch + 1, tab: null, at: new Date().toISOString() } satisfies Claim);
    const written = done(tx);
    tx.commit?.();
    await written.catch((e: unknown) => {
      if (!(e instanceof DOMException && e.name === 'ConstraintError')) throw e;
    });
  }

  /** This tab no longer records into a game (another tab took it): its writes to it are refused from now on. */
  forget(key: string): void {
    this.claimed.delete(key);
  }

  /**
   * Starts (or imports) a game and makes it the current one, all in one transaction. The tab claims
   * its key first. An imported log is written in chunks, with the checkpoint of where it ends when
   * there is one.
   */
  async create(record: GameRecord, log: readonly LogEntry[] = [], checkpoint?: unknown): Promise<void> {
    const { tx, fence, close } = this.fenced(record.key, ['current', 'games', 'chunks', 'checkpoints'], STRICT, record.started);
    tx.objectStore('games').put(record);
    const chunks = tx.objectStore('chunks');
    for (let i = 0; i < log.length; i += CHUNK) chunks.put({ game: record.key, first: i + 1, entries: log.slice(i, i + CHUNK) } satisfies StoredChunk);
    if (checkpoint !== undefined) tx.objectStore('checkpoints').put({ game: record.key, checkpoint } satisfies StoredCheckpoint);
    tx.objectStore('current').put({ gameId: record.gameId, key: record.key });
    close();
    await this.written(record.key, tx, fence);
  }

  /**
   * Keeps a checkpoint of a game this tab has claimed, and its entries from `chunked + 1` on as one
   * more chunk (they are already kept one by one; the chunk is what a reload reads). Nothing depends
   * on it being kept: a game without it opens by replaying its log. Checked against the claims like
   * an action (a tab that lost the game must not overwrite the chunks of the tab that took it);
   * rejects with GameTaken if another tab has claimed the game since.
   */
  async keepCheckpoint(key: string, checkpoint: unknown, log: readonly LogEntry[], chunked: number): Promise<void> {
    const { tx, fence, close } = this.fenced(key, ['chunks', 'checkpoints'], { durability: 'relaxed' }, new Date().toISOString());
    if (log.length > chunked) tx.objectStore('chunks').put({ game: key, first: chunked + 1, entries: log.slice(chunked) } satisfies StoredChunk);
    tx.objectStore('checkpoints').put({ game: key, checkpoint } satisfies StoredCheckpoint);
    close();
    await this.written(key, tx, fence);
  }

  /**
   * Records one action of a game this tab has claimed. Resolves only once it is safely on disk;
   * rejects with GameTaken if another tab has claimed the game since.
   */
  async append(gameKey: string, entry: LogEntry): Promise<void> {
    const { tx, fence, close } = this.fenced(gameKey, ['entries'], STRICT, entry.at);
    tx.objectStore('entries').add({ game: gameKey, seq: entry.seq, entry } satisfies StoredEntry);
    close();
    // Nothing else goes into this write, so it commits now: left to itself, the browser would
    // first hand the page the record's "added" event (which waits for the next frame on a busy
    // page) and only then commit, and the banker would wait for both.
    tx.commit?.();
    await this.written(gameKey, tx, fence);
  }

  /**
   * A write to a game this tab has claimed, checked against its claims in the same transaction:
   * the fence, added without waiting for an answer, takes the place just after this tab's claim.
   * That place is taken only if another tab has claimed the game since, and then adding there
   * fails, and the whole write with it. Otherwise `close` removes the mark again, after the
   * writes, in the same transaction. Throws GameTaken at once if the tab no longer has the game.
   */
  private fenced(key: string, stores: string[], options: IDBTransactionOptions, at: string): { tx: IDBTransaction; fence: IDBRequest; close: () => void } {
    const epoch = this.claimed.get(key);
    if (epoch === undefined) throw new GameTaken(key);
    const tx = this.db.transaction([...stores, 'claims'], 'readwrite', options);
    const claims = tx.objectStore('claims');
    const fence = claims.add({ game: key, epoch: epoch + 1, tab: this.tab, at } satisfies Claim);
    return { tx, fence, close: () => claims.delete([key, epoch + 1]) };
  }

  /** Waits for a fenced write: GameTaken (and no more writes from this tab) if the fence found another tab's claim. */
  private async written(key: string, tx: IDBTransaction, fence: IDBRequest): Promise<void> {
    const saved = done(tx);
    try {
      await saved;
    } catch (e) {
      if (fence.error?.name === 'ConstraintError') {
        this.claimed.delete(key);
        throw new GameTaken(key);
      }
      throw e;
    }
  }
}

/** The newest claim on a game, read inside a transaction that may go on to write. */
function newest(claims: IDBObjectStore, key: string): Promise<Holder | null> {
  return new Promise((resolve, reject) => {
    const req = claims.openCursor(range(key), 'prev');
    req.onsuccess = () => {
      const claim = req.result?.value as Claim | undefined;
      resolve(claim ? { epoch: claim.epoch, tab: claim.tab } : null);
    };
    req.onerror = () => reject(req.error);
  });
}

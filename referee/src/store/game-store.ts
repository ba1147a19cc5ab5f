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

const DB_NAME = 'codex-referee';
/** 2: the claims store (one game per tab). */
const DB_VERSION = 2;
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

function claimRange(key: string): IDBKeyRange {
  return IDBKeyRange.bound([key, -Infinity], [key, Infinity]);
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
  static async open(tab: string, name = DB_NAME): Promise<GameStore | null> {
    if (typeof indexedDB === 'undefined') return null;
    try {
      const req = indexedDB.open(name, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('games')) db.createObjectStore('games', { keyPath: 'key' });
        if (!db.objectStoreNames.contains('entries')) db.createObjectStore('entries', { keyPath: ['game', 'seq'] });
        if (!db.objectStoreNames.contains('current')) db.createObjectStore('current', { keyPath: 'gameId' });
        if (!db.objectStoreNames.contains('claims')) db.createObjectStore('claims', { keyPath: ['game', 'epoch'] });
      };
      const db = await request(req);
      // Another tab upgrading the database must not be blocked by this one.
      db.onversionchange = () => db.close();
      return new GameStore(db, tab);
    } catch {
      return null;
    }
  }

  /** The key of the game this page opens with for this compiled game, if there is one. */
  async currentKey(gameId: string): Promise<string | null> {
    const tx = this.db.transaction('current', 'readonly');
    const pointer = await request(tx.objectStore('current').get(gameId) as IDBRequest<{ gameId: string; key: string } | undefined>);
    return pointer?.key ?? null;
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

  /**
   * Deletes a kept game and its log for good, if the newest claim on it is still `seen` (the
   * guard has made sure no tab holds it). Its claims stay, with one more saying nobody holds it,
   * so a tab that somehow still had it could not write into it. Resolves false if a tab claimed it
   * meanwhile.
   */
  async remove(key: string, seen: Holder | null): Promise<boolean> {
    const tx = this.db.transaction(['games', 'entries', 'claims'], 'readwrite', STRICT);
    const claims = tx.objectStore('claims');
    let removed = false;
    newest(claims, key).then(
      (now) => {
        if ((now?.epoch ?? 0) !== (seen?.epoch ?? 0)) return;
        removed = true;
        tx.objectStore('games').delete(key);
        tx.objectStore('entries').delete(IDBKeyRange.bound([key, -Infinity], [key, Infinity]));
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

  /** Starts (or imports) a game and makes it the current one, all in one transaction. The tab claims its key first. */
  async create(record: GameRecord, log: readonly LogEntry[] = []): Promise<void> {
    if (!this.claimed.has(record.key)) throw new GameTaken(record.key);
    const tx = this.db.transaction(['current', 'games', 'entries'], 'readwrite', STRICT);
    tx.objectStore('games').put(record);
    const entries = tx.objectStore('entries');
    for (const entry of log) entries.put({ game: record.key, seq: entry.seq, entry } satisfies StoredEntry);
    tx.objectStore('current').put({ gameId: record.gameId, key: record.key });
    await done(tx);
  }

  /**
   * Records one action of a game this tab has claimed. Resolves only once it is safely on disk;
   * rejects with GameTaken if another tab has claimed the game since.
   */
  async append(gameKey: string, entry: LogEntry): Promise<void> {
    const epoch = this.claimed.get(gameKey);
    if (epoch === undefined) throw new GameTaken(gameKey);
    const tx = this.db.transaction(['entries', 'claims'], 'readwrite', STRICT);
    // The fence, without waiting for an answer: the place just after this tab's claim is taken
    // only if another tab has claimed the game since, and then adding there fails, and the whole
    // write with it. Otherwise the mark is removed again in the same transaction.
    const claims = tx.objectStore('claims');
    const fence = claims.add({ game: gameKey, epoch: epoch + 1, tab: this.tab, at: entry.at } satisfies Claim);
    tx.objectStore('entries').add({ game: gameKey, seq: entry.seq, entry } satisfies StoredEntry);
    claims.delete([gameKey, epoch + 1]);
    // Nothing else goes into this write, so it commits now: left to itself, the browser would
    // first hand the page the record's "added" event (which waits for the next frame on a busy
    // page) and only then commit, and the banker would wait for both.
    const saved = done(tx);
    tx.commit?.();
    try {
      await saved;
    } catch (e) {
      if (fence.error?.name === 'ConstraintError') {
        this.claimed.delete(gameKey);
        throw new GameTaken(gameKey);
      }
      throw e;
    }
  }
}

/** The newest claim on a game, read inside a transaction that may go on to write. */
function newest(claims: IDBObjectStore, key: string): Promise<Holder | null> {
  return new Promise((resolve, reject) => {
    const req = claims.openCursor(claimRange(key), 'prev');
    req.onsuccess = () => {
      const claim = req.result?.value as Claim | undefined;
      resolve(claim ? { epoch: claim.epoch, tab: claim.tab } : null);
    };
    req.onerror = () => reject(req.error);
  });
}

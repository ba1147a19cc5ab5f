// One game, one tab. Two tabs recording into the same game would each show a game the other has
// changed behind its back. Every way a tab comes to show a game — the page (re)loaded, a new game,
// an import, a game reopened from the list, "Take the game over here" — first asks `hold`, and
// shows the game only once it is held; a game is deleted from the list only through `removeIfFree`.
//
// - Where the browser has the Web Locks API (https, this computer, the one-file copy opened from
//   disk), a tab holds the lock named for the game for as long as it shows it. Opening asks for the
//   lock only if it is free, so of two tabs opening at the same moment exactly one gets it, and
//   the other is told the game is open elsewhere. A take-over steals the lock: the browser ends the
//   other tab's hold on the spot, and that tab stops recording. A closed or reloaded tab's locks
//   end with it.
// - Over plain http on the local network the browser has no Web Locks. The store's claims decide
//   instead (one transaction at a time), and a BroadcastChannel asks the tab named by the newest
//   claim whether it still has the game: only a tab that has gone (or is frozen) fails to answer,
//   and its game is then claimed in its place; a frozen tab finds out when it wakes.
//
// Either way the tab claims the game in the store (store/game-store.ts) before it reads the log,
// and every write checks that no claim came after its own: a tab that has not yet heard of a
// take-over cannot add to the log the new tab has read; its write is refused and it stops.
import type { GameStore, Holder } from './game-store.js';

const LOCK = 'codex-referee:game:';
/** Claims are made one at a time, lock in hand, so the newest claim is always by the tab holding the lock. */
const CLAIMS = 'codex-referee:claims';
const CHANNEL = 'codex-referee-tabs';
/**
 * Without Web Locks: how long to wait for the tab named by the newest claim to say it has the game.
 * A tab that is there answers within milliseconds; one replaying a long game answers late, and
 * then loses the game to the tab that asked (it is told, and stops).
 */
const ASK_MS = 400;

type Message =
  | { kind: 'has?'; game: string; tab: string; from: string }
  | { kind: 'has'; game: string; to: string; from: string }
  | { kind: 'taken'; game: string; from: string };

interface Hold {
  readonly key: string;
  lost: boolean;
  /** Ends the tab's lock on the game (Web Locks). */
  end(): void;
}

/** Held: this tab has the game now. Elsewhere: another tab has it (and keeps it). */
export type Holding = 'held' | 'elsewhere';

/** 16 random hex digits: a tab's id here, and a new game's key (session.ts). */
export function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class TabGuard {
  /** This page's id in the store's claims and on the channel (a reloaded tab is a new page). */
  readonly id = randomId();
  private store: GameStore | null = null;
  private readonly held = new Map<string, Hold>();
  /** The games being claimed but not yet held: without Web Locks, another tab's question is answered for them too. */
  private readonly claiming = new Set<string>();
  /** Without Web Locks: games being claimed that another tab said it took meanwhile (checked once held). */
  private readonly takenMeanwhile = new Set<string>();
  private lost: ((game: string) => void) | null = null;
  /** One hold at a time in this tab. */
  private turn: Promise<unknown> = Promise.resolve();
  private readonly locks: LockManager | null;
  private readonly channel: BroadcastChannel | null;

  constructor() {
    this.locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
    this.channel = this.locks || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    this.channel?.addEventListener('message', (e: MessageEvent<Message>) => this.heard(e.data));
    if (!this.locks && typeof addEventListener === 'function') {
      // Without Web Locks nothing ends a closed tab's claim: it says so itself as it goes, so the
      // next tab to open the game need not ask and wait. Back from the browser's page cache, it
      // claims its game again if no tab took it meanwhile.
      addEventListener('pagehide', () => {
        for (const key of this.held.keys()) void this.store?.letGo(key).catch(() => undefined);
      });
      addEventListener('pageshow', (e) => {
        if ((e as PageTransitionEvent).persisted) for (const hold of this.held.values()) void this.reclaim(hold);
      });
    }
  }

  /** Whether this browser ends a tab's hold itself (Web Locks), for anyone watching the page. */
  get usesLocks(): boolean {
    return this.locks !== null;
  }

  /** The store the claims are kept in (null: games are not kept, so no other tab can see them). */
  use(store: GameStore | null): void {
    this.store = store;
  }

  /** Called when another tab takes over a game this tab holds; the tab no longer holds it. */
  onLost(handler: (game: string) => void): void {
    this.lost = handler;
  }

  /** Whether this tab holds the game now. */
  holds(key: string): boolean {
    const hold = this.held.get(key);
    return hold !== undefined && !hold.lost;
  }

  /**
   * Holds a game in this tab, unless another tab has it (that tab keeps it: 'elsewhere'). With
   * `takeOver`, takes it from that tab, which stops recording at once. Games held before are kept
   * until `release`d, so a page can go on showing one until the next is ready.
   */
  hold(key: string, takeOver = false): Promise<Holding> {
    const run = this.turn.then(() => this.holdNow(key, takeOver));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async holdNow(key: string, takeOver: boolean): Promise<Holding> {
    if (this.holds(key)) return 'held';
    this.claiming.add(key);
    try {
      const hold = this.locks ? await this.holdLocked(this.locks, key, takeOver) : await this.holdShared(key, takeOver);
      if (!hold) return 'elsewhere';
      this.held.set(key, hold);
      // Taken again in the moment between the claim and now: said as for any game held.
      if (hold.lost) this.lose(hold, true);
      else if (this.takenMeanwhile.has(key)) void this.check(hold);
      return 'held';
    } finally {
      this.claiming.delete(key);
      this.takenMeanwhile.delete(key);
    }
  }

  /** With Web Locks: the lock (if free, or stolen), then the claim in the store, both before any other tab's. */
  private holdLocked(locks: LockManager, key: string, steal: boolean): Promise<Hold | null> {
    return locks.request(CLAIMS, async () => {
      const hold = await this.lock(locks, key, steal);
      if (!hold) return null;
      try {
        await this.store?.claim(key);
      } catch (e) {
        hold.end();
        throw e;
      }
      return hold;
    }) as Promise<Hold | null>;
  }

  /** Asks for the game's lock; resolves once it is granted (or refused: another tab has it). */
  private lock(locks: LockManager, key: string, steal: boolean): Promise<Hold | null> {
    return new Promise((resolve, reject) => {
      let end = (): void => undefined;
      const hold: Hold = { key, lost: false, end: () => end() };
      locks
        .request(LOCK + key, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(null);
            return undefined;
          }
          resolve(hold);
          // Held until this tab lets go of the game.
          return new Promise<void>((r) => (end = r));
        })
        .then(
          () => undefined,
          (e: unknown) => {
            // The browser ended this tab's hold: another tab took the game over.
            if (e instanceof DOMException && e.name === 'AbortError') this.lose(hold);
            else reject(e);
          },
        );
    });
  }

  /** Without Web Locks: the store's claims decide, and the tab named by the newest is asked whether it is still there. */
  private async holdShared(key: string, takeOver: boolean): Promise<Hold | null> {
    const hold: Hold = { key, lost: false, end: () => undefined };
    const store = this.store;
    // Nothing is kept, so no other tab can see this game.
    if (!store) return hold;
    if (takeOver) {
      await store.claim(key);
      this.send({ kind: 'taken', game: key, from: this.id });
      return hold;
    }
    let seen = await store.holder(key);
    // Each round either ends or finds a newer claim: another tab claimed it between the question and the claim.
    for (let round = 0; round < 8; round++) {
      const other = seen?.tab && seen.tab !== this.id ? seen.tab : null;
      if (other && (await this.answers(other, key))) return null;
      const claimed = await store.claim(key, seen);
      if (claimed.ok) {
        // The tab that did not answer may only be frozen: when it wakes, it hears it has lost the game.
        if (other) this.send({ kind: 'taken', game: key, from: this.id });
        return hold;
      }
      seen = claimed.holder;
    }
    return null;
  }

  /** Without Web Locks: whether the tab answers that it has the game, within ASK_MS. */
  private answers(tab: string, game: string): Promise<boolean> {
    const channel = this.channel;
    if (!channel) return Promise.resolve(false);
    return new Promise((resolve) => {
      const listen = (e: MessageEvent<Message>) => {
        const m = e.data;
        if (m.kind === 'has' && m.game === game && m.from === tab && m.to === this.id) finish(true);
      };
      const finish = (answer: boolean) => {
        clearTimeout(timer);
        channel.removeEventListener('message', listen);
        resolve(answer);
      };
      const timer = setTimeout(() => finish(false), ASK_MS);
      channel.addEventListener('message', listen);
      this.send({ kind: 'has?', game, tab, from: this.id });
    });
  }

  private send(m: Message): void {
    this.channel?.postMessage(m);
  }

  private heard(m: Message): void {
    if (m.from === this.id) return;
    if (m.kind === 'has?' && m.tab === this.id && (this.holds(m.game) || this.claiming.has(m.game))) {
      this.send({ kind: 'has', game: m.game, to: m.from, from: this.id });
    }
    if (m.kind !== 'taken') return;
    // Told another tab took the game: the store says whether this tab's claim is still the newest.
    const hold = this.held.get(m.game);
    if (hold) void this.check(hold);
    else if (this.claiming.has(m.game)) this.takenMeanwhile.add(m.game);
  }

  private async check(hold: Hold): Promise<void> {
    const now = await this.store?.holder(hold.key).catch(() => null);
    if (now?.tab !== this.id) this.lose(hold);
  }

  /** Back from the page cache (without Web Locks): the game is this tab's again if no other tab claimed it. */
  private async reclaim(hold: Hold): Promise<void> {
    const store = this.store;
    if (!store) return;
    const seen: Holder | null = await store.holder(hold.key).catch(() => null);
    const free = !seen?.tab || seen.tab === this.id;
    const claimed = free ? await store.claim(hold.key, seen).catch(() => null) : null;
    if (!claimed?.ok) this.lose(hold);
  }

  /**
   * A write was refused because another tab claimed the game after this one (store/game-store.ts):
   * this tab no longer holds it.
   */
  taken(key: string): void {
    const hold = this.held.get(key);
    if (hold) this.lose(hold);
  }

  /** This tab stops holding a game: its lock ends, its writes are refused, and the page is told. */
  private lose(hold: Hold, again = false): void {
    if (hold.lost && !again) return;
    hold.lost = true;
    hold.end();
    // A hold not (or no longer) in place: it is said when it is put in place, or this tab has since claimed the game anew.
    if (this.held.get(hold.key) !== hold) return;
    this.held.delete(hold.key);
    this.store?.forget(hold.key);
    this.lost?.(hold.key);
  }

  /** This tab no longer shows the game: another tab may open it without asking. */
  release(key: string): void {
    const hold = this.held.get(key);
    if (!hold) return;
    this.held.delete(key);
    hold.end();
    void this.store?.letGo(key).catch(() => undefined);
  }

  /**
   * Deletes a kept game from the tablet if no tab has it open, holding it meanwhile so that no tab
   * can open it while it goes. Resolves false (nothing deleted) when a tab has it.
   */
  async removeIfFree(key: string): Promise<boolean> {
    const store = this.store;
    if (!store || this.held.has(key)) return false;
    const locks = this.locks;
    if (locks) {
      return locks.request(CLAIMS, () =>
        locks.request(LOCK + key, { ifAvailable: true }, async (lock) => (lock ? store.remove(key, await store.holder(key)) : false)),
      ) as Promise<boolean>;
    }
    const seen = await store.holder(key);
    if (seen?.tab && seen.tab !== this.id && (await this.answers(seen.tab, key))) return false;
    return store.remove(key, seen);
  }

  /** The games another tab has open now, as far as this browser can tell (empty without Web Locks). */
  async openElsewhere(): Promise<Set<string>> {
    const open = new Set<string>();
    const state = await this.locks?.query().catch(() => null);
    for (const lock of state?.held ?? []) if (lock.name?.startsWith(LOCK)) open.add(lock.name.slice(LOCK.length));
    for (const key of this.held.keys()) open.delete(key);
    return open;
  }
}

// One writer per output folder at a time: `build`, `referee` and `simulate` (its report in
// out/balance) take the folder's lock (.out.lock beside out/) before they touch it, and give it
// back when done. The lock file names its holder (process id, start time, computer, command), so
// a second writer can say who is busy, and can
// tell when the holder has died (a killed build): such a stale lock is taken over.
//
// Taking it is one atomic step: the holder's details are written to a private file first, then
// hard-linked to the lock's name, which fails if the name exists — no one ever reads a
// half-written lock. (On a disk without hard links, a USB stick's FAT, the lock is created with
// "only if it does not exist" and written at once; a reader gives a lock it cannot make sense
// of a few seconds to be finished.) Taking over a stale lock renames it aside, then checks by
// inode that what it moved is the dead holder's lock and not a live one that replaced it in
// between; a writer checks the same before it swaps the output in (`stillHeld`).
//
// A lock that cannot be judged is never waited on without end: one this user may not read, or
// something else at its name, stops the command at once with a message naming the file; a
// damaged one (not a lock this tool wrote, or a process number that names no process) is taken
// over; one from another computer is waited for only with build --wait (waitForRemote), and the
// message says how to clear it when that computer is not building.
import { hostname } from 'node:os';
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OutputRefused, alive, linksUnsupported, lockPath, noLinks, self, unwritable, type Owner } from './out-siblings.js';

const LockInfo = z.object({
  // 0 and negative numbers name groups of processes, never one holder.
  pid: z.number().int().positive(),
  ticks: z.number().int().nonnegative().optional(),
  host: z.string().min(1),
  /** The holder's process-number space (Linux): a container on this computer has its own. */
  ns: z.string().optional(),
  started: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a date'),
  command: z.string(),
});
export type LockInfo = z.infer<typeof LockInfo>;

export interface HeldLock {
  readonly path: string;
  /** False when another process has taken the lock (it judged this one dead). */
  stillHeld(): boolean;
  release(): void;
}

/** Why a writer could not take the lock: another one is at work on the same folder. */
export class LockBusy extends Error {
  constructor(
    readonly outDir: string,
    readonly holder: LockInfo,
    /** The lock file, for a message that says how to clear it. */
    readonly lockFile: string,
    /** The holder is on another computer or in another container: this one cannot tell whether it still runs. */
    readonly remote: boolean,
  ) {
    super(`${basename(outDir)}/ is being written by process ${holder.pid}`);
  }
}

export interface LockOptions {
  /** "build", "referee" or "simulate": named in the lock for whoever finds it. */
  command: string;
  /** Wait for the holder to finish, up to this many milliseconds; 0 refuses at once. */
  waitMs: number;
  /**
   * Wait for a holder on another computer or in another container too. Only when the user asked
   * to wait (build --wait): whether it still runs cannot be told from here, so an unasked wait
   * on it could last until waitMs for nothing (the referee waits ten minutes for a local build).
   */
  waitForRemote?: boolean;
  /** Told once when the lock is busy and the writer starts to wait. */
  onWait?(holder: LockInfo): void;
}

const POLL_MS = 150;
/** A lock that is not (yet) a whole lock is someone's in the middle of being made, for at most this long. */
const UNREADABLE_GRACE_MS = 5_000;
/** Tries in a row without a pause (a lock released or taken over just now) before the loop pauses anyway. */
const QUICK_TRIES = 20;

type Found =
  | { kind: 'gone' }
  | { kind: 'odd'; what: string }
  | { kind: 'unreadable'; code: string }
  | { kind: 'damaged'; ino: number; ageMs: number; whole: boolean }
  | { kind: 'held'; info: LockInfo; ino: number };

function oddName(st: Stats): string {
  return st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a link' : 'not a plain file';
}

function readLock(path: string): Found {
  let fd: number;
  try {
    const st = lstatSync(path);
    // Only a plain file is read: a pipe at the lock's name would keep the build waiting forever.
    if (!st.isFile()) return { kind: 'odd', what: oddName(st) };
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'ELOOP') return { kind: 'odd', what: 'a link' };
    return { kind: 'unreadable', code };
  }
  let text: string;
  let ino: number;
  let mtimeMs: number;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'odd', what: 'not a plain file' };
    ino = Number(st.ino);
    mtimeMs = st.mtimeMs;
    text = readFileSync(fd, 'utf8');
  } catch (e) {
    return { kind: 'unreadable', code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
  } finally {
    closeSync(fd);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (yet): a lock being written on a disk without hard links, or a damaged one.
    return { kind: 'damaged', ino, ageMs: Date.now() - mtimeMs, whole: false };
  }
  const parsed = LockInfo.safeParse(json);
  // Whole JSON that is no lock of this tool's is damaged for good: no one is still writing it.
  return parsed.success ? { kind: 'held', info: parsed.data, ino } : { kind: 'damaged', ino, ageMs: Date.now() - mtimeMs, whole: true };
}

let myNs: string | undefined | null = null;
function pidSpace(): string | undefined {
  if (myNs === null) {
    try {
      myNs = readlinkSync('/proc/self/ns/pid');
    } catch {
      myNs = undefined;
    }
  }
  return myNs;
}

/** Whether the holder runs where this process cannot look at it: another computer, or another container. */
function isRemote(info: LockInfo): boolean {
  if (info.host !== hostname()) return true;
  const here = pidSpace();
  return info.ns !== undefined && here !== undefined && info.ns !== here;
}

function isStale(info: LockInfo): boolean {
  if (isRemote(info)) return false;
  // This tool writes the start time wherever the system tells it (Linux): a lock without one was not written by it here.
  if (info.ticks === undefined && self().ticks !== undefined) return true;
  const owner: Owner = { pid: info.pid, ...(info.ticks !== undefined ? { ticks: info.ticks } : {}) };
  return !alive(owner);
}

/** Moves a stale lock out of the way; gives back a live one moved by mistake in a race. */
function takeOver(path: string, staleIno: number): void {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else moved it first
  }
  let same = false;
  try {
    same = Number(statSync(aside).ino) === staleIno;
  } catch {
    return; // removed by someone else in between
  }
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      /* a third writer holds it now; the one moved aside will find out in stillHeld() */
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    /* gone already */
  }
}

/** Creates the lock with "only if it does not exist", for disks without hard links; gives its inode. */
function createOnly(path: string, text: string): number {
  const fd = openSync(path, 'wx', 0o644);
  try {
    writeSync(fd, text);
    return Number(fstatSync(fd).ino);
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Takes the output folder's lock, waiting for (or refusing) a live holder and taking over a dead one's. */
export async function acquireLock(outDir: string, options: LockOptions): Promise<HeldLock> {
  const path = lockPath(outDir);
  const me = self();
  const ns = pidSpace();
  const info: LockInfo = {
    pid: me.pid,
    ...(me.ticks !== undefined ? { ticks: me.ticks } : {}),
    host: hostname(),
    ...(ns !== undefined ? { ns } : {}),
    started: new Date().toISOString(),
    command: options.command,
  };
  const text = `${JSON.stringify(info)}\n`;
  const mine = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(mine, text);
  } catch (e) {
    throw unwritable(outDir, e);
  }
  try {
    // Readable by everyone whatever the umask: a build run with sudo must not leave a lock others cannot judge.
    chmodSync(mine, 0o644);
  } catch {
    /* a disk without permissions (FAT) */
  }
  clearLeftovers(path);
  const deadline = Date.now() + options.waitMs;
  let told = false;
  let hardLinks = !noLinks();
  let quick = 0;
  const watched = new Map<number, number>(); // damaged lock's inode → when this process first saw it
  try {
    for (;;) {
      try {
        if (hardLinks) {
          linkSync(mine, path);
          return held(path, Number(statSync(mine).ino));
        }
        return held(path, createOnly(path, text));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (hardLinks && code !== 'EEXIST' && linksUnsupported(e)) {
          hardLinks = false;
          continue;
        }
        if (code !== 'EEXIST') throw unwritable(outDir, e);
      }
      const found = readLock(path);
      if (found.kind === 'odd') {
        throw new OutputRefused(
          `${path} is in the way: the lock that keeps two builds of ${basename(outDir)}/ apart must be a plain file, and this is ${found.what}`,
          `delete it (nothing of the build is kept there), then run the command again`,
        );
      }
      if (found.kind === 'unreadable') {
        throw new OutputRefused(
          `the lock file ${path} cannot be read (${found.code === 'EACCES' || found.code === 'EPERM' ? 'it belongs to another user of this computer, perhaps a build run with sudo' : found.code}), so there is no telling whether another build is writing ${basename(outDir)}/ right now`,
          `if no other build is running, delete that file (for example: rm -f '${path}', with sudo if it is refused), then run the command again`,
        );
      }
      let pause = true;
      if (found.kind === 'gone')
        pause = false; // released just now
      else if (found.kind === 'damaged') {
        const first = watched.get(found.ino) ?? Date.now();
        watched.set(found.ino, first);
        // A clock set differently (a time in the future) is not trusted: this process's own watch decides then.
        if (found.whole || found.ageMs > UNREADABLE_GRACE_MS || Date.now() - first > UNREADABLE_GRACE_MS) {
          takeOver(path, found.ino);
          pause = false;
        }
      } else if (isStale(found.info)) {
        takeOver(path, found.ino);
        pause = false;
      } else {
        const remote = isRemote(found.info);
        if (Date.now() >= deadline || (remote && !options.waitForRemote)) throw new LockBusy(outDir, found.info, path, remote);
        if (!told) {
          options.onWait?.(found.info);
          told = true;
        }
      }
      // Never round and round without a rest: a lock that keeps coming back is waited on like a live one.
      if (pause || ++quick > QUICK_TRIES) {
        quick = 0;
        await sleep(POLL_MS);
      }
    }
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      /* already gone */
    }
  }
}

/**
 * The private files of writers killed while they waited for the lock (.out.lock.<pid>-…), and
 * stale locks moved aside by one killed while it took them over: no one else would remove them.
 */
function clearLeftovers(path: string): void {
  const name = basename(path);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const n of names) {
    const m = /^\.(?:stale-)?(\d+)-[0-9a-f]+$/.exec(n.startsWith(name) ? n.slice(name.length) : '');
    if (!m || alive({ pid: Number(m[1]) })) continue;
    try {
      unlinkSync(join(dirname(path), n));
    } catch {
      /* gone already, or not this user's to remove */
    }
  }
}

function held(path: string, ino: number): HeldLock {
  let released = false;
  const stillHeld = () => {
    try {
      return Number(statSync(path).ino) === ino;
    } catch {
      return false;
    }
  };
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (stillHeld()) unlinkSync(path);
    } catch {
      /* the next writer judges a lock whose holder has ended as stale */
    }
    process.off('exit', release);
  };
  // A build that ends by an error or Ctrl+C gives the lock back too; only a kill leaves it behind.
  process.on('exit', release);
  return { path, stillHeld, release };
}

/** "another build (process 1234, started 14:02)", with the day when it is not today, for messages. */
export function describeHolder(holder: LockInfo): string {
  const started = new Date(holder.started);
  const now = new Date();
  const today = now.toDateString() === started.toDateString();
  const time = started.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const day = started.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(started.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  const when = Number.isNaN(started.getTime()) ? 'at an unknown time' : today ? time : `${day} at ${time}`;
  const what =
    holder.command === 'referee' ? 'the referee command' : holder.command === 'simulate' ? 'the simulate command saving its report' : 'another build';
  const where = holder.host !== hostname() ? ` on ${holder.host}` : isRemote(holder) ? ' in another container' : '';
  return `${what} (process ${holder.pid}${where}, started ${when})`;
}

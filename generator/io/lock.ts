// One writer per output folder at a time: `build` and `referee` take the folder's lock (.out.lock
// beside out/) before they touch it, and give it back when done. The lock file names its holder
// (process id, start time, command), so a second writer can say who is busy, and can tell when
// the holder has died (a killed build): such a stale lock is taken over.
//
// Taking it is one atomic step: the holder's details are written to a private file first, then
// hard-linked to the lock's name, which fails if the name exists — no one ever reads a
// half-written lock. Taking over a stale lock renames it aside, then checks by inode that what
// it moved is the dead holder's lock and not a live one that replaced it in between; a writer
// checks the same before it swaps the output in (`stillHeld`).
import { hostname } from 'node:os';
import { BuildError } from '../build-error.js';
import { linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { alive, lockPath, self, type Owner } from './out-siblings.js';

const LockInfo = z.object({
  pid: z.number().int(),
  ticks: z.number().int().optional(),
  host: z.string(),
  started: z.string(),
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
  ) {
    super(`${basename(outDir)}/ is being written by process ${holder.pid}`);
  }
}

export interface LockOptions {
  /** "build" or "referee": named in the lock for whoever finds it. */
  command: string;
  /** Wait for the holder to finish, up to this many milliseconds; 0 refuses at once. */
  waitMs: number;
  /** Told once when the lock is busy and the writer starts to wait. */
  onWait?(holder: LockInfo): void;
}

const POLL_MS = 150;
/** A lock file that cannot be read is someone's in the middle of being made, unless it is this old. */
const UNREADABLE_GRACE_MS = 5_000;

function readLock(path: string): { info?: LockInfo; ino: number; ageMs: number } | undefined {
  let st: ReturnType<typeof statSync>;
  let text: string;
  try {
    st = statSync(path);
    // Only a plain file is read: a pipe at the lock's name would keep the build waiting forever.
    if (!st.isFile()) return undefined;
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let info: LockInfo | undefined;
  try {
    const parsed = LockInfo.safeParse(JSON.parse(text));
    if (parsed.success) info = parsed.data;
  } catch {
    /* not JSON: judged by its age below */
  }
  return { ...(info ? { info } : {}), ino: Number(st.ino), ageMs: Date.now() - st.mtimeMs };
}

function isStale(found: { info?: LockInfo; ageMs: number }): boolean {
  if (!found.info) return found.ageMs > UNREADABLE_GRACE_MS;
  // A lock taken on another computer (a shared network folder) cannot be checked from here.
  if (found.info.host !== hostname()) return false;
  const owner: Owner = { pid: found.info.pid, ...(found.info.ticks !== undefined ? { ticks: found.info.ticks } : {}) };
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
  if (Number(statSync(aside).ino) === staleIno) {
    unlinkSync(aside);
    return;
  }
  try {
    linkSync(aside, path);
  } catch {
    /* a third writer holds it now; the one moved aside will find out in stillHeld() */
  }
  unlinkSync(aside);
}

/** A folder the build cannot make or write beside: said as a problem with the --out given, not as a crash. */
function unwritable(outDir: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'EEXIST' || code === 'ENOTDIR'
      ? 'part of that path is a file, not a folder'
      : code === 'EACCES' || code === 'EPERM'
        ? 'this computer does not allow writing there'
        : code === 'EROFS'
          ? 'that place is read-only'
          : code === 'ENOSPC'
            ? 'the disk is full'
            : 'nothing can be written there';
  return new BuildError(
    `the output folder ${outDir} cannot be written: ${why}`,
    'choose another folder with --out, one inside your own files (for example --out out)',
  );
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Takes the output folder's lock, waiting for (or refusing) a live holder and taking over a dead one's. */
export async function acquireLock(outDir: string, options: LockOptions): Promise<HeldLock> {
  const path = lockPath(outDir);
  const me = self();
  const info: LockInfo = {
    pid: me.pid,
    ...(me.ticks !== undefined ? { ticks: me.ticks } : {}),
    host: hostname(),
    started: new Date().toISOString(),
    command: options.command,
  };
  const mine = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(mine, `${JSON.stringify(info)}\n`);
  } catch (e) {
    throw unwritable(outDir, e);
  }
  clearLeftovers(path);
  const deadline = Date.now() + options.waitMs;
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, path);
        const ino = Number(statSync(mine).ino);
        return held(path, ino);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const found = readLock(path);
      if (!found) {
        // Released just now, unless what has the lock's name is no lock at all (a folder, a link).
        const what = odd(path);
        if (!what) continue;
        throw new BuildError(
          `${path} is in the way: the lock that keeps two builds of ${basename(outDir)}/ apart must be a plain file, and this is ${what}`,
          `delete it (nothing of the build is kept there), then run the command again`,
        );
      }
      if (isStale(found)) {
        takeOver(path, found.ino);
        continue;
      }
      if (!found.info) {
        await sleep(POLL_MS);
        continue;
      }
      if (Date.now() >= deadline) throw new LockBusy(outDir, found.info);
      if (!told) {
        options.onWait?.(found.info);
        told = true;
      }
      await sleep(POLL_MS);
    }
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      /* already gone */
    }
  }
}

/** What stands at the lock's name if it is not a plain file ("a folder", "a link"), or undefined. */
function odd(path: string): string | undefined {
  try {
    const st = lstatSync(path);
    if (st.isFile()) return undefined;
    return st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a link' : 'not a plain file';
  } catch {
    return undefined;
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
      /* gone already */
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
    if (stillHeld()) unlinkSync(path);
    process.off('exit', release);
  };
  // A build that ends by an error or Ctrl+C gives the lock back too; only a kill leaves it behind.
  process.on('exit', release);
  return { path, stillHeld, release };
}

/** "process 1234, started 14:02" (with the day when it is not today), for messages. */
export function describeHolder(holder: LockInfo): string {
  const started = new Date(holder.started);
  const today = new Date().toDateString() === started.toDateString();
  const time = started.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const when = today ? time : `${started.toLocaleDateString('en-GB', { day: 'numeric', month: 'long' })} at ${time}`;
  const what = holder.command === 'referee' ? 'the referee command' : 'another build';
  return `${what} (process ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, started ${when})`;
}

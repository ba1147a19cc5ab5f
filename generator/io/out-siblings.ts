// The hidden files and folders a build keeps beside its output folder (never inside it, because
// the output folder itself is replaced whole): for out/ they are .out.lock, and while a build
// runs .out.staging-…, then for an instant .out.ready-… and .out.old-…. Each working folder's
// name carries its owner's process id and start time, so a later build can tell a dead
// build's leftovers from a live one's.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export type WorkKind = 'staging' | 'ready' | 'old';

export interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  ticks?: number;
}

export function lockPath(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.lock`);
}

export function workPath(outDir: string, kind: WorkKind, owner: Owner = self()): string {
  return join(dirname(outDir), `.${basename(outDir)}.${kind}-${owner.pid}.${owner.ticks ?? 0}-${randomBytes(4).toString('hex')}`);
}

/** The working folders of `outDir` among the names in its parent folder, with their owners. */
export function workFolders(outDir: string, names: string[]): { name: string; kind: WorkKind; owner: Owner }[] {
  const prefix = `.${basename(outDir)}.`;
  const found: { name: string; kind: WorkKind; owner: Owner }[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(staging|ready|old)-(\d+)\.(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length));
    if (m) found.push({ name, kind: m[1] as WorkKind, owner: { pid: Number(m[2]), ...(m[3] !== '0' ? { ticks: Number(m[3]) } : {}) } });
  }
  return found;
}

/** The fields of a process's /proc/<pid>/stat after its command name (Linux), from its state on. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in brackets may hold spaces; the fields after it are plain words.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When a process started, in clock ticks since boot, where the system says (Linux's /proc). */
export function startTicks(pid: number): number | undefined {
  const ticks = Number(procStat(pid)?.[19]);
  return Number.isFinite(ticks) ? ticks : undefined;
}

let me: Owner | undefined;
export function self(): Owner {
  me ??= { pid: process.pid, ...(startTicks(process.pid) !== undefined ? { ticks: startTicks(process.pid)! } : {}) };
  return me;
}

/** Whether the process is still running (and is the same process, where the system can tell). */
export function alive(owner: Owner): boolean {
  if (owner.pid === process.pid) return owner.ticks === undefined || owner.ticks === self().ticks;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user, so it is alive.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A process killed a moment ago may linger as a zombie until its parent collects it: dead all the same.
  if (procStat(owner.pid)?.[0] === 'Z') return false;
  if (owner.ticks === undefined) return true;
  const now = startTicks(owner.pid);
  return now === undefined || now === owner.ticks;
}

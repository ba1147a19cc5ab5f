// The hidden things a build keeps beside its output folder (never inside it, because the output
// is replaced whole). For out/ they are:
//
//   .out.lock               the lock: one writer at a time (lock.ts)
//   .out.build-…            a complete build; out itself is a link to the newest one (output.ts)
//   .out.staging-…          a build being written
//   .out.link-…             for an instant, the new link before it takes out's name
//   .out.ready-…, .out.old-…  for an instant, where links cannot be made (the two-rename swap)
//
// Each name carries its owner's process id and start time, so a later build can tell a dead
// build's leftovers from a live one's.
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

export type WorkKind = 'staging' | 'build' | 'link' | 'ready' | 'old';

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

const WORK_NAME = /^(staging|build|link|ready|old)-(\d+)\.(\d+)-[0-9a-f]+$/;

/** The working folders (and links) of `outDir` among the names in its parent folder, with their owners. */
export function workFolders(outDir: string, names: string[]): { name: string; kind: WorkKind; owner: Owner }[] {
  const prefix = `.${basename(outDir)}.`;
  const found: { name: string; kind: WorkKind; owner: Owner }[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = WORK_NAME.exec(name.slice(prefix.length));
    if (m) found.push({ name, kind: m[1] as WorkKind, owner: { pid: Number(m[2]), ...(m[3] !== '0' ? { ticks: Number(m[3]) } : {}) } });
  }
  return found;
}

/** The output folder a hidden working name belongs to ("out" for ".out.build-…"), if it is one. */
export function workOwnerName(name: string): string | undefined {
  const m = /^\.(.+)\.(staging|build|link|ready|old)-\d+\.\d+-[0-9a-f]+$/.exec(name);
  return m?.[1];
}

/**
 * The build folder's name when `text`, read from the link at `outDir`, names a complete build
 * beside it (out → .out.build-…) — the link a build keeps there. The build writes a bare name;
 * a path into the same folder (as a system may give it back) counts too.
 */
export function ownLinkName(outDir: string, text: string): string | undefined {
  const plain = text.replace(/^\\\\\?\\/, ''); // Windows' long-path prefix, \\?\
  const name = basename(plain);
  if (!workFolders(outDir, [name]).some((w) => w.kind === 'build')) return undefined;
  return resolve(dirname(outDir), plain) === join(dirname(outDir), name) ? name : undefined;
}

/** The build folder's name when `outDir` is the link a build keeps (out → .out.build-…), else undefined. */
export function ownLinkTarget(outDir: string): string | undefined {
  try {
    if (!lstatSync(outDir).isSymbolicLink()) return undefined;
    return ownLinkName(outDir, readlinkSync(outDir));
  } catch {
    return undefined;
  }
}

/**
 * A testing hook, like CODEX_CONQUEST_STOP_AT: with CODEX_CONQUEST_NO_LINKS=1 the output folder's
 * disk is treated as one where no links can be made (a USB stick's FAT, Windows without the
 * right to make links), so that the fallbacks for such disks are tested on any machine.
 */
export const noLinks = (): boolean => process.env.CODEX_CONQUEST_NO_LINKS === '1';

/** Error codes that mean "this disk or system cannot make hard links", not "something is wrong". */
export function linksUnsupported(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS' || code === 'EINVAL';
}

/**
 * The output folder cannot be used as it stands (a file, a mount point, a link in a circle, an
 * unreadable lock, no right to write): said in words with what to do, before anything is
 * written, and never as a crash (commands/output-problem.ts).
 */
export class OutputRefused extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/**
 * Why the system refused to write or make something, in words for a teacher: one phrase per kind
 * of refusal, for every command that writes where it was told (build, simulate, icons, new-pack).
 */
export function whyNotWritten(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EEXIST' || code === 'ENOTDIR'
    ? 'part of that path is a file, not a folder'
    : code === 'EISDIR'
      ? 'that is a folder, not a file'
      : code === 'ELOOP'
        ? 'part of that path is a link that leads round in a circle'
        : code === 'EACCES' || code === 'EPERM'
          ? 'this computer does not allow writing there'
          : code === 'EROFS'
            ? 'that place is read-only'
            : code === 'ENOSPC' || code === 'EDQUOT'
              ? 'the disk is full'
              : code === 'ENOENT'
                ? 'part of that path leads nowhere (a link to a folder that is gone)'
                : 'nothing can be written there';
}

/** A folder the build cannot make or write beside: said as a problem with the --out given, not as a crash. */
export function unwritable(outDir: string, e: unknown): OutputRefused {
  return new OutputRefused(
    `the output folder ${outDir} cannot be written: ${whyNotWritten(e)}`,
    'choose another folder with --out, one inside your own files (for example --out out)',
  );
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
  // 0 and negative numbers name process groups, not a process: kill(0) and kill(-1) always succeed.
  if (!Number.isSafeInteger(owner.pid) || owner.pid <= 0) return false;
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

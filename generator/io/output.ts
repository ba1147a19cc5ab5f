// The output folder is replaced whole. out is a link to the newest complete build, kept beside it
// as a hidden folder (.out.build-…). A build writes every file into a private staging folder
// beside out (.out.staging-…), and only when all of it is written swaps it in:
//
//   1. the staging folder is renamed .out.build-…     (this build is complete)
//   2. a new link .out.link-… → .out.build-… is made  (out is untouched)
//   3. the new link is renamed out                    (the one step that swaps: a rename
//                                                       replaces the old link in one go)
//   4. the folder the old link named is removed       (no one sees it any more; complete
//                                                       builds are never written again)
//
// So at every moment out reads as the previous complete build or the new complete one, never a
// mix and never missing, whenever the build is killed. Whatever a killed build leaves beside out
// is removed by the next build or referee command (`recover`), once its owner is dead.
//
// Two cases keep the older way: where no link can be made (a USB stick's FAT, Windows without the
// right to make links), out is a real folder and the swap is two renames (staging → .out.ready-…,
// out → .out.old-…, .out.ready-… → out, then .out.old-… removed); and an out/ that is a real
// folder (from an earlier version, or one the user made) is moved into the link layout once
// (out → .out.build-…, the link put in its place). A kill between those two renames leaves out
// missing for that instant, with a complete build beside it that the next run puts back first.
// Only the holder of the folder's lock (lock.ts) stages, swaps or recovers.
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { HeldLock } from './lock.js';
import { OutputRefused, alive, noLinks, ownLinkTarget, unwritable, workFolders, workOwnerName, workPath } from './out-siblings.js';
import { shownPath } from './shown-path.js';

/** Written into every build so that a later build knows the folder is one it may replace. */
export const MARK_FILE = '.codex-conquest';
const MARK_TEXT = 'This folder was made by codex-conquest build. Each build replaces it whole: keep nothing of your own in it.\n';

/** The output folder holds files this tool did not make: replacing it would delete them. */
export class ForeignFolder extends Error {
  constructor(
    readonly outDir: string,
    readonly examples: string[],
  ) {
    super(`${outDir} holds files that codex-conquest did not make`);
  }
}

/**
 * A testing hook: with CODEX_CONQUEST_STOP_AT=<point> the process stops itself (SIGSTOP) when it
 * reaches that point of writing or swapping, so that tests/kill/ can kill it there with a real
 * signal. Points: written:<n> (n files staged), staged, then built, linked, swapped (the link
 * swap) or ready, old-moved, swapped (the two-rename swap), removed:<n> (n files of the previous
 * build removed); moving a real out/ into the link layout: move:linked, move:moved, moved.
 */
function checkpoint(point: string): void {
  if (process.env.CODEX_CONQUEST_STOP_AT === point) process.kill(process.pid, 'SIGSTOP');
}

/** Said on the terminal when something left beside the output cannot be removed: nothing fails for it. */
function note(text: string): void {
  process.stderr.write(`note: ${text}\n`);
}

export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

const code = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code;

/** Whether `dir` is where another disk or shared folder is attached (a mount point), which no rename can move. */
function isMountPoint(dir: string): boolean {
  try {
    if (statSync(dir).dev !== statSync(dirname(dir)).dev) return true;
  } catch {
    return false;
  }
  // A folder shared into a container (docker -v) or bound elsewhere may sit on the same disk: the system's list says.
  let table: string;
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return false;
  }
  const decoded = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
  return table.split('\n').some((line) => {
    const field = line.split(' ')[4];
    return field !== undefined && decoded(field) === dir;
  });
}

function mountPointError(outDir: string): OutputRefused {
  const shown = shownPath(outDir);
  return new OutputRefused(
    `the output folder ${shown} is a mount point (another disk, or a folder shared into a container with docker -v, is attached there): a build replaces its output folder whole, and a mount point cannot be replaced`,
    `build into a folder inside it, for example --out ${join(shown, 'cards')} (the cards are then in ${join(shown, 'cards', 'print')}), or share the folder that holds ${basename(outDir)} rather than ${basename(outDir)} itself`,
  );
}

/**
 * The output folder (or the build it reads as) that its owner, this user, has write-protected
 * (chmod -R a-w out) is refused: replacing it would undo that. One that belongs to another user
 * (built with sudo) is replaced all the same, beside it; it is left where it is, with a note.
 */
function checkWritable(outDir: string): void {
  try {
    accessSync(outDir, constants.W_OK);
  } catch (e) {
    if (code(e) !== 'EACCES' && code(e) !== 'EPERM') return;
    if (typeof process.getuid === 'function' && statSync(outDir).uid !== process.getuid()) return;
    const shown = shownPath(outDir);
    throw new OutputRefused(
      `the output folder ${shown} is write-protected, so a build may not replace it`,
      `to build again, make it writable (for example: chmod -R u+w '${shown}'), or build somewhere else with --out, e.g. --out ${shown}-new`,
    );
  }
}

/** Throws ForeignFolder unless the folder is empty or made by an earlier build. */
function checkReplaceable(outDir: string): void {
  const names = readdirSync(outDir);
  if (names.length === 0 || names.includes(MARK_FILE)) return;
  // Builds from before the mark had game.json and preflight.json at the top.
  if (names.includes('game.json') && (names.includes('preflight.json') || names.includes('referee'))) return;
  throw new ForeignFolder(outDir, names.slice(0, 3));
}

/**
 * Whether the link swap works beside `outDir`: two throw-away links are made and one is renamed
 * over the other, as the swap does. Where any of it is refused (a disk without links, Windows
 * without the right to make them, or one that will not rename a link over another), the
 * two-rename swap is used instead.
 */
function canLink(outDir: string): boolean {
  if (noLinks()) return false;
  const target = basename(workPath(outDir, 'build'));
  const probes = [workPath(outDir, 'link'), workPath(outDir, 'link')] as const;
  try {
    for (const p of probes) symlinkSync(target, p, 'dir');
    renameSync(probes[0], probes[1]);
    return true;
  } catch {
    return false;
  } finally {
    for (const p of probes) rmSync(p, { force: true });
  }
}

type Layout = 'link' | 'folder';

/**
 * Checks what stands at the output's name before anything is written, and says in words why it
 * cannot be replaced if it cannot; moves a real out/ into the link layout where links can be made.
 */
function prepare(outDir: string): Layout {
  const shown = shownPath(outDir);
  const owner = workOwnerName(basename(outDir));
  if (owner !== undefined) {
    throw new OutputRefused(
      `${shown} is one of the hidden folders a build keeps beside ${owner}, not an output folder`,
      `name the output folder itself: --out ${join(dirname(shown), owner)}`,
    );
  }
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(outDir);
  } catch (e) {
    if (code(e) !== 'ENOENT') throw unwritable(outDir, e);
  }
  if (st?.isSymbolicLink()) {
    if (ownLinkTarget(outDir) === undefined) {
      // --out was followed through links (out-option.ts); a link still here leads round in a circle.
      throw new OutputRefused(
        `the output folder ${shown} is a link that leads round in a circle (to itself, or through other links back to itself), so there is no folder to write into`,
        `delete the link ${shown} (rm '${shown}') and build again, or choose another folder with --out`,
      );
    }
    if (existsSync(outDir)) checkWritable(outDir);
    return 'link';
  }
  if (st && !st.isDirectory()) {
    throw new OutputRefused(
      `${shown} is a file, not a folder: a build writes a whole folder of files`,
      `choose a folder with --out (one that does not exist yet is made), for example --out out, or move ${shown} away first`,
    );
  }
  if (st) {
    if (isMountPoint(outDir)) throw mountPointError(outDir);
    checkReplaceable(outDir);
    checkWritable(outDir);
  }
  if (!canLink(outDir)) return 'folder';
  if (st) moveIntoLinkLayout(outDir);
  return 'link';
}

/** Turns a real out/ folder into a link to it (out → .out.build-…), once; see the top of the file. */
function moveIntoLinkLayout(outDir: string): void {
  const build = workPath(outDir, 'build');
  const link = workPath(outDir, 'link');
  symlinkSync(basename(build), link, 'dir');
  checkpoint('move:linked');
  try {
    renameSync(outDir, build);
  } catch (e) {
    unlinkSync(link);
    if (code(e) === 'EBUSY') throw mountPointError(outDir);
    throw unwritable(outDir, e);
  }
  checkpoint('move:moved');
  try {
    renameSync(link, outDir);
  } catch (e) {
    renameSync(build, outDir);
    throw unwritable(outDir, e);
  }
  checkpoint('moved');
}

export class Output {
  readonly staging: string;
  private readonly layout: Layout;
  private count = 0;
  private done = false;

  private constructor(
    readonly outDir: string,
    private readonly lock: HeldLock,
  ) {
    this.layout = prepare(outDir);
    this.staging = workPath(outDir, 'staging');
    try {
      mkdirSync(this.staging, { recursive: true });
      writeFileSync(join(this.staging, MARK_FILE), MARK_TEXT);
    } catch (e) {
      rmSync(this.staging, { recursive: true, force: true });
      throw unwritable(outDir, e);
    }
  }

  /** Starts writing a new build of `outDir`; the caller holds its lock. */
  static begin(outDir: string, lock: HeldLock): Output {
    recover(outDir);
    return new Output(outDir, lock);
  }

  /**
   * Puts new files in one folder of `outDir` and keeps the rest as it is, swapped in whole like a
   * build (the referee's page, simulate's report); the caller holds the lock. `files` are paths
   * inside `folder`.
   */
  static renewFolder(outDir: string, lock: HeldLock, folder: string, files: Iterable<readonly [string, string | Uint8Array]>): void {
    const out = Output.begin(outDir, lock);
    try {
      out.keepExcept([folder]);
      for (const [rel, data] of files) out.write(`${folder}/${rel}`, data);
    } catch (e) {
      out.abandon();
      throw e;
    }
    out.commit();
  }

  /** Where a file is written while the build runs; `write` writes there, or a worker may. */
  stagingPath(rel: string): string {
    const p = join(this.staging, rel);
    mkdirSync(dirname(p), { recursive: true });
    return p;
  }

  write(rel: string, data: string | Uint8Array): void {
    try {
      writeFileSync(this.stagingPath(rel), data);
    } catch (e) {
      // A full disk is the teacher's to fix, not a bug: said as one.
      if (code(e) === 'ENOSPC' || code(e) === 'EDQUOT' || code(e) === 'EROFS') throw unwritable(this.outDir, e);
      throw e;
    }
    checkpoint(`written:${++this.count}`);
  }

  /**
   * Brings the files of the current out/ outside the given folders into this build unchanged
   * (hard links: nothing is copied), for a command that renews only part of the folder.
   */
  keepExcept(folders: string[]): void {
    for (const file of listFiles(this.outDir)) {
      const rel = relative(this.outDir, file);
      if (rel === MARK_FILE || folders.some((f) => rel === f || rel.startsWith(`${f}${sep}`))) continue;
      const target = this.stagingPath(rel);
      try {
        linkSync(file, target);
      } catch {
        copyFileSync(file, target);
      }
    }
  }

  /** Swaps the staged build in for out (see the top of this file); returns its files. */
  commit(): string[] {
    if (this.done) throw new Error('this output was already committed or abandoned');
    this.done = true;
    const files = listFiles(this.staging)
      .map((p) => relative(this.staging, p).split(sep).join('/'))
      .filter((f) => f !== MARK_FILE);
    if (!this.lock.stillHeld()) {
      rmSync(this.staging, { recursive: true, force: true });
      throw new OutputRefused(
        `another process took over the lock on ${shownPath(this.outDir)} while this one was writing (it judged this one stopped), so nothing of this run was put in place`,
        `run the command again once the other one has finished; ${shownPath(this.outDir)} holds one whole build either way`,
      );
    }
    checkpoint('staged');
    if (this.layout === 'link') this.swapLink();
    else this.swapFolder();
    return files;
  }

  private swapLink(): void {
    const build = workPath(this.outDir, 'build');
    const link = workPath(this.outDir, 'link');
    const previous = ownLinkTarget(this.outDir);
    try {
      renameSync(this.staging, build);
      checkpoint('built');
      symlinkSync(basename(build), link, 'dir');
      checkpoint('linked');
      renameSync(link, this.outDir);
    } catch (e) {
      // out is as it was: the new build goes, and the reason is said.
      removeQuietly(link);
      removeQuietly(build);
      removeQuietly(this.staging);
      throw swapFailed(this.outDir, e);
    }
    checkpoint('swapped');
    // The build out named before is complete and no one writes it again: even while its maker
    // still runs (a build ending, having given the lock back a moment before; a referee, which
    // reads its page through out and keeps a copy in memory), nothing reads it but through out.
    if (previous && previous !== basename(build) && workFolders(this.outDir, [previous])[0]?.kind === 'build')
      removeTree(join(dirname(this.outDir), previous), true);
  }

  private swapFolder(): void {
    const ready = workPath(this.outDir, 'ready');
    let old: string | undefined;
    try {
      renameSync(this.staging, ready);
      checkpoint('ready');
      if (existsSync(this.outDir)) {
        old = workPath(this.outDir, 'old');
        renameSync(this.outDir, old);
        checkpoint('old-moved');
      }
    } catch (e) {
      removeQuietly(ready);
      removeQuietly(this.staging);
      throw code(e) === 'EBUSY' ? mountPointError(this.outDir) : swapFailed(this.outDir, e);
    }
    try {
      renameSync(ready, this.outDir);
    } catch (e) {
      if (old) renameSync(old, this.outDir);
      removeQuietly(ready);
      throw swapFailed(this.outDir, e);
    }
    checkpoint('swapped');
    if (old) removeTree(old, true);
  }

  abandon(): void {
    if (this.done) return;
    this.done = true;
    rmSync(this.staging, { recursive: true, force: true });
  }
}

function swapFailed(outDir: string, e: unknown): Error {
  if (e instanceof OutputRefused) return e;
  if (code(e) === 'EISDIR' || code(e) === 'ENOTEMPTY' || code(e) === 'EEXIST') {
    return new OutputRefused(
      `a folder was made at ${shownPath(outDir)} while the build ran, so the new build was not put in its place`,
      `move that folder away, then build again`,
    );
  }
  return unwritable(outDir, e);
}

/** Removes a folder file by file (so the kill tests can stop between files); a folder that will not go is left with a note. */
function removeTree(dir: string, checkpoints = false): void {
  let n = 0;
  try {
    for (const file of listFiles(dir)) {
      unlinkSync(file);
      if (checkpoints) checkpoint(`removed:${++n}`);
    }
  } catch {
    /* said by removeQuietly below */
  }
  removeQuietly(dir);
}

/** Removes a leftover (folder or link) if it can; one that cannot be removed is left, with a note saying so. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (e) {
    note(
      `${shownPath(path)} is left over from an earlier build and could not be removed (${code(e) === 'EACCES' || code(e) === 'EPERM' ? 'it belongs to another user, or is write-protected' : (code(e) ?? 'unknown reason')}); nothing uses it: delete it when you can (rm -rf '${path}', with sudo if it is refused)`,
    );
  }
}

/**
 * Finishes or clears what dead builds of `outDir` left beside it. When out is missing because a
 * build was killed in one of the two-rename swaps (the move into the link layout, or the swap
 * where links cannot be made), the complete build it was putting in place is put there. Then
 * every dead build's working folder that out does not read as is removed. Folders of live
 * processes are left alone. Call it holding the folder's lock. Never fails: what cannot be
 * removed is left with a note, and tried again next time.
 */
export function recover(outDir: string): void {
  const parent = dirname(outDir);
  const names = () => {
    try {
      return readdirSync(parent);
    } catch {
      return [];
    }
  };
  const dead = workFolders(outDir, names()).filter((w) => !alive(w.owner));
  let missing = false;
  try {
    lstatSync(outDir);
  } catch (e) {
    missing = code(e) === 'ENOENT';
  }
  if (missing) {
    const link = dead.find((w) => w.kind === 'link' && existsSync(join(parent, w.name)));
    const ready = dead.find((w) => w.kind === 'ready');
    const finish = link ?? ready;
    try {
      if (finish) renameSync(join(parent, finish.name), outDir);
    } catch {
      /* left as it was: the build that follows makes a new out */
    }
  }
  const current = ownLinkTarget(outDir);
  for (const w of workFolders(outDir, names())) {
    // A complete build out no longer names is nobody's work, whoever made it (see swapLink); the
    // other folders of a live process are its work in progress.
    if (w.name === current || (w.kind !== 'build' && alive(w.owner))) continue;
    removeQuietly(join(parent, w.name));
  }
}

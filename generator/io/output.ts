// The output folder is replaced whole. A build writes every file into a private staging folder
// beside out/ (.out.staging-…), and only when all of it is written swaps it in:
//
//   1. the staging folder is renamed .out.ready-…   (this build is complete)
//   2. out/ is renamed .out.old-…                    (the previous build, complete, set aside)
//   3. .out.ready-… is renamed out/                  (the new build in place)
//   4. .out.old-… is removed
//
// Each step is one rename, which the system does entirely or not at all, so at every moment
// out/ is the previous complete build or the new complete one, never a mix. A build killed
// between steps 2 and 3 leaves out/ missing for that instant, with both complete builds beside
// it; the next build or referee command (under the lock) finishes the swap before anything
// else: `recover` rolls a dead build's .ready- folder forward and removes its other leftovers.
// Only the holder of the folder's lock (lock.ts) stages, swaps or recovers.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { HeldLock } from './lock.js';
import { alive, workFolders, workPath } from './out-siblings.js';

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
 * signal. Points: written:<n> (n files staged), staged, ready, old-moved, swapped,
 * removed:<n> (n files of the previous build removed).
 */
function checkpoint(point: string): void {
  if (process.env.CODEX_CONQUEST_STOP_AT === point) process.kill(process.pid, 'SIGSTOP');
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

/** True when the folder is missing, empty, or made by an earlier build; throws ForeignFolder otherwise. */
function checkReplaceable(outDir: string): void {
  if (!existsSync(outDir)) return;
  if (!statSync(outDir).isDirectory()) throw new ForeignFolder(outDir, [outDir]);
  const names = readdirSync(outDir);
  if (names.length === 0 || names.includes(MARK_FILE)) return;
  // Builds from before the mark had game.json and preflight.json at the top.
  if (names.includes('game.json') && (names.includes('preflight.json') || names.includes('referee'))) return;
  throw new ForeignFolder(outDir, names.slice(0, 3));
}

export class Output {
  readonly staging: string;
  private count = 0;
  private done = false;

  private constructor(
    readonly outDir: string,
    private readonly lock: HeldLock,
  ) {
    checkReplaceable(outDir);
    this.staging = workPath(outDir, 'staging');
    mkdirSync(this.staging, { recursive: true });
    writeFileSync(join(this.staging, MARK_FILE), MARK_TEXT);
  }

  /** Starts writing a new build of `outDir`; the caller holds its lock. */
  static begin(outDir: string, lock: HeldLock): Output {
    recover(outDir);
    return new Output(outDir, lock);
  }

  /** Where a file is written while the build runs; `write` writes there, or a worker may. */
  stagingPath(rel: string): string {
    const p = join(this.staging, rel);
    mkdirSync(dirname(p), { recursive: true });
    return p;
  }

  write(rel: string, data: string | Uint8Array): void {
    writeFileSync(this.stagingPath(rel), data);
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

  /** Swaps the staged build in for out/ (see the top of this file); returns its files. */
  commit(): string[] {
    if (this.done) throw new Error('this output was already committed or abandoned');
    this.done = true;
    const files = listFiles(this.staging)
      .map((p) => relative(this.staging, p).split(sep).join('/'))
      .filter((f) => f !== MARK_FILE);
    if (!this.lock.stillHeld()) {
      rmSync(this.staging, { recursive: true, force: true });
      throw new Error(`the lock on ${this.outDir} was taken by another process while this build ran, so its files were not put in place`);
    }
    checkpoint('staged');
    const ready = workPath(this.outDir, 'ready');
    renameSync(this.staging, ready);
    checkpoint('ready');
    let old: string | undefined;
    if (existsSync(this.outDir)) {
      old = workPath(this.outDir, 'old');
      renameSync(this.outDir, old);
      checkpoint('old-moved');
    }
    renameSync(ready, this.outDir);
    checkpoint('swapped');
    if (old) removeTree(old, true);
    return files;
  }

  abandon(): void {
    if (this.done) return;
    this.done = true;
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/** Removes a folder file by file (so the kill tests can stop between files). */
function removeTree(dir: string, checkpoints = false): void {
  let n = 0;
  for (const file of listFiles(dir)) {
    unlinkSync(file);
    if (checkpoints) checkpoint(`removed:${++n}`);
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Finishes or clears what dead builds of `outDir` left beside it: a complete build that was
 * being swapped in is put in place; unfinished staging and set-aside old builds are removed.
 * Folders of live processes are left alone. Call it holding the folder's lock.
 */
export function recover(outDir: string): void {
  const parent = dirname(outDir);
  if (!existsSync(parent)) return;
  const dead = workFolders(outDir, readdirSync(parent)).filter((w) => !alive(w.owner));
  // A dead build that had finished (ready) is rolled forward: it is the newest complete build.
  for (const w of dead.filter((d) => d.kind === 'ready')) {
    const path = join(parent, w.name);
    if (existsSync(outDir)) renameSync(outDir, workPath(outDir, 'old', w.owner));
    renameSync(path, outDir);
  }
  for (const w of workFolders(outDir, readdirSync(parent))) {
    if (w.kind !== 'ready' && !alive(w.owner)) rmSync(join(parent, w.name), { recursive: true, force: true });
  }
}

// Every build writes into a private staging folder first and only moves finished files into
// out/ at the end, one atomic rename each: a failed or interrupted build never leaves a
// truncated PDF behind, and the previous good files stay where they were.
import { mkdirSync, renameSync, rmSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export class Output {
  readonly staging: string;
  private readonly written: string[] = [];

  constructor(readonly outDir: string) {
    mkdirSync(outDir, { recursive: true });
    this.staging = join(outDir, `.staging-${process.pid}-${Date.now()}`);
    mkdirSync(this.staging, { recursive: true });
  }

  /** Where a file is written while the build runs; call `write` or write to this path yourself and `claim` it. */
  stagingPath(rel: string): string {
    const p = join(this.staging, rel);
    mkdirSync(dirname(p), { recursive: true });
    return p;
  }

  write(rel: string, data: string | Uint8Array): void {
    writeFileSync(this.stagingPath(rel), data);
    this.written.push(rel);
  }

  claim(rel: string): void {
    this.written.push(rel);
  }

  /** Files written so far, relative to out/. */
  get files(): readonly string[] {
    return this.written;
  }

  commit(): string[] {
    // Pick up anything written straight into the staging folder too (e.g. by worker threads).
    const all = listFiles(this.staging).map((p) => relative(this.staging, p));
    for (const rel of all) {
      const target = join(this.outDir, rel);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(this.staging, rel), target);
    }
    rmSync(this.staging, { recursive: true, force: true });
    return all.sort();
  }

  abandon(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

/** Removes staging folders left by builds that were killed. */
export function sweepStaleStaging(outDir: string): void {
  if (!existsSync(outDir)) return;
  for (const name of readdirSync(outDir)) if (name.startsWith('.staging-')) rmSync(join(outDir, name), { recursive: true, force: true });
}

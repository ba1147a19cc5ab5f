// Shared helpers for tests: run the real CLI, find the build the global setup made.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = process.cwd();
export const BUILT = join(ROOT, 'tests', 'artifacts', 'out');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function cli(args: string[], opts: { cwd?: string; timeout?: number; env?: Record<string, string> } = {}): CliRun {
  const start = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'codex-conquest.js'), ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    timeout: opts.timeout ?? 20_000,
    ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - start };
}

// The printing thread starts before the content is checked and reads the card layouts for the
// whole build (print/share-client.ts). It must not keep a failed build's process alive, but while
// the main thread waits for its layouts it must: a build whose content check finished first (a
// small game on a busy machine) once ended there, mid-build, with no message (exit code 13).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const client = pathToFileURL(join(process.cwd(), 'dist', 'generator', 'print', 'share-client.js')).href;

/** A process that does nothing but start the thread and wait for its layouts. */
function waitForLayouts(): { status: number | null; stdout: string; stderr: string } {
  const script = `const c = await import(${JSON.stringify(client)});
c.startPrintingEarly();
const looks = await c.printingThreadLooks();
console.log(looks ? 'layouts: ' + Object.keys(looks.theme.card_sizes).join(',') : 'none');`;
  // A file, not `node -e`: a worker thread inherits the command line's -e and would run it.
  const dir = mkdtempSync(join(tmpdir(), 'cc-printing-thread-'));
  try {
    writeFileSync(join(dir, 'wait.mjs'), script);
    const r = spawnSync(process.execPath, [join(dir, 'wait.mjs')], { encoding: 'utf8', timeout: 15_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the printing thread started early', () => {
  it('holds the process open while the main thread waits for its layouts, hands them over, then lets the process end', () => {
    // Ending at all (status 0, not a timeout) shows it let go again once it had handed them over.
    const r = waitForLayouts();
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^layouts: .*poker/);
  });
});

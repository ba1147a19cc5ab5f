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

  it('is replaced when it stopped before it was given its work, and the work is still printed', async () => {
    const dist = (p: string) => pathToFileURL(join(process.cwd(), 'dist', 'generator', ...p.split('/'))).href;
    const { startPrintingEarly, startShareWorker } = await import(dist('print/share-client.js'));
    const { loadGame } = await import(dist('load/index.js'));
    const { loadLooks } = await import(dist('print/layout/load.js'));
    const { printedTypes } = await import(dist('print/printed-types.js'));
    const game = loadGame({ dir: join(process.cwd(), 'tests', 'fixtures', 'mini-game') }).game;
    const looks = loadLooks();
    const type = printedTypes(game, looks)[0].type as string;
    // The thread started early stops (it could not load its code, say) before the build needs it.
    await startPrintingEarly().terminate();
    const decks: string[] = [];
    const share = startShareWorker(
      { game, looks, art: new Map(), types: [type], options: { cardSize: 'poker', papers: ['a4'], frontsOnly: false, offset: { x: 0, y: 0 } } },
      { laid: () => undefined, deck: (d: { type: string }) => decks.push(d.type) },
    );
    // Waited for forever, before: the stopped thread's end had come and gone unheard.
    await share.done;
    expect(decks).toEqual([type]);
  }, 30_000);
});

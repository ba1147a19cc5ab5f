// The fast paths (paint/fast-paths.ts) change nothing in the output: a build with the OpenType
// shaper and the word cache turned off, and one with every fast path off (CC_PLAIN_PDFKIT=1:
// fontkit's layout and pdfkit's own text() for every run), write every PDF — decks, rule book,
// play aids — byte for byte the same as the default build.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ROOT } from '../helpers.js';

function build(env: Record<string, string>): string {
  const out = mkdtempSync(join(tmpdir(), 'cc-fast-'));
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'codex-conquest.js'), 'build', '--out', out, '--quiet', '--no-press', '--no-tts', '--no-referee', '--paper', 'a4'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 120_000,
    },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return out;
}

describe('fast paths off', () => {
  it('shaper and word cache off, or every fast path off: every PDF the same bytes', { timeout: 240_000 }, () => {
    const [fast, noShaper, plain] = [build({}), build({ CC_PLAIN_ONLY: 'shaper,cache' }), build({ CC_PLAIN_PDFKIT: '1' })];
    try {
      const pdfs = ['print/a4', 'rules', 'aids'].flatMap((d) =>
        readdirSync(join(fast, d))
          .filter((f) => f.endsWith('.pdf'))
          .map((f) => join(d, f)),
      );
      expect(pdfs.filter((f) => f.startsWith('print')).length).toBeGreaterThan(5);
      expect(pdfs.some((f) => f.startsWith('rules'))).toBe(true);
      for (const f of pdfs) {
        const bytes = readFileSync(join(fast, f));
        expect(readFileSync(join(noShaper, f)).equals(bytes), `${f} without the shaper and the word cache`).toBe(true);
        expect(readFileSync(join(plain, f)).equals(bytes), `${f} with CC_PLAIN_PDFKIT=1`).toBe(true);
      }
      // The text is really there (a PDF of empty pages would pass the comparison above).
      expect(execFileSync('pdftotext', [join(plain, 'print', 'a4', 'books.pdf'), '-'], { encoding: 'utf8' })).toContain('Biblia Latina');
    } finally {
      for (const d of [fast, noShaper, plain]) rmSync(d, { recursive: true, force: true });
    }
  });
});

// The fast paths (paint/fast-paths.ts) change nothing in the output: a build with the OpenType
// shaper and the word cache turned off writes every PDF byte for byte the same; with pdfkit's own
// text() in place of the raw text writer too (CC_PLAIN_PDFKIT=1), every file carries the same
// characters (the operators differ: text() wraps each run in a transform of its own).
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
  it('shaper and word cache off: every PDF the same bytes; raw writer off too: the same text', { timeout: 240_000 }, () => {
    const [fast, noShaper, plain] = [build({}), build({ CC_PLAIN_ONLY: 'shaper,cache' }), build({ CC_PLAIN_PDFKIT: '1' })];
    try {
      const pdfs = readdirSync(join(fast, 'print', 'a4')).filter((f) => f.endsWith('.pdf'));
      expect(pdfs.length).toBeGreaterThan(5);
      for (const f of pdfs) {
        expect(readFileSync(join(noShaper, 'print', 'a4', f)).equals(readFileSync(join(fast, 'print', 'a4', f))), f).toBe(true);
        const text = (dir: string) =>
          execFileSync('pdftotext', [join(dir, 'print', 'a4', f), '-'], { encoding: 'utf8' })
            .replace(/\s+/g, '')
            .split('')
            .sort()
            .join('');
        expect(text(plain), f).toBe(text(fast));
      }
    } finally {
      for (const d of [fast, noShaper, plain]) rmSync(d, { recursive: true, force: true });
    }
  });
});

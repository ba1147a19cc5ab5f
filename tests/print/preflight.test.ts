// Output you can trust: two builds give the same bytes, and a card that cannot be printed
// stops the build with its id, exit code 1, and the previous out/ left exactly as it was.
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { cli } from '../helpers.js';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

function snapshot(dir: string): Map<string, string> {
  return new Map(files(dir).map((f) => [f, `${sha(join(dir, f))} ${statSync(join(dir, f)).mtimeMs}`]));
}

describe('reproducible output', () => {
  it('two builds write every PDF, PNG and Tabletop Simulator sheet byte for byte the same', { timeout: 300_000 }, () => {
    const a = mkdtempSync(join(tmpdir(), 'cc-repro-a-'));
    const b = mkdtempSync(join(tmpdir(), 'cc-repro-b-'));
    try {
      // Without the image cache, so that the second build paints everything again too.
      for (const out of [a, b]) {
        const r = cli(['build', '--out', out, '--quiet', '--no-referee'], { timeout: 150_000, env: { CODEX_CONQUEST_NO_CACHE: '1' } });
        expect(r.code, r.stderr).toBe(0);
      }
      const made = (dir: string) => files(dir).filter((f) => /^(print|press|tts)\/.+\.(pdf|png|jpg)$/.test(f));
      const all = made(a);
      expect(all.filter((f) => f.endsWith('.pdf')).length).toBeGreaterThan(20);
      expect(all.filter((f) => f.endsWith('.png')).length).toBeGreaterThan(500);
      expect(all.filter((f) => f.endsWith('.jpg')).length).toBeGreaterThan(10);
      expect(made(b)).toEqual(all);
      for (const f of all) expect(sha(join(b, f)), f).toBe(sha(join(a, f)));
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});

describe('preflight failures', () => {
  const fast = ['--quiet', '--no-press', '--no-tts', '--no-referee'];

  it('a card too full to fit fails the build, names the card, and leaves out/ untouched', { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'cc-overflow-'));
    try {
      expect(cli(['build', '--out', out, ...fast], { timeout: 60_000 }).code).toBe(0);
      const before = snapshot(out);
      const r = cli(['build', '--pack', 'tests/fixtures/print-overflow-pack', '--out', out, ...fast], { timeout: 60_000 });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('overfull-chance-card');
      expect(r.stderr).toMatch(/does not fit/);
      // At the card, as validate gives it: found while printing, after the parsed files were let go.
      expect(r.stderr).toContain(`${join('tests', 'fixtures', 'print-overflow-pack', 'chance.yaml')}:3:5: error: `);
      expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/); // no stack trace
      expect(snapshot(out)).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  /** Builds with a pack into a fresh folder; the folder stays empty, so it is gone again after. */
  function buildWithPack(pack: string): ReturnType<typeof cli> & { written: string[] } {
    const out = mkdtempSync(join(tmpdir(), 'cc-preflight-'));
    try {
      const r = cli(['build', '--pack', `tests/fixtures/${pack}`, '--out', out, ...fast], { timeout: 60_000 });
      return { ...r, written: files(out) };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }

  it('a card too full to fit fails the same way in a small deck, which the main thread prints', { timeout: 60_000 }, () => {
    const r = buildWithPack('print-overflow-small-deck-pack');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('overfull-world-event');
    expect(r.stderr).toMatch(/does not fit/);
    expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    expect(r.written).toEqual([]);
  });

  it('a character missing from the typeface fails the build, naming the card and the character', { timeout: 60_000 }, () => {
    const r = buildWithPack('print-glyph-pack');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('starry-chance-card');
    expect(r.stderr).toContain('U+2605');
  });
});

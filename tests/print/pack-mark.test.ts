// A card from a pack carries the pack's mark beside its code ("BK-LOW-17-1 · LC"), so a teacher
// sorting a mixed box can put the pack's cards back; the base game's cards print their code alone.
// Read back from the home-print PDFs a real build writes with the fixture pack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { cli, ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';

const PACK = join(ROOT, 'tests/fixtures/packs/low-countries-third');
const game = loadGame({ dir: join(ROOT, 'content'), packs: [PACK] }).game!;
const pack = game.packs.find((p) => p.id === 'low-countries-third')!;
let out = '';
let text = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'cc-pack-mark-'));
  const r = cli(['build', '--pack', PACK, '--out', out, '--quiet', '--paper', 'a4', '--no-press', '--no-tts', '--no-referee'], { timeout: 120_000 });
  expect(r.code, r.stderr).toBe(0);
  const dir = join(out, 'print', 'a4');
  text = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf') && f !== 'calibration.pdf')
    .map((f) => execFileSync('pdftotext', [join(dir, f), '-'], { encoding: 'utf8' }))
    .join('\n');
}, 150_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the pack mark', () => {
  it('is the pack’s initials when pack.yaml gives none', () => {
    expect(pack.mark).toBe('LC');
  });

  it('stands beside the code of every card from the pack', () => {
    const fromPack = game.cards.filter((c) => (c as { pack?: string }).pack === pack.id);
    expect(fromPack.length).toBeGreaterThan(20);
    expect(new Set(fromPack.map((c) => c.type)).size).toBeGreaterThanOrEqual(3);
    for (const c of fromPack) expect(text, c.id).toContain(`${c.code} · ${pack.mark}`);
  });

  it('is not on the base game’s cards', () => {
    const base = game.cards.filter((c) => (c as { pack?: string }).pack !== pack.id); // the base game's say pack: base
    expect(base.length).toBeGreaterThan(200);
    const lines = text.split('\n');
    for (const c of base.slice(0, 400)) {
      const at = lines.filter((l) => l.includes(c.code));
      expect(at.length, c.id).toBeGreaterThan(0);
      for (const l of at) expect(l, c.id).not.toContain('·');
    }
  });
});

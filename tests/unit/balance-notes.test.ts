// The fairness figures in the rule book's designer's notes come from the simulator, never typed:
// templates/rulebook/balance.json is written from report.json by `npm run balance`. They must
// describe the base game as it is — its content and its bots, fingerprinted — and meet the bar:
// every library within ±4 points of a fair share at 3 to 6 players, over 10,000 short games each.
// (The 40,000 games themselves take a minute or two, so they are played by `npm run balance`,
// not here; this test checks the measurement is the current one.)
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTES_FILE, readNotes, sourceFingerprint } from '../../generator/balance/notes.js';
import { BUILT } from '../helpers.js';

describe('the designer’s notes’ fairness figures', () => {
  const notes = readNotes();

  it('were measured on the content and bots as they are now (else: npm run balance)', () => {
    expect(notes, NOTES_FILE).not.toBeNull();
    expect(notes!.after.source, 'the content or the bots changed since the figures were measured: run npm run balance').toBe(sourceFingerprint());
  });

  it('show the base game within ±4 points of a fair share at every table size, over 10,000 short codex games each', () => {
    const after = notes!.after;
    expect([after.edition, after.length]).toEqual(['codex', 'short']);
    expect(after.byPlayers.map((p) => [p.players, p.games])).toEqual([
      [3, 10_000],
      [4, 10_000],
      [5, 10_000],
      [6, 10_000],
    ]);
    for (const p of after.byPlayers) {
      const shares = Object.values(p.winShare);
      expect(shares).toHaveLength(p.players);
      for (const share of shares) expect(Math.abs(share - p.fair), `${p.players} players`).toBeLessThanOrEqual(notes!.bar);
    }
    expect(after.met).toBe(true);
  });

  it('are printed in the rule book, before and after', () => {
    const rules = readFileSync(join(BUILT, 'rules', 'rules.md'), 'utf8');
    const table = rules.slice(rules.indexOf('## Is it fair?'));
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    for (const p of notes!.after.byPlayers) {
      const before = notes!.before.byPlayers.find((b) => b.players === p.players)!;
      for (const [country, share] of Object.entries(p.winShare)) expect(table).toContain(`${pct(before.winShare[country]!)} → ${pct(share)}`);
    }
    expect(table).toContain(`${notes!.after.games.toLocaleString('en')} short games`);
  });
});

// The fairness figures the rule book's designer's notes print, before and after the base game
// was tuned: taken from the simulator's report.json by scripts/balance-notes.mjs and kept in
// templates/rulebook/balance.json, so that no number is typed by hand. `source` fingerprints the
// content and the bots the "after" figures were measured with; a test fails when either changes
// and the figures were not measured again (npm run balance).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { findYamlFiles } from '../load/find-files.js';
import { projectRoot } from '../paths.js';
import type { BalanceReport } from './schema.js';

export const NOTES_FILE = join(projectRoot, 'templates', 'rulebook', 'balance.json');

const Run = z.strictObject({
  games: z.number().int(),
  seed: z.string(),
  edition: z.string(),
  length: z.enum(['short', 'long']),
  byPlayers: z.array(
    z.strictObject({
      players: z.number().int(),
      games: z.number().int(),
      fair: z.number(),
      winShare: z.record(z.string(), z.number()),
    }),
  ),
  worst: z.strictObject({ country: z.string(), players: z.number().int(), fromFair: z.number() }).nullable(),
  met: z.boolean(),
});
export type Run = z.infer<typeof Run>;

export const BalanceNotes = z.strictObject({
  about: z.string(),
  bar: z.number(),
  before: Run,
  after: Run.extend({ source: z.string().describe('Fingerprint of the content and the bots the figures were measured with.') }),
});
export type BalanceNotes = z.infer<typeof BalanceNotes>;

/** A run's figures, as the notes keep them. */
export function runOf(report: BalanceReport): Run {
  return {
    games: report.games,
    seed: report.seed,
    edition: report.edition,
    length: report.length,
    byPlayers: report.byPlayers.map((p) => ({
      players: p.players,
      games: p.games,
      fair: p.fair,
      winShare: Object.fromEntries(p.countries.map((c) => [c.id, c.winShare])),
    })),
    worst: report.fairness.worst,
    met: report.fairness.met,
  };
}

/** A fingerprint of what the figures depend on: the base game's content and the bots. */
export function sourceFingerprint(root = projectRoot): string {
  const files = [...findYamlFiles(join(root, 'content')), ...listTs(join(root, 'generator', 'simulate'))].sort();
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(relative(root, f).split('\\').join('/'));
    hash.update('\0');
    hash.update(readFileSync(f));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The TypeScript files directly in a folder. */
function listTs(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f))
    : [];
}

/** The notes, if they are there and readable (a pack's build has none of its own). */
export function readNotes(file = NOTES_FILE): BalanceNotes | null {
  if (!existsSync(file)) return null;
  const parsed = BalanceNotes.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

// Writes the fairness figures the rule book's designer's notes print (templates/rulebook/
// balance.json) from the simulator's report.json: `--after` is the base game as it is now (its
// content and bots are fingerprinted), `--before` a run of the content before it was tuned. A
// figure left out is kept from the file as it was. Run through `npm run balance`, which plays the
// 10,000 games per player count first.
//   npm run compile && node scripts/balance-notes.mjs --after out/balance/report.json [--before old/report.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BalanceNotes, NOTES_FILE, readNotes, runOf, sourceFingerprint } from '../dist/generator/balance/notes.js';
import { BalanceReport } from '../dist/generator/balance/schema.js';

const { values } = parseArgs({ options: { before: { type: 'string' }, after: { type: 'string' } } });
const read = (file) => BalanceReport.parse(JSON.parse(readFileSync(file, 'utf8')));
const old = readNotes();
const before = values.before ? runOf(read(values.before)) : old?.before;
const after = values.after ? { ...runOf(read(values.after)), source: sourceFingerprint() } : old?.after;
if (!before || !after) {
  console.error('Give --after (the base game now) and, the first time, --before (the content before tuning): report.json files from codex-conquest simulate.');
  process.exit(2);
}
const notes = BalanceNotes.parse({
  about: 'Written by scripts/balance-notes.mjs from codex-conquest simulate report.json files (npm run balance). Do not edit by hand.',
  bar: read(values.after ?? values.before).fairness.bar,
  before,
  after,
});
writeFileSync(NOTES_FILE, `${JSON.stringify(notes, null, 1)}\n`);
console.log(`Wrote ${NOTES_FILE}: before, worst ${JSON.stringify(before.worst)}; after, worst ${JSON.stringify(after.worst)}`);

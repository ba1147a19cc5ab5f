// codex-conquest new-pack DIR: starts an expansion with a pack.yaml and one example of each
// common card, so a teacher edits working YAML instead of a blank page.
import type { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { projectRoot } from '../paths.js';

function schemaLine(dir: string, name: string): string {
  const rel = relative(dir, join(projectRoot, 'out', 'schema', name))
    .split('\\')
    .join('/');
  return `# yaml-language-server: $schema=${rel}`;
}

export function scaffoldPack(dirArg: string): string[] {
  const dir = resolve(dirArg);
  const id =
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'my-pack';
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dirArg} already exists and is not empty; choose a new folder name`);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'pack.yaml': `${schemaLine(dir, 'pack.schema.json')}
# Your expansion. Build it with:  codex-conquest build --pack ${dirArg}
id: ${id}
name: ${id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())}
extends: codex-conquest
description: What this pack adds, in a sentence or two.
# remove: [some-card-id]        # take base-game cards out
`,
    'books.yaml': `${schemaLine(dir, 'content.schema.json')}
books:
  - id: ${id}-example-book
    title: Title of the book as printed
    author: Its author
    printer: Its printer or publisher
    place: Where it was printed
    year: 1550
    country: italy
    century: 16th
    genre: science
    value: 3
    note: One sentence in your own words on why the book matters.
`,
    'national-events.yaml': `${schemaLine(dir, 'content.schema.json')}
national_events:
  - id: ${id}-example-event
    title: What happened
    country: italy
    century: 16th
    year: 1550
    text: One or two sentences on the event and what it meant for books and libraries.
    effects:
      - gain: 2                     # +2 from the bank
      # - { pay: 2, to: spain }     # pay another country (a debt if short)
      # - { gain: 1, who: each, per: { genre: science } }
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return Object.keys(files).map((f) => join(dirArg, f));
}

export function newPackCommand(program: Command): void {
  program
    .command('new-pack')
    .description('Start an expansion pack: a folder with pack.yaml and an example book and event to edit.')
    .argument('<dir>', 'the new folder to create, e.g. packs/low-countries')
    .addHelpText('after', '\nExample:\n  $ codex-conquest new-pack packs/low-countries\n  $ codex-conquest validate --pack packs/low-countries')
    .action((dir: string) => {
      try {
        const files = scaffoldPack(dir);
        process.stderr.write(`✓ Created ${files.join(', ')}\nNext: edit the files, then run  codex-conquest validate --pack ${dir}\n`);
      } catch (e) {
        process.stderr.write(`error: ${(e as Error).message}\n`);
        process.exitCode = 2;
      }
    });
}

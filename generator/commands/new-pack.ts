// codex-conquest new-pack DIR: starts an expansion with a pack.yaml and one example of each
// common card, so a teacher edits working YAML instead of a blank page.
import type { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { jsonSchemas } from '../schemas.js';
import { whyNotWritten } from '../io/out-siblings.js';
import { projectRoot } from '../paths.js';

/** The base cards the example book and event take the place of. */
const REPLACED = { book: 'ramusio-navigationi', event: 'italy-laurentian-library' };

/** Editors find the field descriptions in a copy of the schemas kept inside the pack itself, so it works wherever the pack lives. */
function schemaLine(name: string): string {
  return `# yaml-language-server: $schema=.schema/${name}`;
}

/** Why the pack's folder cannot be made, and what to do instead. */
export class PackFolderProblem extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/**
 * Makes the folder and the folders above it that are missing, one at a time: Node's own
 * "make every folder" asks again without end where the system answers that a folder it just
 * found is missing (/proc/foo), and says nothing of which part of the path was wrong.
 */
function makeFolders(dir: string, shown: string): void {
  const parent = dirname(dir);
  if (parent !== dir && !existsSync(parent)) makeFolders(parent, shown);
  try {
    mkdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const isFolder = (p: string) => {
      try {
        return statSync(p).isDirectory();
      } catch {
        return undefined; // a link to nothing
      }
    };
    if (code === 'EEXIST' && isFolder(dir)) return;
    const why =
      code === 'EEXIST'
        ? isFolder(dir) === undefined
          ? `${dir} is a link to a folder that is gone`
          : `${dir} is a file, not a folder`
        : code === 'ENOTDIR'
          ? `${parent} is a file, not a folder`
          : code === 'ENOENT'
            ? `no folder can be made in ${parent}`
            : whyNotWritten(e);
    throw new PackFolderProblem(`cannot make the pack folder ${shown}: ${why}`, 'choose a folder inside your own files, e.g. packs/my-pack');
  }
}

export function scaffoldPack(dirArg: string): string[] {
  const dir = resolve(dirArg);
  const id =
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'my-pack';
  if (dirArg.trim() === '')
    throw new PackFolderProblem('the new pack needs a folder name', 'name the folder to make, e.g. codex-conquest new-pack packs/low-countries');
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0))
    throw new PackFolderProblem(`${dirArg} already exists${statSync(dir).isDirectory() ? ' and is not empty' : ', and is a file'}`, 'choose a new folder name');
  makeFolders(dir, dirArg);
  const files: Record<string, string> = {
    'pack.yaml': `${schemaLine('pack.schema.json')}
# Your expansion. Check it with:  codex-conquest validate --pack ${dirArg}
# and build it with:              codex-conquest build --pack ${dirArg}
id: ${id}
name: ${id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())}
extends: codex-conquest
description: What this pack adds, in a sentence or two.
author: Your name or your class

# Everything below is optional: remove the "# " in front of a line to use it.
# remove: [some-card-id]              # take cards, lots, centuries or countries out of the game
# end_after: 17th                     # a shorter game: the last century played
# players: { min: 3, max: 3 }         # how many players (or teams) the pack is for
# seats: [germany, italy, spain]      # seat and turn order: these sit first, the rest follow
# tables:                             # who plays at a given number of players
#   3: [germany, italy, england]
# leads: { 17th: spain }              # which country leads (goes first in) a century
# editions:                           # change a rule: name the edition and only what changes
#   - { id: codex, starting_credits: 8 }
# playing_time: { short: one lesson, long: two lessons }   # printed in the rule book
# subtitle: The first three centuries of print            # the rule book cover's subtitle
`,
    'books.yaml': `${schemaLine('content.schema.json')}
# A book that takes the place of a base-game book (here Ramusio's voyages, Italy, 16th century).
# Keeping the same country and century keeps the game balanced. Change it to a book of your own;
# to add a book instead, delete the "replaces" line (validate will then point out that the
# century has one book more than the others).
books:
  - id: ${id}-cortegiano
    replaces: ${REPLACED.book}
    title: Il libro del Cortegiano
    gloss: The Book of the Courtier
    author: Baldassare Castiglione
    printer: The heirs of Aldus Manutius
    place: Venice
    year: 1528
    country: italy
    century: 16th
    genre: literature
    value: 4
    note: Conversations at the court of Urbino on how a perfect courtier should speak, dress and love, read in every court of Europe.
`,
    'national-events.yaml': `${schemaLine('content.schema.json')}
# An event that takes the place of a base-game event of the same country and century. Change it
# to one of your own; the effect language is in docs/content-format.md, "The effect language".
national_events:
  - id: ${id}-pauline-index
    replaces: ${REPLACED.event}
    title: The Pauline Index
    country: italy
    century: 16th
    year: 1559
    text: Pope Paul IV issues the first Roman list of forbidden books, and Venetian booksellers watch their stock burn.
    effects:
      - pay: 2                      # to the bank
      # - gain: 2                   # +2 from the bank
      # - { pay: 2, to: spain }     # pay another country (a debt if short)
      # - { gain: 1, who: each, per: { genre: science } }
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  mkdirSync(join(dir, '.schema'));
  for (const [name, schema] of Object.entries(jsonSchemas())) writeFileSync(join(dir, '.schema', name), `${JSON.stringify(schema, null, 2)}\n`);
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
        // The command as it can be typed from here: npx finds it in the tool's own folder only.
        const command = resolve(process.cwd()) === projectRoot ? 'npx codex-conquest' : `node ${process.argv[1] ?? 'bin/codex-conquest.js'}`;
        process.stderr.write(
          [
            `✓ Created ${files.join(', ')}`,
            `The examples take the place of two base-game cards: the book '${REPLACED.book}' and Italy's event`,
            `'${REPLACED.event}'. Make them your own cards, or delete a file you do not need, so that`,
            'no base card is replaced by accident.',
            'Next: edit the files, then check them with',
            `  ${command} validate --pack ${dir}`,
            '',
          ].join('\n'),
        );
      } catch (e) {
        if (!(e instanceof PackFolderProblem)) throw e;
        process.stderr.write(`error: ${e.message}\n  hint: ${e.hint}\n`);
        process.exitCode = e.message.startsWith('cannot make') ? 1 : 2;
      }
    });
}

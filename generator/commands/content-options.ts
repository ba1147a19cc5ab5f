// The two options every content command shares: which content folder, and which packs on top.
import { Argument, type Command, Option } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectRoot } from '../paths.js';

/**
 * The content folder to read. Left out, it is ./content when there is one, and otherwise the base
 * game that comes with the tool — so a teacher can keep a pack in any folder and just run
 * `codex-conquest validate --pack my-pack` there.
 */
export function contentFolder(dir: string | undefined): string {
  if (dir !== undefined && dir !== DEFAULT_DIR) return resolve(dir);
  if (existsSync(join(resolve(DEFAULT_DIR), 'game.yaml'))) return resolve(DEFAULT_DIR);
  return join(projectRoot, 'content');
}

const DEFAULT_DIR = 'content';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function contentOptions(cmd: Command): Command {
  return cmd
    .addArgument(new Argument('[dir]', 'the content folder holding game.yaml').default(DEFAULT_DIR, './content, or the base game that comes with the tool'))
    .addOption(new Option('-p, --pack <dir>', 'an expansion pack folder to layer on top (repeat for several)').argParser(collect).default([], 'none'));
}

/**
 * For a command taking `[word] [dir]` (icons, cards): `icons path/to/content` means the folder,
 * not a search for the word "path/to/content".
 */
export function wordOrFolder(wordArg: string | undefined, dirArg: string): { word?: string; dir: string } {
  const isFolder = wordArg !== undefined && (/[\\/]/.test(wordArg) || existsSync(join(wordArg, 'game.yaml')));
  const word = isFolder || wordArg === '' ? undefined : wordArg;
  return { ...(word !== undefined ? { word } : {}), dir: isFolder ? wordArg! : dirArg };
}

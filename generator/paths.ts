// Where the project's own folders are, wherever the command is run from.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'templates'))) return dir;
    dir = dirname(dir);
  }
  return resolve('.');
}

export const projectRoot = findRoot();
export const templatesDir = join(projectRoot, 'templates');

let licence: string | undefined;
/** The project's licence as package.json states it (the rule book's credits quote it). */
export function projectLicence(): string {
  if (licence === undefined) {
    try {
      licence = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { license?: string }).license ?? 'open';
    } catch {
      licence = 'open';
    }
  }
  return licence;
}

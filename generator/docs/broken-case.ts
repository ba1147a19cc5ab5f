// A broken-input case (tests/broken/<name>/case.yaml): one damage done to the mini game. Shared by
// the corpus test and the content-format reference, which quotes the real messages.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../paths.js';

export interface BrokenCase {
  description: string;
  target?: string;
  patch?: { find: string; replace: string };
  content?: string;
  generate?: 'binary' | 'invalid-utf8' | 'cut-in-a-letter' | 'alias-bomb' | 'huge' | 'deep-nesting';
  remove?: boolean;
  pack?: Record<string, string>;
  /** Run with --strict, for a warning that must stop a strict check. */
  strict?: boolean;
  /** `alone`: this message is the only one (no follow-on errors or warnings). */
  expect: { file: string; line?: number; col?: number; message: string; hint?: string; note?: string; alone?: boolean };
}

export const CORPUS_DIR = join(projectRoot, 'tests', 'broken');
export const MINI_GAME = join(projectRoot, 'tests', 'fixtures', 'mini-game');

export function readCase(name: string): BrokenCase {
  return parse(readFileSync(join(CORPUS_DIR, name, 'case.yaml'), 'utf8')) as BrokenCase;
}

function generated(kind: NonNullable<BrokenCase['generate']>, original: Buffer): Buffer {
  switch (kind) {
    case 'binary':
      return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    case 'invalid-utf8':
      // "Mainz" becomes "Münster" written in Latin-1, as an old editor would save it.
      return Buffer.from(original.toString('utf8').replace('place: Mainz', 'place: M\u00fcnster'), 'latin1');
    case 'cut-in-a-letter': {
      // The file cut short after the first byte of "—" (three bytes in UTF-8), as a copy stopped half-way.
      const bytes = Buffer.from(original.toString('utf8').replace('place: Mainz', 'place: Mainz — on the Rhine'), 'utf8');
      return bytes.subarray(0, bytes.indexOf(Buffer.from('—', 'utf8')) + 1);
    }
    case 'alias-bomb': {
      const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 1; i < 10; i++)
        lines.push(
          `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(96 + i)}`)
            .join(',')}]`,
        );
      return Buffer.from(`${lines.join('\n')}\n`);
    }
    case 'huge':
      return Buffer.from('# padding line for a very large file\n'.repeat(Math.ceil((5 * 1024 * 1024) / 37)).slice(0, 5 * 1024 * 1024));
    case 'deep-nesting':
      return Buffer.from(`books: ${'['.repeat(20000)}${']'.repeat(20000)}\n`);
  }
}

/** Copies the mini game to a fresh folder and applies the case's damage; returns the folder. */
export function prepareCase(c: BrokenCase): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-broken-'));
  cpSync(MINI_GAME, dir, { recursive: true });
  if (c.target) {
    const file = join(dir, c.target);
    if (c.remove) rmSync(file);
    else if (c.generate) writeFileSync(file, generated(c.generate, existsSync(file) ? readFileSync(file) : Buffer.alloc(0)));
    else if (c.content !== undefined) writeFileSync(file, c.content);
    else if (c.patch) {
      const before = readFileSync(file, 'utf8');
      if (!before.includes(c.patch.find)) throw new Error(`case patch does not apply: ${c.patch.find}`);
      writeFileSync(file, before.replace(c.patch.find, c.patch.replace));
    }
  }
  if (c.pack) {
    mkdirSync(join(dir, 'pack'));
    for (const [name, text] of Object.entries(c.pack)) writeFileSync(join(dir, 'pack', name), text);
  }
  return dir;
}

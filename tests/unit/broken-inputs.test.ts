// The corpus of broken inputs (tests/broken/*/case.yaml): each damages one file of the mini game
// and states the exact file, line, column and message a teacher must see. Every case runs the
// real CLI: exit code 1, no stack trace, and no hang.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse } from 'yaml';
import { cli, ROOT } from '../helpers.js';

interface Case {
  description: string;
  target?: string;
  patch?: { find: string; replace: string };
  content?: string;
  generate?: 'binary' | 'invalid-utf8' | 'alias-bomb' | 'huge' | 'deep-nesting';
  remove?: boolean;
  pack?: Record<string, string>;
  expect: { file: string; line?: number; col?: number; message: string; hint?: string; note?: string };
}

const FIXTURE = join(ROOT, 'tests', 'fixtures', 'mini-game');
const CORPUS = join(ROOT, 'tests', 'broken');

function generated(kind: NonNullable<Case['generate']>, original: Buffer): Buffer {
  switch (kind) {
    case 'binary':
      return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    case 'invalid-utf8':
      // "Mainz" becomes "Münster" written in Latin-1, as an old editor would save it.
      return Buffer.from(original.toString('utf8').replace('place: Mainz', 'place: M\u00fcnster'), 'latin1');
    case 'alias-bomb': {
      const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 1; i < 10; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill('*' + String.fromCharCode(96 + i)).join(',')}]`);
      return Buffer.from(lines.join('\n') + '\n');
    }
    case 'huge':
      return Buffer.from('# padding line for a very large file\n'.repeat(Math.ceil((5 * 1024 * 1024) / 37)).slice(0, 5 * 1024 * 1024));
    case 'deep-nesting':
      return Buffer.from('books: ' + '['.repeat(20000) + ']'.repeat(20000) + '\n');
  }
}

function prepare(c: Case): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-broken-'));
  cpSync(FIXTURE, dir, { recursive: true });
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

const cases = readdirSync(CORPUS).sort().map((name) => ({ name, c: parse(readFileSync(join(CORPUS, name, 'case.yaml'), 'utf8')) as Case }));

describe('broken inputs give one clear message', () => {
  it('the corpus holds at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const { name, c } of cases) {
    it(`${name}: ${c.description}`, () => {
      const dir = prepare(c);
      try {
        const args = ['validate', '.', ...(c.pack ? ['--pack', 'pack'] : [])];
        const run = cli(args, { cwd: dir });
        const out = run.stderr;
        expect(run.code, out).toBe(1);
        expect(run.ms, 'each broken input is rejected in under 2 s').toBeLessThan(2000);
        expect(out).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
        expect(out).not.toContain('Something went wrong inside');
        const where = `${c.expect.file}${c.expect.line ? `:${c.expect.line}:${c.expect.col ?? ''}` : ''}`;
        const line = out.split('\n').find((l) => l.startsWith(where) && l.includes(' error: ') && l.includes(c.expect.message));
        expect(line, `expected "${where}… error: ${c.expect.message}" in:\n${out}`).toBeDefined();
        if (c.expect.hint) expect(out).toContain(c.expect.hint);
        if (c.expect.note) expect(out).toContain(`note: ${c.expect.note}`);
        const readable = c.expect.line && !c.generate && !c.remove && c.content !== '';
        if (readable) expect(out).toMatch(/\n\s*\d+ \| .*\n\s*\| +\^+/); // a code frame with a caret
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

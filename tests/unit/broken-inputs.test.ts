// The corpus of broken inputs (tests/broken/*/case.yaml): each damages one file of the mini game
// and states the exact file, line, column and message a teacher must see. Every case runs the
// real CLI: exit code 1, no stack trace, and no hang.
import { describe, expect, it } from 'vitest';
import { readdirSync, rmSync } from 'node:fs';
import { cli } from '../helpers.js';
import { CORPUS_DIR, prepareCase, readCase } from '../../generator/docs/broken-case.js';

const cases = readdirSync(CORPUS_DIR)
  .sort()
  .map((name) => ({ name, c: readCase(name) }));

describe('broken inputs give one clear message', () => {
  it('the corpus holds at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const { name, c } of cases) {
    it(`${name}: ${c.description}`, () => {
      const dir = prepareCase(c);
      try {
        const args = ['validate', '.', ...(c.pack ? ['--pack', 'pack'] : []), ...(c.strict ? ['--strict'] : [])];
        const run = cli(args, { cwd: dir });
        const out = run.stderr;
        expect(run.code, out).toBe(1);
        // A broken input is refused at once, never after a long wait. The bound leaves room for a
        // machine busy with the rest of the suite (each case is a new process reading the whole
        // base game); validate's own speed is measured in tests/bench/validate-bench.mjs.
        expect(run.ms, 'each broken input is rejected in under 5 s').toBeLessThan(5000);
        expect(out).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
        expect(out).not.toContain('Something went wrong inside');
        const where = `${c.expect.file}${c.expect.line ? `:${c.expect.line}:${c.expect.col ?? ''}` : ''}`;
        const line = out.split('\n').find((l) => l.startsWith(where) && l.includes(' error: ') && l.includes(c.expect.message));
        expect(line, `expected "${where}… error: ${c.expect.message}" in:\n${out}`).toBeDefined();
        if (c.expect.hint) expect(out).toContain(c.expect.hint);
        if (c.expect.note) expect(out).toContain(`note: ${c.expect.note}`);
        if (c.expect.alone) expect(out, 'no follow-on messages').toContain('✗ 1 error, 0 warnings');
        const readable = c.expect.line && !c.generate && !c.remove && c.content !== '';
        if (readable) expect(out).toMatch(/\n\s*\d+ \| .*\n\s*\| +\^+/); // a code frame with a caret
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

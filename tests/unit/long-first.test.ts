// The longest test files start first: the project's own Vitest configuration, loaded by Vitest
// itself, orders the run with the list first and in its order; and the list names files that
// exist (a renamed or removed file would drop out of it silently and start late again).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { ROOT } from '../helpers.js';
import LongFirst, { LONGEST } from '../setup/long-first.js';

describe('the test files started first', () => {
  it('are all test files of this project', () => {
    for (const name of LONGEST) expect(existsSync(join(ROOT, name)), name).toBe(true);
  });

  it("are the longest ones, in the list's order, in the order Vitest runs the project's tests", async () => {
    const vitest = await createVitest('test', { watch: false, config: join(ROOT, 'vitest.config.ts') });
    try {
      const Sequencer = vitest.config.sequence.sequencer;
      // The configuration is bundled apart from this file, so its class is another copy of the same one.
      expect(Sequencer.name).toBe(LongFirst.name);
      const order = await new Sequencer(vitest).sort(await vitest.globTestSpecifications());
      const names = order.map((s) => relative(ROOT, s.moduleId).split('\\').join('/'));
      expect(names.slice(0, LONGEST.length)).toEqual(LONGEST);
      expect(names.length).toBeGreaterThan(LONGEST.length);
    } finally {
      await vitest.close();
    }
  });
});

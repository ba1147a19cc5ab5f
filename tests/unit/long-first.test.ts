// The sequencer's list of long files names files that exist: a renamed or removed file would
// drop out of it silently and start late again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { LONGEST } from '../setup/long-first.js';

describe('the test files started first', () => {
  it('are all test files of this project', () => {
    for (const name of LONGEST) expect(existsSync(join(ROOT, name)), name).toBe(true);
  });
});

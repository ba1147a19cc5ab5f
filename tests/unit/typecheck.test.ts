// vitest runs the tests without checking their types, so a test could go on calling something
// that no longer exists in that shape. The whole test suite is type-checked with the code here.
import { expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';

test('the tests’ TypeScript type-checks with the engine and generator', () => {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tests/tsconfig.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
});

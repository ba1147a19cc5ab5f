// Starts the test files that take longest first. With two cores and three workers, a run lasts
// about as long as its CPU work, plus whatever a long file started late runs on alone at the end:
// on a fresh clone Vitest knows no durations and starts the largest files first, and
// broken-inputs (about 110 s) started at 488 s and finished the run alone at 600 s. These files
// are the longest of a full run (2026-12-02: output-safety 380 s, then 111, 111, 56, 54, 40, 39,
// 37 s); the rest follow in Vitest's own order (by the durations it has cached, or by size).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST = [
  'tests/unit/output-safety.test.ts',
  'tests/unit/broken-inputs.test.ts',
  'tests/e2e/referee-tabs.test.ts',
  'tests/unit/pack-art.test.ts',
  'tests/print/preflight.test.ts',
  'tests/e2e/referee-layout.test.ts',
  'tests/unit/simulate/simulate-command.test.ts',
  'tests/e2e/referee-long-game.test.ts',
];

export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONGEST.length : i;
    };
    // Array sort is stable: files off the list keep Vitest's order among themselves.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

import { defineConfig } from 'vitest/config';
import LongFirst from './tests/setup/long-first.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    globalSetup: ['tests/setup/build-once.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores, three workers: many tests spend their time waiting on a process they started
    // (the command, Chromium, pdftoppm, Ghostscript), and a third worker keeps both cores busy
    // then (two workers left a fifth of the CPU idle and took 13 min on a fresh clone).
    maxWorkers: 3,
    sequence: { sequencer: LongFirst },
  },
});

// The build's stages start as their inputs are made (build/run.ts), and the stages that work on
// this thread also wait for the card layouts: the printing thread sends those when it is ready
// for its cards, and a stage busy on this thread at that moment left it waiting (traced: 0.23 s
// of a 1.9 s build). Checked on the runner with stages of our own, and on the build's own list.
import { describe, expect, it } from 'vitest';
import { checkWiring, runStages } from '../../generator/build/run.js';
import { STAGES, type StageEntry } from '../../generator/build/stages.js';
import type { Output } from '../../generator/io/output.js';
import type { Progress } from '../../generator/progress.js';
import type { BuildOptions } from '../../generator/stage.js';

const quiet: Progress = { step: async (_label, work) => work(), info: () => undefined, notice: () => undefined };
const options = {} as BuildOptions;

describe('the order the stages start in', () => {
  it('starts a stage only after the products it waits for, and hands it only those it needs', async () => {
    const events: string[] = [];
    const entries: StageEntry[] = [
      {
        name: 'layouts',
        needs: [],
        makes: 'looks',
        when: () => true,
        load: async () => ({
          name: 'layouts',
          run: async () => {
            await new Promise((r) => setTimeout(r, 30));
            events.push('layouts made');
            return { theme: {} };
          },
        }),
      },
      {
        name: 'aids',
        needs: ['game'],
        after: ['looks'],
        when: () => true,
        load: async () => ({
          name: 'aids',
          run: async (input: object) => {
            events.push(`aids started with ${Object.keys(input).join(', ')}`);
          },
        }),
      },
      {
        name: 'eager',
        needs: ['game'],
        when: () => true,
        load: async () => ({
          name: 'eager',
          run: async () => {
            events.push('eager started');
          },
        }),
      },
    ];
    await runStages(entries, { game: {} as never, art: new Map() }, { out: {} as Output, progress: quiet, options, warn: () => undefined });
    expect(events).toEqual(['eager started', 'layouts made', 'aids started with game']);
  });

  it('refuses a stage that waits for something no stage makes', () => {
    const waiting: StageEntry = {
      name: 'waiting',
      needs: ['game'],
      after: ['laid'],
      when: () => true,
      load: async () => ({ name: 'x', run: async () => undefined }),
    };
    expect(() => checkWiring([waiting], options)).toThrow(/needs laid/);
  });

  it('holds every stage of the build that does not draw cards until the printing thread has them', () => {
    const drawsCards = (e: StageEntry) => e.needs.some((n) => n === 'looks' || n === 'laid') || e.makes === 'looks';
    const early = STAGES.filter((e) => !drawsCards(e) && !e.after?.includes('looks')).map((e) => e.name);
    expect(early).toEqual([]);
    // The sheets stage, which hands the printing thread its cards, comes before them in the list.
    const sheets = STAGES.findIndex((e) => e.makes === 'laid');
    for (const [i, e] of STAGES.entries()) if (e.after?.includes('looks')) expect(i).toBeGreaterThan(sheets);
  });
});

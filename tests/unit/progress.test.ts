// The build's progress lines: each step with its time; a step done on another thread shows the
// time it took there, not the moment this thread waited for it (which read "0 ms").
import { describe, expect, it } from 'vitest';
import { stoppable, terminalProgress } from '../../generator/progress.js';

function recorder() {
  let text = '';
  const write = (s: string) => {
    text += s;
    return true;
  };
  const stream = { write } as unknown as NodeJS.WriteStream;
  return { stream, text: () => text };
}

describe('progress lines', () => {
  it('show the time a step took here, or the time the work took elsewhere when it says so', async () => {
    const r = recorder();
    const progress = stoppable(terminalProgress(false, r.stream), new AbortController().signal);
    await progress.step('Waiting here', () => new Promise((done) => setTimeout(done, 30)));
    await progress.step(
      'Printed elsewhere',
      () => ({ ms: 2500 }),
      () => '(3 pages)',
      (p) => p.ms,
    );
    expect(r.text()).toMatch(/^ {2}Waiting here… done \((2\d|3\d|4\d) ms\)\n/);
    expect(r.text()).toContain('  Printed elsewhere… done (3 pages) (2.5 s)\n');
  });

  it('refuse to start a step once another stage has failed', async () => {
    const r = recorder();
    const abort = new AbortController();
    abort.abort();
    const progress = stoppable(terminalProgress(false, r.stream), abort.signal);
    expect(() => progress.step('Too late', () => 1)).toThrow();
    expect(r.text()).toBe('');
  });
});

describe('progress written to a log (a file or a pipe)', () => {
  it('gives each step one line, when it is done, however the steps overlap', async () => {
    const r = recorder();
    const progress = terminalProgress(false, r.stream, false);
    let finishLong: () => void = () => undefined;
    const long = progress.step('Painting the pictures', () => new Promise<void>((done) => (finishLong = done)));
    await progress.step('Printing the books', () => 1);
    await progress.step('Printing the chance cards', () => 2);
    finishLong();
    await long;
    const lines = r.text().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.replace(/ done.*$/, ''))).toEqual(['  Printing the books…', '  Printing the chance cards…', '  Painting the pictures…']);
  });
});

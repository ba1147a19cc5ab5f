// A mistake in templates/ (the theme, a card layout, the rule book's style …) is reported like a
// mistake in the content: file, line and column, what is wrong, and what to write instead.
import { describe, it, expect } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { readLayout } from '../../generator/print/layout/inherit.js';
import { loadStyle } from '../../generator/print/rulebook/style.js';
import { BuildError } from '../../generator/build-error.js';

/** The error from reading a copy of templates/ with one file edited. */
function errorWith(file: string, edit: (text: string) => string, read: (dir: string) => unknown): BuildError {
  const dir = mkdtempSync(join(tmpdir(), 'cc-templates-'));
  try {
    cpSync(join(ROOT, 'templates'), dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    read(dir);
  } catch (e) {
    if (e instanceof BuildError) return e;
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('the edited templates were read without complaint');
}

describe('mistakes in templates/', () => {
  it('a misspelt face in the theme: the line, and the face meant', () => {
    const e = errorWith('theme.yaml', (t) => t.replace('font: serif-italic, size: 6.5', 'font: serif-italik, size: 6.5'), loadLooks);
    expect(e.subject).toMatch(/theme\.yaml:\d+:\d+$/);
    expect(e.message).toContain('serif-italik');
    expect(e.hint).toContain("did you mean 'serif-italic'?");
  });

  it('a misspelt key in a card layout: the line, and the key meant', () => {
    const e = errorWith('layouts/book.yaml', (t) => t.replace(/^deck:/m, 'dek:'), loadLooks);
    expect(e.subject).toMatch(/layouts\/book\.yaml:\d+:1$/);
    expect(e.message).toContain("'dek'");
    expect(e.hint).toContain("did you mean 'deck'?");
  });

  it('a tab in the rule book style: the line, and how to fix it', () => {
    const e = errorWith(
      'rulebook/style.yaml',
      (t) => t.replace(/\n {2}(\S)/, '\n\t$1'),
      (dir) => loadStyle(join(dir, 'rulebook')),
    );
    expect(e.subject).toMatch(/rulebook\/style\.yaml:\d+:1$/);
    expect(e.message).toContain('tab');
  });
});

describe('layout inheritance (extends:)', () => {
  it('a layout read alone is the layout read with the others, which share what they extend', () => {
    const dir = join(ROOT, 'templates', 'layouts');
    const together = loadLooks().layouts;
    for (const name of ['book.yaml', 'auction-book.yaml', 'chance.yaml', 'world-event.yaml', 'national-event.yaml']) {
      const alone = readLayout(join(dir, name), dir);
      expect(together.get(alone.type), name).toEqual(alone);
    }
  });

  it('a chain of layouts that extends itself is reported, naming the chain', () => {
    const e = errorWith('layouts/common/back.yaml', (t) => `extends: book.yaml\n${t}`, loadLooks);
    expect(e.message).toMatch(/extends itself \(through .*book\.yaml/);
  });

  it('removing an element the parent does not have is reported', () => {
    const e = errorWith('layouts/auction-book.yaml', (t) => t.replace('{ remove: mvb seal }', '{ remove: mvb seel }'), loadLooks);
    expect(e.message).toMatch(/“remove: mvb seel” names no element of the layout it extends/);
  });
});

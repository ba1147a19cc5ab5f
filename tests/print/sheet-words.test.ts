// The words on the home-print sheets and the calibration page live in templates/sheets.yaml.
// A name a template cannot use is caught when the templates are read, naming the entry.
import { describe, it, expect } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { fillWords } from '../../generator/print/sheets/words.js';
import { BuildError } from '../../generator/build-error.js';

function looksWith(edit: (yaml: string) => string): () => unknown {
  const dir = mkdtempSync(join(tmpdir(), 'cc-templates-'));
  cpSync(join(ROOT, 'templates'), dir, { recursive: true });
  const file = join(dir, 'sheets.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return () => {
    try {
      return loadLooks(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

describe('sheet words', () => {
  it('fill in the sheet label from the template', () => {
    const words = loadLooks().words;
    expect(fillWords(words.sheets.label_fronts, { game: 'G', deck: 'Books', paper: 'A4', sheet: 2, sheets: 8 })).toBe('Books · sheet 2 of 8 · fronts');
  });

  it('name the entry and the names it can use when a template asks for one that does not exist', () => {
    let err: unknown;
    try {
      looksWith((y) => y.replace('label_fronts: "{{deck}}', 'label_fronts: "{{dek}}'))();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BuildError);
    expect((err as BuildError).message).toContain('sheets.label_fronts uses {{dek}}');
    expect((err as BuildError).hint).toContain('{{deck}}');
  });

  it('say which file and line lack an entry', () => {
    let err: unknown;
    try {
      looksWith((y) => y.replace(/ {2}label_backs:.*\n/, ''))();
    } catch (e) {
      err = e;
    }
    expect((err as BuildError).message).toBe("'label_backs' is missing here");
    expect((err as BuildError).subject).toMatch(/sheets\.yaml:\d+:\d+$/);
  });
});

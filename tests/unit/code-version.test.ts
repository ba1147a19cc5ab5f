// The caches of validate's fit check and of the painted images are keyed on the command's code.
// The bundler hashes the bundled files once as it writes them (code-version.txt); a run reads
// that, and hashes the files itself only where there is no such file. Both must say the same, and
// the version must change with any file of the code, or a cache would outlive the code it came from.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_VERSION_FILE, codeVersion, hashCode } from '../../generator/code-version.js';
import { ROOT } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'cc-code-version-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the version of the code the caches are kept under', () => {
  it('is, as the bundler wrote it, the hash of the bundled files', () => {
    const bundled = join(ROOT, 'dist', 'cli');
    expect(readFileSync(join(bundled, CODE_VERSION_FILE), 'utf8').trim()).toBe(hashCode(bundled));
  });

  it('changes with any code file, and is read from code-version.txt where there is one', () => {
    const dir = join(work, 'code');
    const deeper = join(dir, 'print');
    mkdirSync(deeper, { recursive: true });
    writeFileSync(join(dir, 'a.js'), 'export const a = 1;\n');
    writeFileSync(join(deeper, 'b.js'), 'export const b = 1;\n');
    writeFileSync(join(dir, 'notes.txt'), 'not code\n');
    const first = hashCode(dir, true);
    writeFileSync(join(deeper, 'b.js'), 'export const b = 2;\n');
    const second = hashCode(dir, true);
    expect(second).not.toBe(first);
    expect(hashCode(dir, false)).not.toBe(second);
    writeFileSync(join(dir, 'notes.txt'), 'still not code\n');
    expect(hashCode(dir, true)).toBe(second);
    writeFileSync(join(dir, CODE_VERSION_FILE), 'written-by-the-bundler\n');
    expect(codeVersion(dir)).toBe('written-by-the-bundler');
  });
});

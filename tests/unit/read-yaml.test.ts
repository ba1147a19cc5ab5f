// Reading one YAML file (generator/load/read-yaml.ts): what cannot be content is refused at once,
// at its place, by both readings (fast-yaml.ts first, then `yaml`), never after an endless walk.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticList } from '../../generator/load/diagnostic.js';
import { quickYaml } from '../../generator/load/fast-yaml.js';
import { readYaml } from '../../generator/load/read-yaml.js';

const dir = mkdtempSync(join(tmpdir(), 'cc-read-yaml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(source: string): { read: boolean; said: string[]; ms: number } {
  const file = join(dir, 'cards.yaml');
  writeFileSync(file, source);
  const diags = new DiagnosticList();
  const start = performance.now();
  const f = readYaml(file, 'cards.yaml', diags);
  return { read: f !== undefined, said: diags.items.map((d) => `${d.line}:${d.col} ${d.message}`), ms: performance.now() - start };
}

describe('a value that holds itself through an alias', () => {
  // Each of these made every walk over the data run for ever ("a: &a [*a, *a]" doubles at each
  // of the 64 levels the depth check allowed).
  const shapes: [string, string][] = [
    ['a: &a [*a, *a]\n', '1:8'],
    ['books: &a [*a]\n', '1:12'],
    ['a: &a {x: *a, y: *a}\n', '1:11'],
    ['a: &a\n  x: *a\n  y: *a\n', '2:6'],
    ['a: &a\n  - *a\n  - *a\n', '2:5'],
    ['a: &a [[*a, *a]]\n', '1:9'],
    ['a: &a [b, [c, *a, *a]]\n', '1:15'],
    ['x: &b [1]\na: &a [*a, *b, *a]\n', '2:8'],
    ['a: &a [ &b [*a, *b] ]\n', '1:13'],
    ['a: &a {<<: *a, b: *a}\n', '1:12'],
    ['%YAML 1.1\n---\na: &a {<<: *a, b: 1}\n', '3:12'],
    ['%YAML 1.1\n---\nb: &b {x: 1}\na: &a {<<: [*b, *a]}\n', '4:17'],
    ['a: &a { &k key: *a }\n', '1:17'],
    ['? &a [*a]\n: 1\n', '1:7'],
    ['%YAML 1.1\n---\na: !!omap &a [b: *a]\n', '3:18'],
  ];
  for (const [source, at] of shapes) {
    it(`is refused at the alias: ${JSON.stringify(source)}`, () => {
      // The quick reading leaves it to `yaml`, which places the message.
      expect(quickYaml(source)).toBeUndefined();
      const r = read(source);
      expect(r.read).toBe(false);
      expect(r.said).toEqual([expect.stringMatching(new RegExp(`^${at} "\\*a" repeats the value labelled "&a", but it is written inside that value`))]);
      expect(r.ms).toBeLessThan(1000);
    });
  }

  it('is refused in a large file too (the quick reading walked it a million levels deep, past the end of the stack)', () => {
    const source = `a: &a [*a]\n${'# padding line\n'.repeat(60_000)}`;
    expect(() => quickYaml(source)).not.toThrow();
    const r = read(source);
    expect(r.said).toEqual([expect.stringMatching(/^1:8 "\*a" repeats the value labelled "&a"/)]);
  });

  it('leaves an alias of a value that ended before it, and an anchor named again inside its own value', () => {
    expect(read('a: &a [1]\nb: *a\nc: [*a, *a]\n').read).toBe(true);
    expect(read('a: &a [ &a 1, *a ]\n').read).toBe(true);
  });
});

describe('a list or group of fields used as the name of a field', () => {
  it('is said at the group, with the line as meant, and yaml prints no warning of its own', async () => {
    const warned: string[] = [];
    const listen = (w: Error) => warned.push(w.message);
    process.on('warning', listen);
    try {
      const r = read('books:\n  - { id: x }: null\n');
      expect(r.said).toEqual(['2:5 this group of fields is followed by ":", so YAML reads it as the name of a field, not as a value']);
      expect(read('a:\n  - [b, c]: 1\n').said).toEqual(['2:5 this list is followed by ":", so YAML reads it as the name of a field, not as a value']);
      // Node prints its warnings a moment later ("Keys with collection values will be stringified …").
      await new Promise((done) => setTimeout(done, 20));
      expect(warned).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
  });
});

describe('a file saved as UTF-16', () => {
  // Windows Notepad's "Unicode": it had been called "not a text file (it contains binary data)".
  const text = 'books:\n  - id: a-book\n    title: Le Livre\n    place: Paris\n';
  const cases: [string, Buffer][] = [
    ['little-endian with its mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['big-endian with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
    ['little-endian without a mark', Buffer.from(text, 'utf16le')],
  ];
  for (const [name, bytes] of cases)
    it(`is read as the text it is: ${name}`, () => {
      const file = join(dir, 'utf16.yaml');
      writeFileSync(file, bytes);
      const diags = new DiagnosticList();
      const f = readYaml(file, 'utf16.yaml', diags);
      expect(diags.items.map((d) => d.message)).toEqual([]);
      expect(JSON.stringify(f?.data)).toBe(JSON.stringify({ books: [{ id: 'a-book', title: 'Le Livre', place: 'Paris' }] }));
    });
});

// The quick first reading of YAML (generator/load/fast-yaml.ts) must never change what a file
// means: wherever it accepts a text, `yaml` — which gives the messages their places — reads the
// same text without errors and to the same data. Checked on every YAML file in the project and
// on thousands of damaged copies of them, and on each way the two libraries are known to differ.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { quickYaml } from '../../generator/load/fast-yaml.js';
import { ROOT } from '../helpers.js';

/** What `yaml` makes of a text, as read-yaml.ts reads it: its data, or that it has errors. */
function slow(source: string): { data?: unknown; errors: boolean } {
  try {
    const doc = parseDocument(source, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) return { errors: true };
    return { data: doc.toJS({ maxAliasCount: 100 }), errors: false };
  } catch {
    return { errors: true };
  }
}

/** Fails the test when the quick reading accepts `source` but means something else by it. */
function agrees(source: string, label: string): boolean {
  const quick = quickYaml(source);
  if (!quick) return false;
  const full = slow(source);
  const text = JSON.stringify(source.length > 600 ? `${source.slice(0, 600)}…` : source);
  expect(full.errors, `${label}: yaml finds errors the quick reading accepted in ${text}`).toBe(false);
  expect(quick.data, `${label}: the two readings differ for ${text}`).toStrictEqual(full.data);
  return true;
}

const files = execFileSync('git', ['ls-files', '*.yaml', '*.yml'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
const sources = files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')] as const);

describe('the quick YAML reading', () => {
  it('reads every YAML file in the project as yaml does, and reads the base game and the layouts quickly', () => {
    const quick = sources.filter(([f, s]) => agrees(s, f)).map(([f]) => f);
    // The speed is the point: the files every build reads must not fall back to the slow reading.
    const everyBuild = files.filter((f) => /^(content|templates\/layouts)\//.test(f));
    expect(everyBuild.length).toBeGreaterThan(20);
    expect(everyBuild.filter((f) => !quick.includes(f))).toEqual([]);
  });

  // FUZZ_SEED and FUZZ_COUNT search further: FUZZ_SEED=7 FUZZ_COUNT=100000 npx vitest run tests/unit/fast-yaml.test.ts
  it('agrees with yaml on thousands of damaged copies of them', () => {
    let seed = Number(process.env.FUZZ_SEED ?? 20261124);
    const count = Number(process.env.FUZZ_COUNT ?? 4000);
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const pieces = [
      ':',
      '-',
      ' ',
      '\n',
      '"',
      "'",
      '#',
      '[',
      ']',
      '{',
      '}',
      ',',
      '|',
      '>',
      '?',
      '  ',
      '- ',
      ': ',
      '\n  ',
      '0x1F',
      '1e3',
      '.5',
      '~',
      'null',
      'True',
      '!',
      '&a ',
      '*a',
      '*a ',
      '&b',
      '*lot-name',
      '<<',
      '---',
      '...',
      '%',
      '\\',
      '@',
      '`',
      'é',
      '0o17',
      '+1',
      '-.inf',
      '\r\n',
    ];
    let accepted = 0;
    for (let i = 0; i < count; i++) {
      const [file, original] = pick(sources);
      let s = original;
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const at = Math.floor(random() * s.length);
        const op = random();
        if (op < 0.3) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(random() * 3));
        else if (op < 0.75) s = s.slice(0, at) + pick(pieces) + s.slice(at);
        else if (op < 0.82) s = s.slice(0, at);
        else if (op < 0.92) {
          // A line moved one or two spaces in or out.
          const lines = s.split('\n');
          const n = Math.floor(random() * lines.length);
          const shift = pick([-2, -1, 1, 2]);
          lines[n] = shift > 0 ? ' '.repeat(shift) + lines[n] : lines[n]!.replace(new RegExp(`^ {0,${-shift}}`), '');
          s = lines.join('\n');
        } else {
          const from = Math.floor(random() * s.length);
          s = s.slice(0, at) + s.slice(from, from + 40) + s.slice(at);
        }
      }
      if (agrees(s, `${file}, damaged copy ${i}`)) accepted++;
    }
    // Most damage still reads quickly; what it cannot vouch for goes to yaml.
    expect(accepted).toBeGreaterThan(count / 4);
  });

  it('leaves to yaml every text the two libraries are known to read differently', () => {
    const differ = {
      'an entry empty on its line, then a less indented line': 'cards:\n  - id: a\n    effects:\n      - # none yet\n  - id: b\n',
      'a flow collection running on less indented': 'a:\n  b: { c: 1,\n d: 2 }\n',
      'a quoted text running onto the next line': 'a: "one\ntwo"\n',
      'a quoted text carried on by a backslash at the line end': 'a: "one \\\ntwo"\nb:\n  c: "x\\\nn  d"\n',
      'a document marker glued to a key': '---title: x\n',
      'a null key': '{ ~: 1, b: 2 }\n',
      'an empty file': '# nothing here\n',
      'a tab': 'a:\n\tb: 1\n',
      'aliases repeated past what yaml allows': `a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [${'*a, '.repeat(10)}]\nc: [${'*b, '.repeat(10)}]\n`,
      'a "billion laughs" alias bomb, every line anchored': [
        'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
        ...[...'bcdefghij'].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghij'[i]}`).join(', ')}]`),
      ].join('\n'),
      'aliases in block lists': `a: &a\n  - 1\nb: &b\n${'  - *a\n'.repeat(10)}c:\n${'  - *b\n'.repeat(10)}`,
      'a tag': 'a: !!str 1\n',
      'a merge key': 'a: { x: 1 }\nb:\n  <<: { y: 2 }\n',
      'a complex key': '? a\n: 1\n',
      'a flow map written as a key (a slip of the brace)': 'a:\n  - { b: 1,\n      c: 2 }\n  - { d: 3 }: null\n',
      'a flow list written as a key': 'a:\n  [b, c]: 1\n',
      'a duplicate key': 'a: 1\na: 2\n',
      'a number form js-yaml reads and yaml keeps as text': 'a: 0b101\nb: 1_000\n',
      'an anchor glued to a flow map (a flow bracket in its name)': 'expect: &b{ file: x, line: 2 }\n',
    };
    for (const [what, source] of Object.entries(differ)) {
      const quick = quickYaml(source);
      if (quick) expect(quick.data, what).toStrictEqual(slow(source).data);
    }
    for (const what of [
      'an entry empty on its line, then a less indented line',
      'a flow collection running on less indented',
      'a quoted text running onto the next line',
      'a quoted text carried on by a backslash at the line end',
      'a document marker glued to a key',
      'a null key',
      'a tab',
      'aliases repeated past what yaml allows',
      'a tag',
      'a duplicate key',
      'an anchor glued to a flow map (a flow bracket in its name)',
    ] as const)
      expect(quickYaml(differ[what]), what).toBeUndefined();
    // Plain scalars resolve as yaml's core schema resolves them.
    expect(quickYaml('a: 0b101\nb: 1_000\nc: 0o17\nd: 0x1F\ne: +12\nf: 1e3\ng: .5\nh: -.inf\ni: ~\nj: True\nk: yes\nl: 007\n')?.data).toStrictEqual({
      a: '0b101',
      b: '1_000',
      c: 15,
      d: 31,
      e: 12,
      f: 1000,
      g: 0.5,
      h: Number.NEGATIVE_INFINITY,
      i: null,
      j: true,
      k: 'yes',
      l: 7,
    });
  });
});

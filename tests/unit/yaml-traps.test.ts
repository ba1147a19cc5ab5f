// What YAML reads differently from what a teacher meant (generator/load/yaml-traps.ts): warned
// about where it happens, and never where the text is what it looks like.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DiagnosticList } from '../../generator/load/diagnostic.js';
import { findYamlFiles } from '../../generator/load/find-files.js';
import { refusedForm, warnNumberForms, warnQuietTraps, yamlTrap } from '../../generator/load/yaml-traps.js';

const warningsOf = (source: string) => {
  const d = new DiagnosticList();
  warnQuietTraps('cards.yaml', source, d);
  return d.items.map((w) => [w.line, w.message.slice(0, 40)]);
};

describe('quiet traps', () => {
  it('find nothing in the base game', () => {
    for (const f of findYamlFiles('content')) expect(warningsOf(readFileSync(f, 'utf8')), f).toEqual([]);
  });

  it('leave a "|" or ">" text alone, and warn again once it ends', () => {
    const source = ['books:', '  - id: a', '    note: |', '      Series: Book #1 of three.', '      - &Co. took it on.', '    title: Book #2'].join('\n');
    expect(warningsOf(source)).toEqual([[6, 'the text stops before "#": YAML reads a ']]);
  });

  it('read a "|" text as text for numbers, tags, merge keys and __proto__ too, and find them once it ends', () => {
    const inText = ['books:', '  - id: a', '    note: >', '      gain: 0x10', '      title: !!binary x', '      <<: *base', '      __proto__: x'];
    const numbers = (source: string) => {
      const d = new DiagnosticList();
      warnNumberForms('cards.yaml', source, d);
      return d.items.map((w) => w.line);
    };
    expect(numbers(inText.join('\n'))).toEqual([]);
    expect(refusedForm(inText.join('\n'))).toBeUndefined();
    expect(numbers([...inText, '    value: 0x3'].join('\n'))).toEqual([8]);
    expect(refusedForm([...inText, '    __proto__: x'].join('\n'))?.line).toBe(8);
  });

  it('leave an anchor that an alias repeats, a comment with a space after its #, and a value that is only a comment', () => {
    const source = ['sizes:', '  poker: &card { w: 63 }', '  bridge: *card', '  note: Short  # says why', '  colour: #1f4e79', '  title: &Co. Printers'].join(
      '\n',
    );
    expect(warningsOf(source)).toEqual([[6, '"&Co." at the start of a value is read b']]);
  });

  it('take a list or group that is all YAML for what it is', () => {
    expect(yamlTrap('  remove: [a, b]')).toBeUndefined();
    expect(yamlTrap('  - { pay: 2, to: italy }')).toBeUndefined();
    expect(yamlTrap('  gloss: [The] Life')?.hint).toBe('put the whole text in double quotation marks: gloss: "[The] Life"');
  });
});

describe('a file full of quiet traps', () => {
  it('says three of each kind in full, and counts the rest in one line', () => {
    const rows = ['x:', ...Array.from({ length: 50 }, (_, i) => `  - &a${i} [1]`), ...Array.from({ length: 5 }, (_, i) => `  - title: Book #${i}`)];
    const said = warningsOf(rows.join('\n'));
    expect(said).toEqual([
      [2, '"&a0" at the start of a value is read by'],
      [3, '"&a1" at the start of a value is read by'],
      [4, '"&a2" at the start of a value is read by'],
      [52, 'the text stops before "#": YAML reads a '],
      [53, 'the text stops before "#": YAML reads a '],
      [54, 'the text stops before "#": YAML reads a '],
      [5, '47 more values start with "&", which YAM'],
      [55, '2 more texts are cut short at " #", whic'],
    ]);
  });
});

// validate lays every card out as the build would, on every card size, and reports what would
// stop the build where the teacher wrote it, with a fix that works: following each hint (the
// note cut to the words it names, the colour it suggests, the name at the length it gives)
// makes the pack validate. A second run remembers the cards it laid out (.cache/fit/), so each
// case edits a card and checks that the new text, not the remembered one, is what is judged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT, cli } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'cc-fit-'));
const cache = join(work, 'cache');
const pack = join(work, 'pack');
const env = { CODEX_CONQUEST_FIT_CACHE_DIR: cache };
const validate = () => cli(['validate', join(ROOT, 'content'), '--pack', pack], { env, timeout: 60_000 });
const edit = (file: string, from: string | RegExp, to: string) => {
  const path = join(pack, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replace(from, to);
  expect(after, `${file} has ${from}`).not.toBe(before);
  writeFileSync(path, after);
};
const LONG_NOTE = Array.from({ length: 6 }, () => 'Printers in Delft and Gouda sold these folio volumes to readers in every town of the county.').join(' ');

beforeAll(() => {
  cpSync(join(ROOT, 'tests', 'fixtures', 'packs', 'low-countries-third'), pack, { recursive: true });
  // The base game's cards are laid out once here and remembered for the runs below.
  expect(validate().code).toBe(0);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('validate lays out every card on every size', () => {
  it('a note too long: at the note, with how many words fit; cut to that many, it fits', () => {
    edit('books.yaml', /note: "The first dated book in Dutch[^\n]*/, `note: ${LONG_NOTE}`);
    const run = validate();
    expect(run.code).toBe(1);
    const line =
      readFileSync(join(pack, 'books.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes(LONG_NOTE.slice(0, 30))) + 1;
    expect(run.stderr).toMatch(new RegExp(`books\\.yaml:${line}:11: error: the book card “Delftse Bijbel” .* does not fit on its card: “note”`));
    const words = Number(/shorten the note to about (\d+) words \(it has (\d+)\)/.exec(run.stderr)?.[1]);
    expect(words).toBeGreaterThan(5);
    expect(words).toBeLessThan(LONG_NOTE.split(' ').length);
    // Cut where the hint says, ending the sentence there as a teacher would.
    edit(
      'books.yaml',
      LONG_NOTE,
      `"${LONG_NOTE.split(' ')
        .slice(0, words)
        .join(' ')
        .replace(/[,.]?$/, '.')}"`,
    );
    const again = validate();
    expect(again.stderr).not.toMatch(/error:|warning:/);
    expect(again.code).toBe(0);
  }, 120_000);

  it("a country's name too long for its cards, and a colour too light for white words: each at its line in pack.yaml, with a fix that passes", () => {
    edit('pack.yaml', /name: The Low Countries\n(\s+)code/, 'name: The Most Serene Republic of the Seven United Netherlands\n$1code');
    edit('pack.yaml', 'colour: "#1010d8"', 'colour: "#e06c00"');
    const run = validate();
    expect(run.code).toBe(1);
    const lines = readFileSync(join(pack, 'pack.yaml'), 'utf8').split('\n');
    const nameLine = lines.findIndex((l) => l.includes('Seven United Netherlands')) + 1;
    const colourLine = lines.findIndex((l) => l.includes('#e06c00')) + 1;
    expect(run.stderr).toMatch(new RegExp(`pack\\.yaml:${nameLine}:\\d+: error: The Most Serene .*'s? name .* is too long for the scope line of its cards`));
    expect(run.stderr).toMatch(new RegExp(`pack\\.yaml:${colourLine}:\\d+: error: .*'s? colour #e06c00 is too light for the words printed on it`));
    // Reported once each, not once per card.
    expect(run.stderr.match(/error:/g)).toHaveLength(2);
    const letters = Number(/use a name of at most (\d+) letters/.exec(run.stderr)?.[1]);
    const colour = /such as colour: "(#[0-9a-f]{6})"/.exec(run.stderr)?.[1];
    expect(letters).toBeGreaterThan(3);
    expect(colour).toBeDefined();
    edit(
      'pack.yaml',
      'The Most Serene Republic of the Seven United Netherlands',
      'The Most Serene Republic of the Seven United Netherlands'.slice(0, letters).trim(),
    );
    edit('pack.yaml', 'colour: "#e06c00"', `colour: "${colour}"`);
    const again = validate();
    expect(again.stderr).not.toMatch(/error:|warning:/);
    expect(again.code).toBe(0);
  }, 120_000);

  it('a picture too small for print: a warning at its line with the pixels it needs', async () => {
    await sharp({ create: { width: 50, height: 50, channels: 3, background: '#8a6a3a' } })
      .png()
      .toFile(join(pack, 'tiny.png'));
    edit('books.yaml', /(\n {2}- id: delft-bible\n)/, '$1    image: tiny.png\n');
    const run = validate();
    expect(run.code).toBe(0);
    const line =
      readFileSync(join(pack, 'books.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('image: tiny.png')) + 1;
    expect(run.stdout + run.stderr).toMatch(
      new RegExp(
        `books\\.yaml:${line}:\\d+: warning: this picture is 50 × 50 pixels, which prints at \\d+ DPI .*\\n[\\s\\S]*use a version at least \\d+ × \\d+ pixels`,
      ),
    );
  }, 120_000);
});

// A content file cut short never passes silently: the cases from the attack (england.yaml cut at
// byte 3192, auction-books.yaml cut in half), then every content file of a kind cut at many
// points — each cut gives an error or a warning that points into the cut file.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { shownPath } from '../../generator/io/shown-path.js';
import { ROOT } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'cc-cut-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh copy of content/ with one file cut after `bytes` bytes; returns what validate finds. */
function cut(file: string, bytes: number) {
  const dir = join(work, `c-${Math.random().toString(36).slice(2, 8)}`);
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  const full = readFileSync(join(ROOT, 'content', file));
  writeFileSync(join(dir, file), full.subarray(0, bytes));
  try {
    const r = loadGame({ dir });
    // Named as messages name it (absolute when the checkout is far from the temporary folder, as in CI).
    const shown = shownPath(join(dir, file));
    return {
      errors: r.diagnostics.filter((d) => d.severity === 'error'),
      warnings: r.diagnostics.filter((d) => d.severity === 'warning'),
      inFile: r.diagnostics.filter((d) => d.file === shown),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a file cut short', () => {
  it('england.yaml cut at byte 3192: the note ending mid-sentence and the missing books are warned about', () => {
    const r = cut('books/england.yaml', 3192);
    expect(r.errors).toEqual([]);
    const note = r.warnings.find((w) => w.message.startsWith('this note does not end as a sentence'));
    expect(note).toMatchObject({ line: 95, col: 11 });
    expect(note!.message).toContain('40,000 words, most');
    expect(r.warnings.some((w) => /^England has 1 book for the 18th century and no books for the 19th century and 20th century/.test(w.message))).toBe(true);
  });

  it('auction-books.yaml cut in half: the lots left without books are named', () => {
    const size = readFileSync(join(ROOT, 'content', 'auction-books.yaml')).length;
    const r = cut('auction-books.yaml', Math.floor(size / 2) + 200);
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.message.includes('has no auction books')).length).toBeGreaterThanOrEqual(2);
    expect(r.warnings.some((w) => w.message.startsWith('this note does not end as a sentence'))).toBe(true);
  });

  it('world-events.yaml cut between two cards: the century left without its world event is warned about, at the last card', () => {
    const text = readFileSync(join(ROOT, 'content', 'world-events.yaml'), 'utf8');
    // Cut just before the last card's "  - id:" line: every card left is whole.
    const r = cut('world-events.yaml', Buffer.byteLength(text.slice(0, text.lastIndexOf('\n  - id:') + 1)));
    expect(r.errors).toEqual([]);
    const w = r.inFile.find((d) => d.message.includes('has no world event'));
    expect(w?.severity).toBe('warning');
    expect(w!.message).toMatch(/^the 20th century has no world event, where the other centuries have 1 world event each/);
  });

  /** Byte offsets just before each card's "  - id:" line after the first: cuts that leave every card before them whole. */
  const between = (file: string) => {
    const text = readFileSync(join(ROOT, 'content', file), 'utf8');
    const at: number[] = [];
    for (let i = text.indexOf('\n  - id:'); i >= 0; i = text.indexOf('\n  - id:', i + 1)) at.push(Buffer.byteLength(text.slice(0, i + 1)));
    return at.slice(1);
  };

  it('reference.yaml cut between any two cards: the edition left without a kind of reference card is warned about', () => {
    const cuts = between('reference.yaml');
    expect(cuts.length).toBe(3);
    for (const at of cuts) {
      const r = cut('reference.yaml', at);
      expect(r.errors).toEqual([]);
      const w = r.inFile.find((d) => /^the edition “.+” has no .*reference card/.test(d.message));
      expect(w?.severity, `cut at byte ${at}`).toBe('warning');
    }
  });

  it('chance.yaml cut between two cards, losing a third or more of the misfortunes: the lopsided deck is warned about', () => {
    const cuts = between('chance.yaml');
    // After the 4th, 10th and 16th card (all good fortune so far), and the 20th and 24th.
    for (const n of [4, 10, 16, 20, 24]) {
      const r = cut('chance.yaml', cuts[n - 1]!);
      expect(r.errors).toEqual([]);
      const w = r.inFile.find((d) => d.message.startsWith('the chance deck has'));
      expect(w?.message, `cut after card ${n}`).toMatch(/cards of good fortune and \d+ of misfortune: drawing one is nearly always a gift/);
    }
    // The whole deck, sixteen of each, is not.
    expect(cut('chance.yaml', readFileSync(join(ROOT, 'content', 'chance.yaml')).length).warnings).toEqual([]);
  });

  it('manuscripts.yaml cut between any two cards: the country left without its manuscript is warned about', () => {
    for (const at of between('manuscripts.yaml')) {
      const r = cut('manuscripts.yaml', at);
      expect(r.errors).toEqual([]);
      expect(
        r.warnings.some((d) => d.message.includes('has no manuscript')),
        `cut at byte ${at}`,
      ).toBe(true);
    }
  });

  it('the last card of a file without a field every other card there has', () => {
    const dir = join(work, 'mini');
    cpSync(join(ROOT, 'tests', 'fixtures', 'mini-game'), dir, { recursive: true });
    // Five books with an author each; the last one's author line is gone, as if the file ended there.
    const book = (i: number, author: boolean) =>
      `  - id: extra-book-${i}\n    title: Extra Book ${i}\n${author ? '    author: An Author\n' : ''}    place: Mainz\n    year: 1460\n    country: germany\n    century: 15th\n    genre: religion\n    value: 2\n    note: A book.\n`;
    writeFileSync(join(dir, 'more-books.yaml'), `books:\n${[1, 2, 3, 4].map((i) => book(i, true)).join('')}${book(5, false)}`);
    const r = loadGame({ dir });
    const w = r.diagnostics.find((d) => d.message.startsWith('the last book of this file has no'));
    expect(w?.severity).toBe('warning');
    expect(w?.message).toContain("'author'");
  });

  it('reference.yaml cut inside a card’s last line: that line is warned about, where the others end as sentences', () => {
    const r = cut('reference.yaml', 4182);
    expect(r.errors).toEqual([]);
    expect(r.inFile.map((d) => d.message)).toContain('the last line of this card does not end as a sentence (“…books and cred”): was the file cut short here?');
  });

  // Cuts that passed validate with no word at all (attack report F10): a cut between two cards of
  // the chance deck, inside the last card's list, or inside a line just after a full stop.
  describe('where every card left is whole', () => {
    const text = (file: string) => readFileSync(join(ROOT, 'content', file), 'utf8');
    const bytes = (s: string) => Buffer.byteLength(s);

    it('chance.yaml cut after its first card: a deck too small for a short game', () => {
      const r = cut('chance.yaml', between('chance.yaml')[0]!);
      expect(r.errors).toEqual([]);
      expect(r.inFile.map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual([
        '7:5 the chance deck has 1 card, and a short game of 6 players draws 10 on average (a roll of 1 or 6 in 30 market turns, in “Codex Conquest”, which draws without putting back): nearly every such game would run out of chance cards',
      ]);
      expect(r.inFile[0]!.hint).toMatch(/^check that \S*chance\.yaml was not cut short after this card/);
    });

    it('chance.yaml cut after its 27th card: sixteen of good fortune to eleven of misfortune', () => {
      const r = cut('chance.yaml', between('chance.yaml')[26]!);
      expect(r.errors).toEqual([]);
      expect(r.inFile.map((d) => d.message)).toEqual([
        'the chance deck has 16 cards of good fortune and 11 of misfortune: drawing one is more often a gift than a loss',
      ]);
    });

    it('world-events.yaml cut inside the last card’s effects: one effect where every other world event has two', () => {
      const t = text('world-events.yaml');
      const lastLine = t.lastIndexOf('\n', t.length - 2) + 1; // the start of the last effect's line
      const r = cut('world-events.yaml', bytes(t.slice(0, lastLine)));
      expect(r.errors).toEqual([]);
      expect(r.inFile.map((d) => `${d.col} ${d.message}`)).toEqual([
        '9 the last world event of this file has 1 effect, where every other world event here has 2 or more: was the file cut short after this line?',
      ]);
    });

    it('reference.yaml cut after the first of the last card’s lines: shaped unlike the other edition’s card of its kind', () => {
      const t = text('reference.yaml');
      const lines = t.indexOf('    lines:\n', t.lastIndexOf('\n  - id:'));
      const firstLineEnd = t.indexOf('\n', lines + '    lines:\n'.length) + 1;
      const r = cut('reference.yaml', bytes(t.slice(0, firstLineEnd)));
      expect(r.errors).toEqual([]);
      expect(r.inFile.map((d) => d.message)).toEqual([
        'the last reference card of this file has 1 line, where the other objectives card here has 10: was the file cut short after this line?',
      ]);
    });

    it('books/americas.yaml cut inside the last note, just after a full stop: the file stops in the middle of a line', () => {
      const t = text('books/americas.yaml');
      const note = t.lastIndexOf('    note: ');
      const r = cut('books/americas.yaml', bytes(t.slice(0, t.indexOf('. ', note) + 1)));
      expect(r.errors).toEqual([]);
      expect(r.inFile.map((d) => d.message)).toEqual([
        'this file stops in the middle of its last line (“…published in Argentina.”), where every other file here ends with a line break: was it cut short here?',
      ]);
    });

    it('a pack whose files all end without a line break (as some editors save them) is not told so', () => {
      const dir = join(work, 'no-breaks');
      cpSync(join(ROOT, 'tests', 'fixtures', 'mini-game'), dir, { recursive: true });
      for (const f of ['game.yaml', 'books.yaml', 'events.yaml', 'others.yaml']) writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8').trimEnd());
      expect(loadGame({ dir }).diagnostics.filter((d) => d.message.includes('line break'))).toEqual([]);
    });
  });

  for (const file of ['books/england.yaml', 'auction-books.yaml', 'national-events/france.yaml', 'chance.yaml', 'world-events.yaml', 'reference.yaml']) {
    it(`${file} cut at 40 points: every cut gives an error or a warning in that file`, () => {
      const size = readFileSync(join(ROOT, 'content', file)).length;
      const silent: number[] = [];
      for (let i = 1; i <= 40; i++) {
        // Spread over the file, past the header comment, never the whole file.
        const at = Math.floor(size * 0.05 + ((size * 0.94) / 40) * i) - 1;
        const r = cut(file, at);
        if (r.errors.length === 0 && r.inFile.length === 0) silent.push(at);
      }
      expect(silent, `cuts that passed silently (byte offsets) in ${file}`).toEqual([]);
    });
  }
});

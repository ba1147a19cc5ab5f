// Typesetting that looks published: justified card text and the rule book hyphenate (British
// patterns from the `hyphen` package, within the minimums the templates give), a column too
// narrow to justify is set ragged right, and a deck's titles stand at one size on every card
// where they fit — a title shrinks only when everything else on its card is at its floor.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BUILT, ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { layOutDecks } from '../../generator/print/decks.js';
import { printedTypes } from '../../generator/print/printed-types.js';
import { hyphenPoints } from '../../generator/print/hyphenate.js';
import { fitBlocks, type TextBlockSpec } from '../../generator/print/layout/fit.js';
import { textWidth } from '../../generator/print/layout/shape.js';
import type { TextItem } from '../../generator/print/layout/display-list.js';
import type { StackBlock } from '../../generator/print/layout/schema.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game!;
const looks = loadLooks();
const laid = await layOutDecks(game, looks, { cardSize: 'poker', art: new Map() }, printedTypes(game, looks));
const CARD_RULES = looks.theme.typesetting.hyphenate;

describe('hyphenation points', () => {
  const words = [
    ...new Set(
      game.cards.flatMap((c) => {
        const f = c as unknown as Record<string, unknown>;
        return [f.text, f.note].filter((t): t is string => typeof t === 'string').flatMap((t) => t.split(/\s+/));
      }),
    ),
  ];

  it('keep the minimums: long enough words, letters enough on both sides of the break', () => {
    let broken = 0;
    for (const word of words) {
      const letters = [...word].filter((c) => /\p{L}/u.test(c)).length;
      for (const p of hyphenPoints(word, CARD_RULES)) {
        broken++;
        if (word[p - 1] === '-') continue; // the word's own hyphen
        expect(letters, word).toBeGreaterThanOrEqual(CARD_RULES.min_word);
        expect([...word.slice(0, p)].filter((c) => /\p{L}/u.test(c)).length, word).toBeGreaterThanOrEqual(CARD_RULES.before);
        expect([...word.slice(p)].filter((c) => /\p{L}/u.test(c)).length, word).toBeGreaterThanOrEqual(CARD_RULES.after);
      }
    }
    expect(broken).toBeGreaterThan(300);
  });

  it('come from the patterns, and leave capitals, figures and short words alone', () => {
    const at = (w: string) => hyphenPoints(w, { min_word: 6, before: 2, after: 3 }).map((p) => `${w.slice(0, p)}-${w.slice(p)}`);
    expect(at('beautiful')).toEqual(['beau-tiful', 'beauti-ful']);
    expect(at('“printing,”')).toEqual(['“print-ing,”']);
    expect(at('seventeenth-century')).toContain('seventeenth--century');
    expect(at('BOOKSELLER')).toEqual([]);
    expect(at('1454–55')).toEqual([]);
    expect(at('books')).toEqual([]);
  });
});

/** The width of a justified line's word gaps, in ems of its type. */
function gapEms(it: TextItem): number {
  return (textWidth(' ', { font: it.font, size: it.size }) + (it.wordSpacing ?? 0)) / it.size;
}

describe('justified card text', () => {
  const texts = laid.decks.flatMap((d) => d.cards.flatMap((c) => c.face.items.filter((it): it is TextItem => it.kind === 'text' && it.field === 'text')));

  it('breaks words with a hyphen where that evens the spacing', () => {
    const hyphenated = texts.filter((it) => /\p{L}-$/u.test(it.text.trim()));
    expect(hyphenated.length).toBeGreaterThan(15);
  });

  it('keeps loose lines rare: few word gaps of half an em or more', () => {
    // Measured: 10 such lines with hyphenation, 25 without, of about 230 justified lines.
    const justified = texts.filter((it) => it.wordSpacing !== undefined);
    expect(justified.length).toBeGreaterThan(150);
    const loose = justified.filter((it) => gapEms(it) >= 0.5);
    expect(loose.length, loose.map((it) => it.text).join('\n')).toBeLessThanOrEqual(15);
    for (const it of justified) expect(gapEms(it), it.text).toBeLessThan(0.65);
  });

  it('a justified column narrower than the theme allows is set ragged right', () => {
    const spec: TextBlockSpec = {
      kind: 'text',
      name: 'note',
      paragraphs: ['A careful heir keeps the whole printing house together and the presses turning for another century of books.'],
      font: 'serif',
      size: 7.2,
      min: 7.2,
      fill: '#000000',
      align: 'justify',
      leading: 1.16,
      tracking: 0,
      balance: false,
      spaceBefore: 0,
      paragraphGap: 0,
      typesetting: looks.theme.typesetting,
    };
    const set = (width: number) => {
      const r = fitBlocks([spec], { x: 0, y: 0, w: width, h: 100 }, 'top');
      if (!r.ok) throw new Error(r.reason);
      return r.items.filter((it): it is TextItem => it.kind === 'text');
    };
    const emsAt = (mm: number) => mm / (25.4 / 72) / 7.2;
    const wide = 52;
    const narrow = 40;
    expect(emsAt(wide)).toBeGreaterThan(looks.theme.typesetting.justify_min_ems);
    expect(emsAt(narrow)).toBeLessThan(looks.theme.typesetting.justify_min_ems);
    expect(set(wide).some((it) => it.wordSpacing !== undefined)).toBe(true);
    expect(set(narrow).every((it) => it.wordSpacing === undefined)).toBe(true);
    expect(set(narrow).some((it) => /\p{L}-$/u.test(it.text))).toBe(false);
  });
});

describe('the rule book', () => {
  it('hyphenates its justified text', () => {
    const text = execFileSync('pdftotext', ['-layout', join(BUILT, 'rules', 'rules-a4.pdf'), '-'], { encoding: 'utf8' });
    const broken = text.split('\n').filter((l) => /\p{Ll}{2}-\s*$/u.test(l) && !/game-\s*$/.test(l));
    expect(broken.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a deck's titles", () => {
  it('stand at one size on every card, except where the rest of the card is already at its floor', () => {
    for (const deck of laid.decks) {
      const layout = looks.layouts.get(deck.type)!;
      // The stack that holds the title, with each block's smallest size.
      const stack = layout.face.elements.find((el) => el.kind === 'stack' && el.items.some((i: StackBlock) => i.name === 'title'));
      if (stack?.kind !== 'stack') continue;
      const blocks = stack.items.filter((i): i is Extract<StackBlock, { style: unknown }> => 'style' in i);
      const title = blocks.find((b) => b.name === 'title')!;
      expect(title.style.keep_size, `${deck.name}: the title keeps its size`).toBe(true);
      let exceptions = 0;
      for (const card of deck.cards) {
        const texts = card.face.items.filter((it): it is TextItem => it.kind === 'text');
        const size = texts.find((it) => it.field === 'title')!.size;
        if (size === title.style.size) continue;
        exceptions++;
        for (const b of blocks) {
          if (b.name === 'title') continue;
          const it = texts.find((t) => t.field === b.name);
          if (it) expect(it.size, `${card.card.code}: the ${b.name} is at its floor before the title shrinks`).toBe(b.style.min ?? b.style.size);
        }
      }
      expect(exceptions, deck.name).toBeLessThan(deck.cards.length / 4);
    }
  });
});

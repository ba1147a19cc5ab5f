// Card text. Justified: the breaker may tighten a line's spaces by up to a fifth, but never sets
// a paragraph in more lines than filling each line in turn would, so a card that fits still fits.
// Ragged: a last line of one word gets a second one when a slightly narrower setting allows it.
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { breakParagraph, richPieces, type Piece } from '../../generator/print/layout/lines.js';
import { textWidth, type RunStyle } from '../../generator/print/layout/shape.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game!;
const texts = game.cards.flatMap((c) => ('text' in c && typeof c.text === 'string' ? [c.text] : []));
const style: RunStyle = { font: 'serif', size: 7.6, features: ['onum'] };
const bold: RunStyle = { ...style, font: 'serif-bold' };
const RULES = { min_word: 6, before: 3, after: 3 };

describe('justified card text', () => {
  it.each([120, 150, 170])('never takes more lines than filling them in turn, at a %d pt measure', (measure) => {
    for (const text of texts) {
      const pieces: Piece[] = [{ text, style }];
      const justified = breakParagraph(pieces, measure, { justify: true, hyphenate: RULES });
      const filled = breakParagraph(pieces, measure);
      expect(justified.lines.length, text).toBeLessThanOrEqual(filled.lines.length);
      justified.lines.forEach((line, i) => {
        const spaces = Math.max(
          0,
          line.spans
            .map((s) => s.text.trim())
            .join(' ')
            .split(' ').length - 1,
        );
        const last = i === justified.lines.length - 1;
        expect(line.width, text).toBeLessThanOrEqual(measure + (last ? 0 : spaces * textWidth(' ', style) * 0.2) + 1e-6);
      });
    }
  });

  it('tightens only lines in one style, which are the lines the painter justifies', () => {
    for (const text of texts.slice(0, 40)) {
      const pieces = richPieces(text.replace(/^(\S+ \S+)/, '**$1**'), style, bold, style);
      for (const line of breakParagraph(pieces, 140, { justify: true, hyphenate: RULES }).lines) {
        if (line.width > 140 + 1e-6) expect(line.spans, text).toHaveLength(1);
      }
    }
  });
});

describe('ragged card text', () => {
  const words = (line: { spans: { text: string }[] }) =>
    line.spans
      .map((s) => s.text)
      .join('')
      .trim()
      .split(/\s+/).length;

  it('brings a second word down to a last line of one, in as many lines as before', () => {
    const measure = textWidth('Buy books; sell them ', style) + 0.5; // three words to a line
    const broken = breakParagraph([{ text: 'Buy books; sell them back.', style }], measure);
    // Filled in turn it would be "Buy books; sell them" and then "back." alone.
    expect(broken.lines).toHaveLength(2);
    expect(words(broken.lines[1]!)).toBe(2);
    for (const line of broken.lines) expect(line.width).toBeLessThanOrEqual(measure + 1e-6);
  });

  it.each([120, 150, 170])('keeps every line within a %d pt measure, and a short paragraph short', (measure) => {
    for (const text of texts) {
      const broken = breakParagraph([{ text, style }], measure);
      for (const line of broken.lines) expect(line.width, text).toBeLessThanOrEqual(measure + 1e-6);
      if (textWidth(text, style) <= measure) expect(broken.lines, text).toHaveLength(1);
    }
  });
});

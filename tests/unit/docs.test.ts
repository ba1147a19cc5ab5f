// The content format reference is generated from the schemas, the real content and the real
// validator; this fails when the committed page no longer matches (run `npm run docs`).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { renderContentFormat } from '../../generator/docs/content-format.js';

describe('docs/content-format.md', () => {
  it('is up to date with the schemas, the content and the validator (run npm run docs)', () => {
    expect(readFileSync('docs/content-format.md', 'utf8')).toBe(renderContentFormat());
  });
  it('documents every card type and every effect verb', () => {
    const doc = readFileSync('docs/content-format.md', 'utf8');
    for (const key of ['books:', 'auction_books:', 'national_events:', 'world_events:', 'chance:', 'manuscripts:', 'reference:']) expect(doc).toContain(key);
    for (const verb of ['gain', 'pay', 'release_lot', 'draw_chance', 'lose_book', 'skip_roll']) expect(doc).toContain(`\`${verb}`);
  });
});

// "Every sentence is written fresh": no run of eight words in a card's sentences or in the rule
// book may also appear in the seeds (the original rules) or in the research notes. Titles, names
// and places are facts and may match; they are not checked.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT, ROOT } from '../helpers.js';

const SHARED = join(ROOT, '..', 'shared');
const RUN = 8;
const SENTENCE_FIELDS = ['note', 'text', 'theme', 'lines', 'effects_text'];

function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9à-ÿ' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function shingles(s: string): Set<string> {
  const w = words(s);
  const out = new Set<string>();
  for (let i = 0; i + RUN <= w.length; i++) out.add(w.slice(i, i + RUN).join(' '));
  return out;
}

const sources = existsSync(SHARED)
  ? [
      ...readdirSync(join(SHARED, 'seeds'))
        .filter((f) => /^00[03]_/.test(f))
        .map((f) => join(SHARED, 'seeds', f)),
      join(SHARED, 'docs', 'history-reference.md'),
    ]
  : [];

describe('our own words', () => {
  const theirs = new Map<string, string>();
  for (const file of sources) for (const s of shingles(readFileSync(file, 'utf8'))) theirs.set(s, file.split('/').pop()!);

  it.skipIf(sources.length === 0)('no card sentence repeats eight words of the seeds or the research notes', () => {
    const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as { cards: Record<string, unknown>[] };
    const copied: string[] = [];
    for (const card of game.cards) {
      for (const field of SENTENCE_FIELDS) {
        const value = card[field];
        const texts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
        for (const t of texts) for (const s of shingles(t)) if (theirs.has(s)) copied.push(`${String(card.id)}.${field}: "${s}" (${theirs.get(s)})`);
      }
    }
    expect(copied).toEqual([]);
  });

  it.skipIf(sources.length === 0)('the rule book repeats no eight words of the seeds or the research notes', () => {
    const md = readFileSync(join(BUILT, 'rules', 'rules.md'), 'utf8');
    // A run made only of the words of names and titles (the country list, a book's title) is a
    // fact, not a sentence.
    const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as { countries: { name: string }[]; cards: Record<string, unknown>[] };
    const nameWords = new Set(['and', 'the']);
    for (const c of game.countries) for (const w of words(c.name)) nameWords.add(w);
    for (const card of game.cards)
      for (const f of ['title', 'gloss', 'author', 'printer', 'place'])
        if (typeof card[f] === 'string') for (const w of words(card[f] as string)) nameWords.add(w);
    const isName = (s: string) => s.split(' ').every((w) => nameWords.has(w));
    const copied = [...shingles(md)].filter((s) => theirs.has(s) && !isName(s)).map((s) => `"${s}" (${theirs.get(s)})`);
    expect(copied).toEqual([]);
  });
});

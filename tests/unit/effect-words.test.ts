// An effect written as a sentence gets the code that means the same (generator/load/effect-words.ts).
// A hint that changes the card's meaning is worse than none, so each sentence below is written into
// the mini game, the code its message suggests is written in its place, and the card the game then
// holds must do exactly what the sentence said. Sentences that cannot be read with certainty get the
// general examples instead of a guess.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const LINE = '      - gain: 2\n'; // the first effect of germany-press in events.yaml

/** Loads the mini game with the first effect of germany-press written as `line`. */
function withEffect(line: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-words-'));
  try {
    cpSync(MINI, dir, { recursive: true });
    const file = join(dir, 'events.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(LINE, `      - ${line}\n`));
    return loadGame({ dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The code the message about a sentence suggests, or undefined when it gives only the general examples. */
function suggested(sentence: string): string | undefined {
  const r = withEffect(sentence);
  const d = r.diagnostics.find((x) => x.severity === 'error');
  expect(d?.message, `a sentence is refused: ${sentence}`).toMatch(/should be an effect/);
  return /for this one write "- (.+?)"/.exec(d?.hint ?? '')?.[1];
}

function effectOf(code: string): unknown {
  const r = withEffect(code);
  expect(
    r.diagnostics.filter((d) => d.severity === 'error'),
    `the suggested "${code}" validates`,
  ).toEqual([]);
  const card = r.game!.cards.find((c) => c.id === 'germany-press') as unknown as { effects: unknown[] };
  return card.effects[0];
}

// The mini game: germany, italy, england; genres religion and science; centuries 15th and 16th.
const MEANS: [string, Record<string, unknown>][] = [
  ['Gain 3 credits from the bank', { gain: 3 }],
  ['pay 2', { pay: 2 }],
  ['Lose 2 credits', { pay: 2 }],
  ['Germany pays 2 to the bank', { pay: 2, who: 'germany' }],
  ['England pays Italy 2', { pay: 2, who: 'england', to: 'italy' }],
  ['England pays 2 credits to Italy.', { pay: 2, who: 'england', to: 'italy' }],
  ['Each country gains 1', { gain: 1, who: 'each' }],
  ['Every country pays 1 per 16th-century book', { pay: 1, who: 'each', per: { century: '16th' } }],
  ['Every other country pays you 1', { pay: 1, who: 'others', to: 'self' }],
  ['The richest country pays the poorest country 3', { pay: 3, who: 'richest', to: 'poorest' }],
  ['Gain 1 per Science book (at most 3)', { gain: 1, per: { genre: 'science' }, max: 3 }],
  ['Gain 1 for each Italian book', { gain: 1, per: { country: 'italy' } }],
  ['+2 from England', { gain: 2, from: 'england' }],
  ['Take 2 credits from Italy', { gain: 2, from: 'italy' }],
  ['Lose your oldest book to the market', { lose_book: 'oldest' }],
  ['Lose your least valuable science book to Italy', { lose_book: 'least-valuable', genre: 'science', to: 'italy' }],
  ['Italy loses its most valuable book', { lose_book: 'most-valuable', who: 'italy' }],
  ['Each country loses a book of its choice', { lose_book: 'owner-choice', who: 'each' }],
  ['The lead country draws a chance card', { draw_chance: 1, who: 'lead' }],
  ['Skip your next die roll', { skip_roll: true }],
];

const UNSURE = [
  'Spain pays 2 to the bank', // no Spain in this game
  'Lose a book', // which one?
  'Lose your best book',
  'Gain 2 and draw a chance card',
  'Gain 2 from each other country',
  'Pay 2 unless you own a science book',
  'Gain 99 credits',
];

describe('an effect written as a sentence', () => {
  for (const [sentence, meaning] of MEANS) {
    it(`"${sentence}" is shown as code that validates and means ${JSON.stringify(meaning)}`, () => {
      const code = suggested(sentence);
      expect(code, `a hint for "${sentence}"`).toBeDefined();
      expect(effectOf(code!)).toEqual(meaning);
    });
  }
  for (const sentence of UNSURE) {
    it(`"${sentence}" gets the general examples, not a guess`, () => {
      expect(suggested(sentence)).toBeUndefined();
    });
  }
  const SPLIT: [string, Record<string, unknown> | undefined][] = [
    ['pay: 2 to italy', { pay: 2, to: 'italy' }],
    ['gain: 3 from England', { gain: 3, from: 'england' }],
    ['pay: 2 to the bank', { pay: 2 }],
    ['pay: 2 to portugal', undefined], // no Portugal in this game
    ['pay: 2 from italy', undefined], // paying from someone: who pays whom?
  ];
  for (const [line, meaning] of SPLIT) {
    it(`"${line}" ${meaning ? `is shown as code that validates and means ${JSON.stringify(meaning)}` : 'gets no code'}`, () => {
      const d = withEffect(line).diagnostics.find((x) => x.severity === 'error');
      expect(d?.message).toMatch(/should be a number/);
      const code = /write the amount alone(?: and the country in a field of its own)?: (\{[^}]*\}|[a-z_]+: \d+)/.exec(d?.hint ?? '')?.[1];
      if (!meaning) return expect(code, d?.hint).toBeUndefined();
      expect(code, d?.hint).toBeDefined();
      expect(effectOf(code!)).toEqual(meaning);
    });
  }
});

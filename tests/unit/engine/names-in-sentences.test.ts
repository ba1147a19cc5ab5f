// A country whose name starts with "The" (the base game's "The Americas", a pack's "The Low
// Countries") is "the Americas" inside a sentence and "The Americas" at its start, and a name
// ending in s takes an apostrophe alone: "the Americas' turn", not "The Americas's turn".
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../../helpers.js';
import { loadGame } from '../../../generator/load/index.js';
import { Name, Names, name, possessive } from '../../../engine/game/read.js';
import { actionDef } from '../../../engine/game/actions/index.js';
import type { Action } from '../../../engine/index.js';

const game = loadGame({ dir: join(ROOT, 'content'), packs: [] }).game!;

describe('country names in sentences', () => {
  it('inside a sentence and at its start', () => {
    expect(name(game, 'americas')).toBe('the Americas');
    expect(Name(game, 'americas')).toBe('The Americas');
    expect(name(game, 'spain')).toBe('Spain');
    expect(Names(game, ['germany', 'americas'])).toBe('Germany and the Americas');
    expect(Names(game, ['americas', 'spain', 'italy'])).toBe('The Americas, Spain and Italy');
    expect(possessive(name(game, 'americas'))).toBe("the Americas'");
    expect(possessive(Name(game, 'spain'))).toBe("Spain's");
  });

  it('in what the log and the refusals say', () => {
    const trade = { type: 'trade', a: 'germany', b: 'americas', aGives: { credits: 1, cards: [] }, bGives: { credits: 0, cards: [] } } as unknown as Action;
    expect(actionDef('trade')!.describe(game, trade as never)).toBe('Germany and the Americas trade');
    const pay = { type: 'transfer', from: 'americas', to: 'bank', amount: 2, note: 'a fine' } as unknown as Action;
    expect(actionDef('transfer')!.describe(game, pay as never)).toBe('The Americas pays the bank 2 (a fine)');
  });
});

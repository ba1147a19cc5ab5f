// Marks are printed in A–Z and 0–9 (generator/load/plain-letters.ts): a pack's default mark from a
// name with accents, and the mark suggested when one written with other signs is refused.
import { describe, expect, it } from 'vitest';
import { initialsOf, plainMark } from '../../generator/load/plain-letters.js';

describe('plain letters for marks', () => {
  it("take a name's initials through its accents, as letters, not as breaks between words", () => {
    expect(initialsOf('The Low Countries')).toBe('LC');
    // "É" was a break between words: "École Élémentaire de Lyon" gave "CLM".
    expect(initialsOf('École Élémentaire de Lyon')).toBe('EEL');
    expect(initialsOf('Œuvres d’Øresund')).toBe('ODO');
    expect(initialsOf('中文')).toBe('P');
  });

  it('suggest the nearest mark for one written with accents or other signs', () => {
    expect(plainMark('ÉA')).toBe('EA');
    expect(plainMark('L.C.')).toBe('LC');
    expect(plainMark('Lower Saxony')).toBe('LS');
    expect(plainMark('Æbø')).toBe('AEbo');
    expect(plainMark('Straße')).toBe('Stra');
    expect(plainMark('中文')).toBe('');
  });
});

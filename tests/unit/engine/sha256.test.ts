// The engine's SHA-256 fed in pieces (a saved game's check code and the codes of its log at each
// checkpoint come from one pass) agrees with Node's, however the text is cut: characters of one
// to four bytes falling across its 64 KB buffer, and a digest asked for midway changing nothing.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { Sha256, sha256Hex } from '../../../engine/index.js';

const node = (s: string) => createHash('sha256').update(s).digest('hex');

describe('SHA-256 in pieces', () => {
  it('agrees with Node for any cut of any text, with digests asked for on the way', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { maxLength: 30 }), (pieces) => {
        const h = new Sha256();
        let sofar = '';
        for (const p of pieces) {
          h.update(p);
          sofar += p;
          expect(h.hex()).toBe(node(sofar));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with Node for long texts whose characters straddle its buffer', () => {
    for (const unit of ['a', 'é', '€', '😀']) {
      for (const lead of [0, 1, 2, 3]) {
        const text = `${'x'.repeat(lead)}${unit.repeat(70_000)}`;
        expect(sha256Hex(text), `${unit} after ${lead}`).toBe(node(text));
      }
    }
  });

  it('a copy goes on apart from the original', () => {
    const h = new Sha256().update('the log so far');
    const copy = h.clone().update(']]');
    expect(copy.hex()).toBe(node('the log so far]]'));
    expect(h.update(', more').hex()).toBe(node('the log so far, more'));
  });
});

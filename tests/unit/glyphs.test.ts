// validate and the build agree on characters: a card whose text has a character the typefaces
// lack is an error in validate (file:line:col, the code point, the nearest printable form), and
// a card validate accepts is laid out by the build without a glyph error. Fuzzed with characters
// from the scripts and signs people paste: emoji, Hebrew, Arabic, Chinese, direction marks,
// full-width letters, ligatures, accents.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { DiagnosticList } from '../../generator/load/diagnostic.js';
import { checkGlyphs } from '../../generator/print/check-glyphs.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { layOutDecks } from '../../generator/print/decks.js';
import { BuildError } from '../../generator/build-error.js';
import { cli, ROOT } from '../helpers.js';

const looks = loadLooks();
const PASTED = ['😀', '📚', 'ש', 'ל', 'م', 'ك', '中', '書', '\u202e', '\u200f', 'Ｂ', 'ﬁ', '★', '−', 'é', 'ñ', 'ø', 'Ł', 'ß', 'œ', '’', '–', '…', 'α', 'Ж'];

async function validateAndLayOut(title: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-glyph-'));
  try {
    writeFileSync(join(dir, 'pack.yaml'), 'id: glyph-pack\nname: Glyph Pack\nextends: codex-conquest\n');
    writeFileSync(
      join(dir, 'chance.yaml'),
      `chance:\n  - id: glyph-card\n    title: ${JSON.stringify(title)}\n    text: ${JSON.stringify(text)}\n    note: A test.\n    year: 1500\n    effects:\n      - gain: 1\n`,
    );
    const result = loadGame({ dir: join(ROOT, 'content'), packs: [dir] });
    const diags = new DiagnosticList();
    await checkGlyphs(result.layers, diags);
    let buildError: BuildError | undefined;
    try {
      await layOutDecks(result.game!, looks, { cardSize: 'poker', art: new Map() }, [{ type: 'chance', title: 'Chance' }]);
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      buildError = e;
    }
    return { validateErrors: diags.errors, buildError };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('characters the typefaces lack', () => {
  it('validate and the build agree on 60 fuzzed cards', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...PASTED), { maxLength: 3 }),
        fc.array(fc.constantFrom(...PASTED), { maxLength: 3 }),
        async (inTitle, inText) => {
          const r = await validateAndLayOut(`A Lucky ${inTitle.join('')} Day`, `Your library gains ${inText.join('')} a little.`);
          const glyphInBuild = r.buildError !== undefined && /U\+[0-9A-F]{4}/.test(r.buildError.message);
          expect(r.validateErrors.length > 0, `validate: ${r.validateErrors.map((d) => d.message).join('; ')}; build: ${r.buildError?.message}`).toBe(
            glyphInBuild,
          );
        },
      ),
      { numRuns: 60, seed: 20261124 },
    );
  });

  it('names the character, its code point, the line and column, and the nearest printable form', () => {
    const r = cli(['validate', 'content', '--pack', 'tests/fixtures/print-glyph-pack']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("tests/fixtures/print-glyph-pack/chance.yaml:4:20: error: the title of 'starry-chance-card' uses “★” (U+2605)");
    expect(r.stderr).toContain('hint: write “*” instead');
  });

  it("a soft hyphen, the typesetter's own mark, is accepted by validate and by the layouts; a byte-order mark the faces have is refused by both", async () => {
    const bom = await validateAndLayOut('Typo\ufeffgraphia', 'A test.');
    expect(bom.validateErrors.map((d) => d.message).join(' ')).toContain('invisible character (U+FEFF)');
    expect(bom.buildError?.message).toMatch(/U\+FEFF/);
    const soft = await validateAndLayOut('Typo\u00adgraphia', 'A test.');
    expect(soft.validateErrors).toEqual([]);
    expect(soft.buildError).toBeUndefined();
  });

  it('says what to do with a direction mark, a tab, a zero-width character, a digit of another script, an emoji, Hebrew', async () => {
    const hints = async (title: string) => {
      const r = await validateAndLayOut(title, 'A test.');
      return r.validateErrors.map((d) => d.hint).join(' ');
    };
    expect(await hints('Evil \u202eTitle')).toContain('U+202E is an invisible direction mark (it can reverse or hide text): delete it');
    // A tab, a zero-width joiner, a line separator: each said as what it is.
    expect(await hints('A\tTitle')).toContain('U+0009 is a tab, which a card cannot print: write a space instead');
    expect(await hints('A\u200dTitle')).toContain('U+200D is an invisible zero-width character');
    expect(await hints('A\u2028Title')).toContain('U+2028 is a line or page break from another program');
    // A digit of another script is the same digit: "٥" had been told to write Arabic words in Latin letters.
    expect(await hints('Volume \u0665')).toContain('write “5” instead');
    expect(await hints('Volume \u096d')).toContain('write “7” instead');
    expect(await hints('Books 📚')).toContain('no emoji');
    expect(await hints('Sefer שלום')).toContain('no Hebrew letters');
    expect(await hints('Full-width Ｂooks')).toContain('write “B” instead');
  });
});

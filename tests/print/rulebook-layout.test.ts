// The rule book's typesetting rules and worked-example arithmetic, on small inputs.
import { describe, it, expect } from 'vitest';
import { closestBooks } from '../../engine/index.js';
import { columnWidths } from '../../generator/print/rulebook/layout.js';
import { paginate } from '../../generator/print/rulebook/paginate.js';
import { box, glue, type Item } from '../../generator/print/rulebook/items.js';
import { markdownSafe } from '../../generator/print/rulebook/view.js';
import { markdownToBlocks } from '../../generator/print/rulebook/markdown.js';
import { andList } from '../../engine/index.js';
import { facesText, numberWord } from '../../generator/print/rulebook/words.js';
import { figureKit } from '../../generator/print/rulebook/figures/kit.js';
import { loadLooks } from '../../generator/print/layout/load.js';

describe('a creditor taking books', () => {
  const b = (id: string, value: number) => ({ id, value });
  it('takes the set whose value is closest to the debt', () => {
    expect(closestBooks([b('ms', 5), b('a', 1), b('c', 2)], 3).map((x) => x.id)).toEqual(['a', 'c']);
  });
  it('takes a book worth more than the debt when that is the closest fit', () => {
    expect(closestBooks([b('x', 4), b('y', 9)], 3).map((x) => x.id)).toEqual(['x']);
  });
  it('prefers a little over to a little under, as the referee suggests', () => {
    expect(closestBooks([b('two', 2), b('four', 4)], 3).map((x) => x.id)).toEqual(['four']);
  });
  it('prefers fewer books among equally close choices', () => {
    expect(closestBooks([b('one', 1), b('two', 2), b('three', 3)], 3).map((x) => x.id)).toEqual(['three']);
  });
});

describe('table columns', () => {
  it('fill the measure when everything fits on one line', () => {
    const w = columnWidths([20, 30], [40, 60], 200);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(200);
  });
  it('give narrow columns their full width before the wide ones wrap', () => {
    const w = columnWidths([40, 30, 60], [300, 30, 80], 300);
    expect(w[1]).toBeCloseTo(30);
    expect(w[2]).toBeCloseTo(80);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(300);
    expect(w[0]).toBeGreaterThanOrEqual(40);
  });
});

describe('pagination', () => {
  const frame = { top: 0, bottom: 100 };
  it('moves a heading to the next page with its first lines', () => {
    const items: Item[] = [
      box(80, []),
      glue(5),
      box(10, [], { keep: true, anchor: { id: 'h', level: 2, title: 'H' } }),
      box(10, [], { keep: true }),
      box(10, []),
    ];
    const pages = paginate(items, frame);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.anchors.map((a) => a.id)).toEqual(['h']);
  });
  it('drops space at the top of a page', () => {
    const pages = paginate([box(100, []), glue(20), box(10, [{ kind: 'dest', name: 'x', y: 0 }])], frame);
    expect(pages[1]!.ops[0]).toMatchObject({ kind: 'dest', y: 0 });
  });
  it('repeats a table header on a new page', () => {
    const header = box(10, [{ kind: 'dest', name: 'header', y: 0 }], { keep: true });
    const rows = Array.from({ length: 12 }, () => box(10, [], { repeat: header }));
    const pages = paginate([header, ...rows], frame);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.ops.filter((o) => o.kind === 'dest')).toHaveLength(1);
  });
});

describe('rule book text', () => {
  it('escapes content so a title cannot turn into Markdown', () => {
    const blocks = markdownToBlocks(`A *${markdownSafe('Faust | *Part* [One]')}* title`, 'test');
    const p = blocks[0]!;
    expect(p.kind).toBe('paragraph');
    const text = p.kind === 'paragraph' ? p.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join('') : '';
    expect(text).toBe('A Faust | *Part* [One] title');
  });
  it('reads [[icon:name]] as an icon and <!-- page --> as a page break', () => {
    const blocks = markdownToBlocks('<!-- page -->\n\nGo [[icon:church]] now', 'test');
    expect(blocks[0]).toEqual({ kind: 'page-break' });
    expect(blocks[1]!.kind === 'paragraph' && blocks[1]!.inlines.some((i) => i.kind === 'icon' && i.name === 'church')).toBe(true);
  });
  it('writes numbers and lists as prose', () => {
    expect(numberWord(6)).toBe('six');
    expect(numberWord(14)).toBe('14');
    expect(numberWord(0)).toBe('no');
    expect(andList(['Germany', 'Italy', 'the Americas'])).toBe('Germany, Italy and the Americas');
    expect(facesText([6, 1])).toBe('1 or 6');
    expect(facesText([2, 3, 4, 5])).toBe('2 to 5');
  });
});

describe('the rule book follows the game data', () => {
  it('rewrites counts, lists and edition settings when the data changes', async () => {
    const { loadGame } = await import('../../generator/load/index.js');
    const { rulebookText } = await import('../../generator/print/rulebook/book.js');
    const { game } = loadGame({ dir: 'content' });
    expect(game).toBeDefined();
    const base = game!;
    const edition = base.rules.editions.find((e) => e.id === base.rules.default_edition)!;
    const changed = {
      ...base,
      countries: base.countries.slice(0, 5),
      cards: base.cards.filter((c) => c.type !== 'chance' || c.id !== base.cards.find((x) => x.type === 'chance')!.id),
      rules: {
        ...base.rules,
        players: { min: 3, max: 5 },
        editions: base.rules.editions.map((e) => (e === edition ? { ...e, starting_credits: 7, first_round_reroll: [6], chance_faces: [6] } : e)),
      },
    };
    const md = rulebookText(changed).markdown;
    const chance = base.cards.filter((c) => c.type === 'chance').length - 1;
    expect(md).toContain('Each country takes 7 credits from the bank');
    expect(md).toContain('Between three and five players');
    expect(md).toContain(`| ${chance} | Chance cards |`);
    expect(md).toContain('A roll of 1 to 5 brings that many credits');
    expect(md).toContain(
      `one country: ${base.countries
        .slice(0, 4)
        .map((c) => c.name)
        .join(', ')} or ${base.countries[4]!.name}.`,
    );
    // The seating table stops at five players.
    expect(md).toMatch(new RegExp(`^\\| 5 \\| ${base.countries[0]!.name}`, 'm'));
    expect(md).not.toMatch(new RegExp(`^\\| 6 \\| ${base.countries[0]!.name}`, 'm'));
  });
});

describe('mistakes in the rule book text', () => {
  it('a misspelt name stops the build with the chapter it is in', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { loadGame } = await import('../../generator/load/index.js');
    const { renderChapters } = await import('../../generator/print/rulebook/chapters.js');
    const { buildView } = await import('../../generator/print/rulebook/view.js');
    const { BuildError } = await import('../../generator/build-error.js');
    const dir = mkdtempSync(join(tmpdir(), 'rulebook-'));
    writeFileSync(join(dir, '01-oops.md.hbs'), '# Oops\n\nStart with {{edition.starting_credit}} credits.\n');
    const game = loadGame({ dir: 'content' }).game!;
    let error: unknown;
    try {
      renderChapters(game, buildView(game), dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as Error).message).toContain('01-oops.md.hbs');
    expect((error as Error).message).toContain('starting_credit');
  });

  it('a character EB Garamond cannot print stops the build, naming it', async () => {
    const { loadGame } = await import('../../generator/load/index.js');
    const { rulebookText, layOutBook } = await import('../../generator/print/rulebook/book.js');
    const { loadStyle } = await import('../../generator/print/rulebook/style.js');
    const game = loadGame({ dir: 'content' }).game!;
    const text = rulebookText(game);
    const broken = { ...text, chapters: [{ file: '01-x.md.hbs', markdown: '# Ticks\n\nDone \u2713 here.' }] };
    const figures = await figureKit(game, text.view, text.figures, text.chapters, loadLooks(), new Map());
    expect(() => layOutBook(game, broken, 'a4', loadStyle(), figures)).toThrow(/U\+2713/);
  });
});

describe('chapters compiled ahead', () => {
  it('every chapter has its compiled form, which fills in exactly as compiling on the spot does; an edited chapter is compiled again', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { loadGame } = await import('../../generator/load/index.js');
    const { RULEBOOK_TEMPLATES, renderChapters } = await import('../../generator/print/rulebook/chapters.js');
    const { STRICT, compiledTemplate } = await import('../../generator/print/compiled-templates.js');
    const { createHandlebars } = await import('../../generator/print/rulebook/helpers.js');
    const { buildView } = await import('../../generator/print/rulebook/view.js');
    const game = loadGame({ dir: 'content' }).game!;
    const view = buildView(game);
    const files = readdirSync(RULEBOOK_TEMPLATES).filter((f) => /^\d+-.+\.md\.hbs$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    const sources = files.map((f) => readFileSync(join(RULEBOOK_TEMPLATES, f), 'utf8'));
    // npm run compile (which npm test runs first) wrote them.
    for (const [i, source] of sources.entries()) expect(compiledTemplate(source, STRICT), files[i]).toBeDefined();
    const hb = createHandlebars(game, view);
    const onTheSpot = sources.map((source) => hb.compile(source, STRICT)(view));
    expect(renderChapters(game, view).map((c) => c.markdown)).toEqual(onTheSpot);
    // A chapter changed since npm run compile is never filled from the older compiled text.
    expect(compiledTemplate(`${sources[0]}\nOne more line.\n`, STRICT)).toBeUndefined();
  });
});

describe('justified rule book text', () => {
  it('tightens a space by at most a fifth and stretches it no further than max_word_gap', async () => {
    const { loadGame } = await import('../../generator/load/index.js');
    const { rulebookText, layOutBook } = await import('../../generator/print/rulebook/book.js');
    const { loadStyle } = await import('../../generator/print/rulebook/style.js');
    const { Measurer } = await import('../../generator/print/rulebook/measure.js');
    const game = loadGame({ dir: 'content' }).game!;
    const style = loadStyle();
    const m = new Measurer();
    const text = rulebookText(game, { licence: 'MIT' });
    const book = layOutBook(game, text, 'a4', style, await figureKit(game, text.view, text.figures, text.chapters, loadLooks(), new Map()));
    let runs = 0;
    for (const page of book.pages) {
      for (const op of page.ops) {
        if (op.kind !== 'text' || !op.text.trim().includes(' ')) continue;
        runs++;
        const gap = m.width(' ', op.font, op.size) + (op.wordSpacing ?? 0);
        expect(gap, op.text).toBeGreaterThanOrEqual(0.8 * m.width(' ', style.text.body.face, op.size) - 0.05);
        expect(gap / op.size, op.text).toBeLessThanOrEqual(style.text.max_word_gap + 0.001);
      }
    }
    expect(runs).toBeGreaterThan(500);
  });
});

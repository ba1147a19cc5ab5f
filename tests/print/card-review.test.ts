// Preflight that sees what a print reviewer sees. Each check is shown to fail the build — naming
// the card and the field — on a copy of templates/ with one thing put wrong, and the real cards
// are checked on their pixels: every text field of every auction card is rasterised on its own,
// and no two fields may put ink on the same pixel (the review found "EXPLORATIGermany" there).
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ROOT } from '../helpers.js';
import { loadGame } from '../../generator/load/index.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { layOutDecks } from '../../generator/print/decks.js';
import { printedTypes } from '../../generator/print/printed-types.js';
import { paintCard } from '../../generator/print/raster/paint-card.js';
import { Canvas } from '../../generator/print/raster/canvas.js';
import { BuildError } from '../../generator/build-error.js';
import type { DisplayList, TextItem } from '../../generator/print/layout/display-list.js';

const game = loadGame({ dir: join(ROOT, 'content'), packs: [] }).game!;
const options = { cardSize: 'poker' as const, art: new Map() };

async function layOut(templates: string, type: string) {
  const looks = loadLooks(templates);
  return layOutDecks(
    game,
    looks,
    options,
    printedTypes(game, looks).filter((t) => t.type === type),
  );
}

/** The build error from laying out `type` with one layout file of a copy of templates/ edited. */
async function errorWith(file: string, type: string, edit: (text: string) => string): Promise<BuildError> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-review-'));
  try {
    cpSync(join(ROOT, 'templates'), dir, { recursive: true });
    const before = readFileSync(join(dir, file), 'utf8');
    const after = edit(before);
    expect(after, 'the edit changed the layout').not.toBe(before);
    writeFileSync(join(dir, file), after);
    await layOut(dir, type);
  } catch (e) {
    if (e instanceof BuildError) return e;
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('the edited layout passed preflight');
}

describe('preflight fails the build, naming card and field', () => {
  it('when one field’s ink runs into another’s (the country name back beside the genre)', async () => {
    const e = await errorWith('layouts/auction-book.yaml', 'auction-book', (t) =>
      t.replace(
        '\n\n# On the narrower cards',
        '\n    - { kind: text, name: country, if: country, text: "{{country.name}}", box: [20, 3.4, 27, 8.2], valign: middle, style: { font: serif-italic, size: 9, colour: ink, align: right } }\n\n# On the narrower cards',
      ),
    );
    expect(e.message).toMatch(/fails preflight/);
    expect(e.message).toMatch(/“(genre|country)” — its text runs into the “(genre|country)”/);
    expect(e.subject).toMatch(/^[a-z0-9-]+$/);
    expect(e.message).toContain(e.subject!);
  });

  it('when text comes within 3.5 mm of the trim', async () => {
    const e = await errorWith('layouts/book.yaml', 'book', (t) => t.replace('box: [20, 81, 24, 4]', 'box: [20, 83.5, 24, 4]'));
    expect(e.message).toMatch(/the “code” — its ink comes [\d.]+ mm from the trim/);
  });

  it('when a straight edge comes within 6 mm of the trim without running off it (a miscut would show)', async () => {
    const e = await errorWith('layouts/chance.yaml', 'chance', (t) => t.replace('box: [6.5, 55, 50.5, 26]', 'box: [4.5, 55, 54.5, 26]'));
    expect(e.message).toMatch(/on its face: the “panel” — its edge runs 4\.50 mm from the left trim/);
    const framed = await errorWith('layouts/book.yaml', 'book', (t) => t.replace('box: [24.2, 13.2, 31.6, 14.6]', 'box: [24.2, 13.2, 35.1, 14.6]'));
    expect(framed.message).toMatch(/the “picture rule” — its edge runs 4\.20 mm from the right trim/);
  });

  it('when small text has less than 4.5 : 1 contrast with its ground', async () => {
    const e = await errorWith('layouts/common/back.yaml', 'world-event', (t) => t.replace('size: 7.5, colour: white', 'size: 7.5, colour: muted'));
    expect(e.message).toMatch(/on its back: the “game” — its 7\.5 pt text has a contrast of [\d.]+ : 1/);
  });
});

/** Straight edges (rectangles, rules, pictures) within `zone` mm of the trim and not off it, as "field side gap". */
function edgesNearTrim(list: DisplayList, zone: number): string[] {
  const found: string[] = [];
  for (const it of list.items) {
    const box =
      it.kind === 'rect' || it.kind === 'image'
        ? [it.x, it.y, it.x + it.w, it.y + it.h]
        : it.kind === 'line'
          ? [Math.min(it.x1, it.x2), Math.min(it.y1, it.y2), Math.max(it.x1, it.x2), Math.max(it.y1, it.y2)]
          : undefined;
    if (!box) continue;
    const gaps = { left: box[0]!, top: box[1]!, right: list.width - box[2]!, bottom: list.height - box[3]! };
    for (const [side, gap] of Object.entries(gaps)) if (gap > 0.001 && gap < zone - 0.001) found.push(`${it.field} ${side} ${gap.toFixed(2)}`);
  }
  return found;
}

describe('cut-safe geometry: no frame within 6 mm of the trim', () => {
  it.each(['poker', 'bridge', 'tarot', 'mini'] as const)('on every face and back of every deck, %s size', async (cardSize) => {
    const laid = await layOutDecks(game, loadLooks(join(ROOT, 'templates')), { ...options, cardSize }, printedTypes(game, loadLooks(join(ROOT, 'templates'))));
    let sides = 0;
    for (const deck of laid.decks)
      for (const c of deck.cards)
        for (const list of [c.face, c.back]) {
          sides++;
          expect(edgesNearTrim(list, 6), `${c.card.code} on ${cardSize}`).toEqual([]);
        }
    expect(sides).toBeGreaterThan(400);
  });

  it('the geometry check itself sees the old picture wash, 3.5 mm from the right trim', () => {
    const list: DisplayList = {
      width: 63.5,
      height: 88.9,
      bleed: 1.5,
      background: '#ffffff',
      items: [{ kind: 'rect', x: 20, y: 12, w: 40, h: 17, fill: '#cccccc', field: 'picture ground' }],
    };
    expect(edgesNearTrim(list, 6)).toEqual(['picture ground right 3.50']);
  });
});

/** One mask per text field of a face: which pixels its ink covers, at 6 px per mm. */
async function fieldMasks(list: DisplayList): Promise<Map<string, Uint8Array>> {
  const fields = [...new Set(list.items.flatMap((it) => (it.kind === 'text' ? [it.field ?? 'text'] : [])))];
  const out = new Map<string, Uint8Array>();
  const frame = { left: 0, top: 0, width: Math.round(list.width * 6), height: Math.round(list.height * 6) };
  for (const field of fields) {
    const only: DisplayList = {
      ...list,
      background: '#ffffff',
      items: list.items.filter((it) => it.kind === 'text' && (it.field ?? 'text') === field).map((it) => ({ ...it, fill: '#000000' })),
    };
    const canvas = new Canvas(frame.width, frame.height);
    paintCard(canvas, frame, only, { x: 0, y: 0, w: list.width, h: list.height }, new Map());
    // Black ink on white: any channel tells how dark a pixel is. (The pixels are read once: each
    // read of `canvas.pixels` checks that the kernels' memory has not grown.)
    const px = canvas.pixels;
    const mask = new Uint8Array(frame.width * frame.height);
    for (let k = 0; k < mask.length; k++) mask[k] = px[k * 3]! < 160 ? 1 : 0;
    out.set(field, mask);
  }
  return out;
}

/** Pairs of fields whose ink shares a pixel. */
async function touching(list: DisplayList): Promise<string[]> {
  const masks = [...(await fieldMasks(list))];
  const found: string[] = [];
  for (let i = 0; i < masks.length; i++)
    for (let j = i + 1; j < masks.length; j++) {
      const [a, ma] = masks[i]!;
      const [b, mb] = masks[j]!;
      if (ma.some((v, k) => v === 1 && mb[k] === 1)) found.push(`${a} × ${b}`);
    }
  return found;
}

describe('no two fields share a pixel (auction cards, rendered)', () => {
  it('on every auction card', { timeout: 60_000 }, async () => {
    const laid = await layOut(join(ROOT, 'templates'), 'auction-book');
    const cards = laid.decks[0]!.cards;
    expect(cards.length).toBeGreaterThan(20);
    for (const c of cards) expect(await touching(c.face), c.card.code).toEqual([]);
  });

  it('the pixel check itself sees the old collision: genre and country set on one line', async () => {
    // The footer of the old auction card: the genre from the left, the country from the right.
    const laid = await layOut(join(ROOT, 'templates'), 'auction-book');
    const face = laid.decks[0]!.cards.find((c) => c.card.code === 'AB-GER-16-1')!.face;
    const genre = face.items.find((it): it is TextItem => it.kind === 'text' && it.field === 'genre')!;
    const list: DisplayList = {
      ...face,
      items: [
        { ...genre, x: 15.2, y: 80.3, text: 'Geography & Exploration', field: 'genre', size: 7.4 },
        { kind: 'text', x: 43.5, y: 80.3, text: 'Germany', font: 'serif-italic', size: 6.8, fill: '#000000', field: 'country' },
      ],
    };
    expect(await touching(list)).toEqual(['genre × country']);
  });
});

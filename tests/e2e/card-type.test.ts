// A card type is one declaration. A throwaway type, a "map plate" (tests/fixtures/throwaway-type),
// is registered at run time with no other file of the project touched; then it is written in a
// pack's YAML, checked, printed in a deck of its own, listed in the rule book, and bought on the
// real referee page in Chromium — everything derived from its one registry entry.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { registerCardType, cardTypes, newGame, step, finalScores, check, type Game } from '../../engine/index.js';
import { loadGame } from '../../generator/load/index.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { printShare, type DeckDone } from '../../generator/print/print-share.js';
import { rulebookText } from '../../generator/print/rulebook/book.js';
import { serveFolder, type RunningServer } from '../../generator/commands/referee-server.js';
import { mapPlateType } from '../fixtures/throwaway-type/map-plate.js';
import { readPages } from '../print/pdf-pages.js';
import { REFEREE, Referee, launch, tablet } from './referee-page.js';

const PACK = join(process.cwd(), 'tests', 'fixtures', 'throwaway-type', 'pack');
let game: Game;
let dir: string;

beforeAll(() => {
  registerCardType(mapPlateType);
  const result = loadGame({ dir: 'content', packs: [PACK] });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  game = result.game!;
  dir = mkdtempSync(join(tmpdir(), 'cc-card-type-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a card type added as one declaration', () => {
  test('is read from content, gets printed codes, and is in game.json with its role', () => {
    expect(cardTypes().map((t) => t.type)).toContain('map-plate');
    // Registered at run time, the type is not in the compiled Card union: it is handled by its role.
    const plates = game.cards.filter((c) => (c.type as string) === 'map-plate');
    expect(plates.map((c) => c.code)).toEqual(['MP-GER-15-1', 'MP-GER-16-1']);
    expect(game.card_types.find((t) => t.type === 'map-plate')).toEqual({
      type: 'map-plate',
      key: 'map_plates',
      label: 'map plate',
      plural: 'map plates',
      role: 'ownable',
      arrives: 'market',
    });
    // a mistake in one is a located message like any other card's
    const broken = join(dir, 'broken-pack');
    cpSync(PACK, broken, { recursive: true });
    const yaml = readFileSync(join(broken, 'map-plates.yaml'), 'utf8');
    writeFileSync(join(broken, 'map-plates.yaml'), yaml.replace('country: germany', 'country: germny'));
    const bad = loadGame({ dir: 'content', packs: [broken] });
    const error = bad.diagnostics.find((d) => d.severity === 'error')!;
    expect([error.line, error.col, error.message]).toEqual([8, 14, "there is no country called 'germny'"]);
    expect(error.hint).toContain("did you mean 'germany'?");
  });

  test('is printed, in a deck of its own', async () => {
    const done: DeckDone[] = [];
    await printShare(
      {
        game,
        looks: loadLooks(),
        art: new Map(),
        types: ['map-plate'],
        options: { cardSize: 'poker', papers: ['a4'], frontsOnly: false, offset: { x: 0, y: 0 } },
      },
      (d) => {
        done.push(d);
      },
    );
    expect(done.map((d) => d.deck.name)).toEqual(['map-plates']);
    const file = join(dir, 'map-plates.pdf');
    writeFileSync(file, done[0]!.pdfs[0]!);
    const { pages } = await readPages(file, true);
    const text = pages.flatMap((p) => p.items.map((i) => i.str)).join(' ');
    expect(text).toContain('World Map');
    expect(text).toContain('MP-GER-15-1');
  });

  test('is listed in the rule book with its count and summary', () => {
    const { markdown } = rulebookText(game);
    expect(markdown).toMatch(/\| *2 *\| *Map plates *\| *A printed map, bought and collected like a book\. *\|/);
  });

  test('is played by the engine from its role: on the market, bought, scored', () => {
    let s = newGame(game, { players: 3, edition: 'codex', length: 'short', packs: ['map-plates'] });
    expect(s.table.owner.get('ulm-ptolemy-maps')).toBe('market');
    expect(s.table.owner.get('mercator-atlas-plate')).toBe('unreleased');
    while (s.phase !== 'market') {
      const card = game.cards.find((c) => check(game, s, { type: 'play-card', country: s.current, code: c.code }) === null);
      s = step(game, s, card ? { type: 'play-card', country: s.current, code: card.code } : { type: 'end-turn' });
    }
    s = step(game, s, { type: 'roll', country: 'germany', face: 4 });
    s = step(game, s, { type: 'buy', country: 'germany', card: 'ulm-ptolemy-maps' });
    expect(s.table.owner.get('ulm-ptolemy-maps')).toBe('germany');
    expect(finalScores(game, 'codex', s.table)[0]!.books).toBeGreaterThanOrEqual(4);
  });
});

describe('the referee page knows it', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    // The built page, with this game's data: nothing of the page is rebuilt.
    const folder = join(dir, 'referee');
    cpSync(REFEREE, folder, { recursive: true });
    writeFileSync(join(folder, 'game.json'), JSON.stringify(game));
    [browser, server] = await Promise.all([launch(), serveFolder(folder, { host: '127.0.0.1', port: 0 })]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('shows a map plate on the market, sells it, and shelves it', { timeout: 120_000 }, async () => {
    const context = await tablet(browser);
    const page = await context.newPage();
    const ref = new Referee(page);
    await ref.open(`http://127.0.0.1:${server.port}/`);
    await ref.startGame({ players: 3 });
    for (const code of ['NE-GER-15-1', 'NE-ITA-15-1', 'NE-ESP-15-1']) {
      await ref.playCard(code);
      if (await page.locator('cc-auction').count()) await ref.record(() => page.locator('cc-auction button.close-auction').click());
      await ref.endTurn();
    }
    await ref.roll(5);
    const row = page.locator('cc-turn li[data-card="ulm-ptolemy-maps"]');
    // The market list draws its rows once they are near the screen (content-visibility), which the
    // browser works out at the next frame: read the row's words once it has been drawn.
    await expect.poll(() => row.innerText()).toContain('Map plate');
    await ref.buy('MP-GER-15-1');
    await ref.tab('Market');
    // Titles are set with typographic quotes at load (Ptolemy’s), as on the printed card.
    await expect.poll(() => page.getByRole('region', { name: "Germany's books" }).innerText()).toContain('Ptolemy’s World Map');
  });
});

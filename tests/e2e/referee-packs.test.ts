// Packs that reshape the game, played on the real referee page: a one-lesson pack (three teams,
// 15th–17th century) and a pack that seats the Low Countries third and makes them lead the 17th
// century. Each is set up on the page, played live for its opening, and a whole game played by
// the simulator's bots is imported and ends with the engine's own final scores.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RULES_VERSION, finalScores, ranking, toSavedGame, type Game, type Setup } from '../../engine/index.js';
import { loadGame } from '../../generator/load/index.js';
import { playGame } from '../../generator/simulate/play.js';
import { serveFolder, type RunningServer } from '../../generator/commands/referee-server.js';
import { REFEREE, Referee, launch, screenshot, tablet } from './referee-page.js';

const PACKS = join(process.cwd(), 'tests', 'fixtures', 'packs');
let browser: Browser;
let dir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'cc-referee-packs-'));
});

afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The built referee page with a pack's game: nothing of the page is rebuilt, only its data. */
async function servePack(name: string): Promise<{ game: Game; url: string }> {
  const result = loadGame({ dir: 'content', packs: [join(PACKS, name)] });
  expect(result.diagnostics).toEqual([]);
  const folder = join(dir, name);
  cpSync(REFEREE, folder, { recursive: true });
  writeFileSync(join(folder, 'game.json'), JSON.stringify(result.game));
  const server = await serveFolder(folder, { host: '127.0.0.1', port: 0 });
  servers.push(server);
  return { game: result.game!, url: `http://127.0.0.1:${server.port}/` };
}

async function openPage(url: string): Promise<{ page: Page; ref: Referee }> {
  const page = await (await tablet(browser)).newPage();
  const ref = new Referee(page);
  await ref.open(url);
  return { page, ref };
}

/** A whole game of the pack played by bots, imported into the page: its final scores, as shown. */
async function importBotGame(page: Page, game: Game, setup: Setup, seed: string): Promise<Record<string, number>> {
  const seated = game.rules.tables[String(setup.players)]!;
  const policies = Object.fromEntries(seated.map((c, i) => [c, (['collector', 'value', 'saver'] as const)[i % 3]]));
  const played = playGame(game, { setup, seed, policies, trades: 0.3 });
  expect(played.state.phase).toBe('over');
  const saved = toSavedGame(game, RULES_VERSION, setup, played.log, '2026-11-24T15:00:00.000Z');
  await page.getByRole('tab', { name: /^Game/ }).click();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'pack-game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saved)) });
  // A game is on screen, so the page asks before the imported one replaces it.
  const confirm = page.getByRole('button', { name: 'Yes, open the imported game' });
  await confirm.waitFor();
  await confirm.click();
  await page.locator('cc-turn cc-scores section.final').waitFor();
  const shown: Record<string, number> = {};
  for (const card of await page.locator('cc-turn cc-scores section.final li.score-card').all()) {
    shown[(await card.getAttribute('data-country'))!] = Number(await card.locator('.score-total').textContent());
  }
  // The engine's own scores for the same table, in its order.
  const scores = finalScores(game, setup.edition, played.state.table);
  const expected = Object.fromEntries(scores.map((s) => [s.country, s.total]));
  expect(ranking(scores)[0]!.total).toBe(Math.max(...Object.values(shown)));
  expect(shown).toEqual(expected);
  return shown;
}

describe('a one-lesson pack on the referee page', () => {
  test('sets up three teams, ends after the 17th century, and a whole game ends with the engine scores', { timeout: 180_000 }, async () => {
    const { game, url } = await servePack('one-lesson');
    const { page, ref } = await openPage(url);
    await page.locator('cc-setup').waitFor();
    // One table size only, and the three countries that play it.
    await expect(page.locator('cc-setup input[name=players]').count()).resolves.toBe(1);
    await expect(page.locator('cc-setup ol.seats li span:last-child').allInnerTexts()).resolves.toEqual(['Germany', 'Italy', 'Spain']);
    const ends = await page.locator('cc-setup select.end-after option').allInnerTexts();
    expect(ends).toEqual(['15th century', '16th century', '17th century (the full game)']);
    await screenshot(page, '60-one-lesson-setup');
    await ref.startGame({ players: 3 });
    // The pack's starting credits (6, not the base game's 5).
    await expect(page.getByLabel('Germany has 6 credits').first().isVisible()).resolves.toBe(true);
    await importBotGame(page, game, { players: 3, edition: 'codex', length: 'short', packs: ['one-lesson'] }, 'one-lesson-1');
    await screenshot(page, '61-one-lesson-final');
  });
});

describe('a pack that seats the Low Countries third', () => {
  test('seats them third, plays their national event third, and a whole 4-player game ends with the engine scores', { timeout: 180_000 }, async () => {
    const { game, url } = await servePack('low-countries-third');
    const { page, ref } = await openPage(url);
    await page.locator('cc-setup').waitFor();
    await expect(page.locator('cc-setup ol.seats li span:last-child').allInnerTexts()).resolves.toEqual(['Germany', 'Italy', 'The Low Countries']);
    await ref.startGame({ players: 3 });
    const codes = ['NE-GER-15-1', 'NE-ITA-15-1', 'NE-LOW-15-1'];
    for (const code of codes) {
      await ref.playCard(code);
      if (await page.locator('cc-auction').count()) await ref.record(() => page.locator('cc-auction button.close-auction').click());
      await ref.endTurn();
    }
    // The 15th century's lead (Germany) rolls first at the market.
    await expect(page.locator('cc-turn').innerText()).resolves.toContain('Germany');
    await importBotGame(page, game, { players: 4, edition: 'codex', length: 'short', packs: ['low-countries-third'] }, 'low-countries-1');
    await screenshot(page, '62-low-countries-final');
  });
});

// One game, one tab: a second tab of the same browser opening the referee finds the game already
// open elsewhere, says so, and can take it over; the first tab then stops recording and says why.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../generator/commands/referee-server.js';
import { Referee, launch, screenshot, serve, tablet } from './referee-page.js';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), serve()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a game open in two tabs', () => {
  test('the second tab waits and can take the game over; the first stops recording', async () => {
    const context = await tablet(browser);
    const url = `http://127.0.0.1:${server.port}/`;
    const first = new Referee(await context.newPage());
    await first.open(url);
    await first.startGame({ players: 3 });
    await first.nationalEvent('NE-GER-15-1');

    const secondPage = await context.newPage();
    const second = new Referee(secondPage);
    await second.open(url);
    const waiting = secondPage.locator('main.elsewhere');
    await expect(waiting.locator('h1').textContent()).resolves.toBe('This game is open in another tab');
    await screenshot(secondPage, '40-open-elsewhere');
    // The first tab still records.
    await first.nationalEvent('NE-ITA-15-1');

    await secondPage.locator('button.take-over').click();
    await secondPage.locator('cc-turn').waitFor();
    expect(await second.logLength()).toBe(4);
    await expect(first.page.locator('main.elsewhere h1').textContent()).resolves.toBe('This game is now open in another tab');
    expect(await first.page.locator('cc-turn').count()).toBe(0);

    // And back again.
    await first.page.locator('button.take-over').click();
    await first.page.locator('cc-turn').waitFor();
    await expect(secondPage.locator('main.elsewhere h1').textContent()).resolves.toBe('This game is now open in another tab');
    await context.close();
  });
});

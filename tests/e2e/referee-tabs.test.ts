// One game, one tab: a second tab of the same browser opening the referee finds the game already
// open elsewhere, says so, and can take it over; the first tab then stops recording and says why.
import { describe, expect, test } from 'vitest';
import { Referee, screenshot, tablet, servedReferee } from './referee-page.js';

const table = servedReferee();

describe('a game open in two tabs', () => {
  test('the second tab waits and can take the game over; the first stops recording', async () => {
    const context = await tablet(table.browser);
    const url = `http://127.0.0.1:${table.server.port}/`;
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

// "Hide the books" keeps every country's books off the shared screen: the market's lists of
// holdings, the collections on the Scores tab — and the Log, which names every book bought and
// sold. Shown again, everything comes back. Real taps in real Chromium on a game the engine played.
import { describe, expect, test } from 'vitest';
import { ownableCards } from '../../engine/index.js';
import { SIZES, servedReferee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

describe('hiding the books from the shared screen', () => {
  test('the log is hidden with the books, and comes back with them', async () => {
    const g = played(game).toFirstMarket().give('germany', 30);
    const book = ownableCards(game).find((c) => g.state.table.owner.get(c.id) === 'market')!;
    g.record({ type: 'buy', country: 'germany', card: book.id });
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.importFile(g.file());
    await ref.tab('Log');
    const log = page.locator('cc-log');
    await expect.poll(() => log.evaluate((el) => el.textContent ?? '')).toContain(book.title);

    await page.locator('button.hide-books').tap();
    await expect.poll(() => log.evaluate((el) => el.textContent ?? '')).toContain('hidden while the books are');
    expect(await log.evaluate((el) => el.textContent ?? '')).not.toContain(book.title);
    await ref.tab('Scores');
    expect(await page.locator('cc-scores').evaluate((el) => el.textContent ?? '')).not.toContain(book.title);

    await page.locator('button.hide-books').tap();
    await ref.tab('Log');
    await expect.poll(() => log.evaluate((el) => el.textContent ?? '')).toContain(book.title);
    await context.close();
  });

  test('at the end of the game everything shows again, hidden or not: the final collections and the log', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.importFile(
      played(game)
        .until((s) => s.phase === 'over')
        .file(),
    );
    await page.locator('cc-turn .summary').waitFor();
    await page.locator('button.hide-books').tap();
    await expect.poll(() => page.locator('button.hide-books').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('cc-turn .summary li.score-card').count()).toBe(3);
    await ref.tab('Log');
    await expect.poll(() => page.locator('cc-log li.log-entry').count()).toBeGreaterThan(10);
    expect(await page.locator('cc-log').evaluate((el) => el.textContent ?? '')).not.toContain('hidden while the books are');
    await context.close();
  });
});

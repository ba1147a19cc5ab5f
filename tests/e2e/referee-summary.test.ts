// The end of the game (issue "The referee at a real table"): a summary worth sharing — the final
// table, each library's collections, a printable page — and each country's statement, its log
// with the running balance, which adds up to what the header shows.
import { describe, expect, test } from 'vitest';
import { SIZES, screenshot, seriousA11yProblems, servedReferee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

describe('the end of the game', () => {
  test('the summary shows the final table and collections, prints without the controls, and each statement adds up', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.importFile(
      played(game)
        .until((s) => s.phase === 'over')
        .file(),
    );
    const summary = page.locator('cc-turn .summary');
    await summary.waitFor();
    expect(await summary.locator('li.score-card').count()).toBe(3);
    await expect(summary.locator('button.print-summary').isVisible()).resolves.toBe(true);

    // Each statement's last balance is the country's credits; its changes add up to it.
    for (const country of ['germany', 'italy', 'spain']) {
      await summary.locator(`cc-statement input[type=radio]`).nth(['germany', 'italy', 'spain'].indexOf(country)).check();
      const rows = summary.locator('cc-statement table.statement tbody tr');
      await rows.first().waitFor();
      const changes = await rows.locator('td:nth-child(3)').allInnerTexts();
      const balances = await rows.locator('td.balance-after').allInnerTexts();
      const total = changes.reduce((n, t) => n + (t ? Number(t.replace('−', '-')) : 0), 0);
      expect(total, `${country}'s statement adds up`).toBe(Number(balances[balances.length - 1]));
      expect(Number(balances[balances.length - 1])).toBe(await ref.credits(country));
    }
    expect(await seriousA11yProblems(page)).toEqual([]);
    await screenshot(page, 'summary');

    // Printed: the summary only, not the header, tabs or action bar.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.top').isVisible()).toBe(false);
    expect(await page.locator('cc-action-bar').isVisible()).toBe(false);
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.locator('button.print-summary').isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.length).toBeGreaterThan(1000);
    await context.close();
  });
});

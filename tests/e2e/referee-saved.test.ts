// Saved games at a real table (issue "The referee at a real table"): bids noted for an auction
// survive a reload (a tablet discards background tabs); importing a file asks before it replaces
// the game on screen, and says when the file is of another edition; the games kept on the tablet
// can be reopened and deleted.
import { describe, expect, test } from 'vitest';
import { SIZES, screenshot, seriousA11yProblems, servedReferee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

describe('saved games', () => {
  test('bids and sales noted during an auction survive a reload', async () => {
    const { context, page, ref } = await table.open(SIZES.portrait);
    await ref.importFile(played(game).record({ type: 'play-card', country: 'germany', code: 'NE-GER-15-2' }).file());
    const auction = page.locator('cc-auction');
    // Bids called out, not yet a sale: they come back after a reload.
    await auction.locator('#bid-germany').fill('3');
    await auction.locator('#bid-italy').fill('4');
    await page.reload();
    await ref.ready();
    expect(await auction.locator('#bid-germany').inputValue()).toBe('3');
    expect(await auction.locator('#bid-italy').inputValue()).toBe('4');
    // A sale noted, not yet recorded: it comes back too.
    await auction.locator('button.sell').click();
    await expect.poll(() => auction.locator('.sales').innerText()).toContain('Italy buys the whole lot for 4');
    await page.reload();
    await ref.ready();
    await expect.poll(() => page.locator('cc-auction .sales').innerText()).toContain('Italy buys the whole lot for 4');
    // Recording the auction records the staged sale.
    await ref.record(() => page.locator('cc-auction button.close-auction').click());
    expect(await ref.credits('italy')).toBe(6 - 4); // 5 to start, 1 from Germany's event
    await context.close();
  });

  test("the action bar's auction step records the sales noted, never closing the auction as unsold; quick taps on a bid's + all count", async () => {
    const { context, page, ref } = await table.open(SIZES.phone);
    await ref.importFile(played(game).record({ type: 'play-card', country: 'germany', code: 'NE-GER-15-2' }).file());
    const auction = page.locator('cc-auction');
    // Four taps on +, 120 ms apart (the guard against a double tap once dropped all but one or two).
    const raise = auction.locator('button[aria-label="Raise Italy\'s bid"]');
    await raise.scrollIntoViewIfNeeded();
    for (let i = 0; i < 4; i++) {
      await raise.tap();
      await page.waitForTimeout(120);
    }
    await expect.poll(() => auction.locator('#bid-italy').inputValue()).toBe('4');
    // A bid noted and not yet sold: the bar offers no button that would close the auction
    // unsold (a banker tapped "Nobody bids" with bids on the panel); it says to sell first.
    const step = page.locator('cc-action-bar button.step[data-action="auction"]');
    await expect.poll(() => page.locator('cc-action-bar .bar-steps').innerText()).toContain('Bids are noted: sell to the highest bidder');
    expect(await step.count()).toBe(0);
    await auction.locator('button.sell').click();
    await expect.poll(() => auction.locator('.sales').innerText()).toContain('Italy buys the whole lot for 4');
    // The bar no longer offers "Nobody bids …": its button records the sale noted.
    await expect.poll(() => step.innerText()).toBe('Close the auction: record the sale noted');
    // Recorded, and counted as kept as soon as the write ends, not at the next redraw (the toasts
    // going, 6 s later, would redraw): within 2 s.
    const before = await ref.logLength();
    await step.click();
    await expect.poll(() => ref.logLength(), { timeout: 2_000 }).toBe(before + 1);
    expect(await ref.credits('italy')).toBe(6 - 4);
    await context.close();
  });

  test('an import asks first, says when the file is of another edition, and the earlier game can be reopened or deleted', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.startGame({ players: 3 });
    await ref.nationalEvent('NE-GER-15-1');
    const actions = await ref.logLength();
    const classic = game.rules.editions.find((e) => e.id !== game.rules.default_edition)!;
    const file = played(game, { edition: classic.id, players: 4 }).toFirstMarket().file();

    // No: the game on screen stays as it was.
    await ref.tab('Game');
    await page.locator('cc-game-panel input.import-input').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    const question = page.locator('cc-game-panel .import-question');
    await question.waitFor();
    await expect(question.innerText()).resolves.toContain(`This file is a game of another edition: ${classic.name} rules`);
    await expect(question.innerText()).resolves.toContain('4 players');
    expect(await ref.logLength()).toBe(actions);
    expect(await seriousA11yProblems(page)).toEqual([]);
    await screenshot(page, 'import-question');
    await question.locator('button.import-no').click();
    await expect.poll(() => question.count()).toBe(0);
    expect(await ref.logLength()).toBe(actions);

    // Yes: the imported game is on screen; the earlier one is kept.
    await page.locator('cc-game-panel input.import-input').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await question.locator('button.import-yes').click();
    await expect.poll(() => page.locator('cc-balances li[data-country]').count()).toBe(4);
    const imported = await ref.logLength();
    expect(imported).not.toBe(actions);

    await ref.tab('Game');
    const kept = page.locator('cc-kept-games li.kept-game');
    await expect.poll(() => kept.count()).toBe(2);
    await page.locator('cc-kept-games li.kept-game:not(.current) button.resume').click();
    await expect.poll(() => ref.logLength()).toBe(actions);
    expect(await page.locator('cc-balances li[data-country]').count()).toBe(3);
    // The game reopened is the one this tablet opens with after a reload.
    await page.reload();
    await ref.ready();
    expect(await ref.logLength()).toBe(actions);

    // Delete the imported one, asked twice.
    await ref.tab('Game');
    await page.locator('cc-kept-games li.kept-game:not(.current) button.delete').click();
    await page.locator('cc-kept-games button.delete-yes').click();
    await expect.poll(() => kept.count()).toBe(0);
    await expect(page.locator('cc-kept-games').innerText()).resolves.toContain('Only the game on screen is kept here');
    await context.close();
  });
});

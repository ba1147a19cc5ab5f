// Amounts the banker types, key by key as fingers do: a hand transfer's credits, a trade's, a bid.
// The field keeps what was typed (the page once wrote its own number back after "1e" or "-", so
// "1e3" was recorded as 3 and "-1" became a bid of 1) and a text that is not a whole number of
// credits from the field's least to 10,000 is a sentence beside the field, with nothing recorded.
// A purse the rules would fill past 10,000 — through a trade, too — is refused in the rules' words.
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SIZES, servedReferee, type Referee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

/** Clears the field and types `text` one key at a time. */
async function type(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 30 });
}

/** Nothing is recorded by a tap: the log is as long as before, after the page has had time to record. */
async function nothingRecorded(ref: Referee, tap: () => Promise<void>): Promise<void> {
  const before = await ref.logLength();
  await tap();
  await ref.settled();
  expect(await ref.logLength()).toBe(before);
}

describe('an amount typed key by key', () => {
  test('is kept as typed: "1e3" and "-1" and "2.7" are refused beside their field, never recorded as 3, 1 or 2', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.startGame({ players: 3 });
    await ref.tab('Trades');

    // A hand transfer: "1e3".
    const transfer = page.locator('cc-deals section.transfer');
    await transfer.getByLabel('To').selectOption('germany');
    const credits = transfer.getByLabel('Credits');
    await type(page, credits, '1e3');
    expect(await credits.inputValue()).toBe('1e3');
    await nothingRecorded(ref, () => transfer.locator('button.record-transfer').click());
    await expect(transfer.locator('.amount-problem').textContent()).resolves.toBe(
      'Write the number with the digits 0 to 9 only: “1e3” is not a number of credits.',
    );
    expect(await credits.getAttribute('aria-invalid')).toBe('true');
    // The tap sent the banker to the field to put it right.
    expect(await credits.evaluate((el) => el === document.activeElement)).toBe(true);
    await type(page, credits, '-1');
    expect(await credits.inputValue()).toBe('-1');
    await expect(transfer.locator('.amount-problem').textContent()).resolves.toMatch(/cannot be negative/);
    // A reason pasted at length stops at what the rules take (it was refused as a whole).
    const why = transfer.getByLabel('Why');
    await why.fill('a forfeit agreed at the table, '.repeat(10));
    expect((await why.inputValue()).length).toBe(200);
    // Put right, it is recorded exactly as typed.
    await type(page, credits, '1000');
    expect(await transfer.locator('.amount-problem').isHidden()).toBe(true);
    await ref.record(() => transfer.locator('button.record-transfer').click());
    expect(await ref.credits('germany')).toBe(5 + 1000);

    // A trade: "2.7" credits.
    const trade = page.locator('cc-deals section.trade');
    await trade.getByRole('radiogroup', { name: 'First country' }).getByText('Germany').click();
    await trade.getByRole('radiogroup', { name: 'Second country' }).getByText('Italy').click();
    const gives = trade.getByLabel('Credits Germany gives');
    await type(page, gives, '2.7');
    expect(await gives.inputValue()).toBe('2.7');
    await expect(trade.locator('.trade-side[data-country=germany] .amount-problem').textContent()).resolves.toBe('Credits are whole: write 2 or 3, not 2.7.');
    await expect(trade.locator('.trade-summary').textContent()).resolves.toContain('Germany gives credits still to be put right');
    await nothingRecorded(ref, () => trade.locator('button.record-trade').click());
    await type(page, gives, '27');
    await ref.record(() => trade.locator('button.record-trade').click());
    expect([await ref.credits('germany'), await ref.credits('italy')]).toEqual([5 + 1000 - 27, 5 + 27]);
    await context.close();
  });

  test('digits of other keyboards are the same digits: "３", "٣" and "३" are each 3', async () => {
    // A Japanese keyboard's "３" was taken and an Arabic one's "٣" refused as "not the digits 0 to 9".
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.startGame({ players: 3 });
    await ref.tab('Trades');
    const transfer = page.locator('cc-deals section.transfer');
    let germany = await ref.credits('germany');
    for (const three of ['３', '٣', '३']) {
      await transfer.getByLabel('From').selectOption('bank');
      await transfer.getByLabel('To').selectOption('germany');
      await type(page, transfer.getByLabel('Credits'), three);
      await ref.settled(); // past the page's guard against a tap where the screen just moved
      await ref.record(() => transfer.locator('button.record-transfer').click());
      germany += 3;
      expect(await ref.credits('germany'), three).toBe(germany);
    }
    await context.close();
  });

  test('a bid of "-1" is put right first, never a sale at 1, and the auction is not closed past it', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    // Germany's second event opens the auction of a lot.
    await ref.importFile(played(game).record({ type: 'play-card', country: 'germany', code: 'NE-GER-15-2' }).file());
    const auction = page.locator('cc-auction');
    await auction.waitFor();
    const bid = auction.locator('#bid-germany');
    await type(page, bid, '-1');
    expect(await bid.inputValue()).toBe('-1');
    await expect(auction.locator('#bid-germany-problem').textContent()).resolves.toMatch(/cannot be negative/);
    await expect(auction.locator('button.sell').textContent()).resolves.toMatch(/Put Germany's bid right first/);
    await nothingRecorded(ref, () => auction.locator('button.sell').click());
    await nothingRecorded(ref, () => auction.locator('button.close-auction').click());
    expect(await auction.locator('.sales').count()).toBe(0);
    await type(page, bid, '3');
    await auction.locator('button.sell').click();
    await expect.poll(() => auction.locator('.sales').innerText()).toContain('Germany buys the whole lot for 3');
    await context.close();
  });
});

describe('a purse the rules would fill past 10,000', () => {
  test('by a trade is refused in the rules’ words, and nothing is recorded', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.importFile(played(game).give('germany', 9_990).give('italy', 100).file());
    await ref.tab('Trades');
    const trade = page.locator('cc-deals section.trade');
    await trade.getByRole('radiogroup', { name: 'First country' }).getByText('Italy').click();
    await trade.getByRole('radiogroup', { name: 'Second country' }).getByText('Germany').click();
    await type(page, trade.getByLabel('Credits Italy gives'), '6');
    await nothingRecorded(ref, () => trade.locator('button.record-trade').click());
    await expect
      .poll(() => ref.refusal().textContent())
      .toContain('That would give Germany 10,001 credits, more than the 10,000 a purse can hold at any table: check the amount.');
    expect(await ref.credits('germany')).toBe(9_995);
    await context.close();
  });
});

// A complete short game of Codex Conquest for three players, refereed on the tablet page from the
// first die roll to the final scores: an auction, a debt paid back, a chance card, a trade, an
// undo and an "undo back to here", a collection completed and locked, and a reload half-way
// through that loses nothing. The cards are the real base game's, entered as a banker would.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Referee, screenshot, seriousA11yProblems, tablet, servedReferee } from './referee-page.js';

const table = servedReferee();
let page: Page;
let ref: Referee;

beforeAll(async () => {
  const context = await tablet(table.browser);
  page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  ref = new Referee(page);
  await ref.open(`http://127.0.0.1:${table.server.port}/`);
});

async function noSeriousA11yProblems(screen: string): Promise<void> {
  const problems = await seriousA11yProblems(page);
  expect(problems, `accessibility problems on the ${screen} screen`).toEqual([]);
}

async function expectBalanced(): Promise<void> {
  // The money law, after every action: no credit made or lost, every book paid for at its price.
  expect(await ref.bankCheck()).toBe('ok');
}

describe('a complete short game with three players', () => {
  test('from the first roll to the final scores', { timeout: 240_000 }, async () => {
    // ── Setting up ─────────────────────────────────────────────────────────────────────────
    await page.locator('cc-setup').waitFor();
    await screenshot(page, '01-setup');
    await noSeriousA11yProblems('setup');
    await ref.startGame({ players: 3 });
    expect(await ref.status()).toContain('15th century');
    expect(await ref.status()).toMatch(/turn\s*Germany/i);
    for (const c of ['germany', 'italy', 'spain']) expect(await ref.credits(c)).toBe(5);
    await expect.poll(() => page.locator('cc-balances li[data-country]').count()).toBe(3);
    await expectBalanced();
    // The starting credits are named as such, not hidden behind "the bank has paid out 0".
    await expect(page.locator('cc-balances li.money .extra').innerText()).resolves.toBe(
      'countries hold 15 credits: 15 at the start, 0 net from the bank since then',
    );

    // ── 15th century: national events ──────────────────────────────────────────────────────
    // Germany's event releases the Incunable Bibles lot and pays Italy 1.
    await page.locator('cc-card-entry button.card-pick[data-code="NE-GER-15-2"]').click();
    await expect.poll(() => page.locator('.card-preview .effects').innerText()).toMatch(/Incunable Bibles/);
    await screenshot(page, '02-national-event');
    await noSeriousA11yProblems('turn');
    await ref.record(() => page.locator('cc-card-entry button.apply-card').click());
    expect(await ref.credits('germany')).toBe(4);
    expect(await ref.credits('italy')).toBe(6);

    // The auction opens at once and holds up the game until it is closed.
    const auction = page.locator('cc-auction');
    await auction.waitFor();
    await auction.locator('#bid-germany').fill('3');
    await auction.locator('#bid-italy').fill('4');
    await screenshot(page, '03-auction');
    await noSeriousA11yProblems('auction');
    await auction.locator('button.sell').click();
    await expect.poll(() => auction.locator('.sales').innerText()).toContain('Italy buys the whole lot for 4');
    await ref.record(() => auction.locator('button.close-auction').click());
    expect(await ref.credits('italy')).toBe(2);
    await ref.endTurn();

    // Italy types the code printed on its card instead of picking it.
    await ref.typeCard('ne-ita-15-1');
    await ref.endTurn();
    await ref.nationalEvent('NE-ESP-15-3'); // Spain pays the bank 2 and Italy 1
    expect([await ref.credits('germany'), await ref.credits('italy'), await ref.credits('spain')]).toEqual([4, 5, 2]);
    await expectBalanced();

    // ── 15th century: the market, Germany leading ──────────────────────────────────────────
    expect(await ref.status()).toContain('Book market');
    await screenshot(page, '04-die');
    await ref.roll(6); // the first round: a 6 is rolled again
    expect(await ref.credits('germany')).toBe(4);
    await page.locator('cc-die').waitFor();
    await ref.roll(4);
    await ref.buy('BK-GER-15-2');
    expect(await ref.credits('germany')).toBe(1);
    await ref.endTurn();

    await ref.roll(3);
    await ref.buy('BK-ITA-15-1');
    await ref.endTurn();

    await ref.roll(2);
    // Spain has 4 credits: the engine's own sentence says why it cannot buy a 6-credit book.
    await page.locator('cc-turn li[data-code="BK-ESP-15-2"] button.buy').click();
    await expect(ref.refusal().textContent()).resolves.toMatch(/costs 6/);
    await screenshot(page, '05-refused');
    // The refusal answers that tap: on another tab it would seem to be about something else.
    await ref.tab('Debts');
    expect(await ref.refusal().count()).toBe(0);
    await ref.tab('Turn');
    await ref.endTurn();

    // ── 15th century: the world event ──────────────────────────────────────────────────────
    expect(await ref.status()).toContain('World event');
    await ref.playCard('WE-15-1'); // each +1, and +1 per Literature book: Italy holds the Commedia
    await ref.endTurn();
    expect([await ref.credits('germany'), await ref.credits('italy'), await ref.credits('spain')]).toEqual([2, 2, 5]);
    await expectBalanced();

    // ── 16th century ───────────────────────────────────────────────────────────────────────
    expect(await ref.status()).toContain('16th century');
    await ref.nationalEvent('NE-GER-16-1');
    // Italy must pay Spain 2 and Germany 1 with only 2 credits: 1 becomes a debt to Germany.
    await ref.playCard('NE-ITA-16-2');
    expect(await ref.credits('italy')).toBe(0);
    // Italy holds books, so Germany chooses at once: books now, or credits later. It waits.
    const decision = page.locator('cc-turn section.debt-decision[data-debtor=italy][data-creditor=germany]');
    await expect(decision.locator('h3').innerText()).resolves.toBe('Italy owes Germany 1. Germany chooses: books now, or credits later');
    await screenshot(page, '06-debt-decision');
    await noSeriousA11yProblems('debt decision');
    await ref.record(() => decision.locator('button.take-credits').click());
    await ref.endTurn();
    await ref.tab('Debts');
    const debt = page.locator('cc-debts li.debt[data-debtor="italy"][data-creditor="germany"]');
    await expect(debt.locator('.debt-amount').textContent()).resolves.toBe('1');
    await screenshot(page, '06-debts');
    await noSeriousA11yProblems('debts');
    await ref.tab('Turn');
    // Spain's event opens the New World Atlases auction; nobody bids.
    await ref.playCard('NE-ESP-16-1');
    await ref.record(() => page.locator('cc-auction button.close-auction').click());
    await ref.endTurn();

    // Italy leads the market; the die's first credit goes straight to Germany (2, +2 for
    // Luther's Theses, +1).
    expect(await ref.status()).toMatch(/turn\s*Italy/i);
    await ref.roll(5);
    expect(await ref.credits('germany')).toBe(5);
    expect(await ref.credits('italy')).toBe(4);
    await ref.tab('Debts');
    await expect(page.locator('cc-debts .empty').textContent()).resolves.toMatch(/Nobody owes anything/);
    await ref.tab('Turn');
    await ref.buy('BK-ITA-16-2');
    await ref.endTurn();

    // Spain rolls a 1 after the first round: a chance card.
    await ref.roll(1);
    await ref.playCard('CH-01');
    await ref.buy('BK-ESP-16-2');
    await ref.endTurn();

    // Germany buys the wrong book, undoes it, and buys the one it meant.
    await ref.roll(4);
    const germanyBefore = await ref.credits('germany');
    await ref.buy('BK-GER-16-2');
    const undo = page.getByRole('button', { name: /^↶ Undo/ });
    await expect(undo.getAttribute('title')).resolves.toMatch(/^Undo: Germany buys Das Newe Testament/);
    await ref.record(() => undo.click());
    expect(await ref.credits('germany')).toBe(germanyBefore);

    // A trade at an agreed price: Germany's Liber chronicarum to Spain for 5 credits.
    await ref.tab('Trades');
    const trade = page.locator('cc-deals section.trade');
    await trade.getByRole('radiogroup', { name: 'First country' }).getByText('Germany').click();
    await trade.getByRole('radiogroup', { name: 'Second country' }).getByText('Spain').click();
    await trade.locator('.trade-side[data-country=germany] button.pick', { hasText: 'BK-GER-15-2' }).click();
    await trade.locator('.trade-side[data-country=spain] input.credits-input').fill('5');
    await screenshot(page, '07-trade');
    await noSeriousA11yProblems('trades');
    const spainBefore = await ref.credits('spain');
    await ref.record(() => trade.locator('button.record-trade').click());
    expect(await ref.credits('spain')).toBe(spainBefore - 5);
    expect(await ref.credits('germany')).toBe(germanyBefore + 5);
    await ref.tab('Market');
    await expect(page.getByRole('region', { name: "Spain's books" }).innerText()).resolves.toContain('BK-GER-15-2');
    await screenshot(page, '08-market');
    await noSeriousA11yProblems('market');
    await ref.tab('Turn');
    await ref.buy('BK-GER-16-1');
    await ref.endTurn();
    await ref.playCard('WE-16-1');
    await ref.endTurn();
    await expectBalanced();

    // ── Reload half-way: nothing is lost ───────────────────────────────────────────────────
    const before = {
      status: await ref.status(),
      actions: await ref.logLength(),
      credits: await Promise.all(['germany', 'italy', 'spain'].map((c) => ref.credits(c))),
    };
    await page.reload();
    await ref.ready();
    await page.locator('cc-turn').waitFor();
    expect({
      status: await ref.status(),
      actions: await ref.logLength(),
      credits: await Promise.all(['germany', 'italy', 'spain'].map((c) => ref.credits(c))),
    }).toEqual(before);

    // ── 17th century: Italy completes its National Canon ───────────────────────────────────
    expect(await ref.status()).toContain('17th century');
    await ref.nationalEvent('NE-GER-17-3');
    await ref.nationalEvent('NE-ITA-17-1');
    await ref.nationalEvent('NE-ESP-17-1');
    await ref.roll(3); // Spain leads
    await ref.endTurn();
    await ref.roll(2); // Germany
    // A transfer recorded by mistake, then "back to here" on the roll in the log.
    await ref.tab('Trades');
    const transfer = page.locator('cc-deals section.transfer');
    await transfer.getByLabel('From').selectOption('germany');
    await transfer.getByLabel('To').selectOption('bank');
    await transfer.getByLabel('Credits').fill('2');
    await transfer.getByLabel('Why').fill('a slip of the finger');
    const germanyAfterRoll = await ref.credits('germany');
    await ref.record(() => transfer.locator('button.record-transfer').click());
    expect(await ref.credits('germany')).toBe(germanyAfterRoll - 2);
    await ref.tab('Log');
    // textContent, polled: a log line is drawn only near the screen (content-visibility), so its
    // innerText can be empty for a frame after the tab opens on a busy machine.
    await expect.poll(() => page.locator('cc-log li.log-entry').first().textContent()).toContain('a slip of the finger');
    const rollLine = page.locator('cc-log li.log-entry', { hasText: 'rolls 2' }).first();
    await rollLine.locator('button.undo-to').click();
    await screenshot(page, '09-log');
    await noSeriousA11yProblems('log');
    await ref.record(() => rollLine.locator('button.undo-to-yes').click());
    expect(await ref.credits('germany')).toBe(germanyAfterRoll);
    await expect.poll(() => page.locator('cc-log li.log-entry.undone').first().textContent()).toContain('a slip of the finger');
    await ref.tab('Turn');
    await ref.endTurn();

    await ref.roll(3); // Italy
    await ref.buy('BK-ITA-17-2');
    await ref.tab('Scores');
    const italy = page.locator('cc-scores li.score-card[data-country=italy]');
    await expect(italy.locator('.collection.complete').innerText()).resolves.toMatch(/National Canon — Italy/);
    await expect(italy.locator('.collection.complete [aria-label=locked]').count()).resolves.toBe(1);
    await screenshot(page, '10-scores');
    await noSeriousA11yProblems('scores');
    await ref.tab('Turn');
    await ref.endTurn();
    await ref.playCard('WE-17-1');
    await ref.endTurn();
    await expectBalanced();

    // ── 18th to 20th century ───────────────────────────────────────────────────────────────
    const events: Record<string, [string, string, string, string]> = {
      '18th century': ['NE-GER-18-3', 'NE-ITA-18-1', 'NE-ESP-18-1', 'WE-18-1'],
      '19th century': ['NE-GER-19-3', 'NE-ITA-19-2', 'NE-ESP-19-2', 'WE-19-1'],
      '20th century': ['NE-GER-20-3', 'NE-ITA-20-3', 'NE-ESP-20-2', 'WE-20-1'],
    };
    for (const [century, [ger, ita, esp, world]] of Object.entries(events)) {
      expect(await ref.status()).toContain(century);
      await ref.nationalEvent(ger);
      await ref.nationalEvent(ita);
      await ref.nationalEvent(esp);
      for (let turn = 0; turn < 3; turn++) {
        await ref.roll(3);
        await ref.endTurn();
      }
      await ref.playCard(world);
      await ref.endTurn();
      await expectBalanced();
    }

    // ── The final scores ───────────────────────────────────────────────────────────────────
    expect(await ref.status()).toContain('Game over');
    const final = page.locator('cc-turn cc-scores section.final');
    await final.waitFor();
    const cards = final.locator('li.score-card');
    expect(await cards.count()).toBe(3);
    const totals = await cards.locator('.score-total').allTextContents();
    expect(totals.map(Number)).toEqual([...totals.map(Number)].sort((a, b) => b - a));
    const italyFinal = final.locator('li.score-card[data-country=italy]');
    await expect(italyFinal.locator('.collection.complete').innerText()).resolves.toMatch(/National Canon — Italy/);
    // The breakdown adds up to the total.
    const parts = await italyFinal.locator('.breakdown div:not(.total) dd').allTextContents();
    const sum = parts.map((t) => Number(t.split(' ')[0]!.replace('−', '-'))).reduce((s, n) => s + n, 0);
    expect(sum).toBe(Number(await italyFinal.locator('.score-total').textContent()));
    await screenshot(page, '11-final-scores');
    await noSeriousA11yProblems('final scores');
    await expectBalanced();

    await ref.tab('Game');
    await screenshot(page, '12-game');
    await noSeriousA11yProblems('game');
  });

  test('portrait tablets get the same page, laid out for the narrow screen', async () => {
    await page.setViewportSize({ width: 800, height: 1180 });
    await ref.tab('Turn');
    await screenshot(page, '13-portrait-final');
    await ref.tab('Market');
    await screenshot(page, '14-portrait-market');
    // Every button is at least 48 px in both directions: a finger, not a mouse.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, .button, .choice, summary')]
        .map((b) => ({ r: b.getBoundingClientRect(), text: b.textContent?.trim().slice(0, 30) }))
        .filter(({ r }) => r.width > 0 && (r.width < 47.5 || r.height < 47.5))
        .map(({ r, text }) => `${text} ${Math.round(r.width)}×${Math.round(r.height)}`),
    );
    expect(small).toEqual([]);
  });
});

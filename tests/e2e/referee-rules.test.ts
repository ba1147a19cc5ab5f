// The referee page applies the rules decisions the way the engine and the rule book state them:
// recorded games imported into the page end with the scores worked out by hand and the rule
// book's tie-break; a manuscript sold back is on the market for another country to buy; the
// table can agree to stop early; a creditor takes the closest books in one tap.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Referee, screenshot, tablet, servedReferee } from './referee-page.js';

const GAMES = join(process.cwd(), 'tests', 'fixtures', 'games');
const table = servedReferee();

async function freshPage(): Promise<{ page: Page; ref: Referee }> {
  const context = await tablet(table.browser);
  const page = await context.newPage();
  const ref = new Referee(page);
  await ref.open(`http://127.0.0.1:${table.server.port}/`);
  return { page, ref };
}

/** The hand-worked totals of a recorded game's note, by country name. */
function noteTotals(name: string): Record<string, number> {
  const note = readFileSync(join(GAMES, `${name}.md`), 'utf8');
  const rows = note
    .slice(note.indexOf('| Country |'))
    .split('\n')
    .slice(2)
    .filter((l) => l.startsWith('|'));
  return Object.fromEntries(rows.map((l) => l.split('|').map((c) => c.trim())).map((c) => [c[1]!, Number(c[6])]));
}

async function importRecorded(page: Page, name: string): Promise<void> {
  await page
    .locator('cc-setup input[type=file]')
    .setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: readFileSync(join(GAMES, `${name}.json`)) });
  await page.locator('cc-turn cc-scores section.final').waitFor();
}

describe('recorded games on the referee page', () => {
  test('end with the hand-worked scores, and equal totals are ordered by completed collections', async () => {
    const { page } = await freshPage();
    await importRecorded(page, '04-codex-6-long');
    const cards = page.locator('cc-turn cc-scores section.final li.score-card');
    const shown: Record<string, number> = {};
    for (const card of await cards.all()) shown[(await card.locator('h4').textContent())!.trim()] = Number(await card.locator('.score-total').textContent());
    expect(shown).toEqual(noteTotals('04-codex-6-long'));
    // Germany and The Americas both finish on 55; Germany completed a collection, The Americas none.
    const order = await cards.locator('h4').allTextContents();
    expect(order.indexOf('Germany')).toBeLessThan(order.indexOf('The Americas'));
    await expect(page.locator('.tie-note').textContent()).resolves.toContain(
      'Germany and The Americas both have 55 points; more completed collections (1 to 0) decide the order.',
    );
    // The result said in one sentence, and the Scores tab shows the same ranked table at the end.
    const best = Math.max(...Object.values(shown));
    const leaders = Object.entries(shown).filter(([, t]) => t === best);
    expect(leaders).toHaveLength(1);
    await expect(page.locator('cc-turn cc-scores .result-line').innerText()).resolves.toBe(`${leaders[0]![0]} wins with ${best} points.`);
    await screenshot(page, '30-recorded-final');
    await page.getByRole('tab', { name: /^Scores/ }).click();
    await expect(page.locator('#panel cc-scores section.final li.score-card h4').allTextContents()).resolves.toEqual(order);
  });

  test('a full tie shares the place', async () => {
    const { page } = await freshPage();
    await importRecorded(page, '03-codex-5-short');
    const italy = page.locator('cc-turn cc-scores section.final li.score-card[data-country=italy] .rank');
    const england = page.locator('cc-turn cc-scores section.final li.score-card[data-country=england] .rank');
    await expect(italy.textContent()).resolves.toBe('3=');
    await expect(england.textContent()).resolves.toBe('3=');
    await expect(page.locator('.tie-note').textContent()).resolves.toContain(
      'Italy and England finish level on 24 points and 0 completed collections, so they share place 3.',
    );
  });
});

describe('a game on the page', () => {
  test('a manuscript sold back goes on the market, where another country buys it', async () => {
    const { page, ref } = await freshPage();
    await ref.startGame({ players: 3 });
    for (const code of ['NE-GER-15-1', 'NE-ITA-15-1', 'NE-ESP-15-1']) {
      await ref.playCard(code);
      if (await page.locator('cc-auction').count()) await ref.record(() => page.locator('cc-auction button.close-auction').click());
      await ref.endTurn();
    }
    await ref.roll(2);
    await ref.tab('Market');
    const germany = page.getByRole('region', { name: "Germany's books" });
    await ref.record(() => germany.locator('li[data-code="MS-GER-1"] button.sell').click());
    const forSale = page.getByRole('region', { name: 'Manuscripts and other cards: for sale' });
    // Polled: a row of a lazily drawn list (content-visibility) has its text from the next frame.
    await expect.poll(() => forSale.innerText()).toContain('MS-GER-1');
    await screenshot(page, '31-manuscript-for-sale');
    await ref.tab('Turn');
    await ref.endTurn();
    await ref.roll(5);
    const before = await ref.credits('italy');
    await ref.buy('MS-GER-1');
    expect(await ref.credits('italy')).toBeLessThan(before);
    await ref.tab('Market');
    await expect(page.getByRole('region', { name: "Italy's books" }).innerText()).resolves.toContain('MS-GER-1');
  });

  test('the table agrees to stop after the first century, and the game ends there', async () => {
    const { page, ref } = await freshPage();
    await ref.startGame({ players: 3 });
    await ref.tab('Game');
    await page.locator('select.stop-after').selectOption('15th');
    await ref.record(() => page.locator('button.stop-early').click());
    await expect(page.locator('cc-game-panel').innerText()).resolves.toContain('The game ends after the 15th century.');
    await ref.tab('Turn');
    for (const code of ['NE-GER-15-1', 'NE-ITA-15-1', 'NE-ESP-15-1']) {
      await ref.playCard(code);
      if (await page.locator('cc-auction').count()) await ref.record(() => page.locator('cc-auction button.close-auction').click());
      await ref.endTurn();
    }
    for (let i = 0; i < 3; i++) {
      await ref.roll(3);
      await ref.endTurn();
    }
    await ref.playCard('WE-15-1');
    await ref.endTurn();
    expect(await ref.status()).toContain('Game over');
    await page.locator('cc-turn cc-scores section.final').waitFor();
  });
});

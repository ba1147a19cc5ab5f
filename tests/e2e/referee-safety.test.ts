// The referee never loses a game and never records a tap twice: it survives going offline and
// reloading, a fast double tap records one action, a tampered or foreign saved game is refused
// without touching the game in progress, and the one-file copy works straight from the disk.
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { REFEREE, Referee, screenshot, serve, tablet, servedReferee } from './referee-page.js';

const table = servedReferee();
let url: string;

beforeAll(async () => {
  url = `http://127.0.0.1:${table.server.port}/`;
});

/** A fresh tablet (its own storage) with a game started and the first national event played. */
async function startedGame(at = url): Promise<{ context: BrowserContext; page: Page; ref: Referee }> {
  const context = await tablet(table.browser);
  const page = await context.newPage();
  const ref = new Referee(page);
  await ref.open(at);
  await ref.startGame({ players: 3 });
  await ref.nationalEvent('NE-GER-15-1');
  return { context, page, ref };
}

async function settled(ref: Referee): Promise<void> {
  await ref.settled();
}

describe('the game survives', () => {
  test('going offline and reloading: the page comes from its offline copy, the game from the tablet', async () => {
    const own = await serve(); // a server of its own, to be switched off
    const { context, page, ref } = await startedGame(`http://127.0.0.1:${own.port}/`);
    // The service worker has cached the page and controls it.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const actions = await ref.logLength();
    const credits = await ref.credits('germany');

    await own.close();
    await context.setOffline(true);
    await page.reload();
    await ref.ready();
    await page.locator('cc-turn').waitFor();
    expect(await ref.logLength()).toBe(actions);
    expect(await ref.credits('germany')).toBe(credits);
    // And play goes on with no network at all.
    await ref.nationalEvent('NE-ITA-15-1');
    expect(await ref.logLength()).toBe(actions + 2);
    await ref.tab('Game');
    await expect(page.locator('cc-game-panel').innerText()).resolves.toContain('Ready to work with no network');
    await context.close();
  });
});

describe('one tap is one action', () => {
  // A manual transfer can legally be recorded again and again from the same button, so only the
  // page's own guard stands between a double tap and two transfers.
  async function transferForm(page: Page, ref: Referee) {
    await ref.tab('Trades');
    const form = page.locator('cc-deals section.transfer');
    await form.getByLabel('From').selectOption('germany');
    await form.getByLabel('To').selectOption('italy');
    await form.getByLabel('Credits').fill('1');
    return form.locator('button.record-transfer');
  }

  test('a transfer of part of a credit, or one that would fill a purse past 10,000, is refused in words, not rounded or recorded', async () => {
    const { context, page, ref } = await startedGame();
    const button = await transferForm(page, ref);
    const form = page.locator('cc-deals section.transfer');
    const before = await ref.logLength();
    await form.getByLabel('Credits').fill('2.9');
    await button.click();
    // Said beside the field (credits-field.ts), before the rules are asked.
    await expect.poll(() => form.locator('.amount-problem').textContent()).toBe('Credits are whole: write 2 or 3, not 2.9.');
    // The next tap at the same spot comes after the page's guard against a double tap.
    await settled(ref);
    await form.getByLabel('From').selectOption('bank');
    await form.getByLabel('Credits').fill('10000');
    await button.click();
    await expect.poll(() => ref.refusal().textContent()).toMatch(/That would give Italy 10,005 credits, more than the 10,000 a purse can hold/);
    await settled(ref);
    expect(await ref.logLength()).toBe(before);
    expect(await ref.credits('italy')).toBe(5);
    await context.close();
  });

  test('a fast double click records one transfer', async () => {
    const { context, page, ref } = await startedGame();
    const button = await transferForm(page, ref);
    const before = await ref.logLength();
    await button.dblclick();
    await ref.waitForLog(before + 1);
    await settled(ref);
    expect(await ref.logLength()).toBe(before + 1);
    expect([await ref.credits('germany'), await ref.credits('italy')]).toEqual([5 + 2 - 1, 5 + 1]);
    // The next action is recorded as usual: only the repeat of a double tap is dropped.
    await page.locator('cc-deals section.transfer').getByLabel('Credits').fill('2');
    await ref.record(() => button.click());
    expect(await ref.credits('germany')).toBe(5 + 2 - 3);
    await context.close();
  });

  test('a fast double tap on a touch screen records one transfer, and one turn', async () => {
    const { context, page, ref } = await startedGame();
    const tapTwice = async (selector: string) => {
      await page.locator(selector).scrollIntoViewIfNeeded();
      const box = (await page.locator(selector).boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await transferForm(page, ref);
    let before = await ref.logLength();
    await tapTwice('cc-deals button.record-transfer');
    await ref.waitForLog(before + 1);
    await settled(ref);
    expect(await ref.logLength()).toBe(before + 1);
    expect(await ref.credits('italy')).toBe(6);

    await ref.tab('Turn');
    await ref.playCard('NE-ITA-15-1');
    before = await ref.logLength();
    await tapTwice('cc-action-bar button.step[data-action="end-turn"]');
    await ref.waitForLog(before + 1);
    await settled(ref);
    expect(await ref.logLength()).toBe(before + 1);
    expect(await ref.status()).toMatch(/turn\s*Spain/i);
    await context.close();
  });
});

describe('dice and cards are data', () => {
  test('a roll on screen is stored as its face and never rolled again', async () => {
    const { context, page, ref } = await startedGame();
    await ref.nationalEvent('NE-ITA-15-1');
    await ref.nationalEvent('NE-ESP-15-1');
    const before = await ref.logLength();
    await ref.record(() => page.locator('cc-die button.roll-here').click());
    await ref.tab('Log');
    // The log draws its lines once they are near the screen (content-visibility), which the browser
    // works out at the next frame: read the newest line once it has been drawn.
    const newest = page.locator('cc-log li.log-entry').first();
    await expect.poll(() => newest.innerText()).toMatch(/rolls \d/);
    const face = Number(/rolls (\d)/.exec(await newest.innerText())![1]);
    expect(face).toBeGreaterThanOrEqual(1);
    expect(face).toBeLessThanOrEqual(6);
    const credits = await ref.credits('germany');
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await ref.ready();
      expect(await ref.logLength()).toBe(before + 1);
      expect(await ref.credits('germany')).toBe(credits);
    }
    await context.close();
  });
});

describe('saved games', () => {
  async function exportGame(page: Page, ref: Referee): Promise<string> {
    await ref.tab('Game');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export').click()]);
    expect(download.suggestedFilename()).toMatch(/^codex-conquest-game-.*\.json$/);
    return readFileSync((await download.path())!, 'utf8');
  }

  async function importText(page: Page, text: string): Promise<void> {
    await page.locator('cc-game-panel input.import-input').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  test('an exported game imports on another tablet exactly; a tampered or foreign one is refused', async () => {
    const { context, page, ref } = await startedGame();
    await ref.nationalEvent('NE-ITA-15-1');
    await ref.nationalEvent('NE-ESP-15-1');
    await ref.roll(4);
    const exported = await exportGame(page, ref);
    const saved = JSON.parse(exported) as {
      rules: string;
      log: { action: { type: string; face?: number } }[];
      setup: unknown;
      game: { id: string };
      check: string;
    };
    expect(saved.log.map((e) => e.action.type)).toEqual(['play-card', 'end-turn', 'play-card', 'end-turn', 'play-card', 'end-turn', 'roll']);

    const state = async () => ({ actions: await ref.logLength(), credits: await Promise.all(['germany', 'italy', 'spain'].map((c) => ref.credits(c))) });
    const before = await state();
    const refused = async (text: string, message: RegExp, screen?: string) => {
      await importText(page, text);
      await expect.poll(() => ref.refusal().textContent()).toMatch(message);
      expect(await ref.refusal().textContent()).toContain('Your current game has not been changed');
      expect(await state()).toEqual(before);
      if (screen) await screenshot(page, screen);
      await page.locator('.notice button').click();
    };

    // A die result changed by hand: the check code no longer matches.
    const tampered = JSON.parse(exported) as typeof saved;
    tampered.log[6]!.action.face = 5;
    await refused(JSON.stringify(tampered), /changed or damaged since it was saved/, '20-import-refused');
    // Cut short in the middle.
    await refused(exported.slice(0, exported.length / 2), /damaged or cut short/);
    // Not a saved game at all.
    await refused(JSON.stringify({ hello: 'world' }), /not a game saved by the Codex Conquest referee/);
    // Recorded under other rules, with a check code that matches: refused for the version.
    const other = JSON.parse(exported) as typeof saved;
    other.rules = '0';
    other.check = createHash('sha256')
      .update(JSON.stringify([other.game.id, other.rules, other.setup, other.log]))
      .digest('hex');
    await refused(JSON.stringify(other), /version 0 of the rules/);

    // The genuine file loads on a fresh tablet, with the same balances and log.
    const fresh = await tablet(table.browser);
    const page2 = await fresh.newPage();
    const ref2 = new Referee(page2);
    await ref2.open(url);
    await page2.locator('cc-setup input[type=file]').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await page2.locator('cc-turn').waitFor();
    expect(await ref2.logLength()).toBe(before.actions);
    expect(await Promise.all(['germany', 'italy', 'spain'].map((c) => ref2.credits(c)))).toEqual(before.credits);
    await expect(page2.locator('cc-toasts .toast').textContent()).resolves.toContain('7 actions replayed');
    await fresh.close();
    await context.close();
  });
});

describe('the one-file copy', () => {
  test('works from file:// with no server, and keeps its game across a reload', async () => {
    const context = await tablet(table.browser);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const ref = new Referee(page);
    const file = pathToFileURL(join(REFEREE, 'codex-referee.html')).href;
    await ref.open(file);
    await ref.startGame({ players: 4 });
    await expect.poll(() => page.locator('cc-balances li[data-country]').count()).toBe(4);
    await ref.nationalEvent('NE-GER-15-1');
    await page.reload();
    await ref.ready();
    await page.locator('cc-turn').waitFor();
    expect(await ref.logLength()).toBe(2);
    expect(await ref.credits('germany')).toBe(5 + 2); // Bible Pages at Frankfurt: +2
    // Everything came from the one file: no other file, no network.
    expect(requests.filter((u) => u !== file && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await ref.tab('Game');
    await expect(page.locator('cc-game-panel').innerText()).resolves.toContain('one-file copy');
    await screenshot(page, '21-one-file-copy');
    await context.close();
  });
});

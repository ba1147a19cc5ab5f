// No tap goes astray (issue "The referee at a real table"): a double tap on Buy or Sell back
// records one action even when the list moves under the finger, Undo and Redo count every tap,
// every recorded action is shown with its undo, and after an action the focus goes to the next
// thing to do. Real taps in real Chromium, on games the engine played (table-games.ts).
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ownableCards } from '../../engine/index.js';
import { type Referee, SIZES, servedReferee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

/** A tablet at Germany's first market turn with 30 credits more than the dice gave, and `owned` books already bought. */
async function atMarket(size: keyof typeof SIZES, owned = 0): Promise<{ context: BrowserContext; page: Page; ref: Referee }> {
  const g = played(game).toFirstMarket().give('germany', 30);
  const forSale = ownableCards(game).filter((c) => g.state.table.owner.get(c.id) === 'market');
  for (const c of forSale.slice(0, owned)) g.record({ type: 'buy', country: 'germany', card: c.id });
  const { context, page, ref } = await table.open(SIZES[size]);
  await ref.importFile(g.file());
  await page.locator('cc-turn button.buy').first().waitFor();
  return { context, page, ref };
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const b = (await el.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

const onMarket = (page: Page, card: string) => page.locator(`cc-turn li.book-row:not(.gone)[data-card="${card}"] button.buy`).count();

describe('a double tap records one action', () => {
  test('a 120 ms double click on Buy buys one book; the next book stays where it was', async () => {
    const { context, page, ref } = await atMarket('landscape');
    const rows = page.locator('cc-turn li.book-row:has(button.buy)');
    const [first, second] = [await rows.nth(0).getAttribute('data-card'), await rows.nth(1).getAttribute('data-card')];
    const secondTop = (await rows.nth(1).boundingBox())!.y;
    const at = await centre(page, `cc-turn li[data-card="${first}"] button.buy`);
    const before = await ref.logLength();
    await page.mouse.click(at.x, at.y);
    await page.waitForTimeout(120);
    await page.mouse.click(at.x, at.y);
    await ref.waitForLog(before + 1);
    await ref.settled();
    expect(await ref.logLength()).toBe(before + 1);
    expect(await onMarket(page, first!)).toBe(0);
    expect(await onMarket(page, second!)).toBe(1);
    // The bought book keeps its line, so the rows below did not move up under the finger.
    await expect(page.locator(`cc-turn li.book-row.gone[data-card="${first}"]`).innerText()).resolves.toContain('Bought by Germany');
    expect((await page.locator(`cc-turn li[data-card="${second}"]`).boundingBox())!.y).toBe(secondTop);
    await context.close();
  });

  test('a 60 ms double tap on a touch screen buys one book', async () => {
    const { context, page, ref } = await atMarket('portrait');
    const first = await page.locator('cc-turn li.book-row:has(button.buy)').first().getAttribute('data-card');
    const at = await centre(page, `cc-turn li[data-card="${first}"] button.buy`);
    const before = await ref.logLength();
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForTimeout(60);
    await page.touchscreen.tap(at.x, at.y);
    await ref.waitForLog(before + 1);
    await ref.settled();
    expect(await ref.logLength()).toBe(before + 1);
    await context.close();
  });

  test('a double tap on Sell back sells one book, by click and by touch, though the list moves', async () => {
    const { context, page, ref } = await atMarket('landscape', 3);
    await ref.tab('Market');
    const held = () => page.locator('cc-market section.held-country[aria-label="Germany\'s books"] li.book-row');
    expect(await held().count()).toBeGreaterThanOrEqual(3); // and the manuscript it started with
    for (const tap of ['click', 'touch'] as const) {
      const count = await held().count();
      const at = await centre(page, 'cc-market section.held-country[aria-label="Germany\'s books"] button.sell');
      const before = await ref.logLength();
      if (tap === 'click') {
        await page.mouse.click(at.x, at.y);
        await page.waitForTimeout(120);
        await page.mouse.click(at.x, at.y);
      } else {
        await page.touchscreen.tap(at.x, at.y);
        await page.waitForTimeout(60);
        await page.touchscreen.tap(at.x, at.y);
      }
      await ref.waitForLog(before + 1);
      await ref.settled();
      expect(await ref.logLength(), `a ${tap} double tap`).toBe(before + 1);
      expect(await held().count()).toBe(count - 1);
    }
    await context.close();
  });
});

describe('undo and redo count every tap', () => {
  test('three taps on Undo 0.3 s apart undo three actions; three on Redo bring them back', async () => {
    const { context, page, ref } = await atMarket('landscape', 3);
    const credits = await ref.credits('germany');
    const before = await ref.logLength();
    const undo = await centre(page, 'cc-status button.undo');
    for (let i = 0; i < 3; i++) {
      await page.touchscreen.tap(undo.x, undo.y);
      await page.waitForTimeout(300);
    }
    await ref.waitForLog(before + 3);
    await ref.settled();
    expect(await ref.logLength()).toBe(before + 3);
    await expect(page.locator('cc-market, cc-turn').first().locator('li.book-row button.buy').count()).resolves.toBeGreaterThan(0);
    const refunded = await ref.credits('germany');
    expect(refunded).toBeGreaterThan(credits);
    const redo = await centre(page, 'cc-status button.redo');
    for (let i = 0; i < 3; i++) {
      await page.mouse.click(redo.x, redo.y);
      await page.waitForTimeout(300);
    }
    await ref.waitForLog(before + 6);
    await ref.settled();
    expect(await ref.credits('germany')).toBe(credits);
    await context.close();
  });

  test('every recorded action shows a note with its undo, and the focus goes on to the next thing to do', async () => {
    const { context, page, ref } = await atMarket('landscape');
    const first = page.locator('cc-turn li.book-row:has(button.buy)').first();
    const card = (await first.getAttribute('data-card'))!;
    const title = ownableCards(game).find((c) => c.id === card)!.title;
    await ref.record(() => first.locator('button.buy').click());
    const toast = page.locator('cc-toasts .toast').last();
    await expect(toast.innerText()).resolves.toContain(`buys ${title}`);
    // The note takes no tap (it floats over the panel, whose buttons lie under it): its undo is in the bar.
    const box = (await toast.boundingBox())!;
    const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('cc-toasts') !== null, {
      x: box.x + 10,
      y: box.y + box.height / 2,
    });
    expect(under, 'a tap on the note reaches what is under it').toBe(false);
    await ref.settled();
    const quick = page.locator('cc-action-bar button.toast-button');
    await expect(quick.innerText()).resolves.toContain('Undo');
    await ref.record(() => quick.click());
    expect(await onMarket(page, card)).toBe(1);
    await expect(page.locator('cc-toasts .toast').last().innerText()).resolves.toMatch(/^Undone: .*buys/);
    await expect(quick.innerText()).resolves.toContain('Redo');
    // Two notes are kept, and only the newest shows on a tablet too: a stack covered what was being worked on.
    expect(await page.locator('cc-toasts .toast').count()).toBeGreaterThan(1);
    expect(await page.locator('cc-toasts .toast:visible').count()).toBe(1);
    // The undo's own button left the screen: the focus is on the next step, not the page's body.
    await ref.settled();
    expect(await page.evaluate(() => document.activeElement?.closest('cc-action-bar, #panel') !== null)).toBe(true);
    await context.close();
  });

  test('Enter in the card-code field applies the card it names', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.startGame({ players: 3 });
    await expect(page.locator('cc-card-entry h3').innerText()).resolves.toBe('Germany draws its national event for the 15th century');
    await page.locator('cc-card-entry input.code-input').fill('ne-ger-15-1');
    await ref.record(() => page.locator('cc-card-entry input.code-input').press('Enter'));
    await expect(page.locator('cc-toasts .toast').last().innerText()).resolves.toContain('Germany');
    await context.close();
  });
});

/** A touch driven by hand through the DevTools protocol: down at `from`, moved through `path`, lifted at the last point. */
async function touch(page: Page, from: { x: number; y: number }, path: { x: number; y: number }[], holdMs = 0): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (const p of path) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  if (holdMs > 0) await page.waitForTimeout(holdMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a tap acts when the finger lifts (fast-tap.ts), and only a tap does', () => {
  test('the purchase is under way as the finger lifts, before the browser’s click; one tap, one book', async () => {
    const { context, page, ref } = await atMarket('portrait');
    // Listening after the page, on the lift itself: is the page already recording?
    await page.evaluate(() => {
      window.addEventListener('pointerup', () => {
        (window as unknown as { atLift: boolean }).atLift = document.querySelector('codex-referee')!.hasAttribute('data-recording');
      });
    });
    const first = await page.locator('cc-turn li.book-row:has(button.buy)').first().getAttribute('data-card');
    const at = await centre(page, `cc-turn li[data-card="${first}"] button.buy`);
    const before = await ref.logLength();
    await page.touchscreen.tap(at.x, at.y);
    await ref.waitForLog(before + 1);
    expect(await page.evaluate(() => (window as unknown as { atLift: boolean }).atLift)).toBe(true);
    // The browser's own click of that tap comes later and lands where the next book moved: dropped.
    await page.waitForTimeout(1200);
    await ref.settled();
    expect(await ref.logLength()).toBe(before + 1);
    expect(await onMarket(page, first!)).toBe(0);
    await context.close();
  });

  test('a finger that slides off the button (a scroll) or lifts elsewhere buys nothing', async () => {
    const { context, page, ref } = await atMarket('portrait');
    const at = await centre(page, 'cc-turn li.book-row:has(button.buy) button.buy');
    const before = await ref.logLength();
    await touch(page, at, [
      { x: at.x, y: at.y - 20 },
      { x: at.x, y: at.y - 60 },
    ]);
    await touch(page, at, [{ x: at.x - 150, y: at.y }]);
    await page.waitForTimeout(800);
    await ref.settled();
    expect(await ref.logLength()).toBe(before);
    await context.close();
  });
});

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

  test('an action whose place in the log another tab has already taken is refused, and the banker is told why', async () => {
    const context = await tablet(table.browser);
    const ref = new Referee(await context.newPage());
    await ref.open(`http://127.0.0.1:${table.server.port}/`);
    await ref.startGame({ players: 3 });
    await ref.nationalEvent('NE-GER-15-1');
    const before = await ref.logLength();
    // Another tab (here, a script with the same store) records the next entry first.
    await ref.page.evaluate(
      () =>
        new Promise<void>((done, fail) => {
          const open = indexedDB.open('codex-referee');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('entries', 'readwrite');
            const store = tx.objectStore('entries');
            const all = store.getAll();
            all.onsuccess = () => {
              const rows = all.result as { game: string; seq: number; entry: { seq: number } }[];
              const last = rows.reduce((a, b) => (b.seq > a.seq ? b : a));
              store.add({ ...last, seq: last.seq + 1, entry: { ...last.entry, seq: last.seq + 1 } });
            };
            tx.oncomplete = () => done();
            tx.onerror = () => fail(tx.error);
          };
        }),
    );
    const entry = ref.page.locator('cc-card-entry');
    await entry.locator('button.card-pick[data-code="NE-ITA-15-1"]').click();
    await entry.locator('button.apply-card').click();
    await expect
      .poll(() => ref.page.locator('.notice-refused').textContent())
      .toContain('this game is also open in another tab or window, which recorded an action first');
    expect(await ref.logLength()).toBe(before);
    // The page draws an action while writing it: the refused one is taken off the screen again,
    // toast and all, and the card can still be applied once the other tab is closed.
    expect(await ref.page.locator('codex-referee').getAttribute('data-shown')).toBe(String(before));
    await expect(ref.page.locator(`cc-toasts li.toast[data-seq="${before + 1}"]`).count()).resolves.toBe(0);
    await expect(entry.locator('button.card-pick[data-code="NE-ITA-15-1"]').count()).resolves.toBe(1);
    await context.close();
  });
});

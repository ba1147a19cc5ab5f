// One game, one tab: a second tab of the same browser opening the referee finds the game already
// open elsewhere, says so, and can take it over; the first tab then stops recording and says why.
// Whatever the timing: tabs loaded at the same moment, a game reopened from the list, a take-over
// while a third tab starts another game, take-overs back and forth faster than a long game is
// read, a take-over in the middle of a stream of taps, the owner reloaded or closed, and deleting.
//
// Each scenario runs twice: on the page served to this computer (a secure page: the browser's Web
// Locks decide), and on the page as a tablet on the local network gets it (plain http from
// another address: no Web Locks, the store's claims decide). Tabs are pages of one browser
// context (one browser profile); each test has a context of its own (its own storage).
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveFolder, type RunningServer } from '../../generator/commands/referee-server.js';
import { REFEREE, Referee, launch, screenshot, tablet } from './referee-page.js';
import { builtGame, played } from './table-games.js';

/** This machine's own address on its network, where the page is not a secure one (no Web Locks), as for a tablet over Wi-Fi. */
function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), serveFolder(REFEREE, { host: '0.0.0.0', port: 0 })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Mode {
  name: string;
  /** What the page says it uses (data-tab-guard). */
  guard: 'locks' | 'claims';
  url(): string;
  context(): Promise<BrowserContext>;
}

const LAN = lanAddress();
const MODES: Mode[] = [
  {
    name: 'with Web Locks (the page served to this computer)',
    guard: 'locks',
    url: () => `http://127.0.0.1:${server.port}/`,
    context: () => tablet(browser),
  },
  {
    name: 'without Web Locks (plain http on the local network)',
    guard: 'claims',
    url: () => `http://${LAN ?? '127.0.0.1'}:${server.port}/`,
    async context() {
      const context = await tablet(browser);
      // A machine with no network address of its own: the same browser without the API.
      if (!LAN) await context.addInitScript(() => delete (Navigator.prototype as { locks?: unknown }).locks);
      return context;
    },
  },
];

/** A new tab with the referee open in it. */
async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await new Referee(page).open(url);
  return page;
}

/** Nothing is being recorded or opened in the tab, and it shows a game, the waiting screen or the setup screen. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        (await page.locator('codex-referee[data-ready]').count()) === 1 &&
        (await page.locator('codex-referee[data-game], main.elsewhere, cc-setup').count()) > 0 &&
        (await page.locator('codex-referee[data-recording], main.elsewhere button.take-over[disabled], .boot-message').count()) === 0,
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The game a tab records into, once it has settled (undefined: none: it waits, or sets one up). */
async function gameOf(page: Page): Promise<string | undefined> {
  await settled(page);
  return (await page.locator('codex-referee').getAttribute('data-game')) ?? undefined;
}

/** The waiting screen's title, once the tab has settled (undefined: it does not wait). */
async function waitingTitle(page: Page): Promise<string | undefined> {
  await settled(page);
  const title = page.locator('main.elsewhere h1');
  return (await title.count()) ? ((await title.textContent()) ?? '') : undefined;
}

/** The tabs that hold the game (whatever they have on screen). */
async function holders(pages: Page[], key: string): Promise<Page[]> {
  const games = await Promise.all(pages.map(gameOf));
  return pages.filter((_, i) => games[i] === key);
}

/** Which of these tabs hold the game, by number (1 for the first). */
async function holding(pages: Page[], key: string): Promise<number[]> {
  return (await holders(pages, key)).map((p) => pages.indexOf(p) + 1);
}

/** Exactly this tab of these holds the game (once the others have heard: within milliseconds). */
async function onlyHolder(pages: Page[], key: string, expected: Page): Promise<void> {
  await expect.poll(() => holding(pages, key), { message: 'the tabs holding the game', timeout: 10_000 }).toEqual([pages.indexOf(expected) + 1]);
}

let counter = 0;
/**
 * A tap recording a hand transfer from the bank, asked for as every button of the page asks
 * (the 'referee-act' event); each one different, so none is taken for a double tap. Resolves
 * whether the tab kept it.
 */
async function act(page: Page): Promise<boolean> {
  const n = ++counter;
  const before = Number((await page.locator('codex-referee').getAttribute('data-actions')) ?? -1);
  await page.evaluate((n) => {
    const el = document.querySelector('codex-referee') as HTMLElement & { session?: { state: { table: { players: string[] } } } };
    const to = el.session?.state.table.players[0] ?? 'nobody';
    (document.querySelector('#panel') ?? el).dispatchEvent(
      new CustomEvent('referee-act', { detail: { type: 'transfer', from: 'bank', to, amount: 1 + (n % 7), note: `tap ${n}` }, bubbles: true }),
    );
  }, n);
  await page.waitForTimeout(50);
  await settled(page);
  const after = Number((await page.locator('codex-referee').getAttribute('data-actions')) ?? -1);
  return before >= 0 && after === before + 1;
}

/** Every tab tries to record: exactly the tab expected does, and no tab is refused for a clash with another. */
async function onlyRecorder(pages: Page[], expected: Page): Promise<void> {
  for (const page of pages) expect(await act(page), `tab ${pages.indexOf(page) + 1} recording`).toBe(page === expected);
  for (const page of pages) await expect(page.locator('.notice-refused').count()).resolves.toBe(0);
}

/**
 * The number of actions the tablet keeps for a game (IndexedDB, read from the page): the entries
 * kept one by one and those kept in chunks (an imported or long game), each counted once.
 */
function kept(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (key) =>
      new Promise<number>((done, fail) => {
        const open = indexedDB.open('codex-referee');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['entries', 'chunks'], 'readonly');
          const range = IDBKeyRange.bound([key, Number.NEGATIVE_INFINITY], [key, Number.POSITIVE_INFINITY]);
          const seqs = new Set<number>();
          const single = tx.objectStore('entries').getAll(range);
          single.onsuccess = () => {
            for (const e of single.result as { seq: number }[]) seqs.add(e.seq);
          };
          const chunks = tx.objectStore('chunks').getAll(range);
          chunks.onsuccess = () => {
            for (const c of chunks.result as { entries: { seq: number }[] }[]) for (const e of c.entries) seqs.add(e.seq);
          };
          tx.oncomplete = () => {
            db.close();
            done(seqs.size);
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
    key,
  );
}

async function startGame(page: Page, players = 3): Promise<string> {
  await new Referee(page).startGame({ players });
  return (await gameOf(page))!;
}

/** Taps "Take the game over here", as a banker does: after reading the screen (a tap at the spot of the last one, sooner, is taken for a double tap). */
async function takeOver(page: Page): Promise<void> {
  await page.waitForTimeout(500);
  await page.locator('main.elsewhere button.take-over').click();
  await settled(page);
}

/**
 * "Take the game over here" the moment it can be, from the keyboard (a tap at the spot of the
 * last one would be taken for the second half of a double tap), without waiting for the game.
 */
async function takeOverNow(page: Page): Promise<void> {
  const button = page.locator('main.elsewhere button.take-over:not([disabled])');
  await button.waitFor({ timeout: 30_000 });
  await button.press('Enter');
}

for (const mode of MODES) {
  describe(`a game open in two tabs, ${mode.name}`, () => {
    test('the page uses the guard this browser allows', async () => {
      const context = await mode.context();
      const page = await openTab(context, mode.url());
      expect(await page.locator('codex-referee').getAttribute('data-tab-guard')).toBe(mode.guard);
      await context.close();
    });

    test('the second tab waits and can take the game over; the first stops recording', async () => {
      const context = await mode.context();
      const first = new Referee(await openTab(context, mode.url()));
      await first.startGame({ players: 3 });
      await first.nationalEvent('NE-GER-15-1');

      const secondPage = await openTab(context, mode.url());
      const second = new Referee(secondPage);
      await expect(waitingTitle(secondPage)).resolves.toBe('This game is open in another tab');
      if (mode.guard === 'locks') await screenshot(secondPage, '40-open-elsewhere');
      // The first tab still records.
      await first.nationalEvent('NE-ITA-15-1');

      await secondPage.locator('button.take-over').click();
      await secondPage.locator('cc-turn').waitFor();
      expect(await second.logLength()).toBe(4);
      await expect(waitingTitle(first.page)).resolves.toBe('This game is now open in another tab');
      expect(await first.page.locator('cc-turn').count()).toBe(0);

      // And back again.
      await first.page.locator('button.take-over').click();
      await first.page.locator('cc-turn').waitFor();
      await expect(waitingTitle(secondPage)).resolves.toBe('This game is now open in another tab');
      await onlyRecorder([first.page, secondPage], first.page);
      await context.close();
    });

    // C1: each tab asked "who has it?" and waited; loaded together, neither answered the other.
    test('tabs loaded at the same moment: exactly one has the game, the others wait', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const key = await startGame(first);
      expect(await act(first)).toBe(true);
      const second = await openTab(context, mode.url());
      await expect(waitingTitle(second)).resolves.toBe('This game is open in another tab');
      for (let round = 0; round < 4; round++) {
        await Promise.all([first.reload(), second.reload()]);
        await expect.poll(async () => (await holding([first, second], key)).length, { message: `round ${round}: tabs holding the game` }).toBe(1);
        const other = (await holders([first, second], key))[0] === first ? second : first;
        await expect(waitingTitle(other)).resolves.toBe('This game is open in another tab');
      }
      await onlyRecorder([first, second], (await holders([first, second], key))[0]!);

      // A browser restoring three tabs at once.
      await first.close();
      await second.close();
      const three = await Promise.all([1, 2, 3].map(() => context.newPage()));
      await Promise.all(three.map((p) => p.goto(mode.url())));
      await Promise.all(three.map((p) => new Referee(p).ready()));
      await expect.poll(async () => (await holding(three, key)).length).toBe(1);
      const held = await holders(three, key);
      for (const p of three) if (p !== held[0]) await expect(waitingTitle(p)).resolves.toBe('This game is open in another tab');
      await onlyRecorder(three, held[0]!);
      await context.close();
    });

    // C2: reopening from "Games on this tablet" opened the game without asking or telling the owner.
    test('reopening a game open in another tab from the list waits; taking it over stops the other tab', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const gameA = await startGame(first);
      expect(await act(first)).toBe(true);

      const second = await openTab(context, mode.url());
      await second.getByRole('button', { name: 'Set up or import another game' }).click();
      const gameB = await startGame(second, 4);
      expect(await act(second)).toBe(true);
      await new Referee(second).tab('Game');
      const rowA = second.locator(`cc-kept-games li[data-key="${gameA}"]`);
      await rowA.locator('button.resume').click();
      await expect.poll(() => waitingTitle(second)).toBe('This game is open in another tab');
      expect(await second.locator('main.elsewhere').getAttribute('data-key')).toBe(gameA);
      if (mode.guard === 'claims') await screenshot(second, '41-reopen-elsewhere');
      // The first tab still has A; the second still has B behind the question.
      await onlyHolder([first, second], gameA, first);
      expect(await act(first)).toBe(true);
      await second.getByRole('button', { name: 'Back to the game on screen' }).click();
      expect(await gameOf(second)).toBe(gameB);
      expect(await act(second)).toBe(true);
      // Where the browser can tell (Web Locks), the list says A is open elsewhere, and offers no Delete.
      await new Referee(second).tab('Game');
      if (mode.guard === 'locks') {
        await expect.poll(() => rowA.locator('strong').textContent()).toContain('Open in another tab');
        expect(await rowA.locator('button.delete').count()).toBe(0);
      }

      // Reopened again, and taken over this time: A with every action of the first tab.
      await second.locator(`cc-kept-games li[data-key="${gameA}"] button.resume`).click();
      await takeOver(second);
      expect(await gameOf(second)).toBe(gameA);
      expect(await new Referee(second).logLength()).toBe(2);
      await expect(waitingTitle(first)).resolves.toBe('This game is now open in another tab');
      await onlyRecorder([first, second], second);

      // B was let go of: a new tab opens it at once from the list.
      const third = await openTab(context, mode.url());
      expect(await waitingTitle(third)).toBe('This game is open in another tab');
      await third.getByRole('button', { name: 'Set up or import another game' }).click();
      await startGame(third);
      await new Referee(third).tab('Game');
      await third.locator(`cc-kept-games li[data-key="${gameB}"] button.resume`).click();
      await expect.poll(() => gameOf(third)).toBe(gameB);
      expect(await new Referee(third).logLength()).toBe(2);
      await context.close();
    });

    // C3: the take-over loaded the newest game on the tablet, not the one it waited for.
    test('taking over opens the game waited for, even when a third tab has just started another', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const gameA = await startGame(first);
      expect(await act(first)).toBe(true);
      expect(await act(first)).toBe(true);
      const second = await openTab(context, mode.url());
      const third = await openTab(context, mode.url());
      await third.getByRole('button', { name: 'Set up or import another game' }).click();
      const gameB = await startGame(third, 5);

      await takeOver(second);
      expect(await gameOf(second)).toBe(gameA);
      expect(await new Referee(second).logLength()).toBe(2);
      expect(await gameOf(third)).toBe(gameB);
      await expect(waitingTitle(first)).resolves.toBe('This game is now open in another tab');
      expect(await act(second)).toBe(true);
      expect(await act(third)).toBe(true);
      expect(await act(first)).toBe(false);
      expect(await kept(first, gameA)).toBe(3);
      expect(await kept(first, gameB)).toBe(1);
      for (const p of [first, second, third]) await expect(p.locator('.notice-refused').count()).resolves.toBe(0);
      await context.close();
    });

    // C4: a take-over heard while the tab was still reading the game was ignored.
    test('take-overs back and forth faster than a long game is read leave exactly one tab recording', { timeout: 180_000 }, async () => {
      // A long game: the tablet takes a moment to read and replay it.
      const long = played(builtGame()).toFirstMarket();
      for (let i = 0; i < 6000; i++) long.give(long.state.table.players[i % 3]!, 1);
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      await new Referee(first).importFile(long.file());
      const key = (await gameOf(first))!;
      const second = await openTab(context, mode.url());
      await expect(waitingTitle(second)).resolves.toBe('This game is open in another tab');

      // Each tab takes the game back the moment it can, often while the other is still reading it.
      for (const page of [second, first, second, first, second, first, second]) await takeOverNow(page);
      // The last to take it over has it.
      await onlyHolder([first, second], key, second);
      await expect(waitingTitle(first)).resolves.toBe('This game is now open in another tab');
      await onlyRecorder([first, second], second);
      expect(await kept(first, key)).toBe(long.log.length + 1);
      await context.close();
    });

    // A tab that has not yet heard of the take-over must not add to the log the new tab has read.
    test('a take-over in the middle of a stream of taps: nothing is written after it, and the new tab never clashes', { timeout: 120_000 }, async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const key = await startGame(first);
      const second = await openTab(context, mode.url());
      let [from, to] = [first, second];
      for (let round = 0; round < 4; round++) {
        // The tab holding the game taps as fast as it will take taps.
        await from.evaluate(() => {
          let n = 0;
          const el = document.querySelector('codex-referee') as HTMLElement & { session?: { state: { table: { players: string[] } } } };
          const tap = () => {
            if (!el.session) return;
            if (!el.hasAttribute('data-recording')) {
              n++;
              const detail = { type: 'transfer', from: 'bank', to: el.session.state.table.players[1], amount: 1 + (n % 9), note: `stream ${Math.random()}` };
              (document.querySelector('#panel') ?? el).dispatchEvent(new CustomEvent('referee-act', { detail, bubbles: true }));
            }
            setTimeout(tap, 0);
          };
          tap();
        });
        await from.waitForTimeout(300 + round * 70);
        await takeOverNow(to);
        await onlyHolder([from, to], key, to);
        await expect(waitingTitle(from)).resolves.toBe('This game is now open in another tab');
        await from.waitForTimeout(300);
        // Everything kept is on the new tab's screen, and its next tap is kept.
        const shown = await new Referee(to).logLength();
        expect(await kept(to, key), `round ${round}: kept vs shown by the tab that took over`).toBe(shown);
        expect(await act(to)).toBe(true);
        await expect(to.locator('.notice-refused').count()).resolves.toBe(0);
        [from, to] = [to, from];
      }
      await context.close();
    });

    test('three tabs: each take-over leaves exactly one recording', async () => {
      const context = await mode.context();
      const tabs = [await openTab(context, mode.url())];
      const key = await startGame(tabs[0]!);
      expect(await act(tabs[0]!)).toBe(true);
      tabs.push(await openTab(context, mode.url()), await openTab(context, mode.url()));
      for (const p of tabs.slice(1)) await expect(waitingTitle(p)).resolves.toBe('This game is open in another tab');
      for (const taker of [tabs[1]!, tabs[2]!, tabs[0]!, tabs[2]!]) {
        await takeOver(taker);
        await onlyHolder(tabs, key, taker);
        expect(await act(taker)).toBe(true);
      }
      await onlyRecorder(tabs, tabs[2]!);
      await context.close();
    });

    test('the owner reloaded keeps the game; closed, the next tab takes it, and a new tab then finds it open', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const key = await startGame(first);
      expect(await act(first)).toBe(true);
      const second = await openTab(context, mode.url());
      await first.reload();
      await new Referee(first).ready();
      expect(await gameOf(first)).toBe(key);
      await expect(waitingTitle(second)).resolves.toBe('This game is open in another tab');
      await onlyRecorder([first, second], first);

      // Closed: the waiting tab takes it over; a tab opened after finds it open there.
      await first.close();
      await takeOver(second);
      expect(await new Referee(second).logLength()).toBe(2);
      const third = await openTab(context, mode.url());
      await expect(waitingTitle(third)).resolves.toBe('This game is open in another tab');
      await onlyRecorder([second, third], second);

      // The owner closed with nobody waiting: the next tab opens the game at once.
      await second.close();
      const fourth = await openTab(context, mode.url());
      expect(await gameOf(fourth)).toBe(key);
      await third.reload();
      await new Referee(third).ready();
      await expect(waitingTitle(third)).resolves.toBe('This game is open in another tab');
      await onlyRecorder([third, fourth], fourth);
      await context.close();
    });

    test('a take-over at the moment the owner reloads: exactly one tab has the game', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const key = await startGame(first);
      const second = await openTab(context, mode.url());
      let [owner, waiting] = [first, second];
      for (let round = 0; round < 4; round++) {
        await Promise.all([owner.reload(), takeOverNow(waiting)]);
        await new Referee(owner).ready();
        await expect.poll(async () => (await holding([first, second], key)).length, { message: `round ${round}: tabs holding the game` }).toBe(1);
        [owner] = await holders([first, second], key);
        waiting = owner === first ? second : first;
        expect(await waitingTitle(waiting)).toMatch(/^This game is (now )?open in another tab$/);
        await onlyRecorder([first, second], owner!);
      }
      await context.close();
    });

    test('a tab that imports a game holds it: another tab reloaded waits for it', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      await startGame(first);
      const second = await openTab(context, mode.url());
      await second.getByRole('button', { name: 'Set up or import another game' }).click();
      await new Referee(second).importFile(played(builtGame()).toFirstMarket().file());
      const imported = (await gameOf(second))!;
      // The imported game is the tablet's current one now: the first tab, reloaded, finds it open.
      await first.reload();
      await new Referee(first).ready();
      expect(await waitingTitle(first)).toBe('This game is open in another tab');
      expect(await first.locator('main.elsewhere').getAttribute('data-key')).toBe(imported);
      await onlyRecorder([first, second], second);
      await context.close();
    });

    test('a game open in another tab is not deleted from the list', async () => {
      const context = await mode.context();
      const first = await openTab(context, mode.url());
      const gameA = await startGame(first);
      expect(await act(first)).toBe(true);
      const second = await openTab(context, mode.url());
      await second.getByRole('button', { name: 'Set up or import another game' }).click();
      await startGame(second, 4);
      await new Referee(second).tab('Game');
      const rowA = second.locator(`cc-kept-games li[data-key="${gameA}"]`);
      await rowA.waitFor();
      if (mode.guard === 'claims') {
        // Without Web Locks the list cannot tell beforehand: the deletion itself is refused.
        await rowA.locator('button.delete').click();
        await rowA.locator('button.delete-yes').click();
        await expect.poll(() => second.locator('cc-kept-games .notice-problem').textContent()).toContain('open in another tab');
      } else expect(await rowA.locator('button.delete').count()).toBe(0);
      expect(await act(first)).toBe(true);
      expect(await kept(first, gameA)).toBe(2);

      // Closed there, it can be deleted.
      await first.close();
      await new Referee(second).tab('Turn');
      await new Referee(second).tab('Game');
      await rowA.locator('button.delete').click();
      await rowA.locator('button.delete-yes').click();
      await expect.poll(() => rowA.count()).toBe(0);
      expect(await kept(second, gameA)).toBe(0);
      await context.close();
    });
  });
}

describe('the one-file copy opened from disk', () => {
  test('in two tabs: the second waits and can take the game over', async () => {
    const context = await tablet(browser);
    const url = pathToFileURL(join(REFEREE, 'codex-referee.html')).href;
    const first = await openTab(context, url);
    const key = await startGame(first);
    expect(await act(first)).toBe(true);
    const second = await openTab(context, url);
    await expect(waitingTitle(second)).resolves.toBe('This game is open in another tab');
    await takeOver(second);
    expect(await gameOf(second)).toBe(key);
    await expect(waitingTitle(first)).resolves.toBe('This game is now open in another tab');
    await onlyRecorder([first, second], second);
    // Opened from disk, the page has Web Locks too.
    expect(await second.locator('codex-referee').getAttribute('data-tab-guard')).toBe('locks');
    await context.close();
  });
});

describe('a write another tab has taken the place of', () => {
  test('is refused, and the banker is told why', async () => {
    const context = await tablet(browser);
    const ref = new Referee(await context.newPage());
    await ref.open(`http://127.0.0.1:${server.port}/`);
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

describe('a claim another tab made that this tab has not heard of', () => {
  // Only the store's fence stands between the two: the claim is written straight into the
  // store, so no lock, message or event tells this tab of it before its next write.
  test('refuses the next write: the tab stops, says which tap was not recorded, and nothing is kept', async () => {
    const context = await tablet(browser);
    const ref = new Referee(await context.newPage());
    await ref.open(`http://127.0.0.1:${server.port}/`);
    await ref.startGame({ players: 3 });
    await ref.nationalEvent('NE-GER-15-1');
    const key = (await gameOf(ref.page))!;
    const before = await kept(ref.page, key);
    await ref.page.evaluate(
      (key) =>
        new Promise<void>((done, fail) => {
          const open = indexedDB.open('codex-referee');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('claims', 'readwrite');
            const claims = tx.objectStore('claims');
            const newest = claims.openCursor(IDBKeyRange.bound([key, Number.NEGATIVE_INFINITY], [key, Number.POSITIVE_INFINITY]), 'prev');
            newest.onsuccess = () => {
              const epoch = (newest.result?.value as { epoch: number } | undefined)?.epoch ?? 0;
              claims.add({ game: key, epoch: epoch + 1, tab: 'another-tab', at: new Date().toISOString() });
            };
            tx.oncomplete = () => done();
            tx.onerror = () => fail(tx.error);
          };
        }),
      key,
    );
    const entry = ref.page.locator('cc-card-entry');
    await entry.locator('button.card-pick[data-code="NE-ITA-15-1"]').click();
    await entry.locator('button.apply-card').click();
    await expect(waitingTitle(ref.page)).resolves.toBe('This game is now open in another tab');
    await expect(ref.page.locator('main.elsewhere').innerText()).resolves.toContain('The last action tapped here was not recorded');
    expect(await kept(ref.page, key)).toBe(before);
    await context.close();
  });
});

// Players' phones join the game (issue "The referee at a real table"): the banker's tablet, opened
// at the address `codex-conquest referee` prints, shows a QR code per country; a phone (a second
// browser, phone-sized) opens its country's link from the real server, sees its own books and
// never another country's — neither on screen nor in what the server sends it — and follows the
// banker's taps within a second. The page without the banker's key plays on alone.
import { describe, expect, test } from 'vitest';
import { countryName, finalScores, ownableCards, ranking } from '../../engine/index.js';
import { PHONE, REFEREE, Referee, SIZES, bankerUrl, screenshot, seriousA11yProblems, servedReferee } from './referee-page.js';
import { serveFolder, type RunningServer } from '../../generator/commands/referee-server.js';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { builtGame, played } from './table-games.js';
import { qrSvg } from '../../generator/commands/qr-svg.js';

const table = servedReferee();
const game = builtGame();
const title = (id: string) => ownableCards(game).find((c) => c.id === id)!.title;

/** Reads the first message a phone's event stream carries, as the server sends it. */
async function firstMessage(url: string): Promise<string> {
  const res = await fetch(url);
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes('event: table')) text += new TextDecoder().decode((await reader.read()).value);
  while (!/event: table\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  return text;
}

/** A new three-player game on the tablet, at its Game tab: the page, and Italy's phone link once it shows. */
async function newGameAtPhones(tablet: BrowserContext, server: RunningServer): Promise<{ page: Page; link: Locator }> {
  const page = await tablet.newPage();
  const ref = new Referee(page);
  await ref.open(bankerUrl(server));
  await ref.startGame({ players: 3 });
  await ref.tab('Game');
  const link = page.locator('cc-phones li.phone-code[data-country=italy] a.phone-link');
  await link.waitFor();
  return { page, link };
}

describe("players' phones", () => {
  test('a phone joins by its link, sees its own books and not the others’, and follows the banker within a second', async () => {
    // Germany and Italy each hold a book already; Germany is at the market with credits to spend.
    const g = played(game).toFirstMarket().give('germany', 20).give('italy', 20);
    const market = () => ownableCards(game).filter((c) => g.state.table.owner.get(c.id) === 'market');
    const germanBook = market()[0]!.id;
    g.record({ type: 'buy', country: 'germany', card: germanBook });
    const italianBook = market()[0]!.id;

    const tablet = await table.browser.newContext({ viewport: SIZES.landscape, hasTouch: true });
    const page = await tablet.newPage();
    const ref = new Referee(page);
    await ref.open(bankerUrl(table.server));
    await ref.importFile(g.file());
    // Italy buys at its own turn: Germany ends its turn, Italy rolls and buys.
    await ref.endTurn();
    await ref.roll(3);
    await ref.buy(ownableCards(game).find((c) => c.id === italianBook)!.code);
    // The banker's key is kept, and gone from the address bar on the shared screen.
    expect(page.url()).not.toContain('banker=');
    await ref.tab('Game');
    const link = page.locator('cc-phones li.phone-code[data-country=germany] a.phone-link');
    await link.waitFor();
    const codes = page.locator('cc-phones li.phone-code img.qr');
    expect(await codes.count()).toBe(3);
    // Each code is drawn (the server made it) and holds its country's link, nothing else.
    await expect
      .poll(() => codes.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await screenshot(page, 'phones-tablet');
    const phoneUrl = (await link.getAttribute('href'))!;
    const germanCode = page.locator('cc-phones li.phone-code[data-country=germany] img.qr');
    const drawn = await page.evaluate(async (src) => (await fetch(src)).text(), (await germanCode.getAttribute('src'))!);
    expect(drawn).toBe(qrSvg(phoneUrl));

    // What the server sends Germany's phone holds Germany's book and not Italy's.
    const token = new URL(phoneUrl).searchParams.get('phone')!;
    const sent = await firstMessage(`http://127.0.0.1:${table.server.port}/live/events?phone=${encodeURIComponent(token)}`);
    expect(sent).toContain(germanBook);
    expect(sent).not.toContain(italianBook);

    // The phone: a second browser, phone-sized.
    const phoneContext = await table.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phone = await phoneContext.newPage();
    await phone.goto(phoneUrl);
    await phone.locator('codex-phone[data-country=germany][data-connection=live]').waitFor();
    const books = phone.locator('.phone-books');
    await expect(books.innerText()).resolves.toContain(title(germanBook));
    expect(await phone.locator('codex-phone').innerText()).not.toContain(title(italianBook));
    // Measured against the phone's own width: a mobile browser widens its page to fit what overflows.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yProblems(phone)).toEqual([]);
    await screenshot(phone, 'phone-germany');

    // A tap on the tablet reaches the phone within a second: Italy pays Germany by hand.
    await ref.tab('Trades');
    const form = page.locator('cc-deals section.transfer');
    await form.getByLabel('From').selectOption('italy');
    await form.getByLabel('To').selectOption('germany');
    await form.getByLabel('Credits').fill('2');
    const credits = Number(await phone.locator('.phone-credits .amount').textContent());
    const tapped = Date.now();
    await form.locator('button.record-transfer').click();
    await expect.poll(() => phone.locator('.phone-credits .amount').textContent(), { timeout: 1000, interval: 20 }).toBe(String(credits + 2));
    const took = Date.now() - tapped;
    expect(took).toBeLessThan(1000);
    console.log(`phone updated ${took} ms after the banker's tap`);

    // A new game on the tablet (fewer actions than the one shown): the phone follows it too.
    await ref.tab('Game');
    await page.locator('button.new-game').click();
    // The banker reads the question first (a second tap at the same spot at once is a double tap).
    await page.waitForTimeout(500);
    await page.locator('button.new-game-yes').click();
    await ref.startGame({ players: 3 });
    const fresh = await ref.credits('germany');
    expect(fresh).not.toBe(credits + 2);
    await expect.poll(() => phone.locator('.phone-credits .amount').textContent(), { timeout: 5000 }).toBe(String(fresh));
    await expect.poll(() => phone.locator('.phone-books').innerText()).not.toContain(title(germanBook));
    await phoneContext.close();
    await tablet.close();
  });

  test('at the end of the game every phone shows who won, and where its own country came', async () => {
    const g = played(game).until((s) => s.phase === 'over');
    const places = ranking(finalScores(game, g.state.setup.edition, g.state.table));
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    const phoneContext = await table.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const page = await tablet.newPage();
      const ref = new Referee(page);
      await ref.open(bankerUrl(table.server));
      await ref.importFile(g.file());
      await ref.tab('Game');
      // The last country in the order: its phone names the winner and its own place.
      const last = places.at(-1)!;
      const link = page.locator(`cc-phones li.phone-code[data-country=${last.countries[0]}] a.phone-link`);
      await link.waitFor();
      const phone = await phoneContext.newPage();
      await phone.goto((await link.getAttribute('href'))!);
      const result = phone.locator('.phone-result');
      await result.waitFor();
      const text = await result.innerText();
      const first = places[0]!;
      expect(text).toContain(first.countries.length > 1 ? 'share the victory' : `${countryName(game, first.countries[0]!)} wins with ${first.total} point`);
      if (last.place > 1) expect(text).toContain(`${countryName(game, last.countries[0]!)} came ${last.place}`);
      expect(await phone.locator('.phone-standings li').count()).toBe(places.length);
      await screenshot(phone, 'phone-game-over');
    } finally {
      await phoneContext.close();
      await tablet.close();
    }
  });

  test('the tablet shows a phone joining and leaving within seconds, with no action recorded meanwhile', async () => {
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    const phoneContext = await table.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const { page, link } = await newGameAtPhones(tablet, table.server);
      const italy = page.locator('cc-phones li.phone-code[data-country=italy]');
      await expect.poll(() => italy.innerText()).toContain('No phone yet');
      const phone = await phoneContext.newPage();
      await phone.goto((await link.getAttribute('href'))!);
      await phone.locator('codex-phone[data-connection=live]').waitFor();
      await expect.poll(() => italy.innerText(), { timeout: 6_000 }).toContain('A phone is following');
      await phone.close();
      await expect.poll(() => italy.innerText(), { timeout: 6_000 }).toContain('No phone yet');
    } finally {
      await phoneContext.close();
      await tablet.close();
    }
  });

  test('a referee that answers this computer only (--host 127.0.0.1) says no phone can reach it, and gives links to open here, no QR codes', async () => {
    const server = await serveFolder(REFEREE, { host: '127.0.0.1', port: 0, live: true });
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    try {
      const { page, link } = await newGameAtPhones(tablet, server);
      expect(await page.locator('cc-phones').innerText()).toContain('answers this computer only, so no phone can reach it');
      expect(await page.locator('cc-phones img.qr').count()).toBe(0);
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?phone=`));
      await screenshot(page, 'phones-this-computer-only');
    } finally {
      await tablet.close();
      await server.close();
    }
  });

  test('on a computer with a network address, the tablet opened at this computer gives the phones links at that address', async () => {
    // As `codex-conquest referee` serves on every network: the address it found for phones.
    let port = 0;
    const server = await serveFolder(REFEREE, { host: '127.0.0.1', port: 0, live: { lanUrls: () => [`http://127.0.0.2:${port}/`] } });
    port = server.port;
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    try {
      const { page, link } = await newGameAtPhones(tablet, server);
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^http://127\\.0\\.0\\.2:${port}/\\?phone=`));
      const words = await page.locator('cc-phones').innerText();
      expect(words).toContain('Each player scans its own country’s code');
      expect(words).not.toContain('this computer only');
    } finally {
      await tablet.close();
      await server.close();
    }
  });

  test('a phone whose referee was restarted says to scan the code again, instead of trying for ever', { timeout: 120_000 }, async () => {
    let server = await serveFolder(REFEREE, { host: '127.0.0.1', port: 0, live: true });
    const port = server.port;
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    const { link } = await newGameAtPhones(tablet, server);
    const phoneContext = await table.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phone = await phoneContext.newPage();
    await phone.goto((await link.getAttribute('href'))!);
    await phone.locator('codex-phone[data-connection=live]').waitFor();
    // The command is stopped and started again on the same port: the links it gives out are new.
    await server.close();
    server = await serveFolder(REFEREE, { host: '127.0.0.1', port, live: true });
    try {
      await phone.locator('codex-phone[data-connection=unknown-link]').waitFor({ timeout: 30_000 });
      await expect(phone.locator('codex-phone').innerText()).resolves.toContain('Scan your country’s code on the banker’s tablet again');
    } finally {
      await phoneContext.close();
      await tablet.close();
      await server.close();
    }
  });

  test('the server refuses a phone link it did not give out, and a game sent without the banker’s key', async () => {
    expect((await fetch(`http://127.0.0.1:${table.server.port}/live/events?phone=made-up`)).status).toBe(404);
    const forged = await fetch(`http://127.0.0.1:${table.server.port}/live/table`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not-the-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ table: {}, libraries: {} }),
    });
    expect(forged.status).toBe(403);
    // A QR code is made only for a short text, and never kept by a cache (a phone's link is a secret).
    const qr = (text: string) => fetch(`http://127.0.0.1:${table.server.port}/live/qr.svg?text=${encodeURIComponent(text)}`);
    expect((await qr('')).status).toBe(400);
    expect((await qr('x'.repeat(1001))).status).toBe(400);
    const made = await qr('http://192.168.1.5:8080/?phone=abc');
    expect([made.status, made.headers.get('content-type'), made.headers.get('cache-control')]).toEqual([200, 'image/svg+xml', 'no-store']);
    const phone = await table.browser.newPage({ viewport: PHONE });
    await phone.goto(`http://127.0.0.1:${table.server.port}/?phone=made-up`);
    // The phone says so once the server has answered it (at once, unless the machine is busy).
    await expect.poll(() => phone.locator('.phone-connection').innerText()).toContain('Scan your country’s code');
    await phone.close();
  });

  test('a tablet opened with a banker link that is not the server’s says so, and stops sending after the first refusal', async () => {
    const tablet = await table.browser.newContext({ viewport: SIZES.landscape });
    const page = await tablet.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/live/table') && r.status() === 403) refused.push(r.url());
    });
    const ref = new Referee(page);
    await ref.open(`http://127.0.0.1:${table.server.port}/#banker=WRONGKEY`);
    await ref.startGame({ players: 3 });
    await ref.nationalEvent('NE-GER-15-1');
    await ref.tab('Game');
    // It had said the server was restarted, which it was not, and sent every action again to be refused.
    await expect.poll(() => page.locator('cc-phones').innerText()).toContain('or this is not the link it printed');
    await ref.settled();
    await ref.record(() => page.locator('cc-status button.undo').click());
    await ref.settled();
    await ref.record(() => page.locator('cc-status button.redo').click());
    await page.waitForTimeout(2_500); // past the panel's refresh
    expect(refused.length).toBe(1);
    await tablet.close();
  });

  test('a tablet without the banker’s key plays on alone, and says how phones could join', async () => {
    const tablet = await table.browser.newContext({ viewport: SIZES.portrait });
    const page = await tablet.newPage();
    const ref = new Referee(page);
    await ref.open(`http://127.0.0.1:${table.server.port}/`);
    await ref.startGame({ players: 3 });
    await ref.nationalEvent('NE-GER-15-1');
    await ref.tab('Game');
    await expect(page.locator('cc-phones').innerText()).resolves.toContain('open this page at the address that codex-conquest referee printed');
    expect(await page.locator('cc-phones .qr').count()).toBe(0);
    await tablet.close();
  });
});

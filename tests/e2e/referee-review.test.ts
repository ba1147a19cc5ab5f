// What a second review of the referee found, each put right and held here: the page never offers
// what the rules forbid (a debtor's Buy buttons, a card the engine would refuse), it says what an
// auction's sale is selling, lists read as sentences ("A, B and C"), the code field shows a real
// code, an import refusal says what to do, and a log line on a phone keeps room for its words.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ownableCards, type GameState } from '../../engine/index.js';
import { PHONE, Referee, servedReferee, tablet } from './referee-page.js';
import { builtGame, played, type PlayedGame } from './table-games.js';

const table = servedReferee();
const game = builtGame();

async function freshPage(viewport?: { width: number; height: number }): Promise<{ page: Page; ref: Referee }> {
  const context = viewport ? await table.browser.newContext({ viewport, hasTouch: true }) : await tablet(table.browser);
  const page = await context.newPage();
  const ref = new Referee(page);
  await ref.open(`http://127.0.0.1:${table.server.port}/`);
  return { page, ref };
}

async function opened(g: PlayedGame, viewport?: { width: number; height: number }): Promise<{ page: Page; ref: Referee }> {
  const { page, ref } = await freshPage(viewport);
  await ref.importFile(g.file());
  await ref.waitForLog(g.log.length);
  return { page, ref };
}

const marketTurn = (s: GameState) => s.phase === 'market' && s.rolled && s.prompts.length === 0 && s.openAuctions.length === 0;

describe('the review of the referee', () => {
  test('a country in debt finds its Buy buttons closed, with the reason on screen', async () => {
    // Classic, five players: England's own national event leaves it owing France 1 at its market turn.
    const g = played(game, { players: 5, edition: 'classic' }).until((s) => marketTurn(s) && s.table.ledger.debts.some((d) => d.debtor === s.current));
    const { page } = await opened(g);
    const buttons = page.locator('cc-turn li.book-row button.buy');
    expect(await buttons.count()).toBeGreaterThan(0);
    expect(await page.locator('cc-turn li.book-row button.buy:not([disabled])').count()).toBe(0);
    await expect(page.locator('cc-turn .buying-closed').textContent()).resolves.toMatch(/owes 1 to France; .* cannot buy until the debt is paid/);
    await page.context().close();
  });

  test('a card the rules refuse shows why in its preview, and no Apply button', async () => {
    const { page, ref } = await freshPage();
    await ref.startGame();
    const entry = page.locator('cc-card-entry');
    // England's national event, at a table of Germany, Italy and Spain.
    await entry.locator('input.code-input').fill('NE-ENG-15-1');
    await expect(entry.locator('.card-preview .card-code').textContent()).resolves.toContain('NE-ENG-15-1');
    await expect(entry.locator('.card-refusal').textContent()).resolves.toMatch(/cannot be played now: .+/);
    expect(await entry.locator('button.apply-card').count()).toBe(0);
    await page.context().close();
  });

  test('the code field shows a real code of this draw as its example', async () => {
    const { page, ref } = await freshPage();
    await ref.startGame();
    const entry = page.locator('cc-card-entry');
    const first = await entry.locator('button.card-pick').first().getAttribute('data-code');
    expect(game.cards.some((c) => c.code === first)).toBe(true);
    await expect(entry.locator('input.code-input').getAttribute('placeholder')).resolves.toBe(`e.g. ${first}`);
    await page.context().close();
  });

  test('an auction says what each sale sells: the whole lot, or only the books picked', async () => {
    const atAuction = (s: GameState) => s.openAuctions.length > 0 && s.prompts.length === 0;
    // The classic edition sells a lot whole.
    const classic = played(game, { edition: 'classic' }).until(atAuction);
    let { page } = await opened(classic);
    const books = await page.locator('cc-auction .pick-list li').count();
    await expect(page.locator('cc-auction .selling-now').textContent()).resolves.toBe(`One sale: the highest bid buys all ${books} books of the lot together.`);
    await page.context().close();
    // The codex edition sells single books too: leaving one out makes the sale for the others only.
    const codex = played(game, { edition: 'codex' }).until(atAuction);
    ({ page } = await opened(codex));
    const sellingNow = page.locator('cc-auction .selling-now');
    await expect(sellingNow.textContent()).resolves.toMatch(/^This sale is for the whole lot \(\d+ books\), as one sale: the highest bid buys them all\./);
    await page.locator('cc-auction button.pick').first().click();
    await expect.poll(() => sellingNow.textContent()).toMatch(/^This sale is for the \d+ books picked only: .* The other 1 book stays for another sale\.$/);
    await page.context().close();
  });

  test('three countries level at the end are listed as a sentence lists them', async () => {
    // Everyone sells back in the last century and the bank evens the credits: a three-way tie.
    const g = played(game, { edition: 'codex' });
    const last = game.centuries[game.centuries.length - 1]!.id;
    const evenUp = () => {
      for (const c of g.state.table.players)
        for (const card of ownableCards(game).filter((b) => g.state.table.owner.get(b.id) === c)) g.record({ type: 'sell', country: c, card: card.id });
      const credits = g.state.table.ledger.credits;
      const top = Math.max(...g.state.table.players.map((c) => credits[c] ?? 0));
      for (const c of g.state.table.players) if ((credits[c] ?? 0) < top) g.give(c, top - (credits[c] ?? 0));
    };
    for (let i = 0; i < 500 && g.state.phase !== 'over'; i++) {
      if (marketTurn(g.state) && g.state.century === last) evenUp();
      // One action of the quick game: done once it has recorded one.
      let recorded = false;
      g.until(() => {
        const done = recorded;
        recorded = true;
        return done;
      });
    }
    const { page } = await opened(g);
    await expect(page.locator('cc-turn .tie-note').textContent()).resolves.toMatch(/^Germany, Italy and Spain finish level on \d+ points/);
    await page.context().close();
  });

  test('an import refused says what is wrong and what to do', async () => {
    const g = played(game).toFirstMarket();
    const { page, ref } = await freshPage();
    await ref.startGame();
    const refusedWith = async (text: string) => {
      await ref.tab('Game');
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await expect.poll(() => ref.refusal().count()).toBeGreaterThan(0);
      const said = (await ref.refusal().first().textContent()) ?? '';
      await page.locator('.notice button').click();
      return said;
    };
    const file = g.file();
    const tampered = file.replace('"face":3', '"face":5');
    expect(tampered).not.toBe(file);
    expect(await refusedWith(tampered)).toMatch(/changed or damaged since it was saved.*tap “Export this game to a file”, and import that new file here/);
    expect(await refusedWith('{"not": "a game"')).toMatch(/Check that you picked the file the referee saved \(its name ends in \.json\)/);
    await page.context().close();
  });

  test('on a phone, a log line keeps the width for its words and its “Back to here” sits under them', async () => {
    const g = played(game).toFirstMarket();
    const { page, ref } = await opened(g, PHONE);
    await ref.tab('Log');
    const entry = page.locator('cc-log li.log-entry:has(button.undo-to)').first();
    const [box, body, button] = await Promise.all([
      entry.boundingBox(),
      entry.locator('.log-body').boundingBox(),
      entry.locator('button.undo-to').boundingBox(),
    ]);
    expect(box && body && button).toBeTruthy();
    // The words get most of the line, not a narrow column beside the button.
    expect(body!.width).toBeGreaterThan(box!.width * 0.7);
    // The button is below the words, not over or beside them.
    expect(button!.y).toBeGreaterThanOrEqual(body!.y + body!.height - 1);
    await page.context().close();
  });
});

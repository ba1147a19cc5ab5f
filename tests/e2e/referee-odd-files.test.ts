// Odd saved-game files picked on the tablet: read as `codex-conquest replay` reads them (the same
// engine functions), so the page and the command agree. UTF-16 without a byte-order mark opens; a
// field too many — in an entry, in the setup, a '__proto__' in an action — and a file nested
// thousands deep are refused with a sentence saying where; times that are not times are said
// before and after an import, never shown as "Invalid Date".
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SIZES, servedReferee } from './referee-page.js';
import { builtGame, played } from './table-games.js';

const table = servedReferee();
const game = builtGame();

/** A played game's file, and the same text with its check code worked out again after an edit. */
const file = () => played(game).toFirstMarket().file();
function withCheck(text: string): string {
  const o = JSON.parse(text) as { game: { id: string }; rules: string; setup: unknown; log: unknown };
  const check = createHash('sha256')
    .update(JSON.stringify([o.game.id, o.rules, o.setup, o.log]))
    .digest('hex');
  return text.replace(/"check":"[0-9a-f]*"/, `"check":"${check}"`);
}

async function pick(page: Page, bytes: Buffer | string): Promise<void> {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes) });
}

describe('an odd saved-game file', () => {
  test('in UTF-16, with or without a byte-order mark, opens as replay opens it', async () => {
    const text = file();
    const actions = (JSON.parse(text) as { log: unknown[] }).log.length;
    const le = Buffer.from(text, 'utf16le');
    for (const bytes of [le, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()])]) {
      const { context, page, ref } = await table.open(SIZES.landscape);
      await pick(page, bytes);
      await page.locator('cc-turn').waitFor();
      expect(await ref.logLength()).toBe(actions);
      await context.close();
    }
  });

  test('with a field too many, or nested thousands deep, is refused with a sentence saying where', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    const text = file();
    const endTurn = text.indexOf('{"type":"end-turn"}');
    const cases: [string, RegExp][] = [
      [withCheck(text.replace('"seq":2,', '"seq":2,"by":"me",')), /log entry 2 has a field 'by' that does not belong there: remove it\./],
      [withCheck(text.replace('"packs":[', '"seats":4,"packs":[')), /the field 'setup' has a field 'seats' that does not belong there/],
      [
        withCheck(`${text.slice(0, endTurn)}{"type":"end-turn","__proto__":{"x":1}}${text.slice(endTurn + '{"type":"end-turn"}'.length)}`),
        /Action \d+ in this file breaks the rules: This end-turn cannot be recorded: the field '__proto__' is not part of it\./,
      ],
      // Deeper than the check code could be worked out here: the depth is refused first.
      [
        text.replace('"seq":2,', `"seq":2,"note":${'['.repeat(10_000)}${']'.repeat(10_000)},`),
        /log entry 2: its field 'note\.0' holds brackets within brackets/,
      ],
    ];
    for (const [body, message] of cases) {
      await pick(page, body);
      await expect.poll(() => ref.refusal().textContent()).toMatch(message);
      expect(await ref.logLength()).toBe(-1);
      await page.locator('.notice button').click();
    }
    await context.close();
  });

  test('refused, and left on screen: it goes once a good file is picked, and the question about replacing the game stands alone', async () => {
    const { context, page, ref } = await table.open(SIZES.landscape);
    await ref.startGame({ players: 3 });
    await ref.tab('Game');
    const text = file();
    await pick(page, withCheck(text.replace('"seq":2,', '"seq":2,"by":"me",')));
    await expect.poll(() => ref.refusal().count()).toBe(1);
    await pick(page, text);
    await expect.poll(() => page.locator('section.import-question').count()).toBeGreaterThan(0);
    expect(await ref.refusal().count()).toBe(0);
    await context.close();
  });

  test('with times that are not times is opened, and says so: before an import, never as "Invalid Date", and after one', async () => {
    const odd = JSON.parse(file()) as { saved: string; log: { seq: number; at: string }[] };
    odd.saved = 'yesterday';
    odd.log[1]!.at = '1';
    const text = withCheck(JSON.stringify(odd));

    // From the setup screen: opened at once, and the page says what replay warns of.
    const { context, page, ref } = await table.open(SIZES.landscape);
    await pick(page, text);
    await page.locator('cc-turn').waitFor();
    const note = page.locator('.notice-info');
    await expect.poll(() => note.textContent()).toContain('The game is imported, but its file was edited or written by another program');
    await expect(note.textContent()).resolves.toContain('entry 2 gives a time that is not a date and time');
    await expect(note.textContent()).resolves.toContain('the time it was saved, "yesterday", is not a date and time');

    // With a game on screen: the question says it first.
    await ref.tab('Game');
    await page.locator('cc-game-panel input.import-input').setInputFiles({ name: 'again.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    const question = page.locator('cc-game-panel .import-question');
    await question.waitFor();
    const words = await question.innerText();
    expect(words).not.toContain('Invalid Date');
    expect(words).toContain('with no time of saving the page can read');
    expect(words).toContain('In this file, entry 2 gives a time that is not a date and time');
    await context.close();
  });
});

// Text from a content pack is shown as text, never run: a game whose country names, card titles
// and card text look like HTML and script is built and served by the real `referee` command, and
// played in the served page and in its one-file copy. Nothing runs; the text reads as written.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../helpers.js';
import { Referee, launch, tablet } from './referee-page.js';

const FIXTURE = join(ROOT, 'tests', 'fixtures', 'referee-game');
let out: string;
let child: ChildProcess;
let output = '';
let url: string;
let browser: Browser;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'referee-pack-text-'));
  child = spawn(process.execPath, ['bin/codex-conquest.js', 'referee', FIXTURE, '--out', out, '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((ready, fail) => {
    const check = () => (/Press Ctrl\+C to stop/.test(output) ? ready() : child.exitCode !== null ? fail(new Error(output)) : setTimeout(check, 50));
    check();
  });
  url = /On this computer:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)![1]!;
  browser = await launch();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (child?.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
  rmSync(out, { recursive: true, force: true });
});

async function playHostileCards(page: Page, ref: Referee): Promise<void> {
  await ref.startGame({ players: 3 });
  const entry = page.locator('cc-card-entry');
  await entry.locator('button.card-pick').first().click();
  await expect(entry.locator('.card-preview h4').textContent()).resolves.toBe('<img src=x onerror=window.__pwned=4>');
  await expect(entry.locator('.card-preview .card-text').textContent()).resolves.toContain('<iframe srcdoc=’<script>'); // straight quotes become typographic at load, as on the cards
  await ref.record(() => entry.locator('button.apply-card').click());
  await ref.tab('Market');
  await expect(page.locator('cc-market').textContent()).resolves.toContain('</script><script>window.__pwned = 2</script>');
  await ref.tab('Log');
  // textContent: a log line off screen is not drawn (content-visibility), so innerText may skip it.
  await expect(page.locator('cc-log').textContent()).resolves.toContain('plays the national event <img src=x onerror=window.__pwned=4>');
  await expect(page.locator('cc-balances').innerText()).resolves.toContain('Italy <img src=x onerror=window.__pwned=1>');
  // Not one element came from the text.
  expect(await page.locator('img, iframe, cc-market script, cc-log svg[onload]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
}

describe('text from a pack', () => {
  test('the command checks the pack and builds the page for it', () => {
    // An unknown emblem is refused before anything is built (tests/broken/60-unknown-emblem).
    expect(output).toContain('Press Ctrl+C to stop');
    expect(output).not.toMatch(/error:/);
  });

  test('is shown as text in the served page', async () => {
    const context = await tablet(browser);
    const page = await context.newPage();
    const ref = new Referee(page);
    await ref.open(url);
    await playHostileCards(page, ref);
    await expect(page.locator('cc-balances li[data-country=england] .emblem svg').count()).resolves.toBe(1);
    await context.close();
  });

  test('is shown as text in the one-file copy, whose data block it cannot break out of', async () => {
    const context = await tablet(browser);
    const page = await context.newPage();
    const ref = new Referee(page);
    await ref.open(pathToFileURL(join(out, 'referee', 'codex-referee.html')).href);
    await playHostileCards(page, ref);
    await context.close();
  });
});

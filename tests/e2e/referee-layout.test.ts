// The banker never scrolls for the next step (issue "The referee at a real table"): at tablet
// landscape, tablet portrait and phone size, on every tab and at every kind of moment in a game
// of six players (the longest names), the action bar with the next step is inside the screen,
// nothing scrolls sideways, and axe-core finds no serious accessibility problem.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Referee, SCREENS, SIZES, seriousA11yProblems, servedReferee } from './referee-page.js';
import { builtGame, played, type PlayedGame } from './table-games.js';

const table = servedReferee();
const game = builtGame();
const six = () => played(game, { players: 6, length: 'long' });

/** The moments of a game, each as the file that brings the page to it. */
const MOMENTS: Record<string, () => PlayedGame> = {
  'national event': () => six().record({ type: 'play-card', country: 'germany', code: 'NE-GER-15-1' }).record({ type: 'end-turn' }),
  auction: () => six().record({ type: 'play-card', country: 'germany', code: 'NE-GER-15-2' }),
  die: () => six().until((s) => s.phase === 'market' && !s.rolled),
  market: () => six().toFirstMarket().give('germany', 4),
  'game over': () => six().until((s) => s.phase === 'over'),
};
const TABS = ['Market', 'Debts', 'Trades', 'Scores', 'Log', 'Game'] as const;

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
});

async function check(page: Page, size: keyof typeof SIZES, screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const bar = document.querySelector('cc-action-bar .next-bar')?.getBoundingClientRect();
    return {
      bar: bar ? { top: bar.top, bottom: bar.bottom, height: bar.height } : null,
      height: innerHeight,
      // Against the device's own width: a mobile browser widens its page to fit what overflows.
      width: document.documentElement.scrollWidth,
      // Country names in the balances, each on no more lines than it has words: never cut inside a word.
      broken: [...document.querySelectorAll('cc-balances .who')]
        .filter((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return lines > (el.textContent ?? '').trim().split(/\s+/).length;
        })
        .map((el) => el.textContent),
    };
  });
  expect(found.bar, `the action bar on the ${screen} screen at ${size}`).not.toBeNull();
  expect(found.bar!.height).toBeGreaterThan(20);
  expect(found.bar!.top, `the action bar's top on the ${screen} screen at ${size}`).toBeGreaterThanOrEqual(0);
  expect(found.bar!.bottom, `the action bar's foot on the ${screen} screen at ${size}`).toBeLessThanOrEqual(found.height);
  expect(found.width, `sideways scroll on the ${screen} screen at ${size}`).toBeLessThanOrEqual(SIZES[size].width);
  expect(found.broken, `country names cut inside a word on the ${screen} screen at ${size}`).toEqual([]);
  expect(await seriousA11yProblems(page), `accessibility on the ${screen} screen at ${size}`).toEqual([]);
  await page.screenshot({ path: join(SCREENS, `layout-${size}-${screen.replace(/\s+/g, '-')}.png`) });
}

describe('the next step is always on screen, at three sizes', () => {
  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    const viewport = SIZES[size];
    test(`${size} (${viewport.width}×${viewport.height})`, { timeout: 240_000 }, async () => {
      for (const [moment, make] of Object.entries(MOMENTS)) {
        const context = await table.browser.newContext({ viewport, hasTouch: true, isMobile: size === 'phone' });
        const page = await context.newPage();
        const ref = new Referee(page);
        await ref.open(`http://127.0.0.1:${table.server.port}/`);
        await ref.importFile(make().file());
        await page.locator('cc-action-bar .next-bar').waitFor();
        await check(page, size, moment);
        if (moment === 'market') {
          // Scrolled to the foot of the longest list, the bar is still there.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await check(page, size, 'market scrolled');
          for (const tab of TABS) {
            await ref.tab(tab);
            await check(page, size, `${tab} tab`);
          }
        }
        await context.close();
      }
    });
  }
});

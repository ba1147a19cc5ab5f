// Drives the referee page in real Chromium the way a banker does: taps on the buttons people
// see. Shared by the end-to-end tests; the page is served from the real build by the real
// server the `referee` command uses.
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { serveFolder, type RunningServer } from '../../generator/commands/referee-server.js';
import { BUILT } from '../helpers.js';

// The build the global setup made. CC_REFEREE_OUT names another build folder, for runs that must
// not share tests/artifacts/out (e.g. CC_SKIP_BUILD=1 CC_REFEREE_OUT=/tmp/out npx vitest run tests/e2e).
export const OUT = process.env.CC_REFEREE_OUT ?? BUILT;
export const REFEREE = join(OUT, 'referee');
export const SCREENS = join(process.cwd(), 'tests', 'artifacts', 'screens');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * The referee served as `codex-conquest referee` serves it on a computer with a network, phones
 * included (the tablet joins with `bankerUrl`): its address for phones is this one.
 */
export async function serve(): Promise<RunningServer> {
  let port = 0;
  const server = await serveFolder(REFEREE, { host: '127.0.0.1', port: 0, live: { lanUrls: () => [`http://127.0.0.1:${port}/`] } });
  port = server.port;
  return server;
}

/** A browser and the served referee for one test file: opened before its tests, closed after. */
export interface ServedReferee {
  /** Set once `beforeAll` has run: read it inside the tests. */
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A new touch-screen window of this size (its own storage) with the referee open in it. */
  open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; ref: Referee }>;
}

export function servedReferee(): ServedReferee {
  const held = {
    async open(viewport: { width: number; height: number }) {
      const context = await held.browser.newContext({ viewport, hasTouch: true });
      const page = await context.newPage();
      const ref = new Referee(page);
      await ref.open(`http://127.0.0.1:${held.server.port}/`);
      return { context, page, ref };
    },
  } as ServedReferee & { browser: Browser; server: RunningServer };
  beforeAll(async () => {
    [held.browser, held.server] = await Promise.all([launch(), serve()]);
  });
  afterAll(async () => {
    await held.browser?.close();
    await held.server?.close();
  });
  return held;
}

/** The address the command prints for the banker's tablet: the page with the banker's key. */
export function bankerUrl(server: RunningServer): string {
  return `http://127.0.0.1:${server.port}/#banker=${server.live!.bankerKey}`;
}

export const PHONE = { width: 390, height: 844 };
export const SIZES = { landscape: { width: 1180, height: 820 }, portrait: { width: 800, height: 1180 }, phone: PHONE } as const;

/** A tablet-sized window (landscape unless told otherwise). */
export function tablet(browser: Browser, portrait = false): Promise<BrowserContext> {
  return browser.newContext({ viewport: portrait ? { width: 800, height: 1180 } : { width: 1180, height: 820 }, hasTouch: true, acceptDownloads: true });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Accessibility problems of serious or critical impact on the page as it is now. */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  // page.evaluate runs outside the page's content security policy, which forbids injected scripts.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The referee page, as a banker uses it. */
export class Referee {
  /** What the page said on its console, shown when it does not start. */
  private readonly console: string[] = [];

  constructor(readonly page: Page) {
    page.on('console', (m) => this.console.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => this.console.push(`error: ${e.message}`));
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.ready();
  }

  async ready(): Promise<void> {
    try {
      await this.page.locator('codex-referee[data-ready]').waitFor({ timeout: 20_000 });
    } catch (e) {
      const body = await this.page
        .locator('body')
        .innerText()
        .catch(() => '(no page)');
      throw new Error(`the referee page did not start: ${(e as Error).message}\npage: ${body.slice(0, 500)}\nconsole:\n${this.console.join('\n')}`);
    }
  }

  /** Opens a game the engine played (tests/e2e/table-games.ts) from the setup screen's import button. */
  async importFile(text: string): Promise<void> {
    const before = await this.logLength();
    await this.page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    if (before < 0) await this.page.locator('cc-turn').waitFor();
  }

  async startGame(opts: { players?: number; edition?: string; length?: 'short' | 'long' } = {}): Promise<void> {
    const p = this.page;
    await p.locator('cc-setup').waitFor();
    await p
      .locator(`cc-setup input[name=players]`)
      .nth((opts.players ?? 3) - 3)
      .check();
    if (opts.edition) await p.getByRole('radio', { name: opts.edition }).check();
    if (opts.length === 'long') await p.getByRole('radio', { name: /Long play/ }).check();
    await p.getByRole('button', { name: 'Start the game' }).click();
    await p.locator('cc-turn').waitFor();
  }

  tab(name: 'Turn' | 'Market' | 'Debts' | 'Trades' | 'Scores' | 'Log' | 'Game') {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  /** The number of actions the log holds (each recorded tap is one). */
  async logLength(): Promise<number> {
    return Number((await this.page.locator('codex-referee').getAttribute('data-actions')) ?? -1);
  }

  /** Nothing is being recorded, and a second tap still on its way would have been seen. */
  async settled(): Promise<void> {
    // Past the page's guard against a second tap landing where the screen just moved (SETTLE_MS).
    await this.page.waitForTimeout(500);
    await expect.poll(() => this.page.locator('codex-referee[data-recording]').count()).toBe(0);
  }

  async waitForLog(n: number): Promise<void> {
    await expect.poll(() => this.logLength(), { timeout: 10_000 }).toBe(n);
  }

  /** Records one tap and waits until the action is saved and shown. */
  async record(tap: () => Promise<void>): Promise<void> {
    const before = await this.logLength();
    await tap();
    await this.waitForLog(before + 1);
  }

  async credits(country: string): Promise<number> {
    return Number(await this.page.locator(`cc-balances li[data-country=${country}] .amount`).textContent());
  }

  /** The bank's check (the money law) as the page shows it. */
  async bankCheck(): Promise<'ok' | 'wrong'> {
    return (await this.page.locator('cc-balances li.money').getAttribute('data-money')) as 'ok' | 'wrong';
  }

  async status(): Promise<string> {
    return (await this.page.locator('cc-status').innerText()).replace(/\s+/g, ' ').trim();
  }

  refusal() {
    return this.page.locator('.notice-refused');
  }

  /** Picks a drawn event or chance card from the list, checks its text is shown, applies it. */
  async playCard(code: string): Promise<void> {
    const entry = this.page.locator('cc-card-entry');
    await entry.locator(`button.card-pick[data-code="${code}"]`).click();
    await expect.poll(() => entry.locator('.card-preview .card-code').textContent()).toContain(code);
    await this.record(() => entry.locator('button.apply-card').click());
  }

  /** Types the printed code instead of picking from the list. */
  async typeCard(code: string): Promise<void> {
    const entry = this.page.locator('cc-card-entry');
    await entry.locator('input.code-input').fill(code);
    await this.record(() => entry.locator('button.apply-card').click());
  }

  async roll(face: number): Promise<void> {
    await this.record(() => this.page.locator(`cc-die button.face[data-face="${face}"]`).click());
  }

  async endTurn(): Promise<void> {
    await this.record(() => this.page.locator('cc-action-bar button.step[data-action="end-turn"]').click());
  }

  /** Buys a book on the market by the code printed on it, e.g. BK-GER-15-2. */
  async buy(code: string): Promise<void> {
    await this.record(() => this.page.locator(`cc-turn li[data-code="${code}"] button.buy`).click());
  }

  /** A country's national event: played, then on to the next country. */
  async nationalEvent(code: string): Promise<void> {
    await this.playCard(code);
    await this.endTurn();
  }
}

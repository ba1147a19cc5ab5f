// The balance report in a real browser: report.html (written by the real command) opens in
// Chromium with no errors and no request for anything outside the page, and its charts show the
// figures of report.json — read back from the drawing itself: each dot's position against the
// axis's ticks, and each mark's title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { cli } from '../helpers.js';
import { launch } from './referee-page.js';
import type { BalanceReport } from '../../generator/balance/schema.js';

let dir: string;
let browser: Browser;
let page: Page;
let report: BalanceReport;
const problems: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cc-balance-'));
  const run = cli(['simulate', '--games', '120', '--compare', join('tests', 'fixtures', 'packs', 'england-windfall'), '--out', dir], { timeout: 180_000 });
  expect(run.code, run.stderr).toBe(0);
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as BalanceReport;
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file://')) problems.push(`request for ${r.url()}`);
  });
  await page.goto(`file://${join(dir, 'report.html')}`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Mark {
  title: string;
  x: number;
}

/** The dots of one chart, with their titles and where they are drawn across, and the value each x tick stands for. */
async function readChart(id: string): Promise<{ marks: Mark[]; ticks: { x: number; value: number }[] }> {
  return page.evaluate((chartId) => {
    const fig = document.querySelector(`figure[data-chart="${chartId}"]`);
    if (!fig) throw new Error(`no chart ${chartId}`);
    const marks = [...fig.querySelectorAll('g[aria-label="dot"] circle')].map((c) => ({
      title: c.querySelector('title')?.textContent ?? '',
      x: Number(c.getAttribute('cx')),
    }));
    const ticks = [...fig.querySelectorAll('g[aria-label="x-axis tick label"] text')].map((t) => {
      const m = /translate\(([-\d.]+),/.exec(t.getAttribute('transform') ?? '');
      const text = (t.textContent ?? '').replace('−', '-').replace('+', '').replace('%', '');
      return { x: Number(m?.[1]), value: Number(text) / 100 };
    });
    return { marks, ticks };
  }, id);
}

/** The value at pixel x, from the axis's first and last ticks (the scales are linear). */
function valueAt(ticks: { x: number; value: number }[], x: number): number {
  const a = ticks[0]!;
  const b = ticks[ticks.length - 1]!;
  return a.value + ((x - a.x) / (b.x - a.x)) * (b.value - a.value);
}

describe('the balance report in Chromium', () => {
  it('opens with no errors and asks for nothing outside the page', async () => {
    expect(await page.locator('#summary').textContent()).toContain(report.summary[0]!);
    expect(await page.locator('svg').count()).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('draws every country’s win share where report.json puts it, at every table size', async () => {
    for (const p of report.byPlayers) {
      const { marks, ticks } = await readChart(`win-${p.players}`);
      expect(marks).toHaveLength(p.countries.length);
      expect(ticks.length).toBeGreaterThan(2);
      for (const c of p.countries) {
        const mark = marks.find((m) => m.title.startsWith(`${c.name}, ${p.players} players:`));
        expect(mark, `${c.name}, ${p.players} players`).toBeDefined();
        expect(mark!.title).toContain(`${(c.winShare * 100).toFixed(1)}%`);
        // Half a pixel on a chart a few hundred pixels wide: well under a tenth of a point.
        expect(valueAt(ticks, mark!.x)).toBeCloseTo(c.winShare, 3);
      }
    }
  });

  it('draws what the pack changes, country by country, where report.json puts it', async () => {
    for (const p of report.compare!.byPlayers) {
      const { marks, ticks } = await readChart(`compare-${p.players}`);
      for (const c of p.countries) {
        const mark = marks.find((m) => m.title.startsWith(`${c.name}, ${p.players} players:`))!;
        expect(mark.title).toContain(`${c.difference >= 0 ? '+' : ''}${(c.difference * 100).toFixed(1)} points`);
        expect(valueAt(ticks, mark.x)).toBeCloseTo(c.difference, 3);
      }
    }
  });

  it('names the cards that decide games with their file:line and figures, as in report.json', async () => {
    const { marks, ticks } = await readChart('cards');
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) {
      const card = report.cards.find((c) => m.title.startsWith(`${c.title} (${c.where}):`));
      expect(card, m.title).toBeDefined();
      expect(card!.where).toMatch(/^content\/.+\.yaml:\d+$/);
      expect(valueAt(ticks, m.x)).toBeCloseTo(card!.impact!.difference, 3);
    }
    // The table lists every event and chance card with the line to edit.
    expect(await page.locator('#cards tbody tr').count()).toBe(report.cards.length);
  });
});

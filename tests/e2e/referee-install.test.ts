// A banker can add the referee to a tablet's home screen: Chromium finds the served page
// installable — a manifest with a name, a start page and PNG icons of 192 and 512 px that load.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { REFEREE, tablet, servedReferee } from './referee-page.js';

const table = servedReferee();

test('each icon the manifest names is a PNG of the size it states', async () => {
  const manifest = JSON.parse(readFileSync(join(REFEREE, 'manifest.webmanifest'), 'utf8')) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const meta = await sharp(join(REFEREE, icon.src)).metadata();
    expect(`${meta.format} ${meta.width}x${meta.height}`, icon.src).toBe(`png ${icon.sizes}`);
  }
});

test('Chromium finds the served page installable', async () => {
  const page = await (await tablet(table.browser)).newPage();
  await page.goto(`http://127.0.0.1:${table.server.port}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null || document.readyState === 'complete');
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; url: string };
  expect(manifest.url).toMatch(/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's browser contexts are private windows, where Chromium never offers to install;
  // every other reason it gives is about the page.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

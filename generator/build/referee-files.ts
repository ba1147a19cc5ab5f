// Turns the compiled referee page plus this build's game data into the files of out/referee/:
// the served page (index.html fetching game.json), its service worker and manifest, and
// codex-referee.html — one file with the script, styles, game data and icons inside, which
// opens from a USB stick or an e-mail attachment with no server at all.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../../engine/index.js';
import type { RefereeBundle } from './referee-bundle.js';
import type { IconPaths } from './referee-icons.js';
import { APP_ICONS, APP_ICON_COLOURS } from './referee-app-icons.js';

export interface RefereeFiles {
  /** out/referee/<path> → contents. */
  files: Map<string, string | Uint8Array>;
  /** Identifies this exact page + data; `codex-conquest referee` rebuilds when it differs. */
  stamp: RefereeStamp;
}

export interface RefereeStamp {
  bundle: string;
  data: string;
}

const sha256 = (s: string | Uint8Array, enc: 'hex' | 'base64' = 'hex') => createHash('sha256').update(s).digest(enc);

/** What the page is told about the game, as the JSON files it fetches, and the stamp naming it. */
export interface RefereePayload {
  game: Game;
  gameJson: string;
  iconsJson: string;
  /** With the bundle hash, names one build: `codex-conquest referee` rebuilds when it differs. */
  stamp: RefereeStamp;
}

export function refereePayload(bundle: Pick<RefereeBundle, 'hash'>, game: Game, icons: Record<string, IconPaths>): RefereePayload {
  const gameJson = JSON.stringify(game);
  const iconsJson = JSON.stringify({ icons });
  return { game, gameJson, iconsJson, stamp: { bundle: bundle.hash, data: sha256(`${gameJson}\0${iconsJson}`).slice(0, 16) } };
}

/** JSON text made safe inside a <script> element: "<" is escaped, so "</script>" in a card cannot end it. */
function safeInScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A script's text that is safe inside a <script> element. */
function scriptText(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** The page's security policy: its own scripts only, no plug-ins, no forms. */
export const SERVED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

function cspMeta(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Finds the tag Vite wrote for one of its files, e.g. <script … src="./assets/x.js"></script>. */
function tagFor(html: string, pattern: string): RegExp {
  const re = new RegExp(pattern);
  if (!re.test(html)) throw new Error(`the referee page's index.html does not load ${pattern}`);
  return re;
}

export function serviceWorker(version: string, files: string[]): string {
  return `// Keeps the referee working with no network: every file of the page is cached when the page is
// first opened, and served from the cache afterwards. A new build has a new version name, so the
// browser installs it beside the old one and the old cache is removed.
const VERSION = ${JSON.stringify(`codex-referee-${version}`)};
const FILES = ${JSON.stringify(['./', ...files])};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('codex-referee-') && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(VERSION).then(async (cache) => {
      const hit = (await cache.match(request, { ignoreSearch: true })) ?? (request.mode === 'navigate' ? await cache.match('./index.html') : undefined);
      return hit ?? fetch(request);
    }),
  );
});
`;
}

function webManifest(game: Game): string {
  return `${JSON.stringify(
    {
      name: `${game.name} — Referee`,
      short_name: 'Referee',
      description: `The banker and debt tracker for ${game.name}.`,
      start_url: './',
      scope: './',
      display: 'standalone',
      orientation: 'any',
      background_color: '#f6f0e4',
      theme_color: APP_ICON_COLOURS.background,
      icons: APP_ICONS.map((i) => ({ src: i.file, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
    },
    null,
    2,
  )}\n`;
}

export function refereeFiles(bundle: RefereeBundle, payload: RefereePayload, appIcons: Map<string, Uint8Array>): RefereeFiles {
  const files = new Map<string, string | Uint8Array>();
  const { game, gameJson, iconsJson, stamp } = payload;

  const viteHtml = readFileSync(join(bundle.dir, 'index.html'), 'utf8');
  const js = readFileSync(join(bundle.dir, bundle.js), 'utf8');
  const css = readFileSync(join(bundle.dir, bundle.css), 'utf8');
  const scriptTag = tagFor(viteHtml, `<script[^>]*\\ssrc="\\./${escapeRegExp(bundle.js)}"[^>]*></script>`);
  const styleTag = tagFor(viteHtml, `<link[^>]*\\shref="\\./${escapeRegExp(bundle.css)}"[^>]*>`);

  // The served page: Vite's own HTML with a content security policy, data fetched at start,
  // and the home-screen icons (the one-file copy keeps the empty icon: it has no files beside it).
  const homeIcon = APP_ICONS.find((i) => i.purpose === 'any')!.file;
  files.set(
    'index.html',
    viteHtml
      .replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    ${cspMeta(SERVED_CSP)}`)
      .replace(
        '<link rel="icon" href="data:," />',
        `<link rel="icon" type="image/png" href="./${homeIcon}" />\n    <link rel="apple-touch-icon" href="./${homeIcon}" />`,
      ),
  );
  for (const [file, png] of appIcons) files.set(file, png);
  for (const f of bundle.files) if (f !== 'index.html') files.set(f, f === bundle.js ? js : f === bundle.css ? css : readFileSync(join(bundle.dir, f)));
  files.set('game.json', gameJson);
  files.set('icons.json', iconsJson);
  files.set('manifest.webmanifest', webManifest(game));

  // The single file: the same page with everything inside. Its policy allows exactly the one
  // inline script (by hash); the data block is JSON, which browsers never run.
  const inlineJs = scriptText(js);
  const singleCsp = `default-src 'none'; script-src 'sha256-${sha256(inlineJs, 'base64')}'; style-src 'unsafe-inline'; img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'`;
  // The same JSON as game.json and icons.json, joined as { game, icons }.
  const data = `<script type="application/json" id="codex-data">${safeInScript(`{"game":${gameJson},${iconsJson.slice(1)}`)}</script>`;
  const single = viteHtml
    .replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    ${cspMeta(singleCsp)}`)
    .replace(/\s*<link rel="manifest"[^>]*>/, '')
    // The data is inside this file: nothing to fetch beside it.
    .replace(/\s*<!-- Fetched while the script loads[^>]*-->/, '')
    .replace(/\s*<link rel="preload"[^>]*as="fetch"[^>]*>/g, '')
    .replace(styleTag, () => `<style>${css}</style>`)
    .replace(scriptTag, () => `${data}\n    <script type="module">${inlineJs}</script>`);
  files.set('codex-referee.html', single);

  const cached = [...files.keys()].filter((f) => f !== 'codex-referee.html').sort();
  files.set('sw.js', serviceWorker(`${stamp.bundle}-${stamp.data}`, cached));
  files.set('version.json', `${JSON.stringify(stamp)}\n`);
  return { files, stamp };
}

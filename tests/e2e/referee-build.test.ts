// What the build puts in out/referee/, how it is served, and the `referee` command itself: the
// page compiled once and reused, the game data injected beside it, a one-file copy that needs
// nothing else, a server with the right types and no way out of its folder.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../helpers.js';
import { OUT, REFEREE, serve } from './referee-page.js';
import { refereeBundle, refereeSourceHash } from '../../generator/build/referee-bundle.js';
import { iconNamesOf } from '../../generator/build/referee-icons.js';
import type { RunningServer } from '../../generator/commands/referee-server.js';
import type { Game } from '../../engine/index.js';

const read = (f: string) => readFileSync(join(REFEREE, f), 'utf8');

describe('out/referee', () => {
  test('holds the page, its compiled script and styles, the game, the icons and the offline worker', () => {
    for (const f of ['index.html', 'codex-referee.html', 'game.json', 'icons.json', 'sw.js', 'manifest.webmanifest', 'version.json'])
      expect(existsSync(join(REFEREE, f)), f).toBe(true);
    const assets = readdirSync(join(REFEREE, 'assets'));
    expect(assets.filter((f) => f.endsWith('.js'))).toHaveLength(1);
    expect(assets.filter((f) => f.endsWith('.css'))).toHaveLength(1);
    // The JS and CSS the tablet downloads stay small (the target is 100 KB gzipped).
    const gz = assets.reduce((s, f) => s + gzipSync(readFileSync(join(REFEREE, 'assets', f))).length, 0);
    expect(gz).toBeLessThan(100 * 1024);
  });

  test("is compiled with Lit's production build, even when compiled under the test runner", () => {
    // This folder is compiled by the tests' own build, where NODE_ENV is "test": the case that
    // once gave the page Lit's dev mode (and, through the bundle cache, the next npm start too).
    const js = readdirSync(join(REFEREE, 'assets')).filter((f) => f.endsWith('.js'));
    for (const f of js) expect(read(join('assets', f))).not.toContain('Lit is in dev mode');
  });

  test('game.json is the compiled game; icons.json has exactly the icons the game names, as path data', () => {
    const game = JSON.parse(read('game.json')) as Game;
    expect(game).toEqual(JSON.parse(readFileSync(join(OUT, 'game.json'), 'utf8')));
    const { icons } = JSON.parse(read('icons.json')) as { icons: Record<string, { size: number; paths: string[] }> };
    expect(Object.keys(icons).sort()).toEqual(iconNamesOf(game));
    for (const icon of Object.values(icons)) {
      expect(icon.paths.length).toBeGreaterThan(0);
      for (const d of icon.paths) expect(d).toMatch(/^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]+$/);
    }
  });

  test('the one-file copy carries everything inside, and its policy allows only its own script', () => {
    const html = read('codex-referee.html');
    // Nothing is loaded from anywhere else.
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=(?!"data:)/);
    const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    // The game data is JSON inside the page, with "<" escaped so no card text can end the block.
    const data = /<script type="application\/json" id="codex-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('<');
    const { game } = JSON.parse(data) as { game: Game };
    expect(game.cards.length).toBe((JSON.parse(read('game.json')) as Game).cards.length);
  });

  test('the offline worker caches every file the served page needs', () => {
    const sw = read('sw.js');
    const files = JSON.parse(/const FILES = (\[.*\]);/.exec(sw)![1]!) as string[];
    const assets = readdirSync(join(REFEREE, 'assets')).map((f) => `assets/${f}`);
    expect(files).toEqual(expect.arrayContaining(['./', 'index.html', 'game.json', 'icons.json', ...assets]));
    const stamp = JSON.parse(read('version.json')) as { bundle: string; data: string };
    expect(sw).toContain(`codex-referee-${stamp.bundle}-${stamp.data}`);
  });
});

test('the page’s TypeScript type-checks with the engine it imports', () => {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'referee/tsconfig.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
}, 60_000);

describe('the compiled page is cached by its sources', () => {
  test('the bundle is reused when nothing in referee/ or engine/ changed', async () => {
    const bundle = await refereeBundle();
    expect(bundle.fromCache).toBe(true);
    expect(bundle.hash).toBe(refereeSourceHash());
    expect(bundle.dir).toBe(join(ROOT, '.cache', 'referee', bundle.hash));
    // The page in out/ is that bundle: the game data is not part of its hash.
    const stamp = JSON.parse(read('version.json')) as { bundle: string };
    expect(stamp.bundle).toBe(bundle.hash);
    expect(readFileSync(join(bundle.dir, bundle.js))).toEqual(readFileSync(join(REFEREE, bundle.js)));
  });
});

describe('the referee server', () => {
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    server = await serve();
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  test('serves each file with its type, and the worker with its scope', async () => {
    const types: Record<string, RegExp> = {
      '/': /^text\/html/,
      '/index.html': /^text\/html/,
      '/game.json': /^application\/json/,
      '/sw.js': /^text\/javascript/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/icon-192.png': /^image\/png$/,
    };
    for (const f of readdirSync(join(REFEREE, 'assets'))) types[`/assets/${f}`] = f.endsWith('.js') ? /^text\/javascript/ : /^text\/css/;
    for (const [path, type] of Object.entries(types)) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
    }
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.headers.get('service-worker-allowed')).toBe('/');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/`)).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('answers 404 for missing files and never leaves its folder', async () => {
    expect((await fetch(`${base}/nope.html`)).status).toBe(404);
    // Raw paths, as an attacker would send them (fetch would tidy the dots away first).
    const status = (path: string) =>
      new Promise<number>((done, fail) => {
        const req = request({ host: '127.0.0.1', port: server.port, path }, (res) => {
          res.resume();
          done(res.statusCode!);
        });
        req.on('error', fail);
        req.end();
      });
    expect(await status('/game.json')).toBe(200);
    for (const path of [
      '/../schema/game.schema.json',
      '/%2e%2e/schema/game.schema.json',
      '/..%2fschema%2fgame.schema.json',
      '/assets/..%2f..%2fschema/game.schema.json',
      '/%00',
      '/%E0%A4%A',
    ]) {
      expect(await status(path), path).toBe(404);
    }
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });
});

describe('codex-conquest referee', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
  });

  test('serves the built page and prints the addresses to open it', async () => {
    child = spawn(process.execPath, ['bin/codex-conquest.js', 'referee', '--out', OUT, '--port', '0', '--host', '127.0.0.1'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/Press Ctrl\+C to stop/);
    expect(out).toMatch(/up to date|Writing the referee page/);
    // The address it listens on, not localhost (which may name ::1, where it does not listen); and
    // that no tablet or phone can reach it there.
    const address = /On this computer:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)![1]!;
    expect(out).toContain('With --host 127.0.0.1 the referee answers this computer only: no tablet or phone can reach it.');
    expect(out).not.toContain('Open one of these on the banker’s tablet');
    const res = await fetch(address);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="app">');
    const stopped = new Promise((done) => child!.once('exit', done));
    process.kill(child.pid!, 'SIGTERM');
    await stopped;
  });

  test('says which port is busy, in plain words', async () => {
    const busy = await serve();
    const r = spawn(process.execPath, ['bin/codex-conquest.js', 'referee', '--out', OUT, '--port', String(busy.port), '--host', '127.0.0.1'], { cwd: ROOT });
    let err = '';
    r.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((done) => r.once('exit', done));
    await busy.close();
    expect(code).toBe(1);
    expect(err).toContain(`port ${busy.port} is already in use`);
    expect(err).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });
});

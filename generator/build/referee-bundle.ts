// The referee page's JS and CSS, compiled by Vite only when its sources change. The sources are
// referee/ and engine/ (the page runs the same rules as the generator) plus the versions of the
// libraries Vite bundles; their hash names a folder under .cache/referee/ that holds Vite's
// output. A content change never reaches this file: game data is injected afterwards.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BuildError } from '../build-error.js';
import { projectRoot } from '../paths.js';

export interface RefereeBundle {
  /** The folder holding Vite's output (index.html, assets/…). */
  dir: string;
  /** Hash of everything the bundle was made from. */
  hash: string;
  /** The entry script and stylesheet, relative to `dir`. */
  js: string;
  css: string;
  /** Every file in `dir` the page needs, relative to it (no Vite manifest). */
  files: string[];
  fromCache: boolean;
}

const SOURCE_DIRS = ['referee', 'engine'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite']);
/** Packages that end up inside the bundle or shape it; a new version means a new bundle. */
const BUNDLED_PACKAGES = ['vite', 'lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'zod', 'lean-qr'];
/** Bundles kept in the cache besides the current one (switching branches back and forth stays fast). */
const KEEP_OLD = 3;

export function cacheRoot(root = projectRoot): string {
  return join(root, '.cache', 'referee');
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...listFiles(p));
    else found.push(p);
  }
  return found;
}

function packageVersion(root: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return 'missing';
  }
}

function readPackageSideEffects(root: string): unknown {
  try {
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { sideEffects?: unknown }).sideEffects ?? null;
  } catch {
    return null;
  }
}

/** The hash of the referee's sources: the same sources always give the same hash. */
export function refereeSourceHash(root = projectRoot): string {
  const h = createHash('sha256');
  // Notes for people (README.md) do not change what Vite makes.
  const sources = SOURCE_DIRS.flatMap((d) => listFiles(join(root, d))).filter((f) => !f.endsWith('.md'));
  for (const file of sources) {
    h.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const name of BUNDLED_PACKAGES) h.update(`${name}@${packageVersion(root, name)}\0`);
  // Which of our files have side effects decides what the bundler may leave out.
  h.update(JSON.stringify(readPackageSideEffects(root)));
  return h.digest('hex').slice(0, 16);
}

interface ViteManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

function readBundle(dir: string, hash: string, fromCache: boolean): RefereeBundle {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error(`the referee bundle in ${dir} has no entry script`);
  const css = entry.css?.[0] ?? Object.values(manifest).find((c) => c.file.endsWith('.css'))?.file;
  if (!css) throw new Error(`the referee bundle in ${dir} has no stylesheet`);
  const files = listFiles(dir).map((p) => relative(dir, p).split(sep).join('/'));
  return { dir, hash, js: entry.file, css, files, fromCache };
}

async function runVite(root: string, outDir: string): Promise<void> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new BuildError(
      'the referee page has to be compiled, and Vite (the tool that compiles it) is not installed',
      'run "npm ci" in the project folder, or build with --no-referee to skip the referee page',
    );
  }
  try {
    await vite.build({
      configFile: join(root, 'referee', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } catch (e) {
    // A mistake in the page's own code: say what and where, without a stack trace.
    const first = (e as { errors?: { message?: string }[] }).errors?.[0]?.message ?? String((e as Error).message ?? e);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC
    const text = first.replace(/\u001b\[[0-9;]*m/g, '');
    const what =
      text
        .split('\n')
        .find((l) => l.trim() && !/^Build failed/.test(l))
        ?.replace(/^\[[^\]]+\]\s*/, '')
        .trim() ?? 'unknown error';
    const where = /\[\s*([^\]\s]+:\d+:\d+)\s*\]/.exec(text)?.[1];
    throw new BuildError(
      `the referee page did not compile: ${what}${where ? ` at ${where}` : ''}`,
      'fix the code in referee/ (or engine/) and build again, or build with --no-referee to skip the page',
    );
  }
}

/** Returns the compiled page, from the cache when its sources have not changed. */
export async function refereeBundle(root = projectRoot): Promise<RefereeBundle> {
  const hash = refereeSourceHash(root);
  const cache = cacheRoot(root);
  const dir = join(cache, hash);
  if (existsSync(join(dir, '.vite', 'manifest.json'))) return readBundle(dir, hash, true);
  if (!existsSync(join(root, 'referee', 'index.html'))) {
    throw new BuildError('the referee page sources (referee/index.html) are missing', 'restore the referee/ folder, or build with --no-referee');
  }
  mkdirSync(cache, { recursive: true });
  // Vite writes into a private folder that is renamed into place only when complete, so an
  // interrupted build or two builds at once never leave a half-written bundle in the cache.
  const temp = join(cache, `.tmp-${hash}-${process.pid}-${Date.now()}`);
  try {
    await runVite(root, temp);
    if (existsSync(dir)) rmSync(temp, { recursive: true, force: true });
    else renameSync(temp, dir);
  } catch (e) {
    rmSync(temp, { recursive: true, force: true });
    throw e;
  }
  pruneCache(cache, hash);
  return readBundle(dir, hash, false);
}

function pruneCache(cache: string, current: string): void {
  const hour = 3_600_000;
  for (const n of readdirSync(cache)) {
    // Left by a build that was killed while Vite ran.
    if (n.startsWith('.tmp-') && Date.now() - statSync(join(cache, n)).mtimeMs > hour) rmSync(join(cache, n), { recursive: true, force: true });
  }
  const old = readdirSync(cache)
    .filter((n) => n !== current && /^[0-9a-f]{16}$/.test(n))
    .map((n) => ({ n, t: statSync(join(cache, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { n } of old.slice(KEEP_OLD)) rmSync(join(cache, n), { recursive: true, force: true });
}

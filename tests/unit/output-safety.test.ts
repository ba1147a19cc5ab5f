// One writer per output folder, and out/ always one whole build: real builds of the mini game
// run side by side, are stopped and killed with real signals, and the folder is checked file by
// file against complete builds. (The builds stop themselves at a named point through the
// command's test hook, CODEX_CONQUEST_STOP_AT, so that "during the other build" is certain.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers.js';

const CLI = join(ROOT, 'bin', 'codex-conquest.js');
const MINI = join(ROOT, 'tests', 'fixtures', 'mini-game');
const FAST = ['--no-press', '--no-tts', '--no-referee', '--quiet'];

let work: string;
let out: string;
let whole: string;

function snapshot(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
  return JSON.stringify(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}
const beside = () => readdirSync(work).filter((n) => n.startsWith('.out.'));

interface Running {
  child: ChildProcess;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; text: string }>;
  text(): string;
}
const started: ChildProcess[] = [];
function start(command: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [CLI, ...command], { cwd: work, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  started.push(child);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; text: string }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, text })),
  );
  return { child, ended, text: () => text };
}
// Run in the folder that holds out/, and named as a teacher would: --out out.
const build = (extra: string[] = [], env: Record<string, string> = {}) => start(['build', MINI, '--out', 'out', ...FAST, ...extra], env);

function state(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}
/** A build that has stopped itself after writing its first file, holding the lock. */
async function stoppedBuild(extra: string[] = []): Promise<Running> {
  const r = build(extra, { CODEX_CONQUEST_STOP_AT: 'written:1' });
  await expect.poll(() => state(r.child.pid!), { timeout: 20_000, interval: 25 }).toBe('T');
  return r;
}

/** What the referee command says until it serves the page of out/ (then it is stopped). */
async function servedText(extra: string[]): Promise<string> {
  const referee = start(['referee', MINI, ...extra, '--out', 'out', '--port', '0', '--host', '127.0.0.1']);
  try {
    await expect.poll(referee.text, { timeout: 60_000 }).toMatch(/Press Ctrl\+C to stop/);
    return referee.text();
  } finally {
    referee.child.kill('SIGTERM');
    await referee.ended;
  }
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'cc-safety-'));
  out = join(work, 'out');
  const r = spawnSync(process.execPath, [CLI, 'build', MINI, '--out', join(work, 'whole'), ...FAST], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  whole = snapshot(join(work, 'whole'));
});
// A failed check must not leave a stopped build holding the lock for the next test.
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('one build per output folder', () => {
  it('a second build while one is writing refuses, naming the other process; the first finishes whole', async () => {
    rmSync(out, { recursive: true, force: true });
    const first = await stoppedBuild();
    const second = await build().ended;
    expect(second.code).toBe(1);
    expect(second.text).toContain(`Another build (process ${first.child.pid}, started `);
    expect(second.text).toContain('is writing to out/ right now');
    expect(second.text).toContain('--wait');
    expect(second.text).not.toMatch(/\n\s+at .+:\d+:\d+/);
    first.child.kill('SIGCONT');
    expect((await first.ended).code).toBe(0);
    expect(snapshot(out)).toBe(whole);
    expect(beside()).toEqual([]);
  });

  it('with --wait the second build waits for the first, then both end with a whole out/', async () => {
    const first = await stoppedBuild(['--paper', 'letter']);
    const second = build(['--wait']);
    await expect.poll(second.text, { timeout: 20_000 }).toContain(`Waiting for process ${first.child.pid}`);
    first.child.kill('SIGCONT');
    expect((await first.ended).code).toBe(0);
    expect((await second.ended).code).toBe(0);
    expect(snapshot(out)).toBe(whole);
  });

  it('the referee command waits for a build of the same folder, then adds its page and keeps the build', async () => {
    const first = await stoppedBuild();
    const referee = start(['referee', MINI, '--out', 'out', '--port', '0', '--host', '127.0.0.1']);
    try {
      await expect.poll(referee.text, { timeout: 30_000 }).toContain(`Waiting for process ${first.child.pid}`);
      first.child.kill('SIGCONT');
      expect((await first.ended).code).toBe(0);
      await expect.poll(referee.text, { timeout: 60_000 }).toMatch(/Press Ctrl\+C to stop/);
      expect(existsSync(join(out, 'referee', 'index.html'))).toBe(true);
      expect(existsSync(join(out, 'print', 'a4', 'books.pdf'))).toBe(true);
      expect(referee.text()).not.toContain('ENOTEMPTY');
    } finally {
      referee.child.kill('SIGTERM');
      await referee.ended;
    }
    expect(beside()).toEqual([]);
  });

  it('the referee command says so when the cards in the folder were printed without the pack it plays with', async () => {
    rmSync(out, { recursive: true, force: true });
    expect((await build().ended).code).toBe(0);
    const pack = join(work, 'tiny-pack');
    mkdirSync(pack, { recursive: true });
    writeFileSync(join(pack, 'pack.yaml'), 'id: tiny-pack\nname: Tiny Pack\nextends: mini-game\n');
    expect(await servedText(['--pack', pack])).toContain(
      'Note: the cards in out/ were printed for this game with no pack, and the referee will play it with the pack tiny-pack.',
    );
    // The same pack, one card fewer since the cards were printed.
    expect((await start(['build', MINI, '--pack', pack, '--out', 'out', ...FAST]).ended).code).toBe(0);
    writeFileSync(join(pack, 'pack.yaml'), 'id: tiny-pack\nname: Tiny Pack\nextends: mini-game\nremove: [test-english-book]\n');
    expect(await servedText(['--pack', pack])).toContain('Note: the cards in out/ were printed from other card files than the ones the referee will play');
    expect((await build().ended).code).toBe(0);
  });

  it("a killed build's lock and staging are taken over and cleared by the next build", async () => {
    const killed = await stoppedBuild(['--paper', 'letter']);
    killed.child.kill('SIGKILL');
    await killed.ended;
    expect(beside().some((n) => n === '.out.lock')).toBe(true);
    expect(beside().some((n) => n.startsWith('.out.staging-'))).toBe(true);
    const next = await build().ended;
    expect(next.code, next.text).toBe(0);
    expect(snapshot(out)).toBe(whole);
    expect(beside()).toEqual([]);
  });

  it("leaves a live process's staging folder alone", async () => {
    const ticks = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[19];
    const live = join(work, `.out.staging-${process.pid}.${ticks}-0a0b0c0d`);
    mkdirSync(live);
    try {
      expect((await build().ended).code).toBe(0);
      expect(existsSync(live)).toBe(true);
    } finally {
      rmSync(live, { recursive: true });
    }
  });

  it('refuses to replace a folder holding files it did not make', async () => {
    const mine = join(work, 'mine');
    mkdirSync(mine, { recursive: true });
    writeFileSync(join(mine, 'lesson-plan.txt'), 'my notes');
    const r = await start(['build', MINI, '--out', 'mine', ...FAST]).ended;
    expect(r.code).toBe(1);
    expect(r.text).toContain('mine/ holds files that codex-conquest did not make (lesson-plan.txt)');
    expect(readdirSync(mine)).toEqual(['lesson-plan.txt']);
  });
});

describe('an output folder that cannot be written', () => {
  it('inside a file, or where the system allows no writing: a clear message and exit 1, not a crash', async () => {
    writeFileSync(join(work, 'notes.txt'), 'a file, not a folder');
    for (const [out, why] of [
      ['notes.txt/out', 'part of that path is a file, not a folder'],
      ['/proc/codex-out', 'cannot be written'],
    ]) {
      const r = await start(['build', MINI, '--out', out!, ...FAST]).ended;
      expect(r.code, r.text).toBe(1);
      expect(r.text).toContain(why!);
      expect(r.text).toContain('choose another folder with --out');
      expect(r.text).not.toContain('Something went wrong inside');
    }
  });
});

/**
 * A build through `link` (to `target`, made first or not) stopped holding the lock; a second build
 * naming the target is refused, naming the first; the first then finishes whole through the link,
 * which stays a link. Returns the target folder.
 */
async function buildThroughLink(link: string, target: string, linkText: string, makeTarget: boolean): Promise<string> {
  const real = join(work, target);
  rmSync(real, { recursive: true, force: true });
  rmSync(join(work, link), { force: true });
  if (makeTarget) mkdirSync(real);
  symlinkSync(linkText, join(work, link));
  const first = start(['build', MINI, '--out', link, ...FAST], { CODEX_CONQUEST_STOP_AT: 'written:1' });
  await expect.poll(() => state(first.child.pid!), { timeout: 20_000, interval: 25 }).toBe('T');
  const second = await start(['build', MINI, '--out', target, ...FAST]).ended;
  expect(second.code).toBe(1);
  expect(second.text).toContain(`Another build (process ${first.child.pid}, started `);
  first.child.kill('SIGCONT');
  const done = await first.ended;
  expect(done.code, done.text).toBe(0);
  expect(lstatSync(join(work, link)).isSymbolicLink()).toBe(true);
  expect(snapshot(real)).toBe(whole);
  return real;
}

describe('an output folder reached through a link', () => {
  it('is written through the link, which stays, and a build naming the folder itself waits on the same lock', async () => {
    await buildThroughLink('shortcut', 'shelf', join(work, 'shelf'), true);
  });
});

describe('an output folder reached through a link to a folder not made yet', () => {
  it('is made where the link points, the link stays, and a build naming that folder shares its lock', async () => {
    await buildThroughLink('ahead', 'later', 'later', false);
    expect(readdirSync(work).filter((n) => n.startsWith('.ahead.') || n.startsWith('.later.'))).toEqual([]);
  });
});

describe('a process killed a moment ago', () => {
  it('counts as dead while it lingers as a zombie, so its lock and folders are taken over at once', async () => {
    // A shell starts a sleep in the background, then becomes a sleep that never collects it.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(parent);
    const pid = Number(await new Promise<string>((done) => parent.stdout!.once('data', (d: Buffer) => done(d.toString().trim()))));
    const { alive } = await import('../../generator/io/out-siblings.js');
    expect(alive({ pid })).toBe(true);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => state(pid), { timeout: 5_000, interval: 20 }).toBe('Z');
    expect(alive({ pid })).toBe(false);
  });
});

describe('what stands at the lock’s name', () => {
  it('a folder, a dangling link or a pipe there stops the build with a message naming it, at once, instead of spinning', async () => {
    const lock = join(work, '.out.lock');
    for (const make of [() => mkdirSync(lock), () => symlinkSync(join(work, 'nowhere'), lock), () => execFileSync('mkfifo', [lock])]) {
      rmSync(lock, { recursive: true, force: true });
      make();
      const r = await build().ended;
      expect(r.code, r.text).toBe(1);
      expect(r.text).toContain('.out.lock is in the way');
      expect(r.text).toContain('delete it');
      expect(r.text).not.toContain('Something went wrong inside');
      expect(beside().filter((n) => n !== '.out.lock')).toEqual([]);
    }
    rmSync(lock, { recursive: true, force: true });
  });

  it('private lock files of writers killed while they waited are cleared by the next build', async () => {
    const first = await stoppedBuild();
    const waiting = build(['--wait']);
    await expect.poll(waiting.text, { timeout: 20_000 }).toContain(`Waiting for process ${first.child.pid}`);
    waiting.child.kill('SIGKILL');
    await waiting.ended;
    expect(beside().some((n) => n.startsWith(`.out.lock.${waiting.child.pid}-`))).toBe(true);
    first.child.kill('SIGCONT');
    expect((await first.ended).code).toBe(0);
    const next = await build().ended;
    expect(next.code, next.text).toBe(0);
    expect(beside()).toEqual([]);
  });
});

describe('an empty --out', () => {
  it('is refused before anything is read or written: it would mean the folder the command runs in', async () => {
    writeFileSync(join(work, 'keep.txt'), 'mine');
    for (const command of ['build', 'referee']) {
      const r = await start([command, MINI, '--out', '', ...FAST.filter((f) => command === 'build' || f === '--quiet')]).ended;
      expect(r.code, r.text).toBe(2);
      expect(r.text).toContain('--out needs the name of a folder to write into, e.g. --out out (it was empty)');
    }
    expect(readFileSync(join(work, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('kills at any moment', () => {
  it('a script kills builds at 20 points of writing and swapping; out/ is one whole build after each', { timeout: 240_000 }, () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'tests', 'kill', 'swap-kills.mjs')], { encoding: 'utf8', timeout: 230_000 });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain('20 kills: out/ was one whole build every time.');
  });

  it('kills at random moments, with no stopping point, never leave a mix', { timeout: 120_000 }, async () => {
    rmSync(out, { recursive: true, force: true });
    expect((await build(['--paper', 'letter']).ended).code).toBe(0);
    const previous = snapshot(out);
    const reference = join(work, 'previous');
    cpSync(out, reference, { recursive: true });
    for (const delay of [300, 700, 900, 1100, 1300]) {
      rmSync(out, { recursive: true, force: true });
      cpSync(reference, out, { recursive: true });
      const r = build();
      await new Promise((done) => setTimeout(done, delay));
      r.child.kill('SIGKILL');
      await r.ended;
      // The next build finishes a swap the kill interrupted; stop it there and look.
      const look = await stoppedBuild();
      const now = snapshot(out);
      look.child.kill('SIGKILL');
      await look.ended;
      expect([previous, whole], `killed after ${delay} ms`).toContain(now);
    }
  });
});

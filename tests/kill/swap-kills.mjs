// Kills real builds with SIGKILL at 20 points while they write and swap in the output folder,
// and checks after each kill that out/ is one whole build: exactly the previous one or exactly
// the new one, file for file and byte for byte — never a mix. Then the next build is stopped
// just after it has taken the lock and cleared up, to check it put a finished build in place and
// removed the dead one's leftovers, and killed as well (so every build here takes over a lock
// whose holder was killed). Last, a normal build must leave no lock and no leftovers at all.
//
// The points are reached through the command's test hook (CODEX_CONQUEST_STOP_AT, see
// generator/io/output.ts): the build stops itself there with SIGSTOP, and this script kills it.
//
//   node tests/kill/swap-kills.mjs        (after npm run compile; prints one line per point)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'bin', 'codex-conquest.js');
const content = join(root, 'tests', 'fixtures', 'mini-game');
const fast = ['--no-press', '--no-tts', '--no-referee', '--quiet'];
// The previous build and the new one differ in every file name under print/ and rules/.
const OLD = [...fast, '--paper', 'letter'];
const NEW = [...fast, '--paper', 'a4'];

const work = mkdtempSync(join(tmpdir(), 'cc-kills-'));
const out = join(work, 'out');

function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}
function snapshot(dir) {
  return JSON.stringify(
    files(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}
/** The folders and files a build keeps beside out/ (the lock, staging, ready, old). */
function siblings() {
  return readdirSync(work).filter((n) => n.startsWith(`.${basename(out)}.`));
}

function run(args, env = {}) {
  return spawn(process.execPath, [cli, 'build', content, '--out', out, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
}
function finished(child) {
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal, err })));
}
const stoppedState = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
};
/** Runs a build that stops itself at `point`, then kills it there with SIGKILL. */
async function killAt(args, point) {
  const child = run(args, { CODEX_CONQUEST_STOP_AT: point });
  const end = finished(child);
  let exited = false;
  end.then(() => (exited = true));
  for (let i = 0; i < 600 && !exited && stoppedState(child.pid) !== 'T'; i++) await new Promise((r) => setTimeout(r, 25));
  if (exited || stoppedState(child.pid) !== 'T') {
    if (!exited) process.kill(child.pid, 'SIGKILL');
    await end;
    return false;
  }
  process.kill(child.pid, 'SIGKILL');
  const r = await end;
  return r.signal === 'SIGKILL';
}
async function build(args) {
  const r = await finished(run(args));
  if (r.code !== 0) throw new Error(`build ${args.join(' ')} failed:\n${r.err}`);
}

const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
  return ok;
}

try {
  // The two whole builds every state is compared with.
  await build(NEW);
  const newDir = join(work, 'ref-new');
  cpSync(out, newDir, { recursive: true });
  const wantNew = snapshot(newDir);
  rmSync(out, { recursive: true });
  await build(OLD);
  const oldDir = join(work, 'ref-old');
  cpSync(out, oldDir, { recursive: true });
  const wantOld = snapshot(oldDir);
  const n = files(newDir).length;
  const m = files(oldDir).length;

  const points = [
    'written:1',
    'written:2',
    'written:3',
    `written:${Math.floor(n / 3)}`,
    `written:${Math.floor(n / 2)}`,
    `written:${n - 3}`,
    `written:${n - 2}`,
    `written:${n - 1}`,
    'staged',
    'ready',
    'old-moved',
    'swapped',
    'removed:1',
    'removed:2',
    'removed:3',
    `removed:${Math.floor(m / 3)}`,
    `removed:${Math.floor(m / 2)}`,
    `removed:${m - 2}`,
    `removed:${m - 1}`,
    `removed:${m}`,
  ];
  for (const point of points) {
    // Every kill starts from the previous complete build in out/.
    rmSync(out, { recursive: true, force: true });
    cpSync(oldDir, out, { recursive: true });
    if (!check(await killAt(NEW, point), `the build never reached the point ${point}`)) continue;
    const whole = existsSync(out) ? snapshot(out) : undefined;
    const pending = siblings().filter((s) => s.includes('.ready-'));
    let state;
    if (whole === wantOld) state = 'the previous build';
    else if (whole === wantNew) state = 'the new build';
    else if (whole === undefined && pending.length === 1 && snapshot(join(work, pending[0])) === wantNew)
      state = 'missing for an instant, the new build complete beside it';
    else state = 'A MIX';
    check(state !== 'A MIX', `killed at ${point}: out/ is a mix of builds`);

    // The next build clears up first: stop it right after, look, and kill it too.
    check(await killAt(NEW, 'written:1'), 'the next build never reached its first file');
    const after = existsSync(out) ? snapshot(out) : undefined;
    const left = siblings().filter((s) => !s.endsWith('.lock') && !s.includes('.staging-'));
    const recovered = check(after === wantOld || after === wantNew, `after a kill at ${point}, the next build did not find one whole build in out/`);
    check(left.length === 0, `after a kill at ${point}, the next build left a dead build's folders: ${left.join(', ')}`);
    console.log(
      `  killed at ${point.padEnd(12)} out/ was ${state}; the next build found ${recovered ? (after === wantNew ? 'the new build' : 'the previous build') : 'A MIX'} and no leftovers`,
    );
  }

  await build(NEW);
  check(snapshot(out) === wantNew, 'a last normal build did not leave exactly the new build');
  check(siblings().length === 0, `a last normal build left ${siblings().join(', ')} beside out/`);
  console.log(`  a normal build afterwards: the new build, and nothing beside out/ (${statSync(out).isDirectory() ? 'ok' : '?'})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.log(`${failures.length} failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('20 kills: out/ was one whole build every time.');

// The command as a teacher meets it: JSON output, editor schema lines, crash reports.
import { describe, expect, it } from 'vitest';
import { readFileSync, mkdtempSync, readdirSync, rmSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { cli, ROOT } from '../helpers.js';
import { findYamlFiles } from '../../generator/load/find-files.js';

describe('codex-conquest validate --json', () => {
  it('reports a clean base game as JSON on stdout', () => {
    const run = cli(['validate', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { ok: boolean; errors: number; cards: number };
    expect(report.ok).toBe(true);
    expect(report.errors).toBe(0);
    expect(report.cards).toBeGreaterThan(200);
  });
});

describe('editor support', () => {
  it('every content file starts with a yaml-language-server schema line that points at out/schema', () => {
    for (const file of findYamlFiles(join(ROOT, 'content'))) {
      const first = readFileSync(file, 'utf8').split('\n')[0]!;
      const m = /^# yaml-language-server: \$schema=(.+)$/.exec(first);
      expect(m, relative(ROOT, file)).not.toBeNull();
      const target = join(dirname(file), m![1]!);
      const expected = file.endsWith('game.yaml') ? 'game.schema.json' : 'content.schema.json';
      expect(relative(ROOT, target)).toBe(join('out', 'schema', expected));
    }
  });
});

describe('new-pack', () => {
  it('says in a sentence why a folder cannot be made, and stops at once (/proc/x made it ask for ever)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-odd-'));
    try {
      writeFileSync(join(dir, 'afile'), 'x');
      symlinkSync(join(dir, 'gone'), join(dir, 'dl'));
      const cases: [string, string, number][] = [
        ['/proc/codex-pack', 'no folder can be made in /proc', 1],
        [join(dir, 'afile', 'pack'), `${join(dir, 'afile')} is a file, not a folder`, 1],
        [join(dir, 'dl', 'pack'), `${join(dir, 'dl')} is a link to a folder that is gone`, 1],
        [join(dir, 'afile'), 'already exists, and is a file', 2],
        ['', 'the new pack needs a folder name', 2],
      ];
      for (const [target, words, code] of cases) {
        const run = cli(['new-pack', target], { timeout: 20_000 });
        expect(run.code, `${target}: ${run.stderr}`).toBe(code);
        expect(run.stderr).toContain(words);
        expect(run.stderr).toContain('hint: ');
        expect(run.stderr).not.toContain('Something went wrong');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scaffolds a pack that validates on top of the base game', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-'));
    try {
      const target = join(dir, 'my-pack');
      const made = cli(['new-pack', target]);
      expect(made.code, made.stderr).toBe(0);
      // It says which base cards its examples replace, and how to run the check from here.
      expect(made.stderr).toContain("the book 'ramusio-navigationi' and Italy's event\n'italy-laurentian-library'");
      expect(made.stderr).toContain(`npx codex-conquest validate --pack ${target}`);
      expect(readdirSync(target).sort()).toEqual(['.schema', 'books.yaml', 'national-events.yaml', 'pack.yaml']);
      // Strict: the template itself must not tip the game's balance (no warning at all).
      const run = cli(['validate', 'content', '--pack', target, '--strict']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('0 errors, 0 warnings');
      expect(existsSync(join(target, 'pack.yaml'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an unexpected crash', () => {
  it('says it is a bug, how to report it, and keeps the stack out of the terminal', async () => {
    const { reportCrash } = await import('../../generator/cli.js');
    let written = '';
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      written += chunk;
      return true;
    }) as typeof process.stderr.write;
    try {
      reportCrash(new TypeError('boom'));
    } finally {
      process.stderr.write = original;
    }
    process.exitCode = 0;
    expect(written).toContain('This is a bug in the tool, not a mistake in your cards');
    expect(written).toContain('report');
    expect(written).not.toMatch(/\n\s+at /);
    const file = /attach (\S+),/.exec(written)![1]!;
    expect(readFileSync(file, 'utf8')).toContain('TypeError: boom');
  });
});

describe('piping into a command that stops reading', () => {
  it('ends quietly, with no stack trace', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync('bash', ['-c', `"${process.execPath}" bin/codex-conquest.js stats | head -1`], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stdout).toContain('Codex Conquest');
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
  });
});

describe('--out as a teacher types it', () => {
  it('"out/" and "out" name one folder, and messages name it with one slash', async () => {
    const { parseOutDir } = await import('../../generator/commands/out-option.js');
    expect(parseOutDir('./out/')).toBe('./out');
    expect(parseOutDir('out//')).toBe('out');
    // The root holds the folder the tests run in: refused, as a build would replace it whole.
    expect(() => parseOutDir('/')).toThrow(/--out \/ names the folder you are working in \(or one holding it\)/);
    const dir = mkdtempSync(join(tmpdir(), 'cc-out-slash-'));
    try {
      const run = cli(['build', join(ROOT, 'tests', 'fixtures', 'mini-game'), '--out', join(dir, 'out/'), '--no-press', '--no-tts', '--no-referee']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('//');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

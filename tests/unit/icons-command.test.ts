// `codex-conquest icons [word]`: emblem and genre icon names, offline, through the real command.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'cc-icons-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('codex-conquest icons', () => {
  it('without a word: the icons the game uses, and whose they are', () => {
    const r = cli(['icons']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}eagle-emblem\s+emblem of Germany$/m);
    expect(r.stdout).toMatch(/The set holds [\d,]+ icons/);
  });

  it('a word searches the set and draws the best matches in the terminal; --png writes a picture of them', () => {
    const png = join(work, 'windmills.png');
    const r = cli(['icons', 'windmill', '--png', png]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/icons? matching "windmill":/);
    expect(r.stdout).toMatch(/^ {2}windmill\b/m);
    expect(r.stdout).toMatch(/[█▀▄]/);
    expect(readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('--png into a folder that does not exist says so, with exit 1 (it was an internal error)', () => {
    const r = cli(['icons', 'windmill', '--png', join(work, 'no-such-folder', 'x.png')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write the picture ${join(work, 'no-such-folder', 'x.png')}: the folder ${join(work, 'no-such-folder')} does not exist`);
    expect(r.stderr).not.toContain('Something went wrong');
  });

  it('a folder is read as the content folder, not searched for', () => {
    const r = cli(['icons', 'content']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Icons this game uses:');
  });

  it('a word nothing matches says what to try', () => {
    const r = cli(['icons', 'qqzzxx']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('No icon name contains "qqzzxx"');
  });
});

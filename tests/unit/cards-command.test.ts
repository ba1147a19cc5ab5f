// `codex-conquest cards [word]`: a teacher finds the id to write after "replaces:" or in
// "remove:" without reading content/. Run through the real command on the base game and a pack.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT } from '../helpers.js';

describe('codex-conquest cards', () => {
  it('finds cards by a word in the title, case and accents aside, with id, code and the line they are written on', () => {
    const r = cli(['cards', 'ARMADA']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/National events \(2\):/);
    for (const [id, file] of [
      ['england-spanish-armada', 'national-events/england.yaml'],
      ['spain-armada', 'national-events/spain.yaml'],
    ]) {
      const line =
        readFileSync(join(ROOT, 'content', file), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes(`id: ${id}`)) + 1;
      expect(r.stdout).toMatch(new RegExp(`^  ${id}\\s+NE-[A-Z]{3}-16-\\d\\s+.+ — content/${file.replace('/', '\\/')}:${line}$`, 'm'));
    }
    expect(cli(['cards', 'espanola']).stdout).toContain('constitucion-de-cadiz');
  });

  it('finds a book by its English title, its author, its printer or its town', () => {
    for (const word of ['the gutenberg bible', 'schoeffer', 'mainz']) expect(cli(['cards', word]).stdout, word).toContain('gutenberg-bible');
    expect(cli(['cards', 'columbus']).stdout).toMatch(/^ {2}\S+ +BK-AME-15-\d/m);
  });

  it('narrows by country and type, and lists every card without a word', () => {
    const england = cli(['cards', 'england', '--type', 'book']);
    expect(england.stdout).toMatch(/Books \(12\):/);
    expect(england.stdout).not.toMatch(/National events/);
    const all = cli(['cards']);
    expect(all.stdout).toMatch(/\n252 cards\. In a pack, "replaces: <id>"/);
  });

  it('shows the game as a pack leaves it', () => {
    const r = cli(['cards', '--pack', join(ROOT, 'tests', 'fixtures', 'packs', 'one-lesson')]);
    expect(r.code, r.stderr).toBe(0);
    // The one-lesson pack ends after the 17th century: no 18th-century card is left.
    expect(r.stdout).not.toMatch(/-18-\d/);
    expect(r.stdout).toMatch(/-17-\d/);
  });

  it('says plainly when nothing matches or the type does not exist', () => {
    const none = cli(['cards', 'zzzz']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No card matches "zzzz"');
    const type = cli(['cards', '--type', 'novel']);
    expect(type.code).toBe(2);
    expect(type.stderr).toContain('there is no card type "novel"');
    expect(type.stderr).toContain('write one of: book, auction-book, national-event');
  });
});

// What validate says about a pack written over the mini game: one message per mistake, at its line,
// in the names players see. The corpus (tests/broken) checks single messages; these check what is
// said alongside them — nothing that only follows from a mistake already reported.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { cli } from '../helpers.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** Loads the mini game (with `game` replacing text in its game.yaml) and a pack of the files given. */
function withPack(packYaml: string, files: Record<string, string> = {}, game?: [string, string]) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-pack-msg-'));
  made.push(dir);
  cpSync(MINI, dir, { recursive: true });
  if (game) {
    const file = join(dir, 'game.yaml');
    const text = readFileSync(file, 'utf8');
    if (!text.includes(game[0])) throw new Error(`game.yaml has no ${game[0]}`);
    writeFileSync(file, text.replace(game[0], game[1]));
  }
  const pack = join(dir, 'pack');
  mkdirSync(pack);
  writeFileSync(join(pack, 'pack.yaml'), `id: test-pack\nname: Test Pack\nextends: mini-game\n${packYaml}`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(pack, name), text);
  const r = loadGame({ dir, packs: [pack] });
  return { ...r, errors: r.diagnostics.filter((d) => d.severity === 'error'), warnings: r.diagnostics.filter((d) => d.severity === 'warning') };
}

const replacement = (country: string) =>
  `books:\n  - id: new-science-book\n    replaces: test-italian-book\n    title: A Book\n    place: Venice\n    year: 1510\n    country: ${country}\n    century: 16th\n    genre: science\n    value: 4\n    note: A book.\n`;

describe('a pack', () => {
  it('with a misspelt country at a table gets that one error, not the missing players that follow from it', () => {
    const { errors } = withPack('players: { min: 3, max: 3 }\ntables:\n  3: [germany, italy, englnd]\n');
    expect(errors.map((e) => e.message)).toEqual(["there is no country called 'englnd'"]);
  });

  it('ending the game early warns of a card that could only count books of a later century, and of such an effect among others', () => {
    const chance = (id: string, effects: string) => `  - id: ${id}\n    title: T\n    text: T.\n    note: T.\n    effects:\n${effects}`;
    const { warnings } = withPack('end_after: 15th\n', {
      'chance.yaml': `chance:\n${chance('rot', '      - { pay: 1, per: { century: 16th } }\n')}${chance('mixed', '      - gain: 1\n      - { gain: 1, per: { century: 16th } }\n')}`,
    });
    expect(
      warnings.filter((w) => /can do nothing/.test(w.message)).map((w) => [w.file?.endsWith('pack/chance.yaml'), w.line, w.col, w.message, w.hint]),
    ).toEqual([
      [
        true,
        2,
        9,
        'this card can do nothing in a game that ends after the 15th century: its effect concerns only 16th-century books, and there are none',
        'take it out of the game: add rot to remove: in pack.yaml, e.g. remove: [rot]',
      ],
      [
        true,
        14,
        9,
        'this effect can do nothing in a game that ends after the 15th century: it concerns only 16th-century books, and there are none',
        'delete this line, or make it about a century that is played',
      ],
    ]);
  });

  it('replacing a card with its country in capitals is told how to write the id, not that a country loses a card', () => {
    const { errors, warnings } = withPack('', { 'books.yaml': replacement('Italy') });
    expect(warnings.filter((w) => /loses a card/.test(w.message))).toEqual([]);
    expect(errors.map((e) => [e.message, e.hint])).toEqual([
      ["there is no country called 'Italy'", "write 'italy': ids are written in lower case, with hyphens between words"],
    ]);
  });

  it('a second pack replacing a card an earlier pack replaced or removed is told which line got there first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-msg-'));
    made.push(dir);
    cpSync(MINI, dir, { recursive: true });
    const pack = (name: string, packYaml: string, books?: string) => {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'pack.yaml'), `id: ${name}\nname: ${name}\nextends: mini-game\n${packYaml}`);
      if (books) writeFileSync(join(dir, name, 'books.yaml'), books);
      return join(dir, name);
    };
    const first = pack('first', 'remove: [gutenberg-bible]\n', replacement('italy'));
    const second = pack(
      'second',
      '',
      `${replacement('italy').replace('new-science-book', 'other-book')}  - id: third-book\n    replaces: gutenberg-bible\n    title: B\n    place: Mainz\n    year: 1460\n    country: germany\n    century: 15th\n    genre: religion\n    value: 2\n    note: A book.\n`,
    );
    const errors = loadGame({ dir, packs: [first, second] }).diagnostics.filter((d) => d.severity === 'error');
    // Files are named relative to where the command runs: compare the part inside the game folder.
    expect(errors.map((e) => [e.line, e.message.replace(/\([^()]*\/(first\/[^()]+)\)$/, '($1)')])).toEqual([
      [3, "this card replaces 'test-italian-book', which is no longer in the game: it was already replaced by 'new-science-book' (first/books.yaml:3)"],
      [13, "this card replaces 'gutenberg-bible', which is no longer in the game: it was already taken out by remove: (first/pack.yaml:4)"],
    ]);
  });

  it('replacing a card with a century that does not exist gets the one error, not a warning that the card moves there', () => {
    const { errors, warnings } = withPack('', { 'books.yaml': replacement('italy').replace('century: 16th', 'century: XVI') });
    expect(warnings.filter((w) => /loses a card/.test(w.message))).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual(["there is no century called 'XVI'"]);
  });

  it('replacing a card under another country names both countries as players see them', () => {
    const { warnings } = withPack('', { 'books.yaml': replacement('england') }, ['name: England,', 'name: The Kingdom of England,']);
    const moved = warnings.find((w) => /loses a card/.test(w.message));
    expect(moved?.message).toBe(
      "this card replaces 'test-italian-book' (country: italy) but is filed under country: england, so Italy loses a card and The Kingdom of England gains one",
    );
  });

  it('given as a file: its own folder when that holds pack.yaml, otherwise what a pack folder is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-file-'));
    made.push(dir);
    mkdirSync(join(dir, 'pack'));
    writeFileSync(join(dir, 'pack', 'pack.yaml'), 'id: p\nname: P\nextends: mini-game\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a pack');
    const hint = (pack: string) => loadGame({ dir: MINI, packs: [pack] }).diagnostics.find((d) => d.severity === 'error')?.hint ?? '';
    expect(hint(join(dir, 'pack', 'pack.yaml'))).toMatch(/^give the folder it is in instead: --pack .*pack$/);
    // A file whose folder is no pack either (/dev/null, a download): the folder it is in would not do.
    expect(hint(join(dir, 'notes.txt'))).toBe('give the path to the pack’s folder, the one that holds pack.yaml');
  });

  it('ending the base game after its first century, where no country keeps the books of a canon, gets one warning for the game at end_after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-short-'));
    made.push(dir);
    writeFileSync(join(dir, 'pack.yaml'), 'id: one-lesson\nname: One Lesson\nextends: codex-conquest\nend_after: 15th\n');
    const canon = loadGame({ dir: join(process.cwd(), 'content'), packs: [dir] }).diagnostics.filter((d) => /National Canon/.test(d.message));
    expect(canon.map((d) => [d.file?.endsWith('pack.yaml'), d.line, d.message])).toEqual([
      [true, 4, 'as the game ends after the 15th century, no country has the 6 books a National Canon needs: none can be completed'],
    ]);
  });

  it('an idle effect on a base game card is told how to change it from the pack, which cannot edit the base files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-pack-idle-'));
    made.push(dir);
    writeFileSync(join(dir, 'pack.yaml'), 'id: no-incunabula\nname: No Incunabula\nextends: codex-conquest\nremove: [15th]\n');
    const idle = loadGame({ dir: join(process.cwd(), 'content'), packs: [dir] }).diagnostics.filter((d) => d.message.startsWith('this effect can do nothing'));
    expect(idle.length).toBeGreaterThan(0);
    for (const d of idle) {
      expect(d.file).toMatch(/content\//);
      expect(d.hint).toMatch(/^a card of the base game, changed from your pack: write a card there with "replaces: [a-z0-9-]+"/);
    }
  });

  it('stopped by a file that does not read cleanly, validate says the checks between cards are still to come', () => {
    const chance = (effect: string) => ({
      'chance.yaml': `chance:\n  - id: odd-luck\n    title: Odd Luck\n    text: Something odd.\n    note: A note.\n    effects:\n      - ${effect}\n`,
    });
    const early = withPack('', chance('gain: 100000'));
    expect(early.errors.map((e) => e.message)).toEqual(["'gain' is the number 100000: an amount above 50 credits would break the economy"]);
    expect(early.crossChecked).toBe(false);
    const late = withPack('', chance('{ pay: 2, to: atlantis }'));
    expect(late.errors.map((e) => e.message)).toEqual(["there is no country called 'atlantis'"]);
    expect(late.crossChecked).toBe(true);
    // And the command says so in its last line, only when it stopped early.
    const run = (effect: string) => {
      const { dir } = withPack('', chance(effect)).layers[1]!;
      return cli(['validate', MINI, '--pack', dir]).stderr.trim().split('\n').at(-1)!;
    };
    expect(run('gain: 100000')).toMatch(/run it again\. The checks between cards .* may find more\.$/);
    expect(run('{ pay: 2, to: atlantis }')).toMatch(/run it again\.$/);
    // Nor when no file was read at all: a pack folder that does not exist.
    const missing = cli(['validate', MINI, '--pack', join(tmpdir(), 'cc-no-such-pack')])
      .stderr.trim()
      .split('\n')
      .at(-1)!;
    expect(missing).toMatch(/run it again\.$/);
  });

  it('taking out the event that releases a lot warns at that line, and not when the pack takes the lot out too', () => {
    // (Germany is then left without a 15th-century event, an error of its own: only the lot's warning is looked at.)
    const alone = withPack('remove: [germany-press]\n');
    expect(alone.warnings.filter((w) => w.message.includes("'test-lot'")).map((w) => [w.line, w.col])).toEqual([[4, 10]]);
    const both = withPack('remove: [germany-press, test-lot]\n');
    expect(both.warnings.filter((w) => w.message.includes("'test-lot'"))).toEqual([]);
  });

  // A pack that left the game with no books, world event, chance card, lot or reference card
  // passed with six warnings, every one at a line of the base game.yaml its author cannot edit.
  it('that empties the decks is told at its own remove: lines: an error for no book to buy, a warning for each step left with nothing', () => {
    const remove =
      'remove: [gutenberg-bible, test-italian-book, test-english-book, world-constantinople, ms-germany, ms-italy, ms-england, test-lot, chance-fire, ref-order]\n';
    const r = withPack(remove);
    const col = (id: string) => remove.indexOf(id) + 1;
    // In the order validate prints them: by place.
    const said = [...r.diagnostics]
      .sort((a, b) => (a.col ?? 0) - (b.col ?? 0))
      .map((d) => [d.severity, d.file?.replace(/.*(pack\/pack\.yaml)$/, '$1'), d.line, d.col, d.message]);
    expect(said).toEqual([
      [
        'error',
        'pack/pack.yaml',
        4,
        col('test-english-book'),
        'taking out test-english-book leaves the game without a single book to buy: every century’s market would open empty, and there would be nothing to collect',
      ],
      [
        'warning',
        'pack/pack.yaml',
        4,
        col('world-constantinople'),
        'taking out world-constantinople leaves the game with no world event, though “Codex Conquest” ends each century with one: that step would do nothing',
      ],
      ...['germany', 'italy', 'england'].map((c) => [
        'warning',
        'pack/pack.yaml',
        4,
        col(`ms-${c}`),
        `taking out ms-${c} leaves ${c[0]!.toUpperCase()}${c.slice(1)} without a manuscript, but an edition starts each country with one`,
      ]),
      ['warning', 'pack/pack.yaml', 4, col('test-lot'), 'taking out test-lot leaves the game with no auction lot: no auction would ever be held'],
      [
        'warning',
        'pack/pack.yaml',
        4,
        col('chance-fire'),
        'taking out chance-fire leaves the game with no chance card, so a roll of 1 or 6 after the first round would bring nothing',
      ],
      [
        'warning',
        'pack/pack.yaml',
        4,
        col('ref-order'),
        'taking out ref-order leaves the game with no reference card: players would have no order of play or objectives at hand',
      ],
    ]);
    // A step left empty on purpose is said how to switch off instead.
    expect(r.diagnostics.find((d) => d.message.includes('no chance card'))?.hint).toContain('chance_faces: []');
  });

  it('taking out the century of the only world event says so at that line, not at the base game’s world_events setting', () => {
    const { warnings } = withPack('remove: [15th]\n');
    expect(warnings.filter((w) => w.message.includes('no world event')).map((w) => [w.file?.endsWith('pack.yaml'), w.line, w.col, w.message])).toEqual([
      [true, 4, 10, 'this line leaves the game with no world event, though “Codex Conquest” ends each century with one: that step would do nothing'],
    ]);
  });

  it('taking out a country’s book warns at that line that its National Canon is out of reach, not at game.yaml', () => {
    const { warnings } = withPack('remove: [gutenberg-bible]\n');
    const canon = warnings.filter((w) => w.message.includes('National Canon of Germany'));
    expect(canon.map((w) => [w.file?.endsWith('pack.yaml'), w.line, w.col, w.message])).toEqual([
      [
        true,
        4,
        10,
        'taking out gutenberg-bible leaves Germany with only 1 book in the game, so no library can ever complete a National Canon of Germany (3 books)',
      ],
    ]);
  });

  it('naming a country its own remove: took out says which line took it out', () => {
    const { errors } = withPack('remove: [england]\nseats: [england]\n');
    expect(errors.map((e) => [e.line, e.message.replace(/\S*pack\.yaml/, 'pack.yaml')])).toEqual([
      [5, "the country 'england' is already out of the game: pack.yaml:4 takes it out"],
    ]);
  });
});

// A gap a pack's remove: leaves in the base game's decks is the pack's doing, not a file cut short:
// said at that line, which its author can change, and not at a base-game card with "check that the
// file was not cut short".
describe('a pack over the base game that leaves a gap in a deck', () => {
  function basePack(remove: string) {
    const pack = mkdtempSync(join(tmpdir(), 'cc-pack-gap-'));
    made.push(pack);
    writeFileSync(join(pack, 'pack.yaml'), `id: test-pack\nname: Test Pack\nextends: codex-conquest\nremove: [${remove}]\n`);
    const r = loadGame({ dir: join(process.cwd(), 'content'), packs: [pack] });
    return r.diagnostics.map((d) => `${d.severity} ${d.file?.endsWith('pack.yaml') ? 'pack.yaml' : d.file}:${d.line}:${d.col} ${d.message}`);
  }

  it('is told at the remove: line that left it', () => {
    expect(basePack('world-wide-web')).toEqual([
      'warning pack.yaml:4:10 taking out world-wide-web: the 20th century has no world event, where the other centuries have 1 world event each',
    ]);
    expect(basePack('classic-objectives')).toEqual([
      'warning pack.yaml:4:10 taking out classic-objectives: the edition “The History of the Book” has no objectives reference card, where the other edition has one',
    ]);
    expect(basePack('mentelin-bible')).toEqual([
      "warning pack.yaml:4:10 taking out mentelin-bible: the auction lot 'incunable-bibles' has 3 auction books, where most lots have 4",
    ]);
    const misfortunes = [
      'chance-cotton-library-fire',
      'chance-library-of-congress-fire',
      'chance-birmingham-fire',
      'chance-turin-fire',
      'chance-los-angeles-arson',
      'chance-florence-flood',
    ];
    expect(basePack(misfortunes.join(', '))).toEqual([
      `warning pack.yaml:4:${9 + misfortunes.slice(0, -1).join(', ').length + 3} with chance-florence-flood taken out, the chance deck has 16 cards of good fortune and 10 of misfortune: drawing one is more often a gift than a loss`,
    ]);
  });
});

describe('a game whose own files leave a deck empty', () => {
  it('is told at the edition setting that needs the deck', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-empty-decks-'));
    made.push(dir);
    cpSync(MINI, dir, { recursive: true });
    const events = join(dir, 'events.yaml');
    const text = readFileSync(events, 'utf8');
    writeFileSync(events, text.slice(0, text.indexOf('world_events:\n')));
    const said = loadGame({ dir })
      .diagnostics.filter((d) => d.file?.endsWith('game.yaml') && /no world event|no chance card/.test(d.message))
      .map((d) => `${d.line}: ${d.message}`);
    expect(said).toEqual([
      '25: the game has no world event, though “Codex Conquest” ends each century with one: that step would do nothing',
      '32: the game has no chance card, so a roll of 1 or 6 after the first round would bring nothing',
    ]);
  });
});

describe('file names in messages', () => {
  it('are given from the folder the command runs in, or in full when they lie more than one folder up', async () => {
    const { shownPath: shown } = await import('../../generator/io/shown-path.js');
    const here = process.cwd();
    expect(shown(join(here, 'content', 'books.yaml'))).toBe(join('content', 'books.yaml'));
    expect(shown(join(here, '..', 'my-pack', 'pack.yaml'))).toBe(join('..', 'my-pack', 'pack.yaml'));
    const far = join(here, '..', '..', 'elsewhere', 'pack.yaml');
    expect(shown(far)).toBe(far);
  });
});

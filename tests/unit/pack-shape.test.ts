// A pack may reshape the game: the centuries played, who sits where at each table size, who leads,
// the editions' settings. Each test writes a small pack beside the base game and reads what the
// loader makes of it — the same Game the referee, the rule book and the aids are built from.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { newGame, seatedAt, leadOf } from '../../engine/index.js';
import { ROOT } from '../helpers.js';

const content = join(ROOT, 'content');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** Writes a pack folder (pack.yaml plus any other files) and loads the base game with it. */
function withPack(packYaml: string, files: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-shape-'));
  made.push(dir);
  const pack = join(dir, 'pack');
  mkdirSync(pack);
  writeFileSync(join(pack, 'pack.yaml'), `id: test-pack\nname: Test Pack\nextends: codex-conquest\n${packYaml}`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(pack, name), text);
  const result = loadGame({ dir: content, packs: [pack] });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
  return { ...result, errors, warnings };
}

const base = loadGame({ dir: content }).game!;

describe('a one-lesson pack (15th–17th century, three players)', () => {
  const { game, errors, warnings } = loadGame({ dir: content, packs: [join(ROOT, 'tests', 'fixtures', 'packs', 'one-lesson')] }) as ReturnType<typeof withPack>;
  const problems = loadGame({ dir: content, packs: [join(ROOT, 'tests', 'fixtures', 'packs', 'one-lesson')] }).diagnostics;

  it('validates with no error and no warning', () => {
    expect(problems).toEqual([]);
    expect(errors ?? []).toEqual([]);
    expect(warnings ?? []).toEqual([]);
    expect(game).toBeDefined();
  });

  it('plays only the first three centuries, and nothing of the later ones is left', () => {
    expect(game!.centuries.map((c) => c.id)).toEqual(['15th', '16th', '17th']);
    const kept = new Set(['15th', '16th', '17th']);
    for (const card of game!.cards) if ('century' in card && typeof card.century === 'string') expect(kept.has(card.century), card.id).toBe(true);
    for (const lot of game!.lots) expect(kept.has(lot.century)).toBe(true);
    expect(game!.cards.filter((c) => c.type === 'world-event')).toHaveLength(3);
  });

  it('seats three countries, and only their cards are printed', () => {
    expect(game!.rules.players).toEqual({ min: 3, max: 3 });
    expect(game!.rules.tables).toEqual({ '3': ['germany', 'italy', 'spain'] });
    expect(game!.countries.map((c) => c.id)).toEqual(['germany', 'italy', 'spain']);
    const countries = new Set(['germany', 'italy', 'spain']);
    for (const card of game!.cards) if ('country' in card && typeof card.country === 'string') expect(countries.has(card.country), card.id).toBe(true);
  });

  it('keeps a lot only while an event can still release it', () => {
    // The 17th-century lot was released by a French event; France is not at the table.
    const released = new Set(game!.cards.flatMap((c) => ('effects' in c ? c.effects.flatMap((e) => ('release_lot' in e ? [e.release_lot] : [])) : [])));
    expect(game!.lots.map((l) => l.id).sort()).toEqual([...released].sort());
    expect(game!.lots.length).toBeGreaterThan(0);
    for (const book of game!.cards.filter((c) => c.type === 'auction-book')) expect(released.has((book as { lot: string }).lot)).toBe(true);
  });

  it('changes one edition setting and keeps the rest', () => {
    const codex = game!.rules.editions.find((e) => e.id === 'codex')!;
    const before = base.rules.editions.find((e) => e.id === 'codex')!;
    expect(codex).toEqual({ ...before, starting_credits: 6 });
    expect(game!.rules.editions.find((e) => e.id === 'classic')).toEqual(base.rules.editions.find((e) => e.id === 'classic'));
  });

  it('fills the reference cards with the game it makes', () => {
    const lines = game!.cards.filter((c) => c.type === 'reference').flatMap((c) => (c as { lines: string[] }).lines);
    expect(lines).toContain('Hold the most valuable library when the 17th century ends.');
    expect(lines).toContain('**Start:** 6 credits and your medieval manuscript.');
    expect(lines.join('\n')).not.toContain('{{');
  });

  it('names the pack, its author and description for the credits', () => {
    expect(game!.packs).toEqual([
      {
        id: 'one-lesson',
        name: 'One Lesson',
        mark: 'OL',
        author: 'Ms. Okafor, Year 9 History',
        description: 'Three teams play the first three centuries of print in a single fifty-minute lesson.',
      },
    ]);
    expect(game!.cards.some((c) => c.pack === 'one-lesson')).toBe(false);
  });

  it('opens a table the engine can play', () => {
    const state = newGame(game!, { players: 3, edition: 'codex', length: 'short', packs: ['one-lesson'] });
    expect(state.table.players).toEqual(['germany', 'italy', 'spain']);
  });
});

describe('seats, tables and leads', () => {
  it('seats a country where the pack says, and every table follows the seat order', () => {
    const { game, errors } = withPack('seats: [germany, italy, americas]\n');
    expect(errors).toEqual([]);
    expect(game!.countries.map((c) => c.id)).toEqual(['germany', 'italy', 'americas', 'spain', 'france', 'england']);
    expect(seatedAt(game!, 3)).toEqual(['germany', 'italy', 'americas']);
    expect(newGame(game!, { players: 3, edition: 'codex', length: 'short', packs: ['test-pack'] }).table.players).toEqual(['germany', 'italy', 'americas']);
  });

  it('a table may name its countries, which then sit in seat order, with a warning when listed otherwise', () => {
    const { game, errors, warnings } = withPack('tables:\n  3: [spain, germany, england]\n');
    expect(errors).toEqual([]);
    expect(game!.rules.tables['3']).toEqual(['germany', 'spain', 'england']);
    expect(game!.rules.tables['4']).toEqual(['germany', 'italy', 'spain', 'france']);
    expect(warnings.map((w) => w.message)).toContain('at this table the countries sit in seat order (germany, spain, england), not in the order listed');
    expect(warnings[0]!.file).toMatch(/pack\.yaml$/);
    // Italy is absent at three: the 16th century passes to the next country present in seat order.
    expect(leadOf(game!, seatedAt(game!, 3), '16th')).toBe('spain');
  });

  it('refuses a table of the wrong size and an unknown country, with a suggestion', () => {
    const { errors } = withPack('tables:\n  3: [germany, italy]\n  4: [germany, italy, spain, englnd]\n');
    const messages = errors.map((e) => `${e.line}: ${e.message} — ${e.hint}`);
    expect(messages).toContain('5: a table of 3 players needs 3 countries, but 2 are listed — list exactly 3 country ids');
    expect(messages.some((m) => m.startsWith("6: there is no country called 'englnd'") && m.includes("did you mean 'england'?"))).toBe(true);
  });

  it('makes a country lead a century', () => {
    const { game, errors, warnings } = withPack('leads: { 18th: england }\n');
    expect(errors).toEqual([]);
    expect(game!.centuries.find((c) => c.id === '18th')!.lead).toBe('england');
    // France now leads nothing while England leads two: worth a warning.
    expect(warnings.map((w) => w.message)).toContain(
      'France leads no century once this line gives its 18th century to another country, while England leads 2 (18th, 19th)',
    );
  });

  it('removing a country removes its cards, and the century it led passes on', () => {
    const { game, errors } = withPack('remove: [italy]\n');
    expect(errors).toEqual([]);
    expect(game!.countries.map((c) => c.id)).not.toContain('italy');
    expect(game!.cards.filter((c) => 'country' in c && c.country === 'italy' && c.type !== 'auction-book')).toEqual([]);
    expect(game!.centuries.find((c) => c.id === '16th')!.lead).toBe('spain');
    expect(game!.rules.players.max).toBe(5);
  });

  it('removing a century from the middle removes its cards and lots', () => {
    const { game, errors } = withPack('remove: [18th]\n');
    expect(errors).toEqual([]);
    expect(game!.centuries.map((c) => c.id)).toEqual(['15th', '16th', '17th', '19th', '20th']);
    expect(game!.cards.filter((c) => 'century' in c && c.century === '18th')).toEqual([]);
    expect(game!.lots.filter((l) => l.century === '18th')).toEqual([]);
  });

  it('an unknown century for end_after gets a suggestion', () => {
    const { errors } = withPack('end_after: 17nth\n');
    expect(errors[0]).toMatchObject({ line: 4, message: "there is no century called '17nth'" });
    expect(errors[0]!.hint).toContain("did you mean '17th'?");
  });
});

describe('editions in a pack', () => {
  it('changes one auction setting without touching the others', () => {
    const { game, errors } = withPack('editions:\n  - id: classic\n    auction: { reserve: 2 }\n');
    expect(errors).toEqual([]);
    const classic = game!.rules.editions.find((e) => e.id === 'classic')!;
    expect(classic.auction).toEqual({ reserve: 2, single_books: false, unsold: 'leave-game' });
    expect(classic.debt_books).toBe('cover-with-change');
  });

  it('adds a whole new edition and makes it the default', () => {
    const codex = base.rules.editions[0]!;
    const { game, errors } = withPack(
      `editions:\n  - ${JSON.stringify({ ...codex, id: 'classroom', name: 'Classroom', starting_credits: 10 })}\ndefault_edition: classroom\n`,
    );
    expect(errors).toEqual([]);
    expect(game!.rules.default_edition).toBe('classroom');
    expect(game!.rules.editions.map((e) => e.id)).toEqual(['codex', 'classic', 'classroom']);
  });

  it('a new edition missing settings is refused at the pack line, saying what is missing', () => {
    const { errors } = withPack('editions:\n  - id: classroom\n    name: Classroom\n    starting_credits: 10\n');
    // One message naming what is missing, not one line per setting.
    expect(errors).toHaveLength(1);
    expect(errors[0]!.file).toMatch(/pack\.yaml$/);
    expect(errors[0]!.message).toContain(
      "'classroom' is not an edition of the game, so this entry must be a whole new edition, and it lacks manuscripts, world_events",
    );
  });

  it('a setting that makes no sense is refused at the pack line that wrote it', () => {
    const { errors } = withPack('editions:\n  - id: codex\n    first_round_reroll: [1, 2, 3, 4, 5, 6]\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 6, message: 'every face of the die is rolled again in the first round, so the first market turn could never end' });
    expect(errors[0]!.file).toMatch(/pack\.yaml$/);
  });

  it('an unknown default edition gets a suggestion', () => {
    const { errors } = withPack('default_edition: clasic\n');
    expect(errors[0]!.hint).toContain("did you mean 'classic'?");
  });
});

describe('structure warnings', () => {
  it('a replacement that moves a book to another country is flagged at the line', () => {
    const { warnings, errors } = withPack('', {
      'books.yaml':
        'books:\n  - id: new-book\n    replaces: gutenberg-bible\n    title: A Book\n    place: Mainz\n    year: 1455\n    country: italy\n    century: 15th\n    genre: religion\n    value: 3\n    note: A book.\n',
    });
    expect(errors).toEqual([]);
    const w = warnings.find((x) => x.message.startsWith("this card replaces 'gutenberg-bible' (country: germany)"));
    expect(w).toMatchObject({ line: 7 });
    expect(w!.hint).toContain('country: germany');
  });

  it('a book added to a full century is flagged', () => {
    const { warnings } = withPack('', {
      'books.yaml':
        'books:\n  - id: extra-book\n    title: A Book\n    place: Venice\n    year: 1550\n    country: italy\n    century: 16th\n    genre: science\n    value: 3\n    note: A book.\n',
    });
    expect(warnings.map((w) => w.message)).toContain('Italy has 3 books for the 16th century, where most countries have 2 books in each century');
  });

  it('an unknown name in card text is an error with the list of names', () => {
    const { errors } = withPack('', {
      'reference.yaml': 'reference:\n  - id: my-aid\n    title: My Aid\n    kind: other\n    lines:\n      - Play until the {{last_centry}} ends.\n',
    });
    expect(errors[0]).toMatchObject({ line: 6, message: "'{{last_centry}}' is not a name the cards can use" });
    expect(errors[0]!.hint).toContain("did you mean 'last_century'?");
  });
});

// Odd saved-game files, read the one way the page's import and `codex-conquest replay` share
// (engine/saved-game.ts): the bytes in any encoding the page opens, a file nested thousands deep,
// a field too many anywhere (a key named '__proto__' included), times that are not times. Each is
// read, or refused with a sentence saying what is wrong and where — never a crash.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_DEPTH,
  RULES_VERSION,
  parseSavedGame,
  replayChecked,
  savedGameNotes,
  savedGameText,
  sha256Hex,
  toSavedGame,
  type Game,
  type SavedGame,
} from '../../engine/index.js';
import { loadGame } from '../../generator/load/index.js';
import { cli } from '../helpers.js';

let game: Game;
let good: SavedGame;
let dir: string;
beforeAll(() => {
  game = loadGame({ dir: 'content' }).game!;
  const recorded = JSON.parse(readFileSync(join('tests', 'fixtures', 'games', '05-codex-4-short-stop-17th.json'), 'utf8')) as SavedGame;
  good = toSavedGame(game, RULES_VERSION, recorded.setup, recorded.log.slice(0, 6), recorded.saved);
  dir = mkdtempSync(join(tmpdir(), 'cc-odd-files-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

/** A file's text with a check code that matches whatever it holds, so a refusal is about the content. */
function withCheck(text: string): string {
  const o = JSON.parse(text) as SavedGame;
  const check = sha256Hex(JSON.stringify([o.game.id, o.rules, o.setup, o.log]));
  return text.replace(/"check":"[0-9a-f]*"/, `"check":"${check}"`);
}

function replay(name: string, bytes: string | Buffer) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return cli(['replay', path]);
}

const refused = (text: string) => {
  const r = parseSavedGame(text);
  return r.ok ? 'read' : r.message;
};

describe('the version of a saved game', () => {
  it('a newer whole-number version is a newer referee; one that is no whole number is said to be so', () => {
    const text = (v: string) => JSON.stringify(good).replace(/"version":\d+/, `"version":${v}`);
    expect(refused(text('99'))).toBe('This game was saved by a newer referee (file format 99); open it with that version.');
    expect(refused(text('1.5'))).toContain("the field 'version' should be a whole number, not 1.5");
    expect(refused(text('1e999'))).toContain("the field 'version' should be a number");
    expect(refused(text('1e999'))).not.toContain('newer referee');
  });
});

describe('the bytes of a saved game', () => {
  it('are read in every encoding the page opens: UTF-8 with or without a byte-order mark, UTF-16 either way round, with or without one', () => {
    const text = JSON.stringify(good);
    const utf16le = Buffer.from(text, 'utf16le');
    const utf16be = Buffer.from(utf16le).swap16();
    const files: [string, Buffer][] = [
      ['utf8.json', Buffer.from(text)],
      ['utf8-bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
      ['utf16le-bom.json', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])],
      ['utf16be-bom.json', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be])],
      ['utf16le.json', utf16le],
      ['utf16be.json', utf16be],
    ];
    for (const [name, bytes] of files) {
      expect(savedGameText(new Uint8Array(bytes)), name).toBe(text);
      const run = replay(name, bytes);
      expect([name, run.code, run.stderr]).toEqual([name, 0, '']);
      expect(run.stdout).toContain('✓ Every action keeps to the rules.');
      expect(run.stdout).not.toContain('warning');
    }
    // Text handed over with its mark still on (read as UTF-8 by another program) is read too.
    expect(parseSavedGame(`\uFEFF${text}`).ok).toBe(true);
  });
});

describe('a file nested deeper than any saved game', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('is refused with a sentence that says where, however deep, and replay does not crash', () => {
    const text = JSON.stringify(good);
    // The check codes do not match (working one out would overflow the test's own stack): the
    // depth is refused before the check code is read.
    const inEntry = text.replace('"seq":2,', `"seq":2,"note":${deep(10_000)},`);
    expect(refused(inEntry)).toBe(
      `This saved game is damaged: log entry 2: its field 'note.0' holds brackets within brackets more than ${MAX_DEPTH} levels deep, far deeper than any saved game.`,
    );
    const inAction = text.replace('{"type":"end-turn"}', `{"type":"end-turn","deep":${deep(200_000)}}`);
    expect(refused(inAction)).toMatch(/^This saved game is damaged: log entry \d+: its field 'action\.deep' holds brackets within brackets/);
    expect(refused(withCheck(text.replace('{"format"', `{"deep":${deep(50)},"format"`)))).toMatch(/the field 'deep\.0\.0\.0' holds brackets/);
    for (const [name, body] of [
      ['deep-entry.json', inEntry],
      ['deep-action.json', inAction],
    ]) {
      const run = replay(name!, body!);
      expect(run.code, name).toBe(1);
      expect(run.stderr).toMatch(/holds brackets within brackets more than 32 levels deep/);
      expect(run.stderr).not.toMatch(/bug in the tool|Maximum call stack|\n\s+at /);
    }
  });

  it('is read when it is only as deep as the referee writes (a trade with its cards)', () => {
    const trade = { type: 'trade', a: 'germany', b: 'italy', aGives: { credits: 1, cards: [] }, bGives: { credits: 0, cards: [] } };
    const log = [...good.log, { seq: good.log.length + 1, action: trade, rules: RULES_VERSION, at: good.saved }];
    expect(parseSavedGame(JSON.stringify({ ...good, log })).ok).toBe(true);
  });
});

describe('numbers far out of range', () => {
  it('are said in a teacher’s words: no bound a programmer would know, and too many credits is too many', () => {
    const text = JSON.stringify(good);
    // 1e300 players had been told "must be at most 9007199254740991".
    expect(refused(withCheck(text.replace(/"players":\d+/, '"players":1e300')))).toMatch(/the field 'setup\.players' is far too large a number/);
    // 1e21 credits had been told "must be a whole number of credits", which it is.
    const parsed = parseSavedGame(withCheck(text.replace('{"type":"end-turn"}', '{"type":"transfer","from":"bank","to":"italy","amount":1e21,"note":"x"}')));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { rejected } = replayChecked(game, parsed.saved.setup, parsed.saved.log);
    expect(rejected[0]?.reason).toMatch(/'amount' must be at most 10,000 credits at a time/);
  });
});

describe('a field the format does not have', () => {
  it('is refused wherever it is, and the sentence says where', () => {
    const text = JSON.stringify(good);
    expect(refused(withCheck(text.replace('{"format"', '{"junk":1,"format"')))).toBe(
      "This saved game is damaged or incomplete: the field 'junk' is not part of it.",
    );
    expect(refused(withCheck(text.replace('"seq":3,', '"seq":3,"by":"me",')))).toBe(
      "This saved game is damaged or incomplete: log entry 3 has a field 'by' that does not belong there: remove it.",
    );
    expect(refused(withCheck(text.replace('"packs":[]', '"packs":[],"seats":4')))).toBe(
      "This saved game is damaged or incomplete: the field 'setup' has a field 'seats' that does not belong there: remove it.",
    );
    expect(refused(withCheck(text.replace(/"game":\{"id":"([^"]+)"/, '"game":{"id":"$1","made":"x"')))).toMatch(
      /the field 'game' has a field 'made' that does not belong there/,
    );
    // A prototype's name is a name like any other: refused as a field too many.
    expect(refused(withCheck(text.replace('{"format"', '{"__proto__":{"x":1},"format"')))).toMatch(/the field '__proto__' is not part of it/);
  });

  it("in an action is refused by the rules with the action's own reason, '__proto__' as much as any other name", () => {
    const text = JSON.stringify(good);
    const at = text.indexOf('{"type":"end-turn"}');
    expect(at).toBeGreaterThan(0);
    for (const key of ['junk', '__proto__']) {
      const parsed = parseSavedGame(withCheck(`${text.slice(0, at)}{"type":"end-turn","${key}":{"x":1}}${text.slice(at + '{"type":"end-turn"}'.length)}`));
      expect(parsed.ok && parsed.checkMatches, key).toBe(true);
      if (!parsed.ok) continue;
      const { rejected } = replayChecked(game, parsed.saved.setup, parsed.saved.log);
      // (The turn it did not end then refuses the next entry too.)
      expect(rejected[0]?.reason).toBe(`This end-turn cannot be recorded: the field '${key}' is not part of it.`);
      const run = replay(`action-${key}.json`, JSON.stringify(parsed.saved));
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`(end-turn): This end-turn cannot be recorded: the field '${key}' is not part of it.`);
    }
  });
});

describe('times that are not times', () => {
  it('are noted the same for the page and for replay, naming the entries', () => {
    const odd = { ...good, saved: 'yesterday', log: good.log.map((e) => (e.seq === 2 || e.seq === 4 ? { ...e, at: '1' } : e)) };
    const notes = savedGameNotes(odd);
    expect(notes).toEqual([
      'the time it was saved, "yesterday", is not a date and time (write it like 2026-11-24T14:00:00.000Z)',
      'entries 2 and 4 give a time that is not a date and time (write it like 2026-11-24T14:00:00.000Z)',
    ]);
    expect(savedGameNotes(good)).toEqual([]);
    const run = replay('times.json', withCheck(JSON.stringify(odd)));
    expect(run.code).toBe(0);
    for (const n of notes) expect(run.stdout).toContain(`warning: ${n}\n`);
  });
});

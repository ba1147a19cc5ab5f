// A pack's pictures: only files inside the pack's own folder, each a whole PNG or JPEG. Real
// files on disk (a symlink out of the pack, a JPEG cut in half, a GIF named .png, a JPEG damaged
// inside), checked through the real command: validate names the file, line and column, and the
// build refuses a picture it cannot decode the same way, never with a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chunk } from '../../generator/print/raster/png.js';
import sharp from 'sharp';
import { cli } from '../helpers.js';

let dir: string;
const FAST = ['--no-press', '--no-tts', '--no-referee', '--quiet'];

/** A pack with one book whose `image:` line is line 5, column 12 of pack/books.yaml. */
function packWith(image: string): string {
  const pack = join(dir, `pack-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(join(pack, 'art'), { recursive: true });
  cpSync(join(dir, 'art'), join(pack, 'art'), { recursive: true });
  writeFileSync(join(pack, 'pack.yaml'), 'id: art-pack\nname: Art Pack\nextends: codex-conquest\n');
  writeFileSync(
    join(pack, 'books.yaml'),
    `books:\n  - id: art-book\n    title: A Book with a Picture\n    place: Leiden\n    image: ${image}\n    year: 1620\n    country: spain\n    century: 17th\n    genre: science\n    value: 3\n    note: A book with a picture on its card.\n`,
  );
  return pack;
}

function validate(pack: string) {
  return cli(['validate', 'content', '--pack', pack]);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cc-art-'));
  mkdirSync(join(dir, 'art'));
  const jpeg = await sharp({ create: { width: 900, height: 400, channels: 3, background: '#7a5c3a' } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(dir, 'art', 'good.jpg'), jpeg);
  writeFileSync(join(dir, 'art', 'cut.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  // Cut in half, then given a proper ending: only decoding finds the damage.
  writeFileSync(join(dir, 'art', 'cut-ended.jpg'), Buffer.concat([jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.from([0xff, 0xd9])]));
  // A PNG with one byte of its picture data flipped: its first and last bytes are sound.
  const png = await sharp({ create: { width: 900, height: 400, channels: 3, background: '#7a5c3a' } })
    .png()
    .toBuffer();
  png[200] = png[200]! ^ 0xff;
  writeFileSync(join(dir, 'art', 'flipped.png'), png);
  writeFileSync(
    join(dir, 'art', 'tall.jpg'),
    await sharp({ create: { width: 800, height: 1800, channels: 3, background: '#7a5c3a' } })
      .jpeg()
      .toBuffer(),
  );
  writeFileSync(join(dir, 'art', 'drawing.png'), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'));
  writeFileSync(
    join(dir, 'secret.png'),
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a pack's pictures stay inside the pack", () => {
  it('a picture inside the pack is accepted and printed', () => {
    const pack = packWith('art/good.jpg');
    expect(validate(pack).code).toBe(0);
    const r = cli(['build', 'content', '--pack', pack, '--out', join(dir, 'out-good'), ...FAST], { timeout: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'out-good', 'preflight.json'), 'utf8')).checks.images).toContain('1 picture');
  });

  for (const [image, message] of [
    ['/etc/passwd.png', 'is given as a full path on this computer'],
    ['../secret.png', 'is outside the pack'],
    ['../../x.png', 'is outside the pack'],
    ['art/../../secret.png', 'is outside the pack'],
  ] as const) {
    it(`refuses image: ${image}`, () => {
      const r = validate(packWith(image));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`books\\.yaml:5:12: error: the picture “${image.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}” ${message}`));
      expect(r.stderr).toContain('hint: copy the picture into');
    });
  }

  it('refuses a symlink that leads out of the pack', () => {
    const pack = packWith('art/link.png');
    symlinkSync(join(dir, 'secret.png'), join(pack, 'art', 'link.png'));
    const r = validate(pack);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: the picture “art\/link\.png” is a link to a file outside the pack's folder/);
  });

  it('finds a picture whose accented name the disk keeps decomposed, and names a picture link that leads to nothing', () => {
    // macOS keeps "é" as "e" and an accent mark: the teacher's "café.jpg" had been not found, with
    // "did you mean image: art/café.jpg?" as the hint.
    const pack = packWith('art/café.jpg');
    cpSync(join(dir, 'art', 'good.jpg'), join(pack, 'art', 'café.jpg'.normalize('NFD')));
    const found = validate(pack);
    expect(found.code, found.stderr).toBe(0);
    // A link to a picture that is no longer there had been given the same path as its hint.
    const linked = packWith('art/pic.png');
    symlinkSync('missing.png', join(linked, 'art', 'pic.png'));
    const r = validate(linked);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: the picture “art\/pic\.png” is a link to a file that is not there/);
    expect(r.stderr).not.toContain('did you mean');
  });

  it('refuses card files that are links out of the pack, or not ordinary files, by name and without reading them', { timeout: 30_000 }, () => {
    // Cards kept outside, linked in as a folder; a file of the system linked in as YAML; a pipe
    // and an endless device named .yaml (the pipe kept validate waiting forever).
    const outside = join(dir, 'outside-cards');
    mkdirSync(outside, { recursive: true });
    writeFileSync(
      join(outside, 'extra.yaml'),
      'books:\n  - id: smuggled\n    title: A Smuggled Book\n    place: Leiden\n    year: 1620\n    country: spain\n    century: 17th\n    genre: science\n    value: 3\n    note: A book from outside.\n',
    );
    const cases: [string, (pack: string) => void, RegExp][] = [
      ['linked', (pack) => symlinkSync(outside, join(pack, 'linked')), /linked: error: this is a link to a place outside the pack folder/],
      ['leak.yaml', (pack) => symlinkSync('/etc/hostname', join(pack, 'leak.yaml')), /leak\.yaml: error: this is a link to a place outside the pack folder/],
      ['pipe.yaml', (pack) => execFileSync('mkfifo', [join(pack, 'pipe.yaml')]), /pipe\.yaml: error: this is not an ordinary file/],
      ['zero.yaml', (pack) => symlinkSync('/dev/zero', join(pack, 'zero.yaml')), /zero\.yaml: error: this is a link to a place outside the pack folder/],
    ];
    for (const [name, make, message] of cases) {
      const pack = packWith('art/good.jpg');
      make(pack);
      const r = validate(pack);
      expect(r.code, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stderr, name).not.toContain('smuggled');
      expect(r.stderr, name).not.toContain('Something went wrong');
    }
    // A link that stays inside the pack is read like any file.
    const pack = packWith('art/good.jpg');
    mkdirSync(join(pack, 'more'));
    writeFileSync(join(pack, 'more', 'real.yaml'), 'books: []\n');
    symlinkSync(join(pack, 'more', 'real.yaml'), join(pack, 'alias.yaml'));
    expect(validate(pack).code).toBe(0);
  });

  it('a link back to the pack itself, a link to nothing, a pack named twice and two packs with one id are each told what they are', { timeout: 30_000 }, () => {
    // A link to the pack's own folder, and one to the folder holding it: each had been called a
    // link "to a place outside the pack folder".
    for (const [name, to] of [
      ['self', '.'],
      ['up', '..'],
    ] as const) {
      const pack = packWith('art/good.jpg');
      symlinkSync(to, join(pack, name));
      const r = validate(pack);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`${name}: error: this is a link back to the pack folder itself \\(or to a folder holding it\\), so its files would be read again and again`),
      );
      expect(r.stderr).toContain('hint: delete the link');
    }
    // A card file that is a link to nothing had been passed over without a word.
    const dangling = packWith('art/good.jpg');
    symlinkSync('nowhere.yaml', join(dangling, 'extra.yaml'));
    const told = validate(dangling);
    expect(told.code, told.stderr).toBe(0);
    expect(told.stderr).toMatch(/extra\.yaml: warning: this file is not read: it is a link to a file that is not there/);
    // The same pack twice, by one path and by two: its cards would have come in twice, silently.
    const pack = packWith('art/good.jpg');
    const again = cli(['validate', 'content', '--pack', pack, '--pack', pack]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('error: this pack is named twice after --pack, so its cards would come in twice');
    symlinkSync(pack, join(dir, 'same-pack'));
    const linked = cli(['validate', 'content', '--pack', pack, '--pack', join(dir, 'same-pack')]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain('again (the two paths lead to one folder), so its cards would come in twice');
    // Two folders with one pack id.
    const twin = join(dir, 'twin-pack');
    mkdirSync(twin);
    writeFileSync(join(twin, 'pack.yaml'), 'id: art-pack\nname: Another Pack\nextends: codex-conquest\n');
    const twins = cli(['validate', 'content', '--pack', pack, '--pack', twin]);
    expect(twins.code).toBe(1);
    expect(twins.stderr).toMatch(/twin-pack\/pack\.yaml:1:5: error: the pack id 'art-pack' is used twice/);
  });

  it('a picture named the wrong way is told the name to write, found on disk', { timeout: 30_000 }, () => {
    // Written on Windows, with the file there as art/good.jpg; capitals that differ; the pack's
    // own file by its full path.
    const pack = packWith('art/good.jpg');
    for (const [image, message, hint] of [
      [
        'art\\good.jpg',
        'has "\\" between its folders, which only Windows reads that way',
        'write "/" instead, which every computer reads: image: art/good.jpg',
      ],
      ['ART/Good.JPG', 'was not found', 'did you mean image: art/good.jpg?'],
      [join(pack, 'art', 'good.jpg'), 'is given as a full path on this computer', 'already: write its path from this file instead, image: art/good.jpg'],
    ] as const) {
      writeFileSync(join(pack, 'books.yaml'), readFileSync(join(pack, 'books.yaml'), 'utf8').replace(/image: .*/, `image: ${image}`));
      const r = validate(pack);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`books.yaml:5:12: error: the picture “${image}” ${message}`);
      expect(r.stderr).toContain(hint);
    }
  });

  it("a pack's picture never stands in for a base card's by sharing its path", () => {
    // The old lookup searched every content folder for the path; now it is this file's folder only.
    const pack = packWith('good.jpg');
    const r = validate(pack);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: the picture “good\.jpg” was not found/);
  });
});

describe('what a picture loses to the crop', () => {
  it('a portrait picture in a landscape box is warned about, with the size to crop it to', () => {
    const r = validate(packWith('art/tall.jpg'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /books\.yaml:5:12: warning: this picture is portrait \(800 × 1800 pixels\) and its box on the card is landscape \(\d+ × \d+ mm\): only the middle \d+% of it is printed, and its top and bottom are cut off/,
    );
    expect(r.stderr).toMatch(/hint: crop it yourself to the box's shape, e\.g\. 800 × \d+ pixels/);
    // A picture close to its box's shape is not.
    expect(validate(packWith('art/good.jpg')).stderr).not.toContain('cut off');
  });
});

describe('bad pictures are content errors with the line, never a crash', () => {
  it('a JPEG cut short', () => {
    const r = validate(packWith('art/cut.jpg'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: the picture “art\/cut\.jpg” is cut short/);
  });

  it('a picture damaged inside is found by validate, as the build would find it, at its line', { timeout: 60_000 }, () => {
    for (const image of ['art/flipped.png', 'art/cut-ended.jpg']) {
      const r = validate(packWith(image));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/books\.yaml:5:12: error: this picture is damaged inside and cannot be printed/);
    }
  });

  it('a folder and a named pipe are refused for what they are, without waiting on the pipe', { timeout: 30_000 }, () => {
    const folder = packWith('art');
    const r1 = validate(folder);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/books\.yaml:5:12: error: “art” is a folder, not a picture/);
    const piped = packWith('art/pipe.png');
    execFileSync('mkfifo', [join(piped, 'art', 'pipe.png')]);
    const r2 = validate(piped);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/books\.yaml:5:12: error: “art\/pipe\.png” is not an ordinary file \(it is a pipe, a socket or a device\)/);
  });

  it('a picture of more pixels than can be printed is named as too large, not as unreadable', () => {
    // A sound PNG header of 20,000 × 20,000 pixels: sharp refuses past about 16,383 × 16,383.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    const pack = packWith('art/huge.png');
    writeFileSync(
      join(pack, 'art', 'huge.png'),
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', deflateSync(Buffer.alloc(1000))),
        chunk('IEND', Buffer.alloc(0)),
      ]),
    );
    const r = validate(pack);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: this picture has too many pixels to be printed/);
  });

  it('a GIF named .png', () => {
    const r = validate(packWith('art/drawing.png'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is a GIF, not a PNG or JPEG picture');
  });

  it('a JPEG damaged inside stops the build with the card and its line', { timeout: 60_000 }, () => {
    const pack = packWith('art/cut-ended.jpg');
    const r = cli(['build', 'content', '--pack', pack, '--out', join(dir, 'out-bad'), ...FAST], { timeout: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/books\.yaml:5:12: error: the picture “art\/cut-ended\.jpg” of art-book is damaged and cannot be printed/);
    expect(r.stderr).not.toContain('Something went wrong inside');
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});

// The print-shop profiles and the Tabletop Simulator saved objects, read back from the build:
// page boxes and page order, colour spaces and ink totals of the DriveThruCards PDFs, the PNGs'
// pixel sizes, resolution and colour profile, and the TTS JSON fields TTS reads.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BUILT } from '../helpers.js';
import { sheetRuns } from '../../generator/print/press/stage-tts.js';

const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as { cards: { id: string; type: string; code: string; title: string }[] };
const DECKS = ['books', 'auction-books', 'national-events', 'world-events', 'chance', 'manuscripts', 'reference'];

/** Every content stream of a pdfkit PDF, inflated. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (let at = text.indexOf('stream\n'); at >= 0; at = text.indexOf('stream\n', at + 1)) {
    const end = text.indexOf('\nendstream', at);
    try {
      out.push(inflateSync(pdf.subarray(at + 7, end)).toString('latin1'));
    } catch {
      /* font programs and images are not content */
    }
  }
  return out;
}

describe('DriveThruCards (dtc)', () => {
  it.each(DECKS)('%s: back before face, bleed boxes, CMYK only within 240 %% ink, PDF/X-1a declared', (deck) => {
    const file = join(BUILT, 'press', 'dtc', `${deck}.pdf`);
    const boxes = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '2', file], { encoding: 'utf8' });
    expect(boxes).toMatch(/Page\s+1 TrimBox:\s+9\.00\s+9\.00\s+189\.00\s+261\.00/);
    expect(boxes).toMatch(/Page\s+1 BleedBox:\s+0\.00\s+0\.00\s+198\.00\s+270\.00/);
    const bytes = readFileSync(file);
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/GTS_PDFX');
    expect(raw).toContain('(CGATS TR 001)');
    expect(raw).toMatch(/\/Trapped \d+ 0 R/);
    expect(raw).toMatch(/obj\n\/False \nendobj/);
    expect(raw).toContain('(PDF/X-1:2001)');
    let inked = 0;
    for (const s of streams(bytes)) {
      expect(s, 'no RGB colour operators').not.toMatch(/(^|\s)[\d.]+ [\d.]+ [\d.]+ (rg|RG|sc|SC)(\s|$)/);
      for (const m of s.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) (scn|SCN|k|K)\b/g)) {
        const total = (Number(m[1]) + Number(m[2]) + Number(m[3]) + Number(m[4])) * 100;
        expect(total).toBeLessThanOrEqual(240.01);
        inked++;
      }
    }
    expect(inked).toBeGreaterThan(0);
    // The first page is a back: its text is the deck's back, not a card's title.
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    expect(first).toMatch(/Codex Conquest/);
    const code = game.cards.find(
      (c) => c.type !== undefined && execFileSync('pdftotext', ['-f', '2', '-l', '2', file, '-'], { encoding: 'utf8' }).includes(c.code),
    );
    expect(code, 'page 2 is a face with its code').toBeDefined();
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Subject:\s+One card per page: each back followed by its face; CMYK/);
  });

  // What a print shop's RIP sees: Ghostscript renders every page into CMYK pixels (DeviceCMYK
  // painted as it is, no colour management), and no pixel may carry more than 240 % ink —
  // whatever the content streams say, text, shapes and pictures alike.
  it('rendered by Ghostscript, no pixel of any page carries more than 240 % ink', () => {
    let pages = 0;
    let heaviest = 0;
    for (const deck of DECKS) {
      const file = join(BUILT, 'press', 'dtc', `${deck}.pdf`);
      const raw = execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=bitcmyk', '-dGrayValues=256', '-r40', '-sOutputFile=-', file], {
        maxBuffer: 1 << 30,
      });
      pages += Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
      for (let i = 0; i < raw.length; i += 4) heaviest = Math.max(heaviest, raw[i]! + raw[i + 1]! + raw[i + 2]! + raw[i + 3]!);
      expect((heaviest / 255) * 100, deck).toBeLessThanOrEqual(240.5);
    }
    expect(pages).toBeGreaterThan(400);
    expect(heaviest / 255, 'the dark backs come close to the limit').toBeGreaterThan(1.8);
  });
});

describe('PNG profiles', () => {
  it.each([
    ['tgc', 825, 1125],
    ['mpc', 822, 1122],
    ['png', 825, 1125],
  ] as const)('%s: %i × %i px, 300 DPI, sRGB profile embedded, one per face and back', async (dir, w, h) => {
    const folder = join(BUILT, 'press', dir);
    for (const c of game.cards) expect(existsSync(join(folder, `${c.code}.png`)), c.code).toBe(true);
    const meta = await sharp(join(folder, `${game.cards[0]!.code}.png`)).metadata();
    expect([meta.width, meta.height]).toEqual([w, h]);
    expect(meta.density).toBe(300);
    expect(meta.icc, 'an ICC profile').toBeDefined();
    // An ICC display profile for RGB data (sharp embeds its sRGB IEC 61966-2.1 profile).
    expect(meta.icc!.subarray(12, 20).toString('latin1')).toBe('mntrRGB ');
  });

  it('each profile folder says how to upload', () => {
    for (const p of ['', 'tgc', 'mpc', 'dtc']) expect(readFileSync(join(BUILT, 'press', p, 'README.txt'), 'utf8').length).toBeGreaterThan(200);
  });
});

interface TtsCard {
  Name: string;
  Nickname: string;
  Description: string;
  CardID: number;
  CustomDeck: Record<string, { FaceURL: string; BackURL: string; NumWidth: number; NumHeight: number }>;
}

describe('Tabletop Simulator saved objects', () => {
  it.each(DECKS)('%s: a DeckCustom with every card, its name and description, and sheets that exist', async (deck) => {
    const json = JSON.parse(readFileSync(join(BUILT, 'tts', `${deck}.json`), 'utf8')) as {
      ObjectStates: { Name: string; DeckIDs: number[]; CustomDeck: TtsCard['CustomDeck']; ContainedObjects: TtsCard[] }[];
    };
    const d = json.ObjectStates[0]!;
    expect(d.Name).toBe('DeckCustom');
    const cards = d.ContainedObjects;
    expect(d.DeckIDs).toEqual(cards.map((c) => c.CardID));
    for (const c of cards) {
      expect(c.Name).toBe('Card');
      expect(game.cards.some((g) => g.title === c.Nickname && c.Description.startsWith(g.code))).toBe(true);
      const key = String(Math.floor(c.CardID / 100));
      const sheet = d.CustomDeck[key]!;
      expect(c.CustomDeck[key]).toEqual(sheet);
      expect(c.CardID % 100).toBeLessThan(Math.min(69, sheet.NumWidth * sheet.NumHeight));
    }
    for (const sheet of Object.values(d.CustomDeck)) {
      const meta = await sharp(fileURLToPath(sheet.FaceURL)).metadata();
      expect(meta.width).toBe(sheet.NumWidth * 585);
      expect(meta.height).toBe(sheet.NumHeight * 819);
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(4096);
      expect(existsSync(fileURLToPath(sheet.BackURL))).toBe(true);
    }
  });
});

describe('Tabletop Simulator sheets of a large deck', () => {
  it('go back by back when a deck is large and has few backs, in deck order otherwise', () => {
    const cards = (n: number, backs: number) => Array.from({ length: n }, (_, i) => ({ backId: `b${i % backs}`, i }));
    // The base game's books: 72 cards, six backs — grouping would double the sheets.
    expect(sheetRuns(cards(72, 6), 34).grouped).toBe(false);
    // A pack's 8,000 books over six centuries: one back image per sheet instead of 236 sheets of backs.
    const big = sheetRuns(cards(8000, 6), 34);
    expect(big.grouped).toBe(true);
    expect(big.runs).toHaveLength(6);
    for (const run of big.runs) expect(new Set(run.map((c) => c.backId)).size).toBe(1);
    expect(big.runs.flat()).toHaveLength(8000);
    // One back: nothing to group.
    expect(sheetRuns(cards(500, 1), 34).grouped).toBe(false);
  });
});

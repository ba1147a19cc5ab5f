// The printed cards as a player gets them from the base build: home-print sheets on A4 and US
// Letter, the print-shop export and the Tabletop Simulator sheets.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BUILT } from '../helpers.js';
import { boxes, fontNames, readCardPdf, squash } from './cards-pdf.js';

interface GameJson {
  rules: { players: { max: number } };
  card_types: { type: string; plural: string }[];
  cards: { id: string; type: string; code: string; title: string }[];
}
interface Preflight {
  ok: boolean;
  decks: { deck: string; type: string; cards: number; printed: number; backs: string[] }[];
  shrunk: { card: string; field: string; size: number }[];
}

const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as GameJson;
const preflight = JSON.parse(readFileSync(join(BUILT, 'preflight.json'), 'utf8')) as Preflight;
// Every card type of the game that has cards is a deck; its file name comes from its layout.
const TYPES = game.card_types.map((t) => t.type).filter((t) => game.cards.some((c) => c.type === t));
const deckOf = (type: string) => preflight.decks.find((d) => d.type === type)!.deck;
const DECKS = TYPES.map(deckOf);
const PAPERS = { a4: [595, 842], letter: [612, 792] } as const;

const typeOf = (deck: string) => preflight.decks.find((d) => d.deck === deck)!.type;
const cardsOf = (deck: string) => game.cards.filter((c) => c.type === typeOf(deck));
// One of each card, but one reference card per player at the most.
const printedOf = (deck: string) => cardsOf(deck).length * (typeOf(deck) === 'reference' ? game.rules.players.max : 1);

describe('the decks and the preflight report', () => {
  it('lists every deck with the number of cards in game.json', () => {
    expect(preflight.ok).toBe(true);
    expect(TYPES.length).toBeGreaterThanOrEqual(7);
    for (const type of TYPES)
      expect(
        preflight.decks.some((d) => d.type === type),
        type,
      ).toBe(true);
    for (const deck of DECKS) {
      const entry = preflight.decks.find((d) => d.deck === deck);
      expect(entry, deck).toBeDefined();
      expect(entry!.cards).toBe(cardsOf(deck).length);
      expect(entry!.printed).toBe(printedOf(deck));
    }
  });

  it('gives books one back per century and national events one per country and century', () => {
    const centuries = new Set(cardsOf('books').map((c) => c.code.split('-')[2]));
    expect(preflight.decks.find((d) => d.deck === 'books')!.backs).toHaveLength(centuries.size);
    const piles = new Set(cardsOf('national-events').map((c) => c.code.split('-').slice(1, 3).join('-')));
    expect(preflight.decks.find((d) => d.deck === 'national-events')!.backs).toHaveLength(piles.size);
  });
});

describe.each(Object.keys(PAPERS) as (keyof typeof PAPERS)[])('home-print sheets on %s', (paper) => {
  const [w, h] = PAPERS[paper];

  it.each(DECKS)('%s: exact paper size, fronts and backs for every card, subset fonts, every title', async (deck) => {
    const file = join(BUILT, 'print', paper, `${deck}.pdf`);
    expect(existsSync(file)).toBe(true);
    const pdf = await readCardPdf(file);
    for (const p of pdf.pages) {
      expect(Math.abs(p.width - w)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(p.height - h)).toBeLessThanOrEqual(0.5);
    }
    // 3 × 3 poker cards a sheet; each sheet of fronts is followed by its sheet of backs.
    expect(pdf.pages.length).toBe(2 * Math.ceil(printedOf(deck) / 9));
    const fonts = fontNames(pdf.bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/^[A-Z]{6}\+EBGaramond-/);
    for (const c of cardsOf(deck)) expect(pdf.squashed, `${c.id}: “${c.title}”`).toContain(squash(c.title));
  });

  it('has a two-page duplex calibration sheet', async () => {
    const pdf = await readCardPdf(join(BUILT, 'print', paper, 'calibration.pdf'));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.squashed).toContain(squash('Duplex calibration'));
  });
});

describe('print-shop export', () => {
  it.each(DECKS)('%s: one card a page with 1/8 in bleed, TrimBox inside BleedBox', async (deck) => {
    const pdf = await readCardPdf(join(BUILT, 'press', `${deck}.pdf`), false);
    expect(pdf.pages.length).toBe(2 * cardsOf(deck).length);
    const trims = boxes(pdf.bytes, 'TrimBox');
    const bleeds = boxes(pdf.bytes, 'BleedBox');
    expect(trims).toHaveLength(pdf.pages.length);
    expect(bleeds).toHaveLength(pdf.pages.length);
    const bleed = (3.175 / 25.4) * 72;
    trims.forEach((t, i) => {
      const b = bleeds[i]!;
      expect(t[0]! - b[0]!).toBeCloseTo(bleed, 1);
      expect(t[1]! - b[1]!).toBeCloseTo(bleed, 1);
      expect(b[2]! - t[2]!).toBeCloseTo(bleed, 1);
      expect(b[3]! - t[3]!).toBeCloseTo(bleed, 1);
      // Poker trim: 2.5 × 3.5 in.
      expect(t[2]! - t[0]!).toBeCloseTo(180, 0);
      expect(t[3]! - t[1]!).toBeCloseTo(252, 0);
    });
  });

  it('has a 300 DPI PNG with bleed (825 × 1125) for every card face and every distinct back', async () => {
    for (const c of game.cards) expect(existsSync(join(BUILT, 'press', 'png', `${c.code}.png`)), c.code).toBe(true);
    const backs = preflight.decks.flatMap((d) => d.backs);
    for (const b of backs) expect(existsSync(join(BUILT, 'press', 'png', `back-${b}.png`)), b).toBe(true);
    for (const name of [`${game.cards[0]!.code}.png`, `back-${backs[0]}.png`]) {
      const meta = await sharp(join(BUILT, 'press', 'png', name)).metadata();
      expect([meta.width, meta.height]).toEqual([825, 1125]);
    }
  });
});

describe('Tabletop Simulator', () => {
  it.each(DECKS)('%s: RGB JPEG sheets no larger than 4096 px, and a back', async (deck) => {
    const sheets = Math.ceil(cardsOf(deck).length / 69);
    for (let n = 1; n <= sheets; n++) {
      const meta = await sharp(join(BUILT, 'tts', `${deck}-${n}.jpg`)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.channels).toBe(3);
      expect(meta.width).toBeLessThanOrEqual(4096);
      expect(meta.height).toBeLessThanOrEqual(4096);
    }
    const back = await sharp(join(BUILT, 'tts', `${deck}-back.jpg`)).metadata();
    expect(back.format).toBe('jpeg');
  });
});

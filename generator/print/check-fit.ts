// `validate` lays out every card the way the build does — the same layouts and the same fitting
// code, on every card size — and writes no PDF (fit/). What would stop a build is then an error
// at the line a teacher wrote: a note too long for its box at the note, with how many words fit;
// a country colour too light for the words printed on it at the country's colour in game.yaml or
// pack.yaml, with a darker one that passes; a country name too long for a card's back at the
// name, with how many letters fit. Each picture is measured against the largest box it fills,
// and one under print resolution (300 DPI) is a warning at its line with the size it needs.
import { possessive, type Card, type Game } from '../../engine/index.js';
import type { DiagnosticList } from '../load/diagnostic.js';
import type { CardArt } from '../load/check-images.js';
import type { Layer, SourcedCard } from '../load/layer.js';
import { placeAt } from '../load/read-yaml.js';
import type { Place } from '../place.js';
import { fitAll } from './fit/fit-client.js';
import { cardSizes, layOne, type FitFailure } from './fit/fit-cards.js';
import { CardPainter, type CardSizeName } from './layout/card-layout.js';
import type { Looks } from './layout/load.js';
import { DAMAGED_PICTURE_HINT, PRINT_DPI, damageReason, pxAt } from './images.js';
import { layoutFor } from './printed-types.js';

export async function checkFit(game: Game, layers: Layer[], art: Map<string, CardArt>, diags: DiagnosticList, templatesDir?: string): Promise<void> {
  // A large pack's first run takes a while: say what is happening (on a terminal only).
  const { looks, result } = await fitAll(game, templatesDir, (cards, sizes) => {
    if (cards >= 1000 && process.stderr.isTTY)
      process.stderr.write(`Laying out ${cards.toLocaleString('en')} cards on ${sizes} card sizes to check that everything fits (later runs remember them)…\n`);
  });
  const sizes = cardSizes(looks);
  // The last definition of each card is the one in the game (a pack's replacement wins).
  const sourced = new Map<string, SourcedCard>();
  for (const layer of layers) for (const card of layer.cards) sourced.set(card.value.id, card);
  for (const layer of layers) for (const card of layer.cards) if (card.value.replaces) sourced.set(card.value.replaces, card);

  // A card stops at its first problem. Each is reported where it is written; then, with that
  // fixed as the hint says (a shorter note, a darker colour), the card is laid out again to find
  // the next one — so a teacher does not fix one thing to meet another.
  const first = new Map<string, FitFailure[]>();
  for (const f of result.failures) first.set(f.id, [...(first.get(f.id) ?? []), f]);
  const told = new Set<string>();
  // Countries by the names the teacher gave them (a fix below may shorten one).
  const names = new Map(game.countries.map((c) => [c.id, c.name]));
  const named = (id: string) => names.get(id) ?? id;
  const byId = new Map(game.cards.map((c) => [c.id, c]));
  for (const [id, failures] of first) {
    let g = game;
    let card = byId.get(id);
    let found: FitFailure[] = failures;
    for (let round = 0; card && found.length > 0 && round < 4; round++) {
      const { failure, on } = worstOf(found);
      const advice = explain(named, g, looks, layers, card, sourced.get(id), failure, on);
      // A country's colour or name is reported once, however many cards it spoils.
      const once = advice.once ?? `${id}\u0000${problemOf(failure)}`;
      if (!told.has(once)) {
        told.add(once);
        diags.error(advice.place, `${advice.message ?? failure.message} (${sizeWords(on, sizes)})`, advice.hint ?? failure.hint);
      }
      if (!advice.fix) break;
      g = advice.fix(g);
      card = g.cards.find((c) => c.id === id);
      if (!card) break;
      const next: FitFailure[] = [];
      for (const size of sizes) {
        const f = layOne(new CardPainter({ game: g, theme: looks.theme, size, imageKey: () => undefined }), looks, card, size);
        if (f) next.push(f);
      }
      // A fix that does not clear its own problem would only repeat it.
      if (next.some((f) => problemOf(f) === problemOf(failure))) break;
      found = next;
    }
  }
  const boxes = new Map(result.boxes.filter(([id]) => art.has(id)));
  if (boxes.size > 0) await checkResolution(boxes, art, diags);
}

/**
 * What kind of problem, in which part of the card: the same on every size it happens on. Too
 * little room, ink too near the trim and text running into another are one kind (less text
 * cures them all); too little contrast is another.
 */
function problemOf(f: FitFailure): string {
  return f.part ? `${f.part.kind}\u0000${f.part.element}` : f.message;
}

/** The first problem of a card, with every size it happens on. */
function worstOf(found: FitFailure[]): { failure: FitFailure; on: CardSizeName[] } {
  const failure = found[0]!;
  return { failure, on: found.filter((f) => problemOf(f) === problemOf(failure)).map((f) => f.size) };
}

function sizeWords(on: CardSizeName[], sizes: CardSizeName[]): string {
  if (on.length === sizes.length) return 'on every card size';
  return `on ${on.length === 1 ? on[0] : `${on.slice(0, -1).join(', ')} and ${on.at(-1)}`} cards`;
}

interface Advice {
  /** The game with the problem fixed as the hint says, to look for the card's next problem. */
  fix?: (g: Game) => Game;
  place?: Partial<Place>;
  message?: string;
  hint?: string;
  /** Set when the fix is one for the whole game (a country's colour): report it once. */
  once?: string;
}

/** Where the fix goes, and what to write there. */
function explain(
  named: (country: string) => string,
  game: Game,
  looks: Looks,
  layers: Layer[],
  card: Card,
  source: SourcedCard | undefined,
  failure: FitFailure,
  on: CardSizeName[],
): Advice {
  const cardPlace = source ? placeAt(source.file, source.path) : undefined;
  const found = layoutFor(looks, card.type);
  if (!failure.part || !found) return { place: cardPlace };
  const { element: first, side: sideName, kind } = failure.part;
  // Of the fields sharing an overflowing box (an event's title, date and text), the card's
  // longest text is the one to shorten.
  const wordCount = (f: string) => (source && typeof source.value[f] === 'string' ? (source.value[f] as string).split(/\s+/).length : 0);
  const field = (failure.part.fields ?? [first]).reduce((a, b) => (wordCount(b) > wordCount(a) ? b : a), first);
  const side = found.layout[sideName];
  const element = side.elements.find((el) => (el as { name?: string }).name === first);
  const written = JSON.stringify(element ?? {});
  const contrast = kind === 'contrast';
  const country = game.countries.find((c) => c.id === (card as { country?: string }).country);

  // Words printed on the country's colour (a back, a band): the colour is what to change.
  if (contrast && country) {
    if (/country\.colour/.test(written) || /country\.colour/.test(JSON.stringify(side.background ?? ''))) {
      const better = passingColour(game, looks, country.id, cardSizes(looks));
      return {
        place: countryPlace(layers, country.id, 'colour'),
        message: `${possessive(named(country.id))} colour ${country.colour} is too ${better && luminance(better) > luminance(country.colour) ? 'dark' : 'light'} for the words printed on it: ${failure.part.reason}`,
        hint: better
          ? `choose a colour with more contrast, such as colour: "${better}" (the same hue, which passes on every card)`
          : 'choose a darker, stronger colour for this country',
        once: `colour\u0000${country.id}`,
        ...(better ? { fix: (g: Game) => recolour(g, country.id, better) } : {}),
      };
    }
  }
  // A line made from the country's name (a card's back): the name is what to shorten.
  if (!contrast && country && /country\.(name|adjective)/.test(written) && !(source && field in source.value)) {
    const which = /country\.adjective/.test(written) && !/country\.name/.test(written) && country.adjective ? 'adjective' : 'name';
    const words = country[which] ?? country.name;
    // Every card of the country printed with this layout must take the name (their other words differ).
    const alike = game.cards.filter((c) => c.type === card.type && (c as { country?: string }).country === country.id);
    const letters = longestFitting(words.length, (n) =>
      alike.every((c) =>
        fitsWith(
          game,
          looks,
          c,
          on,
          (g) => renameCountry(g, country.id, which, words.slice(0, n)),
          (f) => problemOf(f) === problemOf(failure),
        ),
      ),
    );
    return {
      place: countryPlace(layers, country.id, which),
      message: `${possessive(named(country.id))} ${which} “${words}” is too long for the ${field} line of its cards: ${failure.part.reason}`,
      hint:
        letters > 0 ? `use a ${which} of at most ${letters} letters${/^the /i.test(words) ? ' (for example without "The")' : ''}` : `use a shorter ${which}`,
      once: `${which}\u0000${country.id}`,
      ...(letters > 0 ? { fix: (g: Game) => renameCountry(g, country.id, which, words.slice(0, letters)) } : {}),
    };
  }
  // A text the card itself gives (its note, its title): how many words fit.
  if (source && typeof source.value[field] === 'string') {
    const text = source.value[field] as string;
    const words = text.split(/\s+/).filter(Boolean);
    const place = placeAt(source.file, [...source.path, field]);
    if (!contrast && words.length > 1) {
      const shortened = (n: number) => (g: Game) => ({
        ...g,
        cards: g.cards.map((c) => (c.id === card.id ? ({ ...c, [field]: words.slice(0, n).join(' ') } as Card) : c)),
      });
      const fit = longestFitting(words.length, (n) => fitsWith(game, looks, card, on, shortened(n), (f) => problemOf(f) === problemOf(failure)));
      if (fit > 0 && fit < words.length)
        return {
          place,
          hint: `shorten the ${field} to about ${fit} words (it has ${words.length})`,
          fix: shortened(fit),
        };
    }
    return { place };
  }
  return { place: cardPlace };
}

/** Where a country's field is written: the last layer (base game or pack) that gives it. */
function countryPlace(layers: Layer[], id: string, field: string): Partial<Place> | undefined {
  let place: Partial<Place> | undefined;
  for (const layer of layers) {
    const head = layer.game ?? layer.pack;
    const countries = (head?.value as { countries?: { id: string }[] } | undefined)?.countries ?? [];
    const i = countries.findIndex((c) => c.id === id);
    if (head && i >= 0) place = placeAt(head.file, [...head.path, 'countries', i, field]);
  }
  return place;
}

/** Whether, in a game changed by `change`, the card is clear of the problem on every one of these sizes. */
function fitsWith(game: Game, looks: Looks, card: Card, on: CardSizeName[], change: (g: Game) => Game, isProblem: (f: FitFailure) => boolean): boolean {
  const g = change(game);
  const c = g.cards.find((x) => x.id === card.id) ?? card;
  return on.every((size) => {
    const f = layOne(new CardPainter({ game: g, theme: looks.theme, size, imageKey: () => undefined }), looks, c, size);
    return !f || !isProblem(f);
  });
}

/** The largest n in 1..max for which `fits(n)` holds (0 if none), by halving. */
function longestFitting(max: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Relative luminance of a #rrggbb colour (WCAG), to say whether a colour was too light or too dark. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function recolour(game: Game, id: string, colour: string): Game {
  return { ...game, countries: game.countries.map((c) => (c.id === id ? { ...c, colour } : c)) };
}

function renameCountry(game: Game, id: string, field: 'name' | 'adjective', value: string): Game {
  return { ...game, countries: game.countries.map((c) => (c.id === id ? { ...c, [field]: value } : c)) };
}

/** The nearest colour of the same hue, darker or lighter, on which the card passes. */
function passingColour(game: Game, looks: Looks, id: string, on: CardSizeName[]): string | undefined {
  const from = game.countries.find((c) => c.id === id)!.colour;
  const rgb = [1, 3, 5].map((i) => Number.parseInt(from.slice(i, i + 2), 16));
  if (rgb.some((v) => Number.isNaN(v))) return undefined;
  for (let step = 1; step <= 12; step++) {
    for (const toward of [0, 255]) {
      const t = step / 14;
      const hex = `#${rgb
        .map((v) =>
          Math.round(v + (toward - v) * t)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
      const recoloured = (g: Game) => recolour(g, id, hex);
      // Every card of the country must pass, not just this one.
      const theirs = game.cards.filter((c) => (c as { country?: string }).country === id);
      const contrast = (f: FitFailure) => f.part?.kind === 'contrast';
      if (theirs.every((c) => fitsWith(game, looks, c, on, recoloured, contrast))) return hex;
    }
  }
  return undefined;
}

/** A picture cropped to fill its box (as images.ts prints it) must keep 300 pixels an inch. */
async function checkResolution(boxes: Map<string, { w: number; h: number }>, art: Map<string, CardArt>, diags: DiagnosticList): Promise<void> {
  const { default: sharp } = await import('sharp');
  for (const [id, box] of boxes) {
    const picture = art.get(id)!;
    let meta: { width?: number; height?: number };
    try {
      meta = await sharp(picture.file).metadata();
    } catch (e) {
      if (tooManyPixels(e)) diags.error(picture.place, TOO_LARGE, TOO_LARGE_HINT);
      else diags.error(picture.place, 'this picture cannot be read as an image', 'open it in an image editor and save it again as PNG or JPEG');
      continue;
    }
    const need = { w: pxAt(box.w), h: pxAt(box.h) };
    try {
      // Decoded whole and cropped to its box as the build prints it (images.ts; sharp's failOn
      // 'warning'), so damage inside the file, which its first and last bytes do not show, is
      // found here and not only by the build — and a very large picture is never held at full size.
      await sharp(picture.file).resize(need.w, need.h, { fit: 'cover' }).raw().toBuffer();
    } catch (e) {
      diags.error(picture.place, `this picture is damaged inside and cannot be printed (${damageReason(e)})`, DAMAGED_PICTURE_HINT);
      continue;
    }
    warnIfMostlyCut(picture, { w: meta.width ?? 1, h: meta.height ?? 1 }, box, diags);
    const scale = Math.max(need.w / (meta.width ?? 1), need.h / (meta.height ?? 1));
    const dpi = Math.round(PRINT_DPI / scale);
    if (dpi >= PRINT_DPI) continue;
    diags.warn(
      picture.place,
      `this picture is ${meta.width} × ${meta.height} pixels, which prints at ${dpi} DPI in its ${box.w.toFixed(0)} × ${box.h.toFixed(0)} mm box (print needs ${PRINT_DPI}); it will look soft`,
      `use a version at least ${need.w} × ${need.h} pixels (a larger scan or download of the same picture)`,
    );
  }
}

/** sharp refuses pictures of more than about 268 million pixels (16,383 × 16,383), already when it reads their size. */
const tooManyPixels = (e: unknown) => /pixel limit/i.test((e as Error | undefined)?.message ?? '');
const TOO_LARGE = 'this picture has too many pixels to be printed (more than about 16,000 × 16,000)';
const TOO_LARGE_HINT = 'save it smaller: 1,200 pixels across is plenty for a card';

/** Below this share of a picture kept by the crop to its box, the teacher is told what is cut off. */
const KEPT_AT_LEAST = 0.7;

/**
 * A picture fills its box and is cropped to its shape from the middle (images.ts). A portrait
 * picture in a landscape box loses its top and bottom, which a teacher finds out only in print:
 * said here, with the shape to crop it to, so they choose what shows.
 */
function warnIfMostlyCut(picture: CardArt, px: { w: number; h: number }, box: { w: number; h: number }, diags: DiagnosticList): void {
  const pictureShape = px.w / px.h;
  const boxShape = box.w / box.h;
  const kept = Math.min(pictureShape, boxShape) / Math.max(pictureShape, boxShape);
  if (kept >= KEPT_AT_LEAST) return;
  const shape = (r: number) => (r > 1.05 ? 'landscape' : r < 0.95 ? 'portrait' : 'square');
  const cut = pictureShape > boxShape ? 'its left and right sides' : 'its top and bottom';
  // The largest part of the picture with the box's shape: the size to crop it to.
  const fit = pictureShape > boxShape ? { w: Math.round(px.h * boxShape), h: px.h } : { w: px.w, h: Math.round(px.w / boxShape) };
  diags.warn(
    picture.place,
    `this picture is ${shape(pictureShape)} (${px.w} × ${px.h} pixels) and its box on the card is ${shape(boxShape)} (${box.w.toFixed(0)} × ${box.h.toFixed(0)} mm): only the middle ${Math.round(kept * 100)}% of it is printed, and ${cut} are cut off`,
    `crop it yourself to the box's shape, e.g. ${fit.w} × ${fit.h} pixels, so that you choose what shows`,
  );
}

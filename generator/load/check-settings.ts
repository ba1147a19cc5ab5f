// Settings that pass the schema one by one but make no sense together: a game no table could play
// (a first round that can never end, more players needed than there are countries), or numbers
// that contradict each other (a shortest game longer than the longest, overlapping centuries).
// Each is an error at the setting — in game.yaml or in the pack that changed it — in words that
// say what to write instead.
import type { DiagnosticList } from './diagnostic.js';
import { placeAt, type YamlFile } from './read-yaml.js';
import type { Place } from '../place.js';
import type { Sourced, SourcedCard } from './layer.js';
import { andList, possessive, type DrawChanceEffect, type Effect, type GameFile } from '../../engine/index.js';
import type { Origin, Shape, SourcedEdition } from './shape.js';

const FACES = [1, 2, 3, 4, 5, 6];

export function checkSettings(game: Sourced<GameFile>, shape: Shape, diags: DiagnosticList): void {
  const g = game.value;
  if (g.book_values.min > g.book_values.max) {
    diags.error(
      placeAt(game.file, ['book_values', 'min']),
      `the lowest book value (${g.book_values.min}) is above the highest (${g.book_values.max})`,
      'swap the two numbers',
    );
  }
  const players = shape.players;
  const pl = (key: 'min' | 'max') => origin(shape.playersFrom, [key]);
  // Counted before tables seat them: a country no table seats leaves, and with no table at all
  // every country would, which says nothing about how many there are.
  const countries = shape.countriesAvailable;
  // Named where the number comes from, when that is game.yaml alone.
  const theCountries =
    shape.playersFrom.file === game.file && countries === g.countries.length
      ? `game.yaml lists only ${countries} countries, one for each player`
      : `the game has only ${countries} countries`;

  // After a pack's removal was refused for leaving fewer than two countries (or no century), how
  // many countries the game keeps is not settled: a count against it would only follow from that
  // error, and would point at game.yaml, which a pack's author cannot edit.
  if (!shape.gutted && !tooFewLeft(shape, game.file, countries, diags)) checkPlayers(players, countries, theCountries, pl, diags);

  const editionIds = new Set<string>();
  for (const e of shape.editions) {
    const at = (key: string, ...more: (string | number)[]) => settingPlace(e, key, more);
    const v = e.value;
    if (editionIds.has(v.id)) diags.error(at('id'), `the edition id '${v.id}' is used twice`, 'give each edition its own id');
    editionIds.add(v.id);
    // A first round in which every face is rolled again never ends.
    const credit = FACES.filter((f) => !v.first_round_reroll.includes(f));
    if (credit.length === 0) {
      diags.error(
        at('first_round_reroll'),
        'every face of the die is rolled again in the first round, so the first market turn could never end',
        'list only the faces to roll again, e.g. first_round_reroll: [1, 6]',
      );
    }
    for (const key of ['first_round_reroll', 'chance_faces'] as const) {
      const twice = v[key].filter((f, i) => v[key].indexOf(f) !== i);
      // Every face rolled again is refused above: listing them once would not mend it.
      if (twice.length > 0 && !(key === 'first_round_reroll' && credit.length === 0))
        diags.warn(
          at(key, v[key].lastIndexOf(twice[0]!)),
          `the face ${twice[0]} is listed twice`,
          `list each face once, e.g. ${key}: [${[...new Set(v[key])].join(', ')}]`,
        );
    }
    const chanceFaces = new Set(v.chance_faces);
    if (chanceFaces.size === 0)
      diags.warn(
        at('chance_faces'),
        'no face of the die draws a chance card, so after the first round the chance deck is never drawn from',
        'list the faces that draw one, e.g. chance_faces: [1, 6]',
      );
    else if (chanceFaces.size === FACES.length)
      diags.warn(
        at('chance_faces'),
        'every face of the die draws a chance card, so after the first round a roll never brings credits',
        'list only the faces that draw one, e.g. chance_faces: [1, 6]',
      );
    if (v.auction_book_value === 0)
      diags.warn(
        at('auction_book_value'),
        'auction books would be worth nothing: no points, and nothing back when one is sold, so nobody would bid',
        'give them a value of at least 1, or leave the line out to use the value printed on each card',
      );
    if (v.rounds_per_century.short > v.rounds_per_century.long) {
      diags.error(
        at('rounds_per_century', 'short'),
        `the short game has more rounds per century (${v.rounds_per_century.short}) than the long one (${v.rounds_per_century.long})`,
        'give the long game at least as many rounds as the short one',
      );
    }
  }

  checkLooks(shape, diags);

  // Centuries follow one another without overlapping, so every year belongs to one of them.
  shape.centuries.forEach((c, i) => {
    if (c.value.from > c.value.to) {
      diags.error(placeAt(c.file, [...c.path, 'from']), `${c.value.name} starts in ${c.value.from}, after it ends (${c.value.to})`, 'swap from and to');
    }
    const before = shape.centuries[i - 1];
    if (before && c.value.from <= before.value.to) {
      diags.error(
        placeAt(c.file, [...c.path, 'from']),
        `${c.value.name} starts in ${c.value.from}, before ${before.value.name} ends (${before.value.to})`,
        `list the centuries in order without overlapping: start it in ${before.value.to + 1} or later`,
      );
    }
  });
}

function origin(o: Origin, path: (string | number)[]) {
  return placeAt(o.file, [...o.path, ...path]);
}

/** Where a setting of an edition was last written (the pack line that changed it, or game.yaml). */
/**
 * A reserve above what any lot is worth: a country would pay more credits than the lot's books
 * bring in points (each credit is a point at the end), so no lot would ever sell. Said at the
 * reserve, with the most a lot is worth in that edition.
 */
export function checkReserve(cards: readonly SourcedCard[], editions: readonly SourcedEdition[], diags: DiagnosticList): void {
  const lotBooks = cards.filter((c) => c.def.arrives === 'lot').map((c) => c.value as { lot?: string; value?: number });
  if (lotBooks.length === 0) return;
  for (const e of editions) {
    const worth = new Map<string, number>();
    for (const b of lotBooks) worth.set(b.lot ?? '', (worth.get(b.lot ?? '') ?? 0) + (e.value.auction_book_value ?? b.value ?? 0));
    const most = Math.max(...worth.values());
    const reserve = e.value.auction.reserve;
    if (reserve > most)
      diags.warn(
        settingPlace(e, 'auction', ['reserve']),
        `the lowest winning bid for a lot (${reserve} credits) is more than any lot is worth${editions.length > 1 ? ` in “${e.value.name}”` : ''} (${most} points at most), so no country would bid it and every lot would go unsold`,
        `set the reserve at or below ${most}, or leave the line out`,
      );
  }
}

function settingPlace(e: SourcedEdition, key: string, more: (string | number)[]) {
  const from = e.from.get(key) ?? { file: e.file, path: e.path };
  return placeAt(from.file, [...from.path, key, ...more]);
}

/**
 * Players tell countries apart at a glance, by emblem first (not everyone sees every colour): two
 * countries that play with the same emblem, or with colours hardly anyone could tell apart, are
 * warned about at the later one.
 */
function checkLooks(shape: Shape, diags: DiagnosticList): void {
  // "Later" is the order they were written in (the base game, then each pack), not the seats, so a
  // pack's new country is the one pointed at, not a base-game line the teacher cannot change.
  const written = (id: string) => shape.everCountries.findIndex((x) => x.id === id);
  const byWriting = [...shape.countries].sort((x, y) => written(x.value.id) - written(y.value.id));
  byWriting.forEach((c, i) => {
    for (const other of byWriting.slice(0, i)) {
      const a = c.value;
      const b = other.value;
      if (a.emblem === b.emblem) {
        diags.warn(
          placeAt(c.file, [...c.path, 'emblem']),
          `${a.name} has the same emblem as ${b.name} ('${a.emblem}'), so players cannot tell their cards apart by emblem`,
          'choose another emblem (codex-conquest icons <word> finds one): players tell countries apart by emblem, not only by colour',
        );
      }
      const distance = colourDistance(a.colour, b.colour);
      if (distance !== undefined && distance < SAME_COLOUR) {
        diags.warn(
          placeAt(c.file, [...c.path, 'colour']),
          `${possessive(a.name)} colour (${a.colour}) looks almost the same as ${possessive(b.name)} (${b.colour})`,
          'choose a clearly different colour, lighter or darker or of another hue; players tell countries apart by colour and emblem together',
        );
      }
    }
  });
}

/** Colours closer than this (CIE76 ΔE on Lab) look alike to most people side by side. */
const SAME_COLOUR = 10;

/** The CIE76 distance between two "#rrggbb" colours: Euclidean distance in CIE Lab (D65). */
export function colourDistance(a: string, b: string): number | undefined {
  const la = lab(a);
  const lb = lab(b);
  if (!la || !lb) return undefined;
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

function lab(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return undefined;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const v = Number.parseInt(h, 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  // sRGB → XYZ, relative to the D65 white.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function checkPlayers(
  players: { min: number; max: number },
  countries: number,
  theCountries: string,
  pl: (key: 'min' | 'max') => Place,
  diags: DiagnosticList,
): void {
  if (players.min > players.max) {
    // Said once: with no table size left, every count after this would be a consequence of it.
    diags.error(
      pl('min'),
      `at least ${players.min} players but at most ${players.max}: no table can play that`,
      `make min no more than max, e.g. players: { min: ${players.max}, max: ${players.min} }`,
    );
    return;
  }
  if (players.max > countries) diags.error(pl('max'), `up to ${players.max} players, but ${theCountries}`, `lower max to ${countries}, or add countries`);
  if (players.min > countries)
    diags.error(
      pl('min'),
      `the game needs at least ${players.min} players but has only ${countries} countries`,
      `lower min to ${countries} or fewer, or add countries`,
    );
}

/**
 * A pack that takes countries out by name, below the fewest players game.yaml asks for: said at
 * the pack's last removal, with the players line to add to pack.yaml — not at game.yaml, which its
 * author cannot edit. True when said.
 */
function tooFewLeft(shape: Shape, gameFile: YamlFile, countries: number, diags: DiagnosticList): boolean {
  // Taken out by a pack's line, in the order the lines took them (a country no table seats has none).
  const cut = [...shape.removed.countries].filter((id) => shape.leftAt.has(id));
  if (cut.length === 0 || shape.playersFrom.file !== gameFile || shape.players.min <= countries) return false;
  const names = cut.map((id) => (shape.everCountries.find((c) => c.id === id)?.name ?? id).replace(/^The /, 'the '));
  diags.error(
    shape.leftAt.get(cut.at(-1)!)!,
    `with ${andList(names)} taken out, the game has ${countries} ${countries === 1 ? 'country' : 'countries'}, fewer than the ${shape.players.min} players it needs at least`,
    `to play with ${countries}, add "players: { min: ${countries}, max: ${countries} }" to pack.yaml; or keep at least ${shape.players.min} countries`,
  );
  return true;
}

/** A fraction of draws as a teacher reads it: "1", "1.5", "0.3". */
const perDraw = (x: number) => String(Math.round(x * 10) / 10);

/**
 * Chance cards that say to draw chance, against the editions' decks. Each chance card drawn calls
 * for some more draws: on average, the draws its cards ask for (for every country they name, at
 * the largest table) over the cards in the deck. At one or more, a deck shuffled back after every
 * draw feeds a chain of draws that never ends (the engine stops a turn once it has drawn as many
 * cards as the deck holds, but that is a safety net, not a rule to play by): an error, at the
 * effect of the last such card, which is the one most often just written. A deck drawn without
 * putting back runs out instead, so one chance roll would draw most of it: a warning.
 */
export function checkChanceChains(cards: readonly SourcedCard[], shape: Shape, diags: DiagnosticList): void {
  const deck = cards.filter((c) => c.def.type === 'chance');
  if (deck.length === 0) return;
  const seats = shape.players.max;
  const draws = (c: SourcedCard) => ((c.value.effects ?? []) as Effect[]).filter((e) => 'draw_chance' in e) as DrawChanceEffect[];
  // Every country a draw names draws: all of them at the largest table for "each".
  const countries = (e: DrawChanceEffect) => (e.who === 'each' ? seats : e.who === 'others' ? seats - 1 : 1);
  const callsFor = (c: SourcedCard) => draws(c).reduce((n, e) => n + e.draw_chance * countries(e), 0);
  const drawing = deck.filter((c) => callsFor(c) > 0);
  if (drawing.length === 0) return;
  const m = drawing.reduce((n, c) => n + callsFor(c), 0) / deck.length;
  if (m < 1) return;
  const last = drawing.at(-1)!;
  const effect = ((last.value.effects ?? []) as Effect[]).findIndex((e) => 'draw_chance' in e);
  const where = placeAt(last.file, [...last.path, 'effects', effect]);
  const which = `${drawing.length === deck.length ? (deck.length === 1 ? 'the only chance card says' : `all ${deck.length} chance cards say`) : `${drawing.length} of the ${deck.length} chance cards ${drawing.length === 1 ? 'says' : 'say'}`} to draw chance`;
  const forMany = drawing.some((c) => draws(c).some((e) => countries(e) > 1));
  const calls = `each chance card drawn calls for ${perDraw(m)} more on average (${which}${forMany ? `, counted for a table of ${seats}` : ''})`;
  const shuffled = shape.editions.filter((e) => e.value.chance_reshuffle);
  const names = (es: SourcedEdition[]) => andList(es.map((e) => `“${e.value.name}”`));
  if (shuffled.length > 0) {
    diags.error(
      where,
      `${calls}, and ${shuffled.length === 1 ? 'the edition' : 'the editions'} ${names(shuffled)} ${shuffled.length === 1 ? 'shuffles' : 'shuffle'} every drawn card back: one chance roll would start a chain of draws that never ends`,
      `let fewer chance cards draw chance (or fewer at a time), add chance cards that do not, or write "chance_reshuffle: false" for ${names(shuffled)} so that drawn cards leave the game`,
    );
  }
  const kept = shape.editions.filter((e) => !e.value.chance_reshuffle);
  if (kept.length > 0) {
    diags.warn(
      where,
      `${calls}: in ${names(kept)}, which ${kept.length === 1 ? 'draws' : 'draw'} without putting back, one chance roll could draw much of the deck at once`,
      'let fewer chance cards draw chance, or add chance cards that do not',
    );
  }
}

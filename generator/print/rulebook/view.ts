// What the rule-book templates can say: the resolved game reshaped for prose. Every number,
// list and name in the rule book comes from here, so an expansion pack that adds a country or a
// century rewrites the rules by itself.
import type { Country, Century, Genre, Collection, Edition } from '../../../engine/index.js';
import {
  cardsOfType,
  ownableCards,
  typeInfoOf,
  countryOf,
  genreOf,
  isMvb,
  dateLabelOf,
  centuryOfCard,
  cardTypeOf,
  type Card,
  type Game,
  type OwnableCard,
} from '../../../engine/index.js';
import { timesWord } from './words.js';
import { workedExamples, type Examples } from './examples.js';
import { CREDIT_TOKENS } from '../aids/credit-tokens.js';
import { genreName, MAX_CREDITS, seatedAt, verbFor } from '../../../engine/index.js';
import { projectLicence } from '../../paths.js';
import { cached } from '../memo.js';
import { readNotes, type BalanceNotes, type Run } from '../../balance/notes.js';

export interface CountryView {
  id: string;
  name: string;
  /** The name inside a sentence: "the Americas" rather than "The Americas". */
  inText: string;
  code: string;
  adjective: string;
  emblem: string;
  colour: string;
  seat: number;
  leads: string[];
}

export interface CenturyView {
  id: string;
  name: string;
  numeral: string;
  from: number;
  to: number;
  lead: CountryView;
  /** Turn order in this century: the lead first, then round the table. */
  order: CountryView[];
  books: number;
  first: boolean;
  last: boolean;
  index: number;
}

export interface EditionView {
  id: string;
  name: string;
  source: string;
  isDefault: boolean;
  starting_credits: number;
  manuscripts: boolean;
  world_events: boolean;
  auction: Edition['auction'];
  chance_reshuffle: boolean;
  debt_books: Edition['debt_books'];
  victor_may_demand_books: boolean;
  /** Every auction book's fixed value in this edition, or null when they keep their printed values. */
  auction_book_value: number | null;
  force_chance_cost: number | null;
  end_of_game: Edition['end_of_game'];
  rounds: Edition['rounds_per_century'];
  reroll: number[];
  chance: number[];
  /** Die faces that pay credits (those that neither re-roll nor draw chance). */
  credit: number[];
  /** What a whole lot is worth when auction books have a fixed value (lots all the same size), else null. */
  lotWorth: number | null;
}

export interface BookRef {
  id: string;
  code: string;
  kind: string;
  title: string;
  gloss: string;
  /** Short name for running prose: the English gloss if there is one. */
  name: string;
  value: number;
  mvb: boolean;
  country: string;
  century: string;
  genre: string;
  place: string;
  year: string;
}

export interface RulebookView {
  game: { id: string; name: string; subtitle: string };
  players: { min: number; max: number };
  /** The number of players as printed: "3 to 6", or "3" when only one table size is played. */
  playerCount: string;
  values: { min: number; max: number };
  /** The packs layered on the base game, for the cover and the credits. */
  packs: { id: string; name: string; author: string; description: string; mark: string; cards: number }[];
  /** How long the short and long game take, in words. */
  playingTime: { short: string; long: string };
  countries: CountryView[];
  firstCountry: CountryView;
  lastCountry: CountryView;
  centuries: CenturyView[];
  firstCentury: CenturyView;
  lastCentury: CenturyView;
  genres: (Genre & { covers: string; books: number })[];
  collections: (Collection & { scoreWord: string; describe: string })[];
  /** The multiplier shared by every collection, or null when they differ. */
  commonMultiplier: number | null;
  edition: EditionView;
  editions: EditionView[];
  otherEditions: EditionView[];
  /** The chapter about the other editions: "The classic edition" in the base game, named by edition otherwise. */
  otherEditionsTitle: string;
  lots: { id: string; name: string; theme: string; century: string; books: BookRef[] }[];
  lotSize: number | null;
  /** Lowest and highest printed value among the market books. */
  bookValueRange: { min: number; max: number };
  /** A real card code, to show what codes look like. */
  sampleCode: string;
  project: { licence: string };
  components: { type: string; label: string; plural: string; number: number; summary: string }[];
  counts: Record<string, number>;
  mvb: { count: number; least: number; most: number; perCountry: { country: string; books: number }[] };
  perCountryCentury: { books: number | null; events: number | null };
  manuscriptValues: { min: number; max: number } | null;
  tokens: { ones: number; fives: number; perSheet: number };
  /** The most a purse, a debt or one payment can be (the engine's table limit), written out. */
  tableLimit: string;
  seatings: { players: number; countries: CountryView[]; absent: CountryView[] }[];
  /** True when every smaller table simply takes the first countries in seat order. */
  seatingsFollowSeats: boolean;
  /** True when a table leaves some country out, so the rule book shows who plays. */
  someAbsent: boolean;
  /** True when a chance card says to draw chance: a deck shuffled back after every draw then needs the engine's limit on draws in one turn. */
  chanceDrawsChance: boolean;
  /** True when a card asks a country this game does not have (a pack took it out) to pay or be paid. */
  namesAbsent: boolean;
  /** True when some country has fewer national events in some century than the long game has rounds. */
  eventsRunOut: boolean;
  effectSamples: { title: string; kind: string; text: string }[];
  americas: { country: CountryView; century: CenturyView; books: BookRef[] } | null;
  /**
   * Two countries for an example sentence ("a Spanish library may well build an Italian canon"):
   * the last two seated at the smallest table, so they play whatever the table size; null with
   * fewer than two countries.
   */
  pair: { first: CountryView; second: CountryView } | null;
  examples: Examples;
  /** Every ownable card as a book reference, in game order. */
  allBooks: BookRef[];
  /** The simulator's fairness figures before and after the base game was tuned (null in a pack's rule book). */
  balance: BalanceView | null;
}

export interface BalanceView {
  /** Games per player count, and in all, in words ("10,000"). */
  perCount: string;
  games: string;
  /** How many points from a fair share count as fair. */
  bar: number;
  players: number[];
  /** Each country's win share per player count, before → after ("24%"); empty where it does not play. */
  rows: { name: string; cells: { before: string; after: string }[] }[];
  before: { country: string; players: number; points: number; direction: string; met: boolean };
  after: { country: string; players: number; points: number; direction: string; met: boolean };
}

export function inText(name: string): string {
  return name.replace(/^The /, 'the ');
}

/** One value if every country has the same number in every century, else null. */
/** Whether some country has fewer national events in some century than the most rounds a century has. */
function eventsRunOut(
  events: readonly { country: string; century: string }[],
  countries: { id: string }[],
  centuries: { id: string }[],
  rounds: number,
): boolean {
  return countries.some((co) => centuries.some((ce) => events.filter((e) => e.country === co.id && e.century === ce.id).length < rounds));
}

function uniformPerCountryCentury(cards: readonly { country: string; century: string }[], countries: Country[], centuries: Century[]): number | null {
  const counts = new Set<number>();
  for (const co of countries) for (const ce of centuries) counts.add(cards.filter((c) => c.country === co.id && c.century === ce.id).length);
  return counts.size === 1 ? [...counts][0]! : null;
}

/** Text from the content, made safe to drop into Markdown: a title with an asterisk stays a title. */
export function markdownSafe(s: string): string {
  return s.replace(/[\\*_[\]|<>`~#]/g, (ch) => `\\${ch}`);
}

function escapeAll<T>(value: T): T {
  if (typeof value === 'string') return markdownSafe(value) as T;
  if (Array.isArray(value)) return value.map(escapeAll) as T;
  if (value && typeof value === 'object') {
    const seen = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, escapeAll(v)])) as T;
  }
  return value;
}

/** The template data, every string from the content escaped for Markdown. */
// The rule book and the play aids read the same view: it is made once per game and licence.
const views = new WeakMap<Game, Map<string, RulebookView>>();

export function buildView(game: Game, project: { licence: string } = { licence: projectLicence() }): RulebookView {
  const forGame = cached(views, game, () => new Map<string, RulebookView>());
  return cached(forGame, project.licence, () => escapeAll(rawView(game, project)));
}

function rawView(game: Game, project: { licence: string }): RulebookView {
  const countries: CountryView[] = game.countries.map((c, i) => ({
    id: c.id,
    name: c.name,
    inText: inText(c.name),
    code: c.code,
    adjective: c.adjective ?? c.name,
    emblem: c.emblem,
    colour: c.colour,
    seat: i + 1,
    leads: game.centuries.filter((ce) => ce.lead === c.id).map((ce) => ce.name),
  }));
  const countryById = new Map(countries.map((c) => [c.id, c]));
  const centuryName = new Map(game.centuries.map((c) => [c.id, c.name]));
  const books = cardsOfType(game, 'book');
  const centuries: CenturyView[] = game.centuries.map((ce, i) => {
    const lead = countryById.get(ce.lead) ?? countries[0]!;
    const start = lead.seat - 1;
    return {
      id: ce.id,
      name: ce.name,
      numeral: ce.numeral,
      from: ce.from,
      to: ce.to,
      lead,
      order: [...countries.slice(start), ...countries.slice(0, start)],
      books: books.filter((b) => b.century === ce.id).length,
      first: i === 0,
      last: i === game.centuries.length - 1,
      index: i + 1,
    };
  });

  const ref = (c: OwnableCard): BookRef => bookRef(c, game, countryById, centuryName);

  const auctionBooks = cardsOfType(game, 'auction-book');
  const lotSizes = new Set(game.lots.map((l) => auctionBooks.filter((b) => b.lot === l.id).length));
  const sameSize = lotSizes.size === 1 ? [...lotSizes][0]! : null;
  const editions = game.rules.editions.map((e) => editionView(e, e.id === game.rules.default_edition, sameSize));
  const edition = editions.find((e) => e.isDefault) ?? editions[0]!;
  const mvbBooks = books.filter((b) => b.mvb);
  const mvbPer = countries.map((c) => ({ country: c.name, books: mvbBooks.filter((b) => b.country === c.id).length }));
  const manuscripts = cardsOfType(game, 'manuscript');
  const events = cardsOfType(game, 'national-event');
  const counts: Record<string, number> = {};
  for (const t of game.card_types) counts[t.type] = game.cards.filter((c) => c.type === t.type).length;

  const americasCountry = countryById.get('americas');
  const firstCentury = centuries[0]!;
  return {
    game: { id: game.id, name: game.name, subtitle: game.subtitle ?? '' },
    players: game.rules.players,
    playerCount: game.rules.players.min === game.rules.players.max ? String(game.rules.players.min) : `${game.rules.players.min} to ${game.rules.players.max}`,
    values: game.rules.book_values,
    packs: game.packs.map((p) => ({
      id: p.id,
      name: p.name,
      author: p.author ?? '',
      description: p.description ?? '',
      mark: p.mark,
      cards: game.cards.filter((c) => c.pack === p.id).length,
    })),
    playingTime: game.rules.playing_time,
    countries,
    firstCountry: countries[0]!,
    lastCountry: countries[countries.length - 1]!,
    centuries,
    firstCentury,
    lastCentury: centuries[centuries.length - 1]!,
    genres: game.genres.map((g) => ({ ...g, covers: g.covers ?? '', books: books.filter((b) => b.genre === g.id).length })),
    collections: game.rules.collections.map((c) => ({ ...c, scoreWord: timesWord(c.multiplier), describe: c.describe ?? '' })),
    commonMultiplier: new Set(game.rules.collections.map((c) => c.multiplier)).size === 1 ? game.rules.collections[0]!.multiplier : null,
    edition,
    editions,
    otherEditions: editions.filter((e) => e !== edition),
    otherEditionsTitle: otherTitle(editions.filter((e) => e !== edition)),
    lots: game.lots.map((l) => ({
      id: l.id,
      name: l.name,
      theme: l.theme,
      century: centuryName.get(l.century) ?? l.century,
      books: auctionBooks.filter((b) => b.lot === l.id).map(ref),
    })),
    lotSize: lotSizes.size === 1 ? [...lotSizes][0]! : null,
    bookValueRange: books.length ? { min: Math.min(...books.map((b) => b.value)), max: Math.max(...books.map((b) => b.value)) } : game.rules.book_values,
    sampleCode: (books[0] ?? game.cards[0])?.code ?? '',
    project,
    components: game.card_types
      .map((t) => ({ type: t.type, label: t.label, plural: t.plural, number: counts[t.type] ?? 0, summary: cardTypeOf(t.type)?.summary ?? '' }))
      .filter((c) => c.number > 0),
    counts,
    mvb: {
      count: mvbBooks.length,
      least: Math.min(...mvbPer.map((p) => p.books)),
      most: Math.max(...mvbPer.map((p) => p.books)),
      perCountry: mvbPer,
    },
    perCountryCentury: {
      books: uniformPerCountryCentury(books, game.countries, game.centuries),
      events: uniformPerCountryCentury(events, game.countries, game.centuries),
    },
    manuscriptValues: manuscripts.length ? { min: Math.min(...manuscripts.map((m) => m.value)), max: Math.max(...manuscripts.map((m) => m.value)) } : null,
    tokens: { ones: CREDIT_TOKENS.ones, fives: CREDIT_TOKENS.fives, perSheet: CREDIT_TOKENS.perSheet },
    tableLimit: MAX_CREDITS.toLocaleString('en'),
    seatings: seatings(game, countries),
    seatingsFollowSeats: seatings(game, countries).every((t) => t.countries.every((c, i) => c === countries[i])),
    someAbsent: seatings(game, countries).some((t) => t.absent.length > 0),
    chanceDrawsChance: cardsOfType(game, 'chance').some((c) => c.effects.some((e) => 'draw_chance' in e)),
    namesAbsent: namesAbsentCountry(game),
    eventsRunOut: eventsRunOut(events, countries, centuries, Math.max(...editions.map((e) => e.rounds.long))),
    effectSamples: effectSamples(game),
    americas:
      americasCountry && firstCentury
        ? {
            country: americasCountry,
            century: firstCentury,
            books: books.filter((b) => b.country === americasCountry.id && b.century === firstCentury.id).map(ref),
          }
        : null,
    pair: examplePair(seatings(game, countries)[0]?.countries ?? countries),
    examples: workedExamples(game, { countries, centuries, edition, ref }),
    allBooks: ownableCards(game).map(ref),
    balance: game.packs.length === 0 ? balanceView(game, readNotes()) : null,
  };
}

/** The designer's notes' fairness table, from the simulator's figures (templates/rulebook/balance.json). */
function balanceView(game: Game, notes: BalanceNotes | null): BalanceView | null {
  if (!notes) return null;
  const players = notes.after.byPlayers.map((p) => p.players);
  const pct = (x: number | undefined) => (x === undefined ? '' : `${Math.round(x * 100)}%`);
  const worst = (run: Run) => ({
    country: run.worst ? inText(game.countries.find((c) => c.id === run.worst!.country)?.name ?? run.worst.country) : '',
    players: run.worst?.players ?? 0,
    points: Math.round(Math.abs(run.worst?.fromFair ?? 0) * 100),
    direction: (run.worst?.fromFair ?? 0) >= 0 ? 'above' : 'below',
    met: run.met,
  });
  return {
    perCount: (notes.after.byPlayers[0]?.games ?? 0).toLocaleString('en'),
    games: notes.after.games.toLocaleString('en'),
    bar: Math.round(notes.bar * 100),
    players,
    rows: game.countries.map((c) => ({
      name: c.name,
      cells: players.map((n) => ({
        before: pct(notes.before.byPlayers.find((p) => p.players === n)?.winShare[c.id]),
        after: pct(notes.after.byPlayers.find((p) => p.players === n)?.winShare[c.id]),
      })),
    })),
    before: worst(notes.before),
    after: worst(notes.after),
  };
}

/** Two countries that play at every table size, for examples in prose: the last two of the smallest table. */
function examplePair(seated: CountryView[]): RulebookView['pair'] {
  if (seated.length < 2) return null;
  return { first: seated[seated.length - 1]!, second: seated[seated.length - 2]! };
}

/** The base game's second edition is "the classic edition"; any other is named by its name. */
function otherTitle(others: EditionView[]): string {
  if (others.length !== 1) return 'Other editions';
  return others[0]!.id === 'classic' ? 'The classic edition' : `The rules of ${others[0]!.name}`;
}

function editionView(e: Edition, isDefault: boolean, lotSize: number | null): EditionView {
  return {
    id: e.id,
    name: e.name,
    source: e.source ?? '',
    isDefault,
    starting_credits: e.starting_credits,
    manuscripts: e.manuscripts,
    world_events: e.world_events,
    auction: e.auction,
    chance_reshuffle: e.chance_reshuffle,
    debt_books: e.debt_books,
    victor_may_demand_books: e.victor_may_demand_books,
    auction_book_value: e.auction_book_value ?? null,
    force_chance_cost: e.force_chance_cost,
    end_of_game: e.end_of_game,
    rounds: e.rounds_per_century,
    reroll: [...e.first_round_reroll].sort(),
    chance: [...e.chance_faces].sort(),
    credit: [1, 2, 3, 4, 5, 6].filter((f) => !e.chance_faces.includes(f) && !e.first_round_reroll.includes(f)),
    lotWorth: lotSize && e.auction_book_value ? lotSize * e.auction_book_value : null,
  };
}

function seatings(game: Game, countries: CountryView[]): RulebookView['seatings'] {
  const out: RulebookView['seatings'] = [];
  for (let n = game.rules.players.min; n <= Math.min(game.rules.players.max, countries.length); n++) {
    const seated = new Set(seatedAt(game, n));
    out.push({ players: n, countries: countries.filter((c) => seated.has(c.id)), absent: countries.filter((c) => !seated.has(c.id)) });
  }
  return out;
}

/**
 * Whether some card makes a country this game does not have pay or be paid (a pack took it out,
 * or plays only centuries before it joins): the table then needs the rule that the bank stands in.
 */
function namesAbsentCountry(game: Game): boolean {
  const present = new Set(game.countries.map((c) => c.id));
  return game.cards.some(
    (c) =>
      'effects' in c &&
      c.effects.some((e) =>
        verbFor(e)
          .references(e)
          .some((r) => r.kind === 'country' && r.path[0] !== 'per' && !r.keywords?.includes(r.value) && !present.has(r.value)),
      ),
  );
}

/** A few printed effect lines from real cards, one of each kind, to teach how to read them. */
function effectSamples(game: Game): RulebookView['effectSamples'] {
  const countryIds = new Set(game.countries.map((c) => c.id));
  const wanted: [string, (e: Record<string, unknown>) => boolean][] = [
    ['gain', (e) => 'gain' in e && !e.from && !e.per && (!e.who || e.who === 'self')],
    ['pay', (e) => 'pay' in e && typeof e.to === 'string' && countryIds.has(e.to) && !e.per && (!e.who || e.who === 'self')],
    ['per', (e) => 'per' in e && Boolean(e.per)],
    ['release-lot', (e) => 'release_lot' in e],
    ['lose-book', (e) => 'lose_book' in e],
    ['skip-roll', (e) => 'skip_roll' in e],
  ];
  const out: RulebookView['effectSamples'] = [];
  // National events first: they are the cards a new player meets first.
  const order = ['national-event', 'world-event', 'chance'];
  const cards = game.cards
    .filter((c): c is Extract<Card, { effects_text: string[] }> => 'effects_text' in c)
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  for (const [kind, test] of wanted) {
    for (const c of cards) {
      const i = c.effects.findIndex((e) => test(e as Record<string, unknown>));
      if (i >= 0) {
        out.push({ title: c.title, kind, text: c.effects_text[i]! });
        break;
      }
    }
  }
  return out;
}

function bookRef(c: OwnableCard, game: Game, countryById: Map<string, CountryView>, centuryName: Map<string, string>): BookRef {
  const gloss = 'gloss' in c && c.gloss ? c.gloss : '';
  const century = centuryOfCard(game, c) ?? '';
  const country = countryOf(c);
  const genre = genreOf(c);
  return {
    id: c.id,
    code: c.code,
    kind: typeInfoOf(game, c.type)?.label ?? c.type,
    title: c.title,
    gloss,
    name: gloss || c.title,
    value: c.value,
    mvb: isMvb(c),
    country: country ? (countryById.get(country)?.name ?? country) : '',
    century: century ? (centuryName.get(century) ?? century) : '',
    genre: genre ? genreName(game, genre) : '',
    place: 'place' in c && c.place ? c.place : '',
    year: dateLabelOf(c),
  };
}

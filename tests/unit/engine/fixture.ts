// A small, complete game built in code for the engine tests: four countries, three centuries,
// small collections (so they complete in a short game), both editions, every effect verb.
// Independent of content/, which is still being written.
import { cardTypeInfos, type Card, type Edition, type Effect, type Game } from '../../../engine/index.js';

export const COUNTRIES = ['germany', 'italy', 'spain', 'france'] as const;
export const CENTURIES = ['15th', '16th', '17th'] as const;
export const GENRES = ['religion', 'science', 'literature'] as const;

const codex: Edition = {
  id: 'codex',
  name: 'Codex Conquest',
  starting_credits: 5,
  manuscripts: true,
  world_events: true,
  auction: { reserve: 0, single_books: true, unsold: 'market' },
  chance_reshuffle: false,
  debt_books: 'closest',
  victor_may_demand_books: false,
  force_chance_cost: null,
  end_of_game: 'face-value',
  rounds_per_century: { short: 1, long: 2 },
  first_round_reroll: [1, 6],
  chance_faces: [1, 6],
};

const classic: Edition = {
  id: 'classic',
  name: 'The History of the Book',
  starting_credits: 0,
  manuscripts: false,
  world_events: false,
  auction: { reserve: 4, single_books: false, unsold: 'leave-game' },
  chance_reshuffle: true,
  debt_books: 'cover-with-change',
  victor_may_demand_books: true,
  auction_book_value: 1,
  force_chance_cost: 5,
  end_of_game: 'buy-books',
  rounds_per_century: { short: 1, long: 2 },
  first_round_reroll: [1, 6],
  chance_faces: [1, 6],
};

const CODE: Record<string, string> = { germany: 'GER', italy: 'ITA', spain: 'ESP', france: 'FRA' };
const FROM: Record<string, number> = { '15th': 1400, '16th': 1500, '17th': 1600 };

function book(country: string, century: string, n: number): Card {
  const i = COUNTRIES.indexOf(country as never);
  const c = CENTURIES.indexOf(century as never);
  return {
    type: 'book',
    pack: 'base',
    id: `${country}-${century}-book-${n}`,
    code: `BK-${CODE[country]}-${century.slice(0, 2)}-${n}`,
    title: `${country} book ${century} ${n}`,
    place: 'Somewhere',
    year: FROM[century]! + 10 + 20 * n + i,
    genre: GENRES[(i + c + n) % GENRES.length]!,
    note: 'A test book.',
    country,
    century,
    value: 1 + ((i * 3 + c * 2 + n * 5) % 8),
    mvb: n === 1 && (i + c) % 2 === 0,
  };
}

function event(type: 'national-event' | 'world-event' | 'chance', id: string, code: string, effects: Effect[], extra: Record<string, unknown>): Card {
  return { type, pack: 'base', id, code, title: id, text: 'Something happens.', note: 'A test card.', year: 1450, effects, effects_text: [], ...extra } as Card;
}

/** Three national events per country per century, a world event per century, eight chance cards. */
function nationalEffects(country: string, century: string, n: number): Effect[] {
  const next = COUNTRIES[(COUNTRIES.indexOf(country as never) + 1) % COUNTRIES.length]!;
  const lot = `lot-${century}`;
  const table: Effect[][] = [
    [{ gain: 3 }],
    [
      { pay: 4, to: next },
      { gain: 1, per: { genre: 'religion' }, max: 2 },
    ],
    [{ pay: 2 }, { release_lot: lot }],
  ];
  // Germany's 16th-century war is the debt scenario: Germany pays Italy 9 it cannot have.
  if (country === 'germany' && century === '16th' && n === 2) return [{ pay: 9, to: 'italy' }];
  if (country === 'france' && century === '17th' && n === 1)
    return [
      { lose_book: 'owner-choice', to: 'spain' },
      { skip_roll: true, who: 'others' },
    ];
  return table[n - 1]!;
}

const CHANCE: Effect[][] = [
  [{ gain: 4 }],
  [{ pay: 3 }],
  [{ lose_book: 'most-valuable' }],
  [{ lose_book: 'oldest', to: 'richest' }],
  [{ gain: 1, who: 'each', from: 'richest' }],
  [{ skip_roll: true }],
  [{ pay: 2, to: 'poorest', per: { century: '15th' }, max: 4 }],
  [{ draw_chance: 1 }],
];

const WORLD: Effect[][] = [
  [
    { gain: 1, who: 'each' },
    { gain: 1, who: 'each', per: { genre: 'literature' }, max: 2 },
  ],
  [{ pay: 1, who: 'each', per: { genre: 'science' }, max: 2 }],
  [
    { pay: 2, who: 'richest', to: 'poorest' },
    { lose_book: 'least-valuable', who: 'lead' },
  ],
];

export function miniGame(): Game {
  const cards: Card[] = [];
  for (const century of CENTURIES) for (const country of COUNTRIES) for (const n of [1, 2]) cards.push(book(country, century, n));
  CENTURIES.forEach((century, c) => {
    for (let n = 1; n <= 4; n++) {
      cards.push({
        type: 'auction-book',
        pack: 'base',
        id: `auction-${century}-${n}`,
        code: `AB-${century.slice(0, 2)}-${n}`,
        title: `Auction book ${century} ${n}`,
        place: 'Elsewhere',
        year: FROM[century]! + 50 + n,
        genre: GENRES[(n + c) % GENRES.length]!,
        note: 'A lot book.',
        lot: `lot-${century}`,
        country: COUNTRIES[n - 1],
        value: 2 + ((n + c) % 3),
      } as Card);
    }
  });
  for (const century of CENTURIES) {
    for (const country of COUNTRIES) {
      for (const n of [1, 2, 3]) {
        cards.push(
          event('national-event', `${country}-${century}-event-${n}`, `NE-${CODE[country]}-${century.slice(0, 2)}-${n}`, nationalEffects(country, century, n), {
            country,
            century,
          }),
        );
      }
    }
  }
  CENTURIES.forEach((century, i) => cards.push(event('world-event', `world-${century}`, `WE-${century.slice(0, 2)}`, WORLD[i]!, { century })));
  CHANCE.forEach((effects, i) => cards.push(event('chance', `chance-${i + 1}`, `CH-0${i + 1}`, effects, {})));
  COUNTRIES.forEach((country, i) => {
    cards.push({
      type: 'manuscript',
      pack: 'base',
      id: `${country}-manuscript`,
      code: `MS-${CODE[country]}`,
      title: `${country} manuscript`,
      country,
      made: 'c. 800',
      value: 2 + i,
      note: 'Old.',
    } as Card);
  });

  return {
    format: 1,
    id: 'mini',
    name: 'Mini Conquest',
    packs: [{ id: 'base', name: 'Mini', mark: 'M' }],
    countries: COUNTRIES.map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1), code: CODE[id]!, colour: '#123456', emblem: 'eagle' })),
    centuries: CENTURIES.map((id, i) => ({
      id,
      name: `${id} century`,
      numeral: ['XV', 'XVI', 'XVII'][i]!,
      code: id.slice(0, 2),
      from: FROM[id]!,
      to: FROM[id]! + 99,
      lead: COUNTRIES[i]!,
    })),
    genres: GENRES.map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1), icon: 'book' })),
    rules: {
      default_edition: 'codex',
      editions: [codex, classic],
      collections: [
        { id: 'national-canon', name: 'National Canon', kind: 'country', size: 3, multiplier: 2 },
        { id: 'most-valuable-books', name: 'Most Valuable Books', kind: 'mvb', size: 2, multiplier: 2 },
        { id: 'genre', name: 'Genre', kind: 'genre', size: 3, multiplier: 2 },
      ],
      players: { min: 2, max: 4 },
      tables: { '2': COUNTRIES.slice(0, 2), '3': COUNTRIES.slice(0, 3), '4': COUNTRIES.slice(0, 4) },
      book_values: { min: 1, max: 12 },
      playing_time: { short: 'a few minutes', long: 'a quarter of an hour' },
    },
    card_types: cardTypeInfos(),
    lots: CENTURIES.map((century) => ({ id: `lot-${century}`, name: `Lot of the ${century}`, century, theme: 'Four books.' })),
    cards,
  };
}

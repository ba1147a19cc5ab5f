// The three worked examples, built from real cards so the numbers in the rule book are the
// numbers on the table: a debt settled with books, an auction, and a final score. Each picks its
// cards by a fixed rule (no randomness), and each is null when the content cannot support it.
import { cardsOfType, type Game, type OwnableCard, type NationalEventCard } from '../../../engine/index.js';
import type { BookRef, CenturyView, CountryView, EditionView } from './view.js';
import { timesWord } from './words.js';
import { closestBooks } from '../../../engine/index.js';
import { centuryName, countryName } from '../../../engine/index.js';
import { centuryOfCard } from '../../../engine/index.js';

export interface EventRef {
  title: string;
  code: string;
  country: string;
  century: string;
  text: string;
  line: string;
}

export interface DebtExample {
  event: EventRef;
  debtor: CountryView;
  creditor: CountryView;
  amount: number;
  shelf: BookRef[];
  taken: BookRef[];
  takenTotal: number;
  /** How far the books taken miss the debt: positive when the creditor gets more. */
  difference: number;
  exact: boolean;
  over: boolean;
  several: boolean;
}

export interface AuctionExample {
  event: EventRef;
  releaser: CountryView;
  lot: { name: string; theme: string; century: string };
  books: BookRef[];
  whole: { bidder: CountryView; amount: number };
  singles: { bidder: CountryView; book: BookRef; amount: number }[];
  singlesTotal: number;
  unsold: BookRef[];
  unsoldTotal: number;
}

export interface ScoreExample {
  country: CountryView;
  collection: { name: string; size: number; multiplier: number; times: string };
  canon: BookRef[];
  canonSum: number;
  canonScore: number;
  mvbInCanon: BookRef | null;
  loose: BookRef[];
  looseSum: number;
  purse: number;
  debt: { creditor: CountryView; amount: number };
  total: number;
}

export interface Examples {
  debt: DebtExample | null;
  auction: AuctionExample | null;
  score: ScoreExample | null;
}

interface Ctx {
  countries: CountryView[];
  centuries: CenturyView[];
  edition: EditionView;
  ref: (c: OwnableCard) => BookRef;
}

export function workedExamples(game: Game, ctx: Ctx): Examples {
  return { debt: debtExample(game, ctx), auction: auctionExample(game, ctx), score: scoreExample(game, ctx) };
}

function eventRef(e: NationalEventCard, line: number, ctx: Ctx): EventRef {
  return {
    title: e.title,
    code: e.code,
    country: countryName(ctx, e.country),
    century: centuryName(ctx, e.century),
    text: e.text,
    line: e.effects_text[line] ?? '',
  };
}

function centuryIndex(ctx: Ctx, id: string): number {
  return ctx.centuries.findIndex((c) => c.id === id);
}

function debtExample(game: Game, ctx: Ctx): DebtExample | null {
  // The national event with the biggest payment to another country; earliest century, then seat order.
  const candidates: { e: NationalEventCard; i: number; amount: number; creditor: string }[] = [];
  const present = (id: string) => ctx.countries.some((c) => c.id === id);
  for (const e of cardsOfType(game, 'national-event').filter((e) => present(e.country))) {
    e.effects.forEach((eff, i) => {
      if ('pay' in eff && eff.to && eff.to !== 'bank' && (!eff.who || eff.who === 'self') && !eff.per && ctx.countries.some((c) => c.id === eff.to)) {
        candidates.push({ e, i, amount: eff.pay, creditor: eff.to });
      }
    });
  }
  const seat = (id: string) => ctx.countries.findIndex((c) => c.id === id);
  candidates.sort((a, b) => b.amount - a.amount || centuryIndex(ctx, a.e.century) - centuryIndex(ctx, b.e.century) || seat(a.e.country) - seat(b.e.country));
  const pick = candidates[0];
  if (!pick) return null;
  const debtor = ctx.countries[seat(pick.e.country)]!;
  const creditor = ctx.countries[seat(pick.creditor)]!;
  const until = centuryIndex(ctx, pick.e.century);

  // The debtor's shelf: its manuscript (if this edition has them) and two books it could have
  // bought by then, chosen so the closest fit is worth showing: two books that add up to the debt.
  const manuscript = ctx.edition.manuscripts ? cardsOfType(game, 'manuscript').find((m) => m.country === debtor.id) : undefined;
  const owned: OwnableCard[] = [...cardsOfType(game, 'book'), ...cardsOfType(game, 'auction-book')]
    .filter((c) => !(c.type === 'book' && c.mvb))
    .filter((c) => {
      const ce = centuryOfCard(game, c);
      return ce !== undefined && centuryIndex(ctx, ce) <= until && centuryIndex(ctx, ce) >= 0;
    })
    .sort((a, b) => a.value - b.value || a.id.localeCompare(b.id))
    .slice(0, 30);
  let best: { shelf: OwnableCard[]; score: number } | undefined;
  for (let i = 0; i < owned.length; i++) {
    for (let j = i + 1; j < owned.length; j++) {
      const shelf = [...(manuscript ? [manuscript] : []), owned[i]!, owned[j]!];
      const taken = closestBooks(shelf, pick.amount);
      const sum = taken.reduce((s, b) => s + b.value, 0);
      const score = (sum === pick.amount ? 4 : 0) + (taken.length > 1 ? 2 : 0) - Math.abs(sum - pick.amount);
      if (!best || score > best.score) best = { shelf, score };
    }
  }
  if (!best) return null;
  const shelf = best.shelf.map(ctx.ref);
  const taken = closestBooks(shelf, pick.amount);
  const takenTotal = taken.reduce((s, b) => s + b.value, 0);
  return {
    event: eventRef(pick.e, pick.i, ctx),
    debtor,
    creditor,
    amount: pick.amount,
    shelf,
    taken,
    takenTotal,
    difference: takenTotal - pick.amount,
    exact: takenTotal === pick.amount,
    over: takenTotal > pick.amount,
    several: taken.length > 1,
  };
}

function auctionExample(game: Game, ctx: Ctx): AuctionExample | null {
  const events = cardsOfType(game, 'national-event');
  const lots = [...game.lots].sort((a, b) => centuryIndex(ctx, a.century) - centuryIndex(ctx, b.century));
  for (const lot of lots) {
    const books = cardsOfType(game, 'auction-book').filter((b) => b.lot === lot.id);
    const releasing = events.find(
      (e) => ctx.countries.some((c) => c.id === e.country) && e.effects.some((eff) => 'release_lot' in eff && eff.release_lot === lot.id),
    );
    if (!releasing || books.length < 3 || ctx.countries.length < 4) continue;
    const line = releasing.effects.findIndex((eff) => 'release_lot' in eff && eff.release_lot === lot.id);
    const releaser = ctx.countries.find((c) => c.id === releasing.country)!;
    const others = [...ctx.countries.slice(releaser.seat), ...ctx.countries.slice(0, releaser.seat - 1)];
    const refs = books.map(ctx.ref);
    const byValue = [...refs].sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));
    // Two countries each want one book and bid its printed value; a third bids for the lot
    // whole, one credit short of the two single bids together.
    const singles = [0, 1].map((k) => ({ bidder: others[k + 1]!, book: byValue[k]!, amount: byValue[k]!.value }));
    const singlesTotal = singles.reduce((s, b) => s + b.amount, 0);
    const unsold = refs.filter((r) => !singles.some((s) => s.book.id === r.id));
    return {
      event: eventRef(releasing, line, ctx),
      releaser,
      lot: { name: lot.name, theme: lot.theme, century: centuryName(ctx, lot.century) },
      books: refs,
      whole: { bidder: others[0]!, amount: Math.max(1, singlesTotal - 1) },
      singles,
      singlesTotal,
      unsold,
      unsoldTotal: unsold.reduce((s, b) => s + b.value, 0),
    };
  }
  return null;
}

function scoreExample(game: Game, ctx: Ctx): ScoreExample | null {
  const canonRule = game.rules.collections.find((c) => c.kind === 'country');
  if (!canonRule) return null;
  const books = cardsOfType(game, 'book');
  const manuscripts = ctx.edition.manuscripts ? cardsOfType(game, 'manuscript') : [];
  for (const country of ctx.countries) {
    const own = books.filter((b) => b.country === country.id).sort((a, b) => a.value - b.value || a.id.localeCompare(b.id));
    const ms = manuscripts.find((m) => m.country === country.id);
    const mvb = own.find((b) => b.mvb);
    const needed = canonRule.size - (ms ? 1 : 0) - (mvb ? 1 : 0);
    const rest = own.filter((b) => b !== mvb).slice(0, needed);
    if (rest.length < needed || needed < 0) continue;
    const canonCards: OwnableCard[] = [...(ms ? [ms] : []), ...(mvb ? [mvb] : []), ...rest];
    const canon = canonCards.map(ctx.ref);
    const canonSum = canon.reduce((s, b) => s + b.value, 0);
    // Loose books: the cheapest MVB of another country (not enough for an MVB collection) and
    // the cheapest auction book.
    const otherMvb = books.filter((b) => b.mvb && b.country !== country.id).sort((a, b) => a.value - b.value || a.id.localeCompare(b.id))[0];
    const auction = [...cardsOfType(game, 'auction-book')].sort((a, b) => a.value - b.value || a.id.localeCompare(b.id))[0];
    const loose = [otherMvb, auction].filter((c): c is NonNullable<typeof c> => Boolean(c)).map(ctx.ref);
    const looseSum = loose.reduce((s, b) => s + b.value, 0);
    const purse = 4;
    const creditor = ctx.countries[country.seat % ctx.countries.length]!;
    const debt = { creditor, amount: 2 };
    const canonScore = canonSum * canonRule.multiplier;
    return {
      country,
      collection: { name: canonRule.name, size: canonRule.size, multiplier: canonRule.multiplier, times: timesWord(canonRule.multiplier) },
      canon,
      canonSum,
      canonScore,
      mvbInCanon: mvb ? ctx.ref(mvb) : null,
      loose,
      looseSum,
      purse,
      debt,
      total: canonScore + looseSum + purse - debt.amount,
    };
  }
  return null;
}

// Cards off the game's pattern: most countries have the same number of books (and of national
// events) in every century, and most auction lots the same number of books. A country or a lot
// with fewer than that is most often a file cut short or a card forgotten, so it gets a warning
// naming the gap, at that country's last card of the kind (the file to check); one with more is
// most often a card added without "replaces", so the warning points at the crowded century's last card.
import type { DiagnosticList } from './diagnostic.js';
import type { Sourced, SourcedCard } from './layer.js';
import { placeAt } from './read-yaml.js';
import type { Place } from '../place.js';
import type { SourcedEdition } from './shape.js';
import type { Country, Century, GameFile } from '../../engine/index.js';
import type { AuctionLot } from '../../engine/index.js';
import { andList, flatNetOfCard, type Effect } from '../../engine/index.js';

/** The most common of the counts (the larger on a tie); 0 when there are none. */
function usual(counts: number[]): number {
  const tally = new Map<number, number>();
  for (const n of counts) tally.set(n, (tally.get(n) ?? 0) + 1);
  let best = 0;
  let seen = 0;
  for (const [n, times] of tally) if (times > seen || (times === seen && n > best)) [best, seen] = [n, times];
  return best;
}

/** A card a pack's remove: took out, and the line that did it. */
export interface TakenOut {
  card: SourcedCard;
  where: Place;
}

/** The last card taken out that matches: the removal that left the gap, in the order the lines took them. */
function lastTaken(takenOut: readonly TakenOut[], has: (c: SourcedCard) => boolean): TakenOut | undefined {
  for (let i = takenOut.length - 1; i >= 0; i--) if (has(takenOut[i]!.card)) return takenOut[i];
  return undefined;
}

export function checkCounts(
  cards: SourcedCard[],
  countries: Sourced<Country>[],
  centuries: Sourced<Century>[],
  lots: Sourced<AuctionLot>[],
  editions: { id: string; name: string }[],
  diags: DiagnosticList,
  takenOut: TakenOut[] = [],
): void {
  for (const type of ['book', 'national-event']) {
    const ofType = cards.filter((c) => c.def.type === type);
    if (ofType.length === 0) continue;
    const count = (country: string, century: string) => ofType.filter((c) => c.value.country === country && c.value.century === century).length;
    const cells = countries.map((co) => centuries.map((ce) => count(co.value.id, ce.value.id)));
    const expected = usual(cells.flat());
    const { label, plural } = ofType[0]!.def;
    // A century with none at all, from any country, is said once, at the century: it was taken
    // out or never filled, not cut short in every country's file.
    const empty = new Set(centuries.filter((_, j) => countries.every((_, i) => cells[i]![j] === 0)).map((ce) => ce.value.id));
    for (const ce of centuries.filter((c) => empty.has(c.value.id))) {
      const what = `the ${ce.value.name} with no ${plural} at all${type === 'book' ? ': its market would open empty' : ''}`;
      const fix = `take the century out of the game with remove: [${ce.value.id}] in pack.yaml`;
      // Emptied by a pack's remove: said at its line, which the pack's author can change.
      const removal = lastTaken(takenOut, (c) => c.def.type === type && c.value.century === ce.value.id);
      if (removal)
        diags.warn(
          removal.where,
          `taking out ${removal.card.value.id} leaves ${what}`,
          `keep a ${label} of the ${ce.value.name}, add the pack’s own with "century: ${ce.value.id}", or ${fix}`,
        );
      else
        diags.warn(
          placeAt(ce.file, [...ce.path, 'id']),
          `the ${ce.value.name} has no ${plural} at all${type === 'book' ? ': its market would open empty' : ''}`,
          `add ${plural} with "century: ${ce.value.id}", or ${fix}`,
        );
    }
    if (expected === 0) continue;
    for (const [i, country] of countries.entries()) {
      const off = centuries.map((ce, j) => ({ id: ce.value.id, name: ce.value.name, n: cells[i]![j]! })).filter((c) => c.n !== expected && !empty.has(c.id));
      if (off.length === 0) continue;
      const byCount = new Map<number, string[]>();
      for (const s of off) byCount.set(s.n, [...(byCount.get(s.n) ?? []), s.name]);
      const parts = [...byCount].map(([n, names]) => `${n === 0 ? 'no' : n} ${n === 1 ? label : plural} for the ${andList(names)}`);
      const message = `${country.value.name} has ${andList(parts)}, where most countries have ${expected} ${expected === 1 ? label : plural} in each century`;
      const extra = off.find((c) => c.n > expected);
      if (extra) {
        // Too many: point at the last card of the crowded century, most often the one just added.
        const last = ofType.filter((c) => c.value.country === country.value.id && c.value.century === extra.id).at(-1)!;
        diags.warn(
          placeAt(last.file, last.path),
          message,
          `a century with more ${plural} than the others tips the balance: take one out, or write "replaces: <id>" on this card to take the place of a ${label} of the same country and century`,
        );
        continue;
      }
      // Short because a pack took cards out: said at the pack's line, not as a file cut short.
      const short = new Set(off.map((c) => c.id));
      const removal = takenOut.find((t) => t.card.def.type === type && t.card.value.country === country.value.id && short.has(t.card.value.century as string));
      if (removal) {
        diags.warn(
          removal.where,
          `taking out ${removal.card.value.id} leaves ${country.value.name} with ${andList(parts)}, where most countries have ${expected} ${expected === 1 ? label : plural} in each century`,
          `if the shorter deck is meant, leave it; to keep the balance, add a ${label} with "country: ${country.value.id}" and "century: ${removal.card.value.century}" to the pack, or write "replaces: ${removal.card.value.id}" on a card of the pack instead of removing it`,
        );
        continue;
      }
      const last = ofType.filter((c) => c.value.country === country.value.id).at(-1);
      diags.warn(
        last ? placeAt(last.file, last.path) : placeAt(country.file, [...country.path, 'id']),
        message,
        last
          ? `check that ${last.file.file} was not cut short after this card, and add the missing ${plural}`
          : `add ${plural} with "country: ${country.value.id}" for each century`,
      );
    }
  }
  // World events: one (or the usual number) a century. A century with fewer is most often the end
  // of world-events.yaml cut off, or a century added without one: the cards left are whole, so
  // only the count shows it.
  const world = cards.filter((c) => c.def.type === 'world-event');
  if (world.length > 0) {
    const per = centuries.map((ce) => world.filter((c) => c.value.century === ce.value.id).length);
    const usualCount = Math.max(1, usual(per));
    const short = centuries.filter((_, j) => per[j]! < usualCount);
    // Every century turns one over at its end; a game of two centuries or fewer (a test game) may
    // leave one out.
    if (short.length > 0 && centuries.length >= 3) {
      const last = world.at(-1)!;
      const usualWords = usualCount === 1 ? last.def.label : last.def.plural;
      const none = short.every((c) => per[centuries.indexOf(c)] === 0);
      const gap = `the ${andList(short.map((c) => c.value.name))} ${short.length === 1 ? 'has' : 'have'} ${none ? `no ${usualWords}` : `fewer ${last.def.plural}`}, where the other centuries have ${usualCount} ${usualWords} each`;
      // Taken out by a pack: said at its line, not as a file cut short.
      const removal = lastTaken(takenOut, (c) => c.def.type === 'world-event' && short.some((ce) => ce.value.id === c.value.century));
      if (removal)
        diags.warn(
          removal.where,
          `taking out ${removal.card.value.id}: ${gap}`,
          `write "replaces: ${removal.card.value.id}" on a world event of the pack instead of removing it, or add one with "century: ${removal.card.value.century}"`,
        );
      else
        diags.warn(
          placeAt(last.file, last.path),
          gap,
          `check that ${last.file.file} was not cut short after this card, and add the missing ${usualWords} (with "century: ${short[0]!.value.id}")`,
        );
    }
  }
  const auction = cards.filter((c) => c.def.type === 'auction-book');
  const perLot = lots.map((lot) => auction.filter((c) => c.value.lot === lot.value.id));
  const expected = usual(perLot.map((books) => books.length));
  lots.forEach((lot, i) => {
    const books = perLot[i]!;
    // A lot with none is already reported (resolve.ts); here the ones with some missing.
    if (books.length === 0 || books.length >= expected) return;
    const last = books.at(-1)!;
    const gap = `the auction lot '${lot.value.id}' has ${books.length} auction ${books.length === 1 ? 'book' : 'books'}, where most lots have ${expected}`;
    const removal = lastTaken(takenOut, (c) => c.def.type === 'auction-book' && c.value.lot === lot.value.id);
    if (removal)
      diags.warn(
        removal.where,
        `taking out ${removal.card.value.id}: ${gap}`,
        `if the smaller lot is meant, leave it; to keep the balance, write "replaces: ${removal.card.value.id}" on an auction book of the pack instead of removing it`,
      );
    else diags.warn(placeAt(last.file, last.path), gap, `check that ${last.file.file} was not cut short after this card, and add the missing auction books`);
  });
  checkReferenceKinds(cards, editions, takenOut, diags);
  checkChanceBalance(cards, takenOut, diags);
}

/**
 * Every edition gets the same reference cards: the kinds of card (order of operations,
 * objectives) that any edition has, each edition should have too. One missing is most often
 * reference.yaml cut between two cards, which leaves every card before the cut whole.
 */
function checkReferenceKinds(cards: SourcedCard[], editions: { id: string; name: string }[], takenOut: TakenOut[], diags: DiagnosticList): void {
  const refs = cards.filter((c) => c.def.type === 'reference' && c.value.kind !== 'other');
  if (refs.length === 0) return;
  const kinds = [...new Set(refs.map((c) => String(c.value.kind)))];
  const has = (edition: string, kind: string) => refs.some((c) => c.value.kind === kind && (c.value.edition === undefined || c.value.edition === edition));
  const last = refs.at(-1)!;
  for (const edition of editions) {
    const missing = kinds.filter((k) => !has(edition.id, k));
    if (missing.length === 0) continue;
    const words = missing.map((k) => (k === 'order' ? 'order of operations' : k));
    const gap = `the edition “${edition.name}” has no ${andList(words)} reference card, where ${editions.length > 2 ? 'the other editions have' : 'the other edition has'} one`;
    const removal = lastTaken(
      takenOut,
      (c) => c.def.type === 'reference' && missing.includes(String(c.value.kind)) && (c.value.edition === undefined || c.value.edition === edition.id),
    );
    if (removal)
      diags.warn(
        removal.where,
        `taking out ${removal.card.value.id}: ${gap}`,
        `write "replaces: ${removal.card.value.id}" on a reference card of the pack instead of removing it, or add one with "kind: ${missing[0]}" and "edition: ${edition.id}"`,
      );
    else
      diags.warn(
        placeAt(last.file, last.path),
        gap,
        `check that ${last.file.file} was not cut short after this card, and add a card with "kind: ${missing[0]}" and "edition: ${edition.id}"`,
      );
  }
}

/**
 * The chance deck keeps good fortune and misfortune roughly even (the base game: sixteen of
 * each), so that drawing a card is a gamble and not a gift. A deck far off that is most often
 * chance.yaml cut short (the misfortunes come last) or a pack that added only one side.
 */
function checkChanceBalance(cards: SourcedCard[], takenOut: TakenOut[], diags: DiagnosticList): void {
  const chance = cards.filter((c) => c.def.type === 'chance');
  if (chance.length < 4) return;
  // A book lost or a roll missed is a misfortune though it moves no money.
  const effects = (c: SourcedCard) => (c.value.effects ?? []) as Effect[];
  const harms = (c: SourcedCard) => effects(c).some((e) => 'lose_book' in e || 'skip_roll' in e);
  const net = (c: SourcedCard) => flatNetOfCard(effects(c), 'drawer', 'drawer');
  const bad = chance.filter((c) => harms(c) || net(c) < 0).length;
  const good = chance.filter((c) => !harms(c) && net(c) > 0).length;
  const more = Math.max(good, bad);
  // Allowed: a few more of one side, up to an eighth of the deck (4 more in the base game's 33).
  // Wider let chance.yaml cut after its 27th card (16 to 11) pass.
  const fewer = Math.min(good, bad);
  if (more - fewer <= Math.max(2, Math.floor(chance.length / 8))) return;
  const lean =
    good > bad
      ? more >= 2 * fewer
        ? 'nearly always a gift'
        : 'more often a gift than a loss'
      : more >= 2 * fewer
        ? 'nearly always a loss'
        : 'more often a loss than a gift';
  const last = chance.at(-1)!;
  // Tipped by a pack's removal of the side now short: said at its last such line.
  const isBad = (c: SourcedCard) => harms(c) || net(c) < 0;
  const removal = lastTaken(takenOut, (c) => c.def.type === 'chance' && (good > bad ? isBad(c) : !isBad(c) && net(c) > 0));
  if (removal) {
    diags.warn(
      removal.where,
      `with ${removal.card.value.id} taken out, the chance deck has ${good} ${good === 1 ? 'card' : 'cards'} of good fortune and ${bad} of misfortune: drawing one is ${lean}`,
      `add chance cards to the pack that ${good > bad ? 'cost money (e.g. effects: [{ pay: 2 }])' : 'bring money (e.g. effects: [{ gain: 2 }])'} to even them out, or take out fewer`,
    );
    return;
  }
  diags.warn(
    placeAt(last.file, last.path),
    `the chance deck has ${good} ${good === 1 ? 'card' : 'cards'} of good fortune and ${bad} of misfortune: drawing one is ${lean}`,
    good > bad
      ? `check that ${last.file.file} was not cut short after this card, or add chance cards that cost money (e.g. effects: [{ pay: 2 }]) to even them out`
      : `add chance cards that bring money (e.g. effects: [{ gain: 2 }]) to even them out`,
  );
}

/** What the decks left are checked against: the editions as packs left them, and where lots went. */
export interface DecksLeft {
  cards: readonly SourcedCard[];
  /** The cards before the countries and centuries packs took out left with their cards. */
  before: readonly SourcedCard[];
  takenOut: readonly TakenOut[];
  /** The pack line that took each century or country out. */
  leftAt: ReadonlyMap<string, Place>;
  /** A pack's remove: was refused for taking out the last century or country: what is left is not settled. */
  gutted: boolean;
  editions: readonly SourcedEdition[];
  /** game.yaml, where a base game without books is told so. */
  game: Sourced<GameFile>;
  /** Lots the game had before packs took any out, and after. */
  lots: { before: number; after: number };
  /** The last lot a pack took out by name, and the line that did, if one did. */
  lotTakenOut?: { id: string; where: Place };
}

/**
 * Decks the rules need, emptied. A game whose packs leave no book to buy cannot be played (the
 * market opens empty in every century, and there is nothing to collect): an error. One left
 * without the world events an edition turns over, the chance cards its die draws, any auction lot
 * or any reference card still plays, with a step that does nothing: a warning. Said at the pack's
 * remove: line that took out the last card of the kind — the line its author can change, not a
 * line of game.yaml — or, when the base game itself has none, at the setting that needs them.
 */
export function checkDecksLeft(left: DecksLeft, diags: DiagnosticList): void {
  if (left.gutted) return;
  const { cards, takenOut, editions } = left;
  // The card of the kind that went last, and the pack line that took it: by name (remove:), or
  // with its century or country (remove:, end_after:). How the message begins says which.
  const last = (has: (c: SourcedCard) => boolean): { card: SourcedCard; where: Place; leaves: string } | undefined => {
    const named = lastTaken(takenOut, has);
    if (named) return { ...named, leaves: `taking out ${named.card.value.id} leaves the game` };
    const gone = [...left.before].reverse().find((c) => has(c) && !cards.includes(c));
    const where = gone && (left.leftAt.get(String(gone.value.century)) ?? left.leftAt.get(String(gone.value.country)));
    return gone && where ? { card: gone, where, leaves: 'this line leaves the game' } : undefined;
  };
  const none = (has: (c: SourcedCard) => boolean) => !cards.some(has);
  const setting = (e: SourcedEdition, key: string) => {
    const from = e.from.get(key) ?? { file: e.file, path: e.path };
    return placeAt(from.file, [...from.path, key]);
  };
  // With nothing a pack took out to blame, an empty deck most often follows from an error already
  // said (countries no table seats leave with their cards): said only in a game otherwise sound.
  const unexplained = !diags.hasErrors;

  const market = (c: SourcedCard) => c.def.role === 'ownable' && c.def.arrives === 'market';
  if (none(market)) {
    const t = last(market);
    const empty = 'every century’s market would open empty, and there would be nothing to collect';
    if (t)
      diags.error(
        t.where,
        `${t.leaves} without a single ${t.card.def.label} to buy: ${empty}`,
        `keep some of the game’s ${t.card.def.plural}, or add the pack’s own under ${t.card.def.key}:`,
      );
    else if (unexplained)
      diags.error(
        placeAt(left.game.file, ['book_values']),
        `the game has no books: ${empty}`,
        'add books in a content file, under books: (each with its country, century, genre and value)',
      );
  }

  const world = (c: SourcedCard) => c.def.drawn === 'world';
  const turning = editions.filter((e) => e.value.world_events);
  const worldLast = turning.length > 0 && none(world) ? last(world) : undefined;
  if (turning.length > 0 && none(world) && (worldLast || unexplained)) {
    const names = andList(turning.map((e) => `“${e.value.name}”`));
    const what = `no world event, though ${names} ${turning.length === 1 ? 'ends' : 'end'} each century with one: that step would do nothing`;
    diags.warn(
      worldLast ? worldLast.where : setting(turning[0]!, 'world_events'),
      worldLast ? `${worldLast.leaves} with ${what}` : `the game has ${what}`,
      worldLast
        ? `keep one world event for each century, or add the pack’s own under world_events:; if none is meant, write "world_events: false" for ${names} in pack.yaml`
        : `add a world event for each century under world_events:, or write "world_events: false" for ${names}`,
    );
  }

  const chance = (c: SourcedCard) => c.def.drawn === 'chance';
  const rolling = editions.filter((e) => e.value.chance_faces.length > 0);
  const chanceLast = rolling.length > 0 && none(chance) ? last(chance) : undefined;
  if (rolling.length > 0 && none(chance) && (chanceLast || unexplained)) {
    const faces = andList([...new Set(rolling[0]!.value.chance_faces)].map(String), 'or');
    const what = `no chance card, so a roll of ${faces} after the first round would bring nothing`;
    diags.warn(
      chanceLast ? chanceLast.where : setting(rolling[0]!, 'chance_faces'),
      chanceLast ? `${chanceLast.leaves} with ${what}` : `the game has ${what}`,
      chanceLast
        ? 'keep some chance cards, or add the pack’s own under chance:; if no chance is meant, write "chance_faces: []" for each edition in pack.yaml'
        : 'add chance cards under chance:, or write "chance_faces: []" if no face should draw one',
    );
  }

  if (left.lots.before > 0 && left.lots.after === 0 && left.lotTakenOut) {
    diags.warn(
      left.lotTakenOut.where,
      `taking out ${left.lotTakenOut.id} leaves the game with no auction lot: no auction would ever be held`,
      'if a game without auctions is meant, leave it; otherwise keep a lot, or add the pack’s own under auction_lots: (with auction books and a national event that releases it)',
    );
  }

  const aid = (c: SourcedCard) => c.def.role === 'aid';
  const gone = none(aid) ? last(aid) : undefined;
  if (gone) {
    diags.warn(
      gone.where,
      `${gone.leaves} with no ${gone.card.def.label}: players would have no order of play or objectives at hand`,
      `keep the game’s ${gone.card.def.plural}, or add the pack’s own under ${gone.card.def.key}:`,
    );
  }
}

/** P(X > k) for X ~ Binomial(n, p), summed in logs so a long game cannot underflow. */
function moreThan(k: number, n: number, p: number): number {
  if (k >= n || p <= 0) return 0;
  if (p >= 1) return 1;
  let logPmf = n * Math.log1p(-p);
  let atMost = 0;
  for (let i = 0; i <= k; i++) {
    atMost += Math.exp(logPmf);
    logPmf += Math.log((n - i) / (i + 1)) + Math.log(p / (1 - p));
  }
  return Math.max(0, 1 - atMost);
}

/**
 * A chance deck drawn without putting back should last a typical game: after the first round,
 * every market turn draws a card on the edition's chance faces, so a short game at the largest
 * table draws about a third of its market turns (10 of 30 in the base game). A deck smaller than
 * that runs out in most games: most often chance.yaml cut short between two cards, where every
 * card left is whole (the balance of good and bad fortune shows a longer cut), or a pack's deck
 * made too small. Said at the last chance card (or the pack's line that took one out).
 */
export function checkChanceSupply(
  cards: readonly SourcedCard[],
  shape: { players: { max: number }; centuries: readonly unknown[]; editions: readonly SourcedEdition[] },
  takenOut: readonly TakenOut[],
  diags: DiagnosticList,
): void {
  const deck = cards.filter((c) => c.def.drawn === 'chance');
  if (deck.length === 0) return; // an empty deck: checkDecksLeft
  const players = shape.players.max;
  const worst = shape.editions
    .filter((e) => !e.value.chance_reshuffle && e.value.chance_faces.length > 0)
    .map((e) => {
      const faces = [...new Set(e.value.chance_faces)];
      // The game's very first market round rolls again instead of drawing.
      const turns = players * (shape.centuries.length * e.value.rounds_per_century.short - 1);
      const p = faces.length / 6;
      return { e, faces, turns, mean: turns * p, odds: moreThan(deck.length, turns, p) };
    })
    .sort((a, b) => b.mean - a.mean)[0];
  if (!worst || worst.mean <= deck.length) return;
  const removal = lastTaken(takenOut, (c) => c.def.drawn === 'chance');
  const last = deck.at(-1)!;
  const often =
    worst.odds >= 0.95
      ? 'nearly every such game would run out of chance cards'
      : `${Math.round(worst.odds * 100)}% of such games would run out of chance cards`;
  const what = `the chance deck has ${deck.length} ${deck.length === 1 ? 'card' : 'cards'}, and a short game of ${players} players draws ${Math.round(worst.mean)} on average (a roll of ${andList(worst.faces.map(String), 'or')} in ${worst.turns} market turns${shape.editions.length > 1 ? `, in “${worst.e.value.name}”, which draws without putting back` : ''}): ${often}`;
  if (removal)
    diags.warn(removal.where, `with ${removal.card.value.id} taken out, ${what}`, `keep more of the game’s chance cards, or add the pack’s own under chance:`);
  else
    diags.warn(
      placeAt(last.file, last.path),
      what,
      `check that ${last.file.file} was not cut short after this card; if the deck is meant to be small, add chance cards, or write "chance_reshuffle: true" so that drawn cards go back`,
    );
}

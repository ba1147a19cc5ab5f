// Layers the packs on the base game, checks every reference by id, and produces the resolved
// Game that every consumer (print, referee, game.json) sees.
import type { DiagnosticList, Place } from './diagnostic.js';
import { placeAt, keyPlace } from './read-yaml.js';
import { cardIdHint, codeHint } from './card-meant.js';
import { centuryGuess, centuryMeant } from './century-meant.js';
import { didYouMean, nearest } from './nearest.js';
import { checkChanceChains, checkReserve, checkSettings } from './check-settings.js';
import { checkChanceSupply, checkCounts, checkDecksLeft, type TakenOut } from './check-counts.js';
import { curlyProse } from './quotes.js';
import { readShape, type Shape } from './shape.js';
import { fillGameWords } from './game-words.js';
import type { Layer, Sourced, SourcedCard, Path } from './layer.js';
import {
  RESERVED_PARTIES,
  cardTypeInfos,
  effectRenderer,
  verbFor,
  type AuctionLot,
  type Card,
  type Century,
  type Country,
  type Effect,
  type EffectReference,
  type EffectTemplates,
  type Game,
  type GameFile,
  type Genre,
} from '../../engine/index.js';
import { initialsOf } from './plain-letters.js';

const at = (s: { file: Sourced<unknown>['file'] }, path: Path): Place => placeAt(s.file, path);

/** How messages name each kind of id an effect refers to. */
const KIND_WORD: Record<EffectReference['kind'], string> = { country: 'country', genre: 'genre', century: 'century', lot: 'auction lot' };

interface Defs {
  countries: Sourced<Country>[];
  centuries: Sourced<Century>[];
  genres: Sourced<Genre>[];
}

function mergeDefs(layers: Layer[], game: Sourced<GameFile>, diags: DiagnosticList): Defs {
  const defs: Defs = { countries: [], centuries: [], genres: [] };
  // Two packs with one id: saved games and the referee name packs by their ids.
  checkUnique(
    layers.flatMap((l) => (l.pack ? [{ value: l.pack.value, file: l.pack.file, path: [] }] : [])),
    'pack',
    diags,
  );
  for (const kind of ['countries', 'centuries', 'genres'] as const) {
    const push = (src: Sourced<unknown>, list: (Country | Century | Genre)[] | undefined) =>
      list?.forEach((value, i) => (defs[kind] as Sourced<typeof value>[]).push({ value, file: src.file, path: [kind, i] }));
    push(game, game.value[kind]);
    for (const l of layers) if (l.pack) push(l.pack, l.pack.value[kind]);
    checkUnique(defs[kind] as Sourced<{ id: string }>[], kind.replace(/ies$/, 'y').replace(/s$/, ''), diags);
  }
  for (const c of defs.countries) {
    if ((RESERVED_PARTIES as readonly string[]).includes(c.value.id)) {
      diags.error(
        at(c, [...c.path, 'id']),
        `'${c.value.id}' cannot be a country id: it already means something in effects`,
        `choose another id, e.g. '${c.value.id}-land'`,
      );
    }
  }
  checkUniqueField(defs.countries, 'code', 'country code', diags);
  checkUniqueField(defs.centuries, 'code', 'century code', diags);
  return defs;
}

function checkUnique(items: Sourced<{ id: string }>[], what: string, diags: DiagnosticList): void {
  const seen = new Map<string, Sourced<{ id: string }>>();
  for (const it of items) {
    const first = seen.get(it.value.id);
    if (first) {
      const p = at(first, [...first.path, 'id']);
      diags.error(
        at(it, [...it.path, 'id']),
        `the ${what} id '${it.value.id}' is used twice`,
        `give one of them another id (ids must be unique across the whole game)`,
        { ...p, message: 'first used here' },
      );
    } else seen.set(it.value.id, it);
  }
}

function checkUniqueField<T extends Record<string, unknown>>(items: Sourced<T>[], field: string, what: string, diags: DiagnosticList): void {
  const seen = new Map<unknown, Sourced<T>>();
  for (const it of items) {
    const v = it.value[field];
    const first = seen.get(v);
    if (first)
      diags.error(at(it, [...it.path, field]), `the ${what} '${String(v)}' is used twice`, `choose a ${what} no other entry uses`, {
        ...at(first, [...first.path, field]),
        message: 'first used here',
      });
    else seen.set(v, it);
  }
}

/** What packs did to the cards before them: each card a remove: line took out, and each one a card replaced. */
interface PackChanges {
  takenOut: TakenOut[];
  replaced: { old: SourcedCard; by: SourcedCard }[];
}

/** Applies pack removals and replacements in layer order; returns the final card list, and what the packs changed. */
function layerCards(layers: Layer[], shape: Shape, diags: DiagnosticList): { cards: SourcedCard[] } & PackChanges {
  const shapeRemovals = shape.shapeRemovals;
  let cards: SourcedCard[] = [];
  const changes: PackChanges = { takenOut: [], replaced: [] };
  // Cards an earlier pack (or this one) took out or replaced, and where: a second pack that
  // replaces the same card is told which one got there first.
  const gone = new Map<string, { how: string; where: Place }>();
  const shownAt = (p: Place) => `${p.file}:${p.line ?? 1}`;
  for (const layer of layers) {
    const ids = () => new Set(cards.map((c) => c.value.id));
    if (layer.pack?.value.remove) {
      layer.pack.value.remove.forEach((id, i) => {
        if (shapeRemovals.has(id)) return; // a country, century or lot: see shape.ts
        const known = ids();
        if (!known.has(id)) {
          const guess = didYouMean(id, known);
          diags.error(
            at(layer.pack!, ['remove', i]),
            `'remove' names '${id}', which is not a card, auction lot, century or country of the game`,
            codeHint(id) ?? `${guess ? `${guess} ` : ''}write the id of a card, lot, century or country from the base game or an earlier pack`,
          );
        } else {
          const where = at(layer.pack!, ['remove', i]);
          gone.set(id, { how: 'it was already taken out by remove:', where });
          changes.takenOut.push({ card: cards.find((c) => c.value.id === id)!, where });
        }
        cards = cards.filter((c) => c.value.id !== id);
      });
    }
    for (const card of layer.cards) {
      const target = card.value.replaces;
      if (target === undefined) {
        cards.push(card);
        continue;
      }
      if (layer.kind === 'base') {
        diags.error(
          keyPlace(card.file, [...card.path, 'replaces']) ?? at(card, card.path),
          "'replaces' only works in a pack",
          'delete the line, or move this card into a pack folder',
        );
        cards.push(card);
        continue;
      }
      const idx = cards.findIndex((c) => c.value.id === target);
      const earlier = idx === -1 ? gone.get(target) : undefined;
      if (earlier) {
        diags.error(
          at(card, [...card.path, 'replaces']),
          `this card replaces '${target}', which is no longer in the game: ${earlier.how} (${shownAt(earlier.where)})`,
          `keep one of the two: delete this card's "replaces:" line (to add it as well), or change the other`,
        );
        cards.push(card);
      } else if (idx === -1) {
        const guess = didYouMean(target, ids());
        const meant = cardIdHint(
          target,
          cards.map((c) => ({ id: c.value.id, title: c.value.title })),
        );
        diags.error(
          at(card, [...card.path, 'replaces']),
          `this card replaces '${target}', which is not in the game`,
          codeHint(target) ||
            guess ||
            meant ||
            'write the id of the base-game card this one takes the place of (find it with: codex-conquest cards <a word of its title>)',
        );
        cards.push(card);
      } else {
        if (cards[idx]!.def.type !== card.def.type) {
          diags.error(
            at(card, [...card.path, 'replaces']),
            `a ${card.def.label} cannot replace the ${cards[idx]!.def.label} '${target}'`,
            `replace a card of the same kind, or list it under '${cards[idx]!.def.key}'`,
          );
        }
        warnIfMoved(cards[idx]!, card, shape, diags);
        gone.set(target, { how: `it was already replaced by '${card.value.id}'`, where: at(card, [...card.path, 'replaces']) });
        changes.replaced.push({ old: cards[idx]!, by: card });
        cards[idx] = card;
      }
    }
  }
  return { cards, ...changes };
}

/**
 * A replacement normally keeps its place in the deck: the same country and century. One that moves
 * gives one country (or century) a card more and another a card fewer, which is seldom meant.
 */
function warnIfMoved(old: SourcedCard, card: SourcedCard, shape: Shape, diags: DiagnosticList): void {
  // Countries and centuries are named as players see them: "Germany loses a card and Italy gains one".
  const named = (field: 'country' | 'century' | 'lot', id: string) =>
    field === 'country'
      ? (shape.everCountries.find((c) => c.id === id)?.name ?? id)
      : field === 'century'
        ? `the ${shape.everCenturies.find((c) => c.id === id)?.name ?? id}`
        : `the lot '${id}'`;
  for (const field of ['country', 'century', 'lot'] as const) {
    const before = old.value[field];
    const after = card.value[field];
    if (typeof before !== 'string' || before === after) continue;
    // "Italy" for italy is the same place written in capitals: the id check says how to write it.
    if (typeof after === 'string' && after.trim().toLowerCase() === before) continue;
    // A country or century that does not exist ("XV") is already an error with a "did you mean":
    // a warning that the card moves there would be about a place nobody can go.
    const known =
      field === 'country' ? shape.everCountries.some((c) => c.id === after) : field === 'century' ? shape.everCenturies.some((c) => c.id === after) : true;
    if (typeof after === 'string' && !known) continue;
    diags.warn(
      keyPlace(card.file, [...card.path, field]) ?? at(card, [...card.path, 'replaces']),
      `this card replaces '${old.value.id}' (${field}: ${before}) but is filed under ${field}: ${after ?? 'none'}, so ${named(field, before)} loses a card and ${typeof after === 'string' ? named(field, after) : 'nothing'} gains one`,
      `write ${field}: ${before} to keep the game's balance, or add the card without "replaces" and remove '${old.value.id}' if the move is meant`,
    );
  }
}

export function resolve(layers: Layer[], templates: EffectTemplates, diags: DiagnosticList): Game | undefined {
  const base = layers[0];
  if (!base?.game) return undefined;
  const game = base.game;
  // Ids are unique across everything ever defined, even what a pack later takes out.
  mergeDefs(layers, game, diags);
  const shape = readShape(layers, game, diags);
  // A country's or genre's name, or what a genre covers, points at the id a teacher meant.
  const describedBy: Descriptions = new Map([
    ['country', new Map(shape.everCountries.map((c) => [c.id, `${c.name}${c.adjective ? `, ${c.adjective}` : ''}`]))],
    ['genre', new Map(shape.genres.map((g) => [g.value.id, `${g.value.name}${g.value.covers ? `: ${g.value.covers}` : ''}`]))],
  ]);
  const defs: Defs = { countries: shape.countries, centuries: shape.centuries, genres: shape.genres };
  // A card's country may be written by the country's name, or name one that has left the game.
  const countryNames: Names = {
    names: new Map(shape.everCountries.map((c) => [c.id, c.name])),
    gone: new Map([...shape.removed.countries].map((id) => [id, shape.leftOutBecause.get(id) ?? ''])),
  };
  // A card's century may be one the game no longer plays, misspelt ('19nth' in a game that ends after the 17th).
  const centuryNames: Names = {
    names: new Map(shape.everCenturies.map((c) => [c.id, c.name])),
    gone: new Map([...shape.removed.centuries].map((id) => [id, shape.leftOutBecause.get(id) ?? ''])),
  };
  checkSettings(game, shape, diags);
  const countryIds = defs.countries.map((c) => c.value.id);
  const centuryIds = defs.centuries.map((c) => c.value.id);
  const genreIds = defs.genres.map((g) => g.value.id);
  const editionIds = shape.editions.map((e) => e.value.id);
  // Effects may still name what a pack took out: paying a removed country pays the bank, counting
  // a removed century's books counts none. Those names are known, not mistakes.
  const anyCountry = [...countryIds, ...shape.removed.countries];
  const anyCentury = [...centuryIds, ...shape.removed.centuries];

  // Packs must say what they extend.
  const known = new Set([game.value.id]);
  for (const l of layers.slice(1)) {
    if (!l.pack) continue;
    if (!known.has(l.pack.value.extends)) {
      diags.error(
        at(l.pack, ['extends']),
        `this pack extends '${l.pack.value.extends}', which is not loaded`,
        `write "extends: ${game.value.id}", or pass the pack it builds on first with --pack`,
      );
    }
    known.add(l.pack.value.id);
  }

  const centuryOf = new Map(defs.centuries.map((c) => [c.value.id, c.value]));
  for (const c of defs.centuries) refCheck(c, [...c.path, 'lead'], c.value.lead, anyCountry, 'country', diags);

  const allLots = layers.flatMap((l) => l.lots);
  checkUnique(allLots as unknown as Sourced<{ id: string }>[], 'auction lot', diags);
  for (const lot of allLots) refCheck(lot, [...lot.path, 'century'], lot.value.century, anyCentury, 'century', diags);
  const lotCentury = new Map(allLots.map((l) => [l.value.id, l.value.century]));
  const { cards: layered, ...changes } = layerCards(layers, shape, diags);
  checkUnique(layered as unknown as Sourced<{ id: string }>[], 'card', diags);
  // Cards of a country or century taken out of the game go with it. Auction books stay with their
  // lot, as a book of no country: a lot belongs to no country's deck.
  const staying = layered.flatMap((c): SourcedCard[] => {
    const v = c.value;
    if (typeof v.century === 'string' && shape.removed.centuries.has(v.century)) {
      leftOut(c, 'century', v.century, shape, diags);
      return [];
    }
    if (typeof v.country !== 'string' || !shape.removed.countries.has(v.country)) return [c];
    if (c.def.arrives !== 'lot') {
      leftOut(c, 'country', v.country, shape, diags);
      return [];
    }
    const { country: _gone, ...rest } = v;
    void _gone;
    return [{ ...c, value: rest as SourcedCard['value'] }];
  });
  // A lot leaves with its century, when a pack removes it by name, or when every event that
  // released it has left the game (it could never come to auction).
  const before = releasers(layered);
  const after = releasers(staying);
  const orphaned = new Set([...before.keys()].filter((id) => !after.has(id)));
  for (const id of orphanedByPacks(layers, before, changes, shape, layered, diags)) orphaned.add(id);
  const lotGone = (id: string) => shape.removed.lots.has(id) || orphaned.has(id) || shape.removed.centuries.has(lotCentury.get(id) ?? '');
  const lots = allLots.filter((l) => !lotGone(l.value.id));
  const lotIds = lots.map((l) => l.value.id);
  const anyLot = allLots.map((l) => l.value.id);
  const cards = staying.filter((c) => !(typeof c.value.lot === 'string' && lotGone(c.value.lot)));

  sameTitles(cards, diags);
  checkChanceChains(cards, shape, diags);
  const { min, max } = game.value.book_values;
  const releasedBy = new Map<string, SourcedCard[]>();
  for (const card of cards) {
    const v = card.value;
    const p = card.path;
    if (typeof v.country === 'string') refCheck(card, [...p, 'country'], v.country, countryIds, 'country', diags, [], describedBy, countryNames);
    if (typeof v.century === 'string') refCheck(card, [...p, 'century'], v.century, centuryIds, 'century', diags, [], undefined, centuryNames);
    if (typeof v.genre === 'string') refCheck(card, [...p, 'genre'], v.genre, genreIds, 'genre', diags, [], describedBy);
    if (typeof v.lot === 'string') refCheck(card, [...p, 'lot'], v.lot, lotIds, 'auction lot', diags);
    if (typeof v.edition === 'string') refCheck(card, [...p, 'edition'], v.edition, editionIds, 'edition', diags);
    if (typeof v.value === 'number' && (v.value < min || v.value > max)) {
      diags.error(
        at(card, [...p, 'value']),
        `a value of ${v.value} is outside the game's range of ${min} to ${max}`,
        card.pack === 'base'
          ? `write a value from ${min} to ${max} (the range is set by book_values in game.yaml)`
          : `write a value from ${min} to ${max}: every book of this game is priced within that range`,
      );
    }
    // Years must sit inside the century they are filed under.
    const centuryId = centuryOfCard(v, lotCentury);
    const century = centuryId ? centuryOf.get(centuryId) : undefined;
    if (century && typeof v.year === 'number' && (v.year < century.from || v.year > century.to)) {
      const right = defs.centuries.find((c) => (v.year as number) >= c.value.from && (v.year as number) <= c.value.to)?.value;
      diags.error(
        at(card, [...p, 'year']),
        `the year ${v.year} is outside the ${century.name} (${century.from}–${century.to})`,
        right
          ? `file it under century: ${right.id}${typeof v.lot === 'string' ? ' (move it to a lot of that century)' : ''}, or correct the year`
          : 'correct the year',
      );
    }
    const effects = v.effects as Effect[] | undefined;
    effects?.forEach((e, i) => {
      const ep = [...p, 'effects', i];
      const verb = verbFor(e);
      const known: Record<EffectReference['kind'], string[]> = { country: anyCountry, genre: genreIds, century: anyCentury, lot: anyLot };
      for (const ref of verb.references(e)) {
        const ok = refCheck(card, [...ep, ...ref.path], ref.value, known[ref.kind], KIND_WORD[ref.kind], diags, [...(ref.keywords ?? [])], describedBy, {
          names: ref.kind === 'country' ? countryNames.names : undefined,
        });
        if (ok && ref.kind === 'lot') releasedBy.set(ref.value, [...(releasedBy.get(ref.value) ?? []), card]);
      }
      const holder = card.def.type === 'national-event' && typeof v.country === 'string' ? v.country : undefined;
      for (const a of verb.advice?.(e, card.def.type, holder) ?? []) diags.warn(at(card, [...ep, ...a.path]), a.message, a.fix);
    });
    if (effects) warnIfIdle(card, effects, shape, diags);
  }

  // Every lot needs an event that releases it; every country needs events for every century.
  for (const lot of lots) {
    const by = releasedBy.get(lot.value.id) ?? [];
    if (by.length === 0) {
      diags.error(
        at(lot, [...lot.path, 'id']),
        `no national event releases the auction lot '${lot.value.id}', so it can never be auctioned`,
        `add "- release_lot: ${lot.value.id}" to the effects of a ${lot.value.century}-century national event`,
      );
    } else if (by.length > 1) {
      diags.warn(
        at(lot, [...lot.path, 'id']),
        `the auction lot '${lot.value.id}' is released by ${by.length} events (${by.map((c) => c.value.id).join(', ')})`,
        'keep it on one event so the lot is auctioned only once',
      );
    }
    const century = lot.value.century;
    for (const e of by) {
      if (typeof e.value.century === 'string' && e.value.century !== century) {
        diags.warn(
          at(e, [...e.path, 'century']),
          `this ${e.value.century}-century event releases the ${century}-century lot '${lot.value.id}'`,
          'release a lot during its own century',
        );
      }
    }
    const books = cards.filter((c) => c.def.type === 'auction-book' && c.value.lot === lot.value.id).length;
    if (books === 0)
      diags.warn(at(lot, [...lot.path, 'id']), `the auction lot '${lot.value.id}' has no auction books`, `add auction books with "lot: ${lot.value.id}"`);
  }
  const events = cards.filter((c) => c.def.type === 'national-event');
  const { takenOut } = changes;
  for (const country of defs.countries) {
    const missing = defs.centuries.filter((century) => !events.some((e) => e.value.country === country.value.id && e.value.century === century.value.id));
    // Left with none by a pack's remove: said at the pack's line, which its author can change.
    const removal = takenOut.find(
      (t) => t.card.def.type === 'national-event' && t.card.value.country === country.value.id && missing.some((m) => m.value.id === t.card.value.century),
    );
    if (removal) {
      const century = removal.card.value.century as string;
      diags.error(
        removal.where,
        `taking out ${removal.card.value.id} leaves ${country.value.name} with no national event for the ${century} century: every country needs one in each century it plays`,
        `write "replaces: ${removal.card.value.id}" on a national event of the pack instead of removing it, or add one with "country: ${country.value.id}" and "century: ${century}"`,
      );
    } else if (missing.length > 0) {
      const names = missing.map((c) => c.value.id);
      diags.error(
        at(country, [...country.path, 'id']),
        `${country.value.name} has no national events ${names.length === defs.centuries.length ? 'for any century' : `for the ${names.join(', ')} ${names.length === 1 ? 'century' : 'centuries'}`}`,
        `add national events with "country: ${country.value.id}" and "century: ${names[0]}"${
          names.length > 1
            ? `, and the same for ${names
                .slice(1)
                .map((n) => `"century: ${n}"`)
                .join(', ')}`
            : ''
        } (a pack's end_after: or remove: can leave centuries out of the game)`,
      );
    }
  }
  checkDecksLeft(
    {
      cards,
      before: layered,
      takenOut,
      leftAt: shape.leftAt,
      gutted: shape.gutted,
      editions: shape.editions,
      game,
      lots: { before: allLots.length, after: lots.length },
      lotTakenOut: [...shape.removed.lots]
        .flatMap((id) => {
          const where = shape.leftAt.get(id);
          return where ? [{ id, where }] : [];
        })
        .at(-1),
    },
    diags,
  );
  // Gaps in the deck are worth a word only once every card is filed where it says.
  if (!diags.hasErrors) {
    checkCounts(
      cards,
      defs.countries,
      defs.centuries,
      lots,
      shape.editions.map((e) => ({ id: e.value.id, name: e.value.name })),
      diags,
      takenOut,
    );
    checkChanceSupply(cards, shape, takenOut, diags);
    checkReserve(cards, shape.editions, diags);
  }
  checkLeads(shape, diags);
  if (!diags.hasErrors) checkCanons(game.value, shape, cards, layered, takenOut, diags);
  if (shape.editions.some((e) => e.value.manuscripts)) {
    for (const country of defs.countries) {
      if (!cards.some((c) => c.def.type === 'manuscript' && c.value.country === country.value.id)) {
        // Taken out by a pack: said at its remove: line, which its author can change.
        const removal = [...takenOut].reverse().find((t) => t.card.def.type === 'manuscript' && t.card.value.country === country.value.id);
        diags.warn(
          removal ? removal.where : at(country, [...country.path, 'id']),
          `${removal ? `taking out ${removal.card.value.id} leaves ${country.value.name} without a manuscript` : `${country.value.name} has no manuscript`}, but an edition starts each country with one`,
          removal
            ? `keep it, or write "replaces: ${removal.card.value.id}" on a manuscript of the pack instead of removing it`
            : `add a manuscript with "country: ${country.value.id}"`,
        );
      }
    }
  }
  if (diags.hasErrors) return undefined;
  // Straight quotes become typographic here, once, for every consumer (quotes.ts).
  return curlyProse(
    build(
      layers,
      game.value,
      shape,
      cards,
      lots.map((l) => l.value),
      templates,
      diags,
    ),
  );
}

/**
 * A pack's card with the title of another card in the game (compared without case, accents or
 * punctuation): most often a book the teacher did not know was there already, as an auction
 * book or another country's. A warning, since two editions of a title can be meant.
 */
function sameTitles(cards: SourcedCard[], diags: DiagnosticList): void {
  const key = (title: string) =>
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const first = new Map<string, SourcedCard>();
  for (const c of cards) {
    if (c.pack !== 'base' || typeof c.value.title !== 'string') continue;
    const k = key(c.value.title);
    if (!first.has(k)) first.set(k, c);
  }
  for (const c of cards) {
    if (c.pack === 'base' || typeof c.value.title !== 'string') continue;
    const k = key(c.value.title);
    const other = first.get(k);
    if (other && other !== c && other.value.id !== c.value.replaces)
      diags.warn(
        at(c, [...c.path, 'title']),
        `another card of the game already has this title: the ${other.def.label} '${other.value.id}' in ${other.file.file}`,
        // A card replaces only one of its own type.
        other.def.type === c.def.type
          ? `if it is the same ${c.def.label}, it is in the game already: delete this card, or write "replaces: ${other.value.id}" to put yours in its place`
          : `if it is the same ${c.def.label === other.def.label ? c.def.label : 'book'}, it is in the game already as ${other.def.label === 'auction book' ? 'an' : 'a'} ${other.def.label}: delete this card, or give it another title`,
      );
    if (!first.has(k)) first.set(k, c);
  }
}

/**
 * A pack's own card filed under a country or century the game no longer has is left out. A base
 * card going with its country is what the pack asked for; a card the pack itself adds is not, so it
 * gets a word at the field that leaves it out.
 */
function leftOut(card: SourcedCard, field: 'country' | 'century', id: string, shape: Shape, diags: DiagnosticList): void {
  if (card.pack === 'base') return;
  const why = shape.leftOutBecause.get(id);
  if (field === 'country') {
    const name = shape.everCountries.find((c) => c.id === id)?.name ?? id;
    diags.warn(
      at(card, [...card.path, 'country']),
      `this card is left out of the game: ${name} is not in this game${why ? ` (${why})` : ''}`,
      shape.countries.length
        ? `write a country that plays (${shape.countries.map((c) => c.value.id).join(', ')}), or delete the card`
        : 'no country plays in this game yet: seat some at the tables (players: and tables: in pack.yaml), or delete the card',
    );
  } else {
    const name = shape.everCenturies.find((c) => c.id === id)?.name ?? id;
    diags.warn(
      at(card, [...card.path, 'century']),
      `this card is left out of the game: the ${name} is not played${why ? ` (${why})` : ''}`,
      shape.centuries.length
        ? `write a century that is played (${shape.centuries.map((c) => c.value.id).join(', ')}), or delete the card`
        : 'no century is played in this game yet (see end_after: and remove: in pack.yaml), or delete the card',
    );
  }
}

/**
 * An effect that counts or takes only books of a century no longer played does nothing: there are
 * no such books. A card whose every effect is like that can do nothing at all, and is better taken
 * out; one idle effect among others is better deleted.
 */
function warnIfIdle(card: SourcedCard, effects: Effect[], shape: Shape, diags: DiagnosticList): void {
  // With a removal refused for leaving no century, which centuries the game keeps is not settled:
  // the error says what to change, and these would only follow from it.
  if (shape.gutted) return;
  const idle = effects.map(
    (e) =>
      verbFor(e)
        .references(e)
        .find((r) => r.kind === 'century' && shape.removed.centuries.has(r.value))?.value,
  );
  const centuries = [...new Set(idle.filter((c): c is string => c !== undefined))];
  if (centuries.length === 0) return;
  const name = (id: string) => shape.everCenturies.find((c) => c.id === id)?.name ?? id;
  const last = shape.centuries.at(-1)?.value.name;
  const ended = centuries.every((c) => shape.leftOutBecause.get(c)?.startsWith('the game ends after'));
  const game = ended && last ? `a game that ends after the ${last}` : `a game without the ${centuries.map(name).join(' or the ')}`;
  const books = `${centuries.map((c) => `${c}-century`).join(' or ')} books`;
  if (idle.every((c) => c !== undefined)) {
    diags.warn(
      at(card, [...card.path, 'id']),
      `this card can do nothing in ${game}: ${effects.length === 1 ? 'its effect concerns' : 'its effects concern'} only ${books}, and there are none`,
      `take it out of the game: add ${card.value.id} to remove: in pack.yaml, e.g. remove: [${card.value.id}]`,
    );
    return;
  }
  idle.forEach((c, i) => {
    if (c === undefined) return;
    diags.warn(
      at(card, [...card.path, 'effects', i]),
      `this effect can do nothing in ${game}: it concerns only ${c}-century books, and there are none`,
      // Centuries leave only by a pack's end_after: or remove:, and a pack's author cannot edit the base game's files.
      card.pack === 'base'
        ? `a card of the base game, changed from your pack: write a card there with "replaces: ${card.value.id}" and this card's fields without this line${card.def.type === 'world-event' ? '' : `, or take it out with remove: [${card.value.id}] in pack.yaml`}`
        : 'delete this line, or make it about a century that is played',
    );
  });
}

/** A card's text with the game's names filled in ({{last_century}} and the like, see game-words.ts). */
function fillWords(sc: SourcedCard, fields: Record<string, unknown>, shape: Shape, diags: DiagnosticList): Record<string, unknown> {
  const editionId = typeof fields.edition === 'string' ? fields.edition : shape.defaultEdition;
  const edition = (shape.editions.find((e) => e.value.id === editionId) ?? shape.editions[0]!).value;
  const ctx = { countries: shape.countries.map((c) => c.value), centuries: shape.centuries.map((c) => c.value), players: shape.players, edition };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[key] = fillGameWords(value, ctx, () => at(sc, [...sc.path, key]), diags);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      out[key] = value.map((v, i) => fillGameWords(v, ctx, () => at(sc, [...sc.path, key, i]), diags));
    else out[key] = value;
  }
  return out;
}

/**
 * Lots whose every releasing event a pack took out (remove:) or replaced with one that does not
 * release them: they leave the game with their books, as when a country's removal takes their
 * events, and the pack is told at the line that did it. A lot the pack also removes by name is
 * meant to go, and passes in silence.
 */
function orphanedByPacks(
  layers: Layer[],
  released: Map<string, SourcedCard[]>,
  changes: PackChanges,
  shape: Shape,
  cards: SourcedCard[],
  diags: DiagnosticList,
): string[] {
  // Without a pack's removal or replacement nothing is orphaned: no second walk over every card's effects.
  if (changes.takenOut.length === 0 && changes.replaced.length === 0) return [];
  const out: string[] = [];
  for (const [lot, by] of releasers(layers.flatMap((l) => l.cards))) {
    if (released.has(lot) || shape.removed.lots.has(lot)) continue;
    const gone = new Set(by.map((c) => c.value.id));
    const books = cards.filter((c) => c.def.type === 'auction-book' && c.value.lot === lot).length;
    const lotBooks = `the auction lot '${lot}'${books > 0 ? ` and its ${books === 1 ? 'book' : `${books} books`}` : ''}`;
    const century = by[0]!.value.century;
    const keep = `to keep the lot, give a${typeof century === 'string' ? ` ${century}-century` : ''} national event of your pack the effect "- release_lot: ${lot}"`;
    const removal = changes.takenOut.find((t) => gone.has(t.card.value.id));
    const swap = changes.replaced.find((r) => gone.has(r.old.value.id))?.by;
    if (removal)
      diags.warn(
        removal.where,
        `taking out ${removal.card.value.id} also takes ${lotBooks} out of the game: no event left releases the lot`,
        `if that is meant, add ${lot} to remove: as well; ${keep}`,
      );
    else if (swap)
      diags.warn(
        keyPlace(swap.file, [...swap.path, 'replaces']) ?? at(swap, swap.path),
        `this card replaces ${swap.value.replaces}, which released ${lotBooks}, and does not release it: the lot leaves the game`,
        `if that is meant, add ${lot} to remove: in pack.yaml; to keep it, add "- release_lot: ${lot}" to this card's effects`,
      );
    out.push(lot);
  }
  return out;
}

/** The cards whose effects release each lot, by lot id. */
function releasers(cards: SourcedCard[]): Map<string, SourcedCard[]> {
  const out = new Map<string, SourcedCard[]>();
  for (const card of cards) {
    for (const e of (card.value.effects as Effect[] | undefined) ?? []) {
      for (const ref of verbFor(e).references(e)) if (ref.kind === 'lot') out.set(ref.value, [...(out.get(ref.value) ?? []), card]);
    }
  }
  return out;
}

/** A card's century: its own, or (for an auction book) its lot's. */
function centuryOfCard(v: Record<string, unknown>, lotCentury: Map<string, string>): string | undefined {
  if (typeof v.century === 'string') return v.century;
  return typeof v.lot === 'string' ? lotCentury.get(v.lot) : undefined;
}

/** What names and describes each id, by kind: a word from here points at the id that was meant. */
type Descriptions = Map<string, Map<string, string>>;

/** What is known of ids a field may not use: each one's display name, and why it has left the game. */
interface Names {
  /** Display names by id ("The Dutch Republic"), so a name written for its id points at the id. */
  names?: Map<string, string>;
  /** Ids that have left the game, with why ("no table seats it"). */
  gone?: Map<string, string>;
}

/** A name as written, without case, spaces or a leading "The": "The Dutch Republic" and "dutch republic" match. */
const plainName = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[\s_-]+/g, ' ');

function refCheck(
  src: Sourced<unknown>,
  path: Path,
  value: string,
  known: string[],
  what: string,
  diags: DiagnosticList,
  keywords: string[] = [],
  describedBy: Descriptions = new Map(),
  names: Names = {},
): boolean {
  if (known.includes(value) || keywords.includes(value)) return true;
  // Words such as 'bank' or 'each' stand in for a country here but are not ids of one: listed apart.
  const ids = known.map((k) => `'${k}'`);
  const idList = `${ids.slice(0, 14).join(', ')}${ids.length > 14 ? ', …' : ''}`;
  const all =
    keywords.length > 0 ? `the ${what} ids are: ${idList}; or one of the words ${keywords.map((k) => `'${k}'`).join(', ')}` : `the ${what} ids are: ${idList}`;
  const lower = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const byName = (ids: Iterable<string>) => [...ids].find((id) => names.names?.get(id) !== undefined && plainName(names.names.get(id)!) === plainName(value));
  const folded = [...known, ...keywords].find((k) => k === lower);
  const named = folded ? undefined : byName(known);
  // A country or century the game has left out: written by its id in any case or by its name, or
  // misspelt so that it is the nearest ('19nth' in a game that ends after the 17th is not '15th').
  const leaving = [...(names.gone?.keys() ?? [])];
  const exact = leaving.find((id) => id === lower) ?? byName(leaving);
  const meant =
    exact ??
    (folded || named || leaving.length === 0
      ? undefined
      : (what === 'century' && centuryMeant(value, [...known, ...leaving])) || nearest(value, [...known, ...leaving]));
  if (meant && names.gone?.has(meant)) {
    const why = names.gone.get(meant);
    const head = exact
      ? `${names.names?.get(meant) ?? meant} is not in this game`
      : `there is no ${what} called '${value}'; the nearest is '${meant}', which this game does not play`;
    diags.error(
      at(src, path),
      `${head}${why ? ` (${why})` : ''}`,
      `write a ${what} ${what === 'century' ? 'that is played' : 'that plays'} (${known.join(', ')}), or delete the card`,
    );
    return false;
  }
  let hint: string;
  if (folded) hint = `write '${folded}': ids are written in lower case, with hyphens between words`;
  else if (named) hint = `write '${named}': a ${what} is named by its id, not by its name (${names.names!.get(named)})`;
  else {
    const guess =
      (what === 'century' && centuryGuess(value, known)) || didYouMean(value, [...known, ...keywords]) || namedAs(value, known, describedBy.get(what));
    hint = guess ? `${guess} — ${all}` : all;
    // A new country, century or genre is the pack's own to add, when nothing known was meant.
    const adds = { country: 'countries', century: 'centuries', genre: 'genres' }[what as 'country' | 'century' | 'genre'];
    if (!guess && adds && path[path.length - 1] === what && !path.includes('per'))
      hint += `; a pack may add a ${what} of its own under ${adds}: in its pack.yaml (see docs/content-format.md)`;
  }
  diags.error(at(src, path), `there is no ${what} called '${value}'`, hint);
  return false;
}

/** "did you mean …" for a word found in a name or description ("America" → americas, "poetry" → literature). */
function namedAs(value: string, known: string[], texts: Map<string, string> | undefined): string {
  const word = value.trim().toLowerCase();
  if (word.length < 3 || !texts) return '';
  const stem = word.replace(/(ies|es|s)$/, '');
  const hits = known.filter((id) => {
    const text = texts.get(id)?.toLowerCase() ?? '';
    return text.split(/[^a-z0-9]+/).some((w) => w === word || (stem.length >= 4 && w.startsWith(stem)));
  });
  if (hits.length !== 1) return '';
  const id = hits[0]!;
  return `did you mean '${id}'? (${texts.get(id)})`;
}

/** A country with fewer books than a country collection needs: nobody could ever complete its set. */
function checkCanons(g: GameFile, shape: Shape, cards: SourcedCard[], layered: SourcedCard[], takenOut: TakenOut[], diags: DiagnosticList): void {
  const ownable = (list: SourcedCard[], country: string) => list.filter((c) => c.def.role === 'ownable' && c.value.country === country);
  for (const collection of g.collections.filter((c) => c.kind === 'country')) {
    const short = shape.countries.map((country) => ({ country, books: ownable(cards, country.value.id).length })).filter((s) => s.books < collection.size);
    // Short only because a pack took centuries out (a one-lesson game): said at the pack's line.
    const byPack = short.filter(
      (s) => s.books + ownable(layered, s.country.value.id).filter((c) => shape.removed.centuries.has(c.value.century as string)).length >= collection.size,
    );
    const gone = [...shape.removed.centuries];
    const name = (id: string) => shape.everCenturies.find((c) => c.id === id)?.name ?? id;
    const why = shape.leftOutBecause.get(gone[0] ?? '') ?? '';
    const lead = why.startsWith('the game ends after') ? `as ${why}` : `without the ${gone.map(name).join(' and the ')}`;
    const where = shape.leftAt.get(gone[0] ?? '');
    if (where && byPack.length > 0 && short.length === shape.countries.length) {
      // No country's canon can be completed: one word for the game, not one per country.
      diags.warn(
        where,
        `${lead}, no country has the ${collection.size} books a ${collection.name} needs: none can be completed`,
        `a short game may mean this (the ${collection.name} then scores for nobody); to keep it, add books of each country to the pack in the centuries that are played`,
      );
      continue;
    }
    for (const { country, books } of short) {
      // "the Low Countries" inside a sentence, "The Low Countries" at its start.
      const inText = country.value.name.replace(/^The /, 'the ');
      const more = collection.size - books;
      // A manuscript counts towards its country's canon: said, or the count looks wrong against the decks.
      const counted = `${books} ${books === 1 ? 'book' : 'books'}${ownable(cards, country.value.id).some((c) => c.def.type === 'manuscript') ? ' (its manuscript included)' : ''}`;
      if (where && byPack.some((s) => s.country === country)) {
        diags.warn(
          where,
          `${lead}, ${inText} has only ${counted}: no library can complete a ${collection.name} of ${inText} (${collection.size} books), while other countries' can be`,
          `a short game may mean this; to keep ${inText}'s ${collection.name} within reach, add ${more} ${more === 1 ? 'book' : 'books'} of ${inText} to the pack in a century that is played (validate then notes that ${inText} has more books there than the others, which you may leave)`,
        );
        continue;
      }
      // Short because a pack took this country's cards out: said at the last such remove: line.
      const removal = [...takenOut].reverse().find((t) => t.card.def.role === 'ownable' && t.card.value.country === country.value.id);
      diags.warn(
        removal ? removal.where : at(country, [...country.path, 'id']),
        `${removal ? `taking out ${removal.card.value.id} leaves ${inText} with` : `${country.value.name} has`} only ${books} ${books === 1 ? 'book' : 'books'} in the game, so no library can ever complete a ${collection.name} of ${inText} (${collection.size} books)`,
        `give ${inText} at least ${more} more ${more === 1 ? 'book' : 'books'} with "country: ${country.value.id}"${removal ? `, or keep ${removal.card.value.id}` : ''}`,
      );
    }
  }
}

/** A country that leads no century while another leads two could take one of them over. */
function checkLeads(shape: Shape, diags: DiagnosticList): void {
  const ledBy = new Map<string, string[]>();
  for (const c of shape.centuries) ledBy.set(c.value.lead, [...(ledBy.get(c.value.lead) ?? []), c.value.id]);
  const spare = [...ledBy].find(([, led]) => led.length > 1);
  if (!spare) return;
  for (const country of shape.countries) {
    if (ledBy.has(country.value.id)) continue;
    const [other, led] = spare;
    // A pack line that gave one of its centuries to another country is where to look.
    const taken = [...shape.leadsSet].find(([, l]) => l.from === country.value.id && l.country !== country.value.id);
    const because = taken ? ` once this line gives its ${taken[0]} century to another country` : '';
    diags.warn(
      taken?.[1].place ?? at(country, [...country.path, 'id']),
      `${country.value.name} leads no century${because}, while ${shape.countries.find((c) => c.value.id === other)?.value.name ?? other} leads ${led.length} (${led.join(', ')})`,
      `give it one in pack.yaml, e.g. leads: { ${led.at(-1)}: ${country.value.id} }`,
    );
  }
}

function build(
  layers: Layer[],
  g: GameFile,
  shape: Shape,
  cards: SourcedCard[],
  lots: AuctionLot[],
  templates: EffectTemplates,
  diags: DiagnosticList,
): Game | undefined {
  const countries = shape.countries.map((c) => c.value);
  const centuries = shape.centuries.map((c) => c.value);
  const genres = shape.genres.map((c) => c.value);
  // Effects are worded with every name ever defined: one may name a country a pack took out.
  const render = effectRenderer(templates, { countries: shape.everCountries, centuries: shape.everCenturies, genres, lots });
  const lotIds = new Set(lots.map((l) => l.id));
  const lotCentury = new Map(lots.map((l) => [l.id, l.century]));
  const counters = new Map<string, number>();
  const codes = new Map<string, SourcedCard>();
  const out: Card[] = [];
  for (const sc of cards) {
    const v = sc.value;
    const countryCode = typeof v.country === 'string' ? countries.find((c) => c.id === v.country)?.code : undefined;
    const centuryId = centuryOfCard(v, lotCentury);
    const centuryCode = centuryId ? centuries.find((c) => c.id === centuryId)?.code : undefined;
    const group = [sc.def.codePrefix, countryCode, centuryCode].filter(Boolean).join('-');
    const n = (counters.get(group) ?? 0) + 1;
    counters.set(group, n);
    const code = typeof v.code === 'string' ? v.code : `${group}-${String(n).padStart(sc.def.codeDigits, '0')}`;
    const clash = codes.get(code);
    if (clash)
      diags.error(
        at(sc, [...sc.path, 'code']),
        `the card code '${code}' is already used by '${clash.value.id}'`,
        'leave "code" out to get a code made for you, or pick another',
      );
    codes.set(code, sc);
    const { replaces: _replaces, code: _code, id, ...fields } = v;
    void _replaces;
    void _code;
    const card = { id, type: sc.def.type, code, ...fillWords(sc, fields, shape, diags), pack: sc.pack } as Record<string, unknown>;
    if (Array.isArray(v.effects)) {
      // A lot taken out of the game takes its release with it; the event keeps its other effects.
      const effects = (v.effects as Effect[]).filter((e) => !('release_lot' in e) || lotIds.has(e.release_lot));
      card.effects = effects;
      card.effects_text = effects.map(render);
    }
    out.push(card as unknown as Card);
  }
  if (diags.hasErrors) return undefined;
  // The last pack that gives a subtitle has the cover: a shorter game may cover fewer years.
  const subtitle = layers.flatMap((l) => (l.pack?.value.subtitle ? [l.pack.value.subtitle] : [])).at(-1) ?? g.subtitle;
  return {
    format: 1,
    id: g.id,
    name: g.name,
    ...(subtitle ? { subtitle } : {}),
    packs: layers.flatMap((l) =>
      l.pack
        ? [
            {
              id: l.id,
              name: l.name,
              mark: l.pack.value.mark ?? initialsOf(l.name),
              ...(l.pack.value.author ? { author: l.pack.value.author } : {}),
              ...(l.pack.value.description ? { description: l.pack.value.description } : {}),
            },
          ]
        : [],
    ),
    countries,
    centuries,
    genres,
    rules: {
      default_edition: shape.defaultEdition,
      editions: shape.editions.map((e) => e.value),
      collections: g.collections,
      players: shape.players,
      tables: shape.tables,
      book_values: g.book_values,
      playing_time: shape.playingTime,
    },
    card_types: cardTypeInfos(),
    lots,
    cards: out,
  };
}

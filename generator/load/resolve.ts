// Layers the packs on the base game, checks every reference by id, and produces the resolved
// Game that every consumer (print, referee, game.json) sees.
import type { DiagnosticList, Place } from './diagnostic.js';
import { placeAt, keyPlace } from './read-yaml.js';
import { didYouMean } from './nearest.js';
import { checkCounts } from './check-counts.js';
import { curlyProse } from './quotes.js';
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

/** Applies pack removals and replacements in layer order; returns the final card list. */
function layerCards(layers: Layer[], diags: DiagnosticList): SourcedCard[] {
  let cards: SourcedCard[] = [];
  for (const layer of layers) {
    const ids = () => new Set(cards.map((c) => c.value.id));
    if (layer.pack?.value.remove) {
      layer.pack.value.remove.forEach((id, i) => {
        const known = ids();
        if (!known.has(id)) {
          const guess = didYouMean(id, known);
          diags.error(
            at(layer.pack!, ['remove', i]),
            `'remove' names the card '${id}', which is not in the game`,
            guess || 'write the id of a card from the base game or an earlier pack',
          );
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
      if (idx === -1) {
        const guess = didYouMean(target, ids());
        diags.error(
          at(card, [...card.path, 'replaces']),
          `this card replaces '${target}', which is not in the game`,
          guess || 'write the id of the base-game card this one takes the place of',
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
        cards[idx] = card;
      }
    }
  }
  return cards;
}

export function resolve(layers: Layer[], templates: EffectTemplates, diags: DiagnosticList): Game | undefined {
  const base = layers[0];
  if (!base?.game) return undefined;
  const game = base.game;
  const defs = mergeDefs(layers, game, diags);
  const countryIds = defs.countries.map((c) => c.value.id);
  const centuryIds = defs.centuries.map((c) => c.value.id);
  const genreIds = defs.genres.map((g) => g.value.id);
  const editionIds = game.value.editions.map((e) => e.id);

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
  for (const c of defs.centuries) refCheck(c, [...c.path, 'lead'], c.value.lead, countryIds, 'country', diags);

  const cards = layerCards(layers, diags);
  checkUnique(cards as unknown as Sourced<{ id: string }>[], 'card', diags);
  const lots = layers.flatMap((l) => l.lots);
  checkUnique(lots as unknown as Sourced<{ id: string }>[], 'auction lot', diags);
  const lotIds = lots.map((l) => l.value.id);
  const lotCentury = new Map(lots.map((l) => [l.value.id, l.value.century]));
  for (const lot of lots) refCheck(lot, [...lot.path, 'century'], lot.value.century, centuryIds, 'century', diags);

  const { min, max } = game.value.book_values;
  const releasedBy = new Map<string, SourcedCard[]>();
  for (const card of cards) {
    const v = card.value;
    const p = card.path;
    if (typeof v.country === 'string') refCheck(card, [...p, 'country'], v.country, countryIds, 'country', diags);
    if (typeof v.century === 'string') refCheck(card, [...p, 'century'], v.century, centuryIds, 'century', diags);
    if (typeof v.genre === 'string') refCheck(card, [...p, 'genre'], v.genre, genreIds, 'genre', diags);
    if (typeof v.lot === 'string') refCheck(card, [...p, 'lot'], v.lot, lotIds, 'auction lot', diags);
    if (typeof v.edition === 'string') refCheck(card, [...p, 'edition'], v.edition, editionIds, 'edition', diags);
    if (typeof v.value === 'number' && (v.value < min || v.value > max)) {
      diags.error(
        at(card, [...p, 'value']),
        `a value of ${v.value} is outside the game's range of ${min} to ${max}`,
        `write a value from ${min} to ${max} (the range is set by book_values in game.yaml)`,
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
      const known: Record<EffectReference['kind'], string[]> = { country: countryIds, genre: genreIds, century: centuryIds, lot: lotIds };
      for (const ref of verb.references(e)) {
        const ok = refCheck(card, [...ep, ...ref.path], ref.value, known[ref.kind], KIND_WORD[ref.kind], diags, [...(ref.keywords ?? [])]);
        if (ok && ref.kind === 'lot') releasedBy.set(ref.value, [...(releasedBy.get(ref.value) ?? []), card]);
      }
      for (const a of verb.advice?.(e, card.def.type) ?? []) diags.warn(at(card, [...ep, ...a.path]), a.message, a.fix);
    });
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
  for (const country of defs.countries) {
    const missing = defs.centuries.filter((century) => !events.some((e) => e.value.country === country.value.id && e.value.century === century.value.id));
    if (missing.length > 0) {
      const names = missing.map((c) => c.value.id);
      diags.error(
        at(country, [...country.path, 'id']),
        `${country.value.name} has no national events ${names.length === defs.centuries.length ? 'for any century' : `for the ${names.join(', ')} ${names.length === 1 ? 'century' : 'centuries'}`}`,
        `add national events with "country: ${country.value.id}" and "century: ${names[0]}"${names.length > 1 ? ' (and the other centuries named)' : ''}`,
      );
    }
  }
  checkCounts(cards, defs.countries, defs.centuries, lots, diags);
  if (game.value.editions.some((e) => e.manuscripts)) {
    for (const country of defs.countries) {
      if (!cards.some((c) => c.def.type === 'manuscript' && c.value.country === country.value.id)) {
        diags.warn(
          at(country, [...country.path, 'id']),
          `${country.value.name} has no manuscript, but an edition starts each country with one`,
          `add a manuscript with "country: ${country.value.id}"`,
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
      defs,
      cards,
      lots.map((l) => l.value),
      templates,
      diags,
    ),
  );
}

/** A card's century: its own, or (for an auction book) its lot's. */
function centuryOfCard(v: Record<string, unknown>, lotCentury: Map<string, string>): string | undefined {
  if (typeof v.century === 'string') return v.century;
  return typeof v.lot === 'string' ? lotCentury.get(v.lot) : undefined;
}

function refCheck(src: Sourced<unknown>, path: Path, value: string, known: string[], what: string, diags: DiagnosticList, keywords: string[] = []): boolean {
  if (known.includes(value) || keywords.includes(value)) return true;
  const guess = didYouMean(value, [...known, ...keywords]);
  const list = [...keywords.map((k) => `'${k}'`), ...known.map((k) => `'${k}'`)];
  diags.error(
    at(src, path),
    `there is no ${what} called '${value}'`,
    `${guess ? `${guess} ` : ''}use one of: ${list.slice(0, 14).join(', ')}${list.length > 14 ? ', …' : ''}`,
  );
  return false;
}

function build(
  layers: Layer[],
  g: GameFile,
  defs: Defs,
  cards: SourcedCard[],
  lots: AuctionLot[],
  templates: EffectTemplates,
  diags: DiagnosticList,
): Game | undefined {
  const countries = defs.countries.map((c) => c.value);
  const centuries = defs.centuries.map((c) => c.value);
  const genres = defs.genres.map((c) => c.value);
  const render = effectRenderer(templates, { countries, centuries, genres, lots });
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
    const card = { id, type: sc.def.type, code, ...fields, pack: sc.pack } as Record<string, unknown>;
    if (Array.isArray(v.effects)) card.effects_text = (v.effects as Effect[]).map(render);
    out.push(card as unknown as Card);
  }
  if (diags.hasErrors) return undefined;
  return {
    format: 1,
    id: g.id,
    name: g.name,
    ...(g.subtitle ? { subtitle: g.subtitle } : {}),
    packs: layers.filter((l) => l.pack).map((l) => ({ id: l.id, name: l.name })),
    countries,
    centuries,
    genres,
    rules: {
      default_edition: g.editions[0]!.id,
      editions: g.editions,
      collections: g.collections,
      // A pack that adds countries raises the table size with them.
      players: { min: g.players.min, max: layers.length > 1 ? Math.max(g.players.max, countries.length) : g.players.max },
      book_values: g.book_values,
      playing_time: g.playing_time,
    },
    card_types: cardTypeInfos(),
    lots,
    cards: out,
  };
}

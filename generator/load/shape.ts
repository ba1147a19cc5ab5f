// The game's shape — which countries sit where at each table size, which centuries are played and
// who leads them, the editions' settings and the table sizes — read from game.yaml and then changed
// by each pack in turn. Teachers reshape the game here (a one-lesson game of three centuries, a new
// country seated third), so every message points at the pack line to change.
import type { DiagnosticList, Place } from './diagnostic.js';
import { placeAt, keyPlace, type YamlFile } from './read-yaml.js';
import { centuryGuess } from './century-meant.js';
import { didYouMean } from './nearest.js';
import { checkSchemaAt } from './check-schema.js';
import type { Layer, Path, Sourced } from './layer.js';
import { Edition, andList, countryName, type Century, type Country, type EditionChange, type GameFile, type Genre, type Tables } from '../../engine/index.js';

/** Where a setting was last written: game.yaml, or the pack that changed it. */
export interface Origin {
  file: YamlFile;
  path: Path;
}

/** An edition with the place each of its settings was last written, for messages about one setting. */
export interface SourcedEdition extends Sourced<Edition> {
  from: Map<string, Origin>;
}

export interface Shape {
  /** The countries that play, in seat order. */
  countries: Sourced<Country>[];
  /** The centuries played, in order, each with its lead country. */
  centuries: Sourced<Century>[];
  genres: Sourced<Genre>[];
  editions: SourcedEdition[];
  defaultEdition: string;
  players: { min: number; max: number };
  playersFrom: Origin;
  /** The countries the game has before tables seat them: the most players it could seat. */
  countriesAvailable: number;
  /** The countries at each table size, min to max players, in seat order. */
  tables: Record<string, string[]>;
  playingTime: GameFile['playing_time'];
  /** Everything taken out of the game, so cards and effects that name it are dropped or ignored. */
  removed: { countries: Set<string>; centuries: Set<string>; lots: Set<string> };
  /** Why each country or century left the game, in words for a message ("no table seats it"). */
  leftOutBecause: Map<string, string>;
  /** The pack line that took each century, country or lot out: its remove: entry, or end_after: (none when no table seats a country). */
  leftAt: Map<string, Place>;
  /** Ids in packs' remove lists that named a country, century or lot (the rest name cards). */
  shapeRemovals: Set<string>;
  /** A pack's remove: was refused for taking out the last century or one of the last two countries: what would follow is only about that. */
  gutted: boolean;
  /** Every country and century ever defined, removed or not: effects may still name them. */
  everCountries: Country[];
  /** The leads packs set, by century: to whom, from whom, and the pack line that says so. */
  leadsSet: Map<string, { country: string; from: string; place: Place }>;
  everCenturies: Century[];
}

/** Why a country no table seats left the game (leftOutBecause), and how a lead given to it is known. */
const UNSEATED = 'no table seats it';

const at = (o: Origin, path: Path = []): Place => placeAt(o.file, [...o.path, ...path]);
const list = (ids: string[]) => ids.map((id) => `'${id}'`).join(', ');

export function readShape(layers: Layer[], game: Sourced<GameFile>, diags: DiagnosticList): Shape {
  const g = game.value;
  const base: Origin = { file: game.file, path: game.path };
  const defs = <T>(src: Origin, key: string, items: T[] | undefined): Sourced<T>[] =>
    (items ?? []).map((value, i) => ({ value, file: src.file, path: [...src.path, key, i] }));

  let countries = defs(base, 'countries', g.countries);
  let centuries = defs(base, 'centuries', g.centuries).map((c) => ({ ...c, value: { ...c.value } }));
  const genres = defs(base, 'genres', g.genres);
  const editions: SourcedEdition[] = g.editions.map((value, i) => ({
    value,
    file: game.file,
    path: ['editions', i],
    from: new Map(Object.keys(value).map((k) => [k, { file: game.file, path: ['editions', i] }])),
  }));
  let defaultEdition = g.editions[0]!.id;
  let players = { ...g.players };
  let playersFrom: Origin = { file: game.file, path: ['players'] };
  let maxSet = false;
  let tables: { value: Tables; from: Origin } | undefined = g.tables ? { value: g.tables, from: { file: game.file, path: ['tables'] } } : undefined;
  let playingTime = { ...g.playing_time };
  const removed = { countries: new Set<string>(), centuries: new Set<string>(), lots: new Set<string>() };
  const shapeRemovals = new Set<string>();
  let gutted = false;
  const everCountries = [...g.countries];
  const everCenturies = [...g.centuries];

  // A country leaves: the centuries it led pass to the next country in seat order, as when it is absent.
  const leftOutBecause = new Map<string, string>();
  const leftAt = new Map<string, Place>();
  const removeCountry = (id: string, why: string, where?: Place) => {
    leftOutBecause.set(id, why);
    if (where) leftAt.set(id, where);
    const i = countries.findIndex((c) => c.value.id === id);
    const rest = [...countries.slice(i + 1), ...countries.slice(0, i)];
    const heir = rest[0]?.value.id;
    countries = countries.filter((c) => c.value.id !== id);
    removed.countries.add(id);
    if (heir) for (const c of centuries) if (c.value.lead === id) c.value.lead = heir;
  };
  const removeCentury = (id: string, why: string, where: Place) => {
    leftOutBecause.set(id, why);
    leftAt.set(id, where);
    centuries = centuries.filter((c) => c.value.id !== id);
    removed.centuries.add(id);
  };

  // The leads packs set, where they set them: one given to a country no table seats is said there.
  const leadSetAt = new Map<string, { country: string; from: string; place: Place }>();
  for (const layer of layers) {
    const pack = layer.pack;
    if (!pack) continue;
    const p = pack.value;
    const here: Origin = { file: pack.file, path: pack.path };
    countries = [...countries, ...defs(here, 'countries', p.countries)];
    centuries = [...centuries, ...defs(here, 'centuries', p.centuries).map((c) => ({ ...c, value: { ...c.value } }))];
    genres.push(...defs(here, 'genres', p.genres));
    everCountries.push(...(p.countries ?? []));
    everCenturies.push(...(p.centuries ?? []));
    const lotIds = new Set(layers.slice(0, layers.indexOf(layer) + 1).flatMap((l) => l.lots.map((lot) => lot.value.id)));

    p.remove?.forEach((id, i) => {
      // A game keeps at least two countries and one century: with fewer there is nothing to play,
      // and every later message would only be about that.
      if (countries.some((c) => c.value.id === id) && countries.length <= 2) {
        gutted = true;
        diags.error(
          at(here, ['remove', i]),
          `this takes out ${countries.length === 1 ? 'the last country' : 'one of the last two countries'} of the game: a game needs at least two countries`,
          'keep at least two countries, or add the pack’s own under countries:',
        );
      } else if (centuries.some((c) => c.value.id === id) && centuries.length === 1) {
        gutted = true;
        diags.error(
          at(here, ['remove', i]),
          'this takes out the last century of the game: a game needs at least one century to play',
          'keep at least one century (end_after: keeps the first ones and drops the rest)',
        );
      } else if (countries.some((c) => c.value.id === id)) removeCountry(id, "a pack's remove: takes it out", at(here, ['remove', i]));
      else if (centuries.some((c) => c.value.id === id)) removeCentury(id, "a pack's remove: takes it out", at(here, ['remove', i]));
      else if (lotIds.has(id)) {
        removed.lots.add(id);
        leftAt.set(id, at(here, ['remove', i]));
      } else return; // a card: layered with the cards
      shapeRemovals.add(id);
    });

    if (p.end_after !== undefined) {
      const i = centuries.findIndex((c) => c.value.id === p.end_after);
      if (i === -1)
        unknown(
          diags,
          at(here, ['end_after']),
          'century',
          p.end_after,
          centuries.map((c) => c.value.id),
          removed.centuries,
          leftAt,
        );
      else for (const c of centuries.slice(i + 1)) removeCentury(c.value.id, `the game ends after the ${centuries[i]!.value.name}`, at(here, ['end_after']));
    }

    if (p.seats) {
      const ids = countries.map((c) => c.value.id);
      const named: string[] = [];
      p.seats.forEach((id, i) => {
        if (!ids.includes(id)) unknown(diags, at(here, ['seats', i]), 'country', id, ids, removed.countries, leftAt);
        else if (named.includes(id)) diags.error(at(here, ['seats', i]), `'${id}' is seated twice`, 'name each country once in seats');
        else named.push(id);
      });
      countries = [...named.map((id) => countries.find((c) => c.value.id === id)!), ...countries.filter((c) => !named.includes(c.value.id))];
    }

    if (p.leads) {
      for (const [centuryId, countryId] of Object.entries(p.leads)) {
        const century = centuries.find((c) => c.value.id === centuryId);
        const okCountry = countries.some((c) => c.value.id === countryId);
        if (!century)
          unknown(
            diags,
            keyPlace(pack.file, [...pack.path, 'leads', centuryId]) ?? at(here, ['leads']),
            'century',
            centuryId,
            centuries.map((c) => c.value.id),
            removed.centuries,
            leftAt,
          );
        else if (!okCountry)
          unknown(
            diags,
            at(here, ['leads', centuryId]),
            'country',
            countryId,
            countries.map((c) => c.value.id),
            removed.countries,
            leftAt,
          );
        else {
          leadSetAt.set(centuryId, { country: countryId, from: century.value.lead, place: at(here, ['leads', centuryId]) });
          century.value.lead = countryId;
        }
      }
    }

    if (p.players) {
      players = { ...players, ...p.players };
      playersFrom = { file: pack.file, path: [...pack.path, 'players'] };
      if (p.players.max !== undefined) maxSet = true;
    }
    if (p.tables) tables = { value: { ...tables?.value, ...p.tables }, from: { file: pack.file, path: [...pack.path, 'tables'] } };
    if (p.playing_time) playingTime = { ...playingTime, ...p.playing_time };

    p.editions?.forEach((change, i) => changeEdition(editions, change, { file: pack.file, path: [...pack.path, 'editions', i] }, diags));
    if (p.default_edition !== undefined) {
      const ids = editions.map((e) => e.value.id);
      if (ids.includes(p.default_edition)) defaultEdition = p.default_edition;
      else unknown(diags, at(here, ['default_edition']), 'edition', p.default_edition, ids, new Set());
    }
  }

  // A pack that adds countries raises the largest table with them, unless it says how many play.
  if (layers.some((l) => l.pack?.value.countries?.length) && !maxSet) players.max = Math.max(players.max, countries.length);
  // A pack that takes countries out lowers it with them. game.yaml's own largest table above its
  // own countries is a mistake, said at the line (check-settings.ts), not lowered quietly.
  if (!maxSet && g.players.max <= g.countries.length) players.max = Math.min(players.max, countries.length);
  const countriesAvailable = countries.length;

  const { seated, unknownSeated } = readTables(tables, players, countries, removed.countries, diags);
  // Countries that sit at no table can never play: they leave the game with their cards, and the
  // centuries they led pass on, exactly as for an absent country. A table naming a country that
  // does not exist is already reported: who sits at it is not known, so nobody leaves because of it
  // (or every message after would be about the typo's consequences).
  // Nor when the smallest table is larger than the largest (also reported): no table is certain.
  const playing = new Set(Object.values(seated).flat());
  if (!unknownSeated && players.min <= players.max) for (const c of [...countries]) if (!playing.has(c.value.id)) removeCountry(c.value.id, UNSEATED);
  for (const [centuryId, { country, place }] of leadSetAt) {
    const century = centuries.find((c) => c.value.id === centuryId);
    if (!century || leftOutBecause.get(country) !== UNSEATED) continue;
    const name = (id: string) => countryName({ countries: everCountries }, id);
    diags.warn(
      place,
      `${name(country)} leads the ${century.value.name} here, but no table in this game seats ${name(country)}, so ${name(century.value.lead)} leads it instead`,
      `give the century to a country that plays (${andList(
        countries.map((c) => c.value.id),
        'or',
      )}), or seat ${country} at a table`,
    );
  }

  return {
    countries,
    centuries,
    genres,
    editions,
    defaultEdition,
    players,
    playersFrom,
    countriesAvailable,
    tables: seated,
    playingTime,
    removed,
    leftOutBecause,
    leftAt,
    shapeRemovals,
    gutted,
    everCountries,
    leadsSet: leadSetAt,
    everCenturies,
  };
}

function unknown(diags: DiagnosticList, place: Place, what: string, id: string, known: string[], gone: Set<string>, leftAt?: Map<string, Place>): void {
  if (gone.has(id)) {
    // Where it was taken out, when a pack line did it: often the same pack, a few lines up.
    const by = leftAt?.get(id);
    diags.error(
      place,
      by
        ? `the ${what} '${id}' is already out of the game: ${by.file}:${by.line} takes it out`
        : `the ${what} '${id}' has been taken out of the game by a pack`,
      `name one still in the game: ${list(known)}`,
    );
    return;
  }
  const guess = (what === 'century' && centuryGuess(id, known)) || didYouMean(id, known);
  const all = `the ${what} ids are: ${list(known)}`;
  diags.error(place, `there is no ${what} called '${id}'`, guess ? `${guess} — ${all}` : all);
}

/** Applies one pack entry to the editions: a known id changes the settings it names, a new id adds an edition. */
function changeEdition(editions: SourcedEdition[], change: EditionChange, from: Origin, diags: DiagnosticList): void {
  const target = editions.find((e) => e.value.id === change.id);
  if (!target) {
    // A new edition needs every setting. Missing ones are named in one message: most often the id
    // was meant to be an existing edition's, and a list of fourteen "missing" lines would hide that.
    const required = Object.entries(Edition.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key);
    const missing = required.filter((key) => !(key in change));
    if (missing.length > 0) {
      const guess = didYouMean(
        change.id,
        editions.map((e) => e.value.id),
      );
      diags.error(
        at(from, ['id']),
        `'${change.id}' is not an edition of the game, so this entry must be a whole new edition, and it lacks ${missing.join(', ')}`,
        `${guess ? `${guess} ` : ''}to change an edition, write its id (${list(editions.map((e) => e.value.id))}) and only the settings that change; for a new edition, copy a whole edition from game.yaml and give it a new id`,
      );
      return;
    }
    const full = checkSchemaAt(from.file, from.path, Edition, diags, 'edition');
    if (!full) return;
    editions.push({ value: full, file: from.file, path: from.path, from: new Map(Object.keys(full).map((k) => [k, from])) });
    return;
  }
  const next: Record<string, unknown> = { ...target.value };
  for (const [key, value] of Object.entries(change)) {
    if (key === 'id' || value === undefined) continue;
    const before = next[key];
    next[key] = value && typeof value === 'object' && !Array.isArray(value) && before && typeof before === 'object' ? { ...before, ...value } : value;
    target.from.set(key, from);
  }
  target.value = next as Edition;
}

/** Who sits at each table size: the tables written out, the rest filled from the seat order. */
function readTables(
  tables: { value: Tables; from: Origin } | undefined,
  players: { min: number; max: number },
  countries: Sourced<Country>[],
  gone: Set<string>,
  diags: DiagnosticList,
): { seated: Record<string, string[]>; unknownSeated: boolean } {
  const order = countries.map((c) => c.value.id);
  const out: Record<string, string[]> = {};
  let unknownSeated = false;
  for (let n = players.min; n <= Math.min(players.max, order.length); n++) out[String(n)] = order.slice(0, n);
  if (!tables) return { seated: out, unknownSeated };
  for (const [key, ids] of Object.entries(tables.value) as [string, string[]][]) {
    const n = Number(key);
    // YAML reads `3:` as the number 3; a path must use the key as the file wrote it.
    const k = tables.from.file.doc.hasIn([...tables.from.path, n]) ? n : key;
    const place = keyPlace(tables.from.file, [...tables.from.path, k]) ?? at(tables.from);
    if (n < players.min || n > players.max) {
      // With the smallest table above the largest (an error of its own), no table fits: say nothing more.
      if (players.min > players.max) continue;
      diags.warn(
        place,
        `no game is played with ${n} players, so this table is never used`,
        `the game is for ${players.min} to ${players.max} players; change the number or players: in pack.yaml`,
      );
      continue;
    }
    const seated: string[] = [];
    ids.forEach((id, i) => {
      const p = at(tables.from, [k, i]);
      if (!order.includes(id)) {
        unknown(diags, p, 'country', id, order, gone);
        unknownSeated = true;
      } else if (seated.includes(id)) diags.error(p, `'${id}' sits at this table twice`, 'name each country once');
      else seated.push(id);
    });
    if (ids.length !== n) {
      diags.error(
        place,
        `a table of ${n} players needs ${n} countries, but ${ids.length} ${ids.length === 1 ? 'is' : 'are'} listed`,
        `list exactly ${n} country ids`,
      );
      continue;
    }
    const inSeatOrder = [...seated].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    if (seated.join() !== inSeatOrder.join()) {
      diags.warn(
        place,
        `at this table the countries sit in seat order (${inSeatOrder.join(', ')}), not in the order listed`,
        'list them in seat order, or change the seat order itself with seats: in pack.yaml',
      );
    }
    out[key] = inSeatOrder;
  }
  return { seated: out, unknownSeated };
}

// Settings that pass the schema one by one but make no sense together: a game no table could play
// (a first round that can never end, more players needed than there are countries), or numbers
// that contradict each other (a shortest game longer than the longest, overlapping centuries).
// Each is an error at the setting — in game.yaml or in the pack that changed it — in words that
// say what to write instead.
import type { DiagnosticList } from './diagnostic.js';
import { placeAt } from './read-yaml.js';
import type { Sourced } from './layer.js';
import type { GameFile } from '../../engine/index.js';
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
  const countries = shape.countries.length;

  if (players.min > players.max) {
    diags.error(
      pl('min'),
      `at least ${players.min} players but at most ${players.max}: no table can play that`,
      `make min no more than max, e.g. players: { min: ${players.max}, max: ${players.min} }`,
    );
  }
  if (players.min > countries) {
    diags.error(
      pl('min'),
      `the game needs at least ${players.min} players but has only ${countries} countries`,
      `lower min to ${countries} or fewer, or add countries`,
    );
  }
  if (players.max > countries) {
    diags.error(pl('max'), `up to ${players.max} players, but the game has only ${countries} countries`, `lower max to ${countries}, or add countries`);
  }

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
    if (v.rounds_per_century.short > v.rounds_per_century.long) {
      diags.error(
        at('rounds_per_century', 'short'),
        `the short game has more rounds per century (${v.rounds_per_century.short}) than the long one (${v.rounds_per_century.long})`,
        'give the long game at least as many rounds as the short one',
      );
    }
    if (v.force_chance_cost === 0) {
      diags.error(
        at('force_chance_cost'),
        'forcing a rival to draw chance would cost nothing, so it could be done without end',
        'write a cost of at least 1, or null to forbid it',
      );
    }
  }

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
function settingPlace(e: SourcedEdition, key: string, more: (string | number)[]) {
  const from = e.from.get(key) ?? { file: e.file, path: e.path };
  return placeAt(from.file, [...from.path, key, ...more]);
}

// Settings that pass the schema one by one but make no sense together: a game no table could play
// (a first round that can never end, more players needed than there are countries), or numbers
// that contradict each other (a shortest game longer than the longest, overlapping centuries).
// Each is an error at the setting, in words that say what to write instead.
import type { DiagnosticList } from './diagnostic.js';
import type { Sourced } from './layer.js';
import { placeAt } from './read-yaml.js';
import type { Century, Country, GameFile } from '../../engine/index.js';

const FACES = [1, 2, 3, 4, 5, 6];

export function checkSettings(game: Sourced<GameFile>, countries: Sourced<Country>[], centuries: Sourced<Century>[], diags: DiagnosticList): void {
  const at = (path: (string | number)[]) => placeAt(game.file, path);
  const g = game.value;

  if (g.players.min > g.players.max) {
    diags.error(
      at(['players', 'min']),
      `at least ${g.players.min} players but at most ${g.players.max}: no table can play that`,
      `make min no more than max, e.g. players: { min: ${g.players.max}, max: ${g.players.min} }`,
    );
  }
  if (g.players.min > countries.length) {
    diags.error(
      at(['players', 'min']),
      `the game needs at least ${g.players.min} players but has only ${countries.length} countries`,
      `lower min to ${countries.length} or fewer, or add countries`,
    );
  }
  if (g.book_values.min > g.book_values.max) {
    diags.error(at(['book_values', 'min']), `the lowest book value (${g.book_values.min}) is above the highest (${g.book_values.max})`, 'swap the two numbers');
  }

  const editionIds = new Set<string>();
  g.editions.forEach((e, i) => {
    const path = ['editions', i];
    if (editionIds.has(e.id)) diags.error(at([...path, 'id']), `the edition id '${e.id}' is used twice`, 'give each edition its own id');
    editionIds.add(e.id);
    // A first round in which every face is rolled again never ends.
    const credit = FACES.filter((f) => !e.first_round_reroll.includes(f));
    if (credit.length === 0) {
      diags.error(
        at([...path, 'first_round_reroll']),
        'every face of the die is rolled again in the first round, so the first market turn could never end',
        'list only the faces to roll again, e.g. first_round_reroll: [1, 6]',
      );
    }
    if (e.rounds_per_century.short > e.rounds_per_century.long) {
      diags.error(
        at([...path, 'rounds_per_century', 'short']),
        `the short game has more rounds per century (${e.rounds_per_century.short}) than the long one (${e.rounds_per_century.long})`,
        'give the long game at least as many rounds as the short one',
      );
    }
    if (e.force_chance_cost === 0) {
      diags.error(
        at([...path, 'force_chance_cost']),
        'forcing a rival to draw chance would cost nothing, so it could be done without end',
        'write a cost of at least 1, or null to forbid it',
      );
    }
  });

  // Centuries follow one another without overlapping, so every year belongs to one of them.
  centuries.forEach((c, i) => {
    if (c.value.from > c.value.to) {
      diags.error(at([...c.path, 'from']), `${c.value.name} starts in ${c.value.from}, after it ends (${c.value.to})`, 'swap from and to');
    }
    const before = centuries[i - 1];
    if (before && c.value.from <= before.value.to) {
      diags.error(
        placeAt(c.file, [...c.path, 'from']),
        `${c.value.name} starts in ${c.value.from}, before ${before.value.name} ends (${before.value.to})`,
        `list the centuries in order without overlapping: start it in ${before.value.to + 1} or later`,
      );
    }
  });
}

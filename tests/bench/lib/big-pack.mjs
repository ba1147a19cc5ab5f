// A teacher's very large pack, for the benchmarks: n cards (four books to one chance card) over the
// base game's countries and centuries, in several YAML files under 1 MB, as a teacher would write them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const COUNTRIES = ['germany', 'italy', 'spain', 'france', 'england', 'americas'];
const CENTURIES = [
  ['15th', 1450],
  ['16th', 1550],
  ['17th', 1650],
  ['18th', 1750],
  ['19th', 1850],
  ['20th', 1950],
];
const GENRES = ['religion', 'science', 'literature', 'history', 'geography', 'philosophy-law', 'art', 'reference'];

/** Writes the pack into `dir`: pack.yaml, books-N.yaml and chance-N.yaml. */
export function writePack(dir, n) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pack.yaml'), 'id: big-pack\nname: A Very Large Pack\nextends: codex-conquest\n');
  const books = [];
  const chance = [];
  for (let i = 0; i < n; i++) {
    const [century, year] = CENTURIES[i % 6];
    if (i % 5 !== 4)
      books.push(
        `  - id: big-book-${i}\n    title: The Collected Works, Volume ${i}\n    author: An Author of Note\n    printer: A Printer of Renown\n    place: Somewhere\n    year: ${year}\n    country: ${COUNTRIES[Math.floor(i / 6) % 6]}\n    century: ${century}\n    genre: ${GENRES[i % 8]}\n    value: ${1 + (i % 9)}\n    note: A landmark book that many libraries wanted, number ${i} in a long series.\n`,
      );
    else
      chance.push(
        `  - id: big-chance-${i}\n    title: A Stroke of Luck, No. ${i}\n    text: A generous patron gives your library a little money for its reading room.\n    note: Number ${i} of many.\n    year: ${year}\n    effects:\n      - gain: ${1 + (i % 3)}\n`,
      );
  }
  const files = (list, key, name) => {
    for (let f = 0; f * 1500 < list.length; f++) writeFileSync(join(dir, `${name}-${f + 1}.yaml`), `${key}:\n${list.slice(f * 1500, (f + 1) * 1500).join('')}`);
  };
  files(books, 'books', 'books');
  files(chance, 'chance', 'chance');
}

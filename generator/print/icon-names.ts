// The names of every icon in the set the cards draw from (game-icons.net, shipped with the tool),
// so a teacher can find an emblem offline and `validate` can suggest the name that was meant.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
let names: string[] | undefined;

/** Every icon name, sorted (aliases included). Parsing the 6 MB set takes a moment, so once. */
export function iconNames(): string[] {
  if (!names) {
    const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
      icons: Record<string, unknown>;
      aliases?: Record<string, unknown>;
    };
    names = [...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})].sort();
  }
  return names;
}

/** Names that contain every word of the search (hyphens and spaces alike), best matches first. */
export function searchIcons(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return iconNames();
  const hits = iconNames().filter((n) => words.every((w) => n.includes(w)));
  // A name that is exactly the word, then names with the word as a whole part, then the rest.
  const rank = (n: string) => (n === words.join('-') ? 0 : words.every((w) => n.split('-').includes(w)) ? 1 : 2);
  return hits.sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b));
}

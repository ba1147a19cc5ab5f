// Icons are looked up in the 6 MB icon set by a binary search over its bytes (print/icons.ts),
// not by parsing it. Every icon of the set must come out exactly as parsing the JSON gives it.
import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { iconPaths } from '../../generator/print/icons.js';

const require = createRequire(import.meta.url);
const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string }>;
};
const pathsOf = (body: string) => [...body.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]);

describe('icon look-up', () => {
  it('finds every icon of the set, path for path', () => {
    for (const [name, icon] of Object.entries(set.icons)) expect(iconPaths(name), name).toEqual(pathsOf(icon.body));
  });

  it('follows aliases and answers null for a name the set lacks', () => {
    const [alias, target] = Object.entries(set.aliases ?? {})[0] ?? [];
    if (alias && target) expect(iconPaths(alias)).toEqual(pathsOf(set.icons[target.parent]!.body));
    expect(iconPaths('no-such-icon-anywhere')).toBeNull();
  });
});

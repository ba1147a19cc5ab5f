// The names of the icons shipped with the tool (game-icons.net), for a hint that names an emblem:
// "write 'windmill'" only when the set has a windmill. Read once, and only when a hint needs it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
let names: Set<string> | undefined;

export function isIconName(name: string): boolean {
  if (!names) {
    const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
      icons: Record<string, unknown>;
      aliases?: Record<string, unknown>;
    };
    names = new Set([...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})]);
  }
  return names.has(name);
}

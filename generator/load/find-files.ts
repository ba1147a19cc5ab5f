// Lists the YAML files of a content folder in a stable order (so card codes never shuffle). A
// folder inside it with its own pack.yaml is a pack — a teacher may keep packs beside the cards —
// so its files are left to --pack, not read twice as part of this folder.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['node_modules', 'out', 'dist']);

export function findYamlFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 8) return;
    for (const name of readdirSync(d).sort()) {
      if (name.startsWith('.') || SKIP.has(name)) continue;
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) {
        if (!existsSync(join(p, 'pack.yaml')) && !existsSync(join(p, 'pack.yml'))) walk(p, depth + 1);
      } else if (/\.ya?ml$/i.test(name)) found.push(p);
    }
  };
  walk(dir, 0);
  return found;
}

// Lists the YAML files of a content folder in a stable order (so card codes never shuffle). A
// folder inside it with its own pack.yaml is a pack — a teacher may keep packs beside the cards —
// so its files are left to --pack, not read twice as part of this folder.
//
// Only files kept inside the folder are read: a link that leads outside it (to another folder, or
// to a file such as /etc/passwd) and anything that is not an ordinary file (a pipe, which would
// keep validate waiting forever; a device such as /dev/zero, endless) is refused by name.
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

const SKIP = new Set(['node_modules', 'out', 'dist']);

export interface Refused {
  path: string;
  why: 'outside' | 'loop' | 'not-a-file';
  /** A folder (linked in), not a file. */
  folder?: boolean;
}

/** Whether `path` lies inside the folder `dir` (the folder itself is not inside it). */
export function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * The files of a content or pack folder: those read, those refused, and those that look meant to
 * be read but are not (books.yaml.txt: an editor added its own ending, and Windows hides it).
 */
export function scanYamlFiles(dir: string): { files: string[]; refused: Refused[]; misnamed: string[]; dangling: string[] } {
  const files: string[] = [];
  const refused: Refused[] = [];
  const misnamed: string[] = [];
  /** Links named .yaml that lead to nothing (or round in a circle): cards meant to be read, perhaps. */
  const dangling: string[] = [];
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    return { files, refused, misnamed, dangling };
  }
  const yaml = (name: string) => /\.ya?ml$/i.test(name);
  const walk = (d: string, depth: number) => {
    if (depth > 8) return;
    for (const name of readdirSync(d).sort()) {
      if (name.startsWith('.') || SKIP.has(name)) continue;
      const p = join(d, name);
      let st = lstatSync(p);
      if (st.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(p);
          st = statSync(p);
        } catch {
          if (yaml(name)) dangling.push(p); // a link to nothing: nothing to read, but said
          continue;
        }
        // A link back to the folder itself, or to a folder holding it, would read it again and again.
        if (target === root || inside(target, root)) {
          refused.push({ path: p, why: 'loop' });
          continue;
        }
        if (!inside(root, target)) {
          if (st.isDirectory() || yaml(name)) refused.push({ path: p, why: 'outside', ...(st.isDirectory() ? { folder: true } : {}) });
          continue;
        }
      }
      if (st.isDirectory()) {
        if (!existsSync(join(p, 'pack.yaml')) && !existsSync(join(p, 'pack.yml'))) walk(p, depth + 1);
      } else if (yaml(name)) {
        if (st.isFile()) files.push(p);
        else refused.push({ path: p, why: 'not-a-file' });
      } else if (/\.ya?ml\.txt$/i.test(name) && st.isFile()) misnamed.push(p);
    }
  };
  walk(dir, 0);
  return { files, refused, misnamed, dangling };
}

export function findYamlFiles(dir: string): string[] {
  return scanYamlFiles(dir).files;
}

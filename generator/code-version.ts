// The version of the command's own code, for the caches that must not outlive it (.cache/fit/,
// .cache/raster/): a hash of the code files. The bundled command's files (dist/cli/) are hashed
// once, by scripts/bundle.mjs as it writes them, into code-version.txt beside them; a run reads
// that instead of hashing 3 MB of code again, which took about 20 ms of every validate.
// Run from tsc's output or the sources (tests), there is no such file and the files are hashed
// here, the same way.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The file scripts/bundle.mjs writes beside the bundled code. */
export const CODE_VERSION_FILE = 'code-version.txt';

const known = new Map<string, string>();

/** The hash of the code files in `dir` (and, when `deep`, in its folders): read from code-version.txt when the bundler left one. */
export function codeVersion(dir: string, deep = false): string {
  const key = `${dir}\0${deep}`;
  let v = known.get(key);
  if (v) return v;
  const written = join(dir, CODE_VERSION_FILE);
  v = existsSync(written) ? readFileSync(written, 'utf8').trim() : hashCode(dir, deep);
  known.set(key, v);
  return v;
}

/** Every .js and .ts file's name and bytes, in name order (scripts/bundle.mjs hashes dist/cli/ with it). */
export function hashCode(dir: string, deep = false): string {
  const h = createHash('sha256');
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isDirectory() && deep) walk(join(at, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && /\.[jt]s$/.test(entry.name)) h.update(`${prefix}${entry.name}\0`).update(readFileSync(join(at, entry.name)));
    }
  };
  walk(dir, '');
  return h.digest('hex');
}

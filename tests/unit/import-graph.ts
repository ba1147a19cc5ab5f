// The project's own imports, read from the sources: which file imports which, and whether only
// for types (erased when compiled) or for values (a module that must be loaded first). Static
// imports, re-exports and dynamic import() all count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  /** True when only types are imported: nothing is loaded at run time. */
  typeOnly: boolean;
}

function sourcesIn(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourcesIn(p));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The source with comments blanked out, so an example in a comment is not taken for an import. */
function withoutComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function target(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

const STATIC = /(^|[\s;])(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const BARE = /(^|[\s;])import\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every import between the project's TypeScript files under `roots` (paths relative to `root`). */
export function importGraph(root: string, roots: string[]): { files: string[]; edges: ImportEdge[] } {
  const files = roots.flatMap((r) => sourcesIn(join(root, r)));
  const edges: ImportEdge[] = [];
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  for (const file of files) {
    const src = withoutComments(readFileSync(file, 'utf8'));
    const add = (spec: string, typeOnly: boolean) => {
      const to = target(file, spec);
      if (to) edges.push({ from: rel(file), to: rel(to), typeOnly });
    };
    for (const m of src.matchAll(STATIC)) {
      const clause = m[4]!;
      // `import { type A, type B } from` imports types only, as does `import type`.
      const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
      const allTypes = (names?.split(',') ?? [])
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
      const typeOnly = Boolean(m[3]) || (names !== undefined && allTypes);
      add(m[5]!, typeOnly);
    }
    for (const m of src.matchAll(BARE)) add(m[2]!, false);
    for (const m of src.matchAll(DYNAMIC)) add(m[1]!, false);
  }
  return { files: files.map(rel), edges };
}

/** The groups of nodes that import one another in a circle (Tarjan's strongly connected components). */
export function cycles(nodes: string[], edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!next.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      const selfLoop = (next.get(v) ?? []).includes(v);
      if (group.length > 1 || selfLoop) found.push(group.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return found;
}

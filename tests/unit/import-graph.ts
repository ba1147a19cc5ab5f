// The project's own imports, read from the sources by a real parser (oxc, through rolldown's
// utilities): which file imports which, and whether only for types (erased when compiled) or for
// values (a module that must be loaded first). Static imports, re-exports, import() and
// `import x = require()` all count, however they are spelt: a regular expression over the text
// missed `import'./x.js'`, import(`./x.js`) and an import after a string holding "//".
//
// A declaration counts as types only when the source says so (`import type`, `export type`, or
// every name marked `type`); `import {} from` loads the module (rolldown keeps it), and so does an
// import whose names happen to be used only as types (the compiler may leave it out, but the
// graph does not count on that). `compiledImports` reads what the compiler keeps, so a test can
// hold the graph to it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type ESTree, parseSync, transformSync, Visitor } from 'rolldown/utils';

export interface ImportEdge {
  from: string;
  to: string;
  /** True when only types are imported: nothing is loaded at run time. */
  typeOnly: boolean;
}

/** An import the graph cannot follow: a file that does not parse, or import() of a computed name. */
export interface Unfollowed {
  file: string;
  line: number;
  what: string;
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

function target(from: string, spec: string): string | undefined {
  if (!/^\.\.?\//.test(spec)) return undefined; // a package, or node: — not ours
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** The text of a module name written as a string or a template without ${…}; undefined when computed. */
function literal(node: ESTree.Expression | ESTree.Argument | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** Every import between the project's TypeScript files under `roots` (paths relative to `root`), and any it cannot follow. */
export function importGraph(root: string, roots: string[]): { files: string[]; edges: ImportEdge[]; unfollowed: Unfollowed[] } {
  const files = roots.flatMap((r) => sourcesIn(join(root, r)));
  const edges: ImportEdge[] = [];
  const unfollowed: Unfollowed[] = [];
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const parsed = parseSync(file, source);
    if (parsed.errors.length > 0) {
      unfollowed.push({ file: rel(file), line: 1, what: `does not parse: ${parsed.errors[0]!.message}` });
      continue;
    }
    const add = (spec: string | undefined, typeOnly: boolean, node: { start: number; end: number }) => {
      if (spec === undefined) {
        unfollowed.push({ file: rel(file), line: lineAt(source, node.start), what: source.slice(node.start, node.end) });
        return;
      }
      const to = target(file, spec);
      if (to) edges.push({ from: rel(file), to: rel(to), typeOnly });
    };
    new Visitor({
      ImportDeclaration(n) {
        const named = n.specifiers.filter((s) => s.type === 'ImportSpecifier');
        const allTypes = n.specifiers.length > 0 && named.length === n.specifiers.length && named.every((s) => s.importKind === 'type');
        add(n.source.value, n.importKind === 'type' || allTypes, n);
      },
      ExportNamedDeclaration(n) {
        if (!n.source) return;
        const allTypes = n.specifiers.length > 0 && n.specifiers.every((s) => s.exportKind === 'type');
        add(n.source.value, n.exportKind === 'type' || allTypes, n);
      },
      ExportAllDeclaration(n) {
        add(n.source.value, n.exportKind === 'type', n);
      },
      ImportExpression(n) {
        add(literal(n.source), false, n);
      },
      // `typeof import('./x.js')`: a type, erased.
      TSImportType(n) {
        add(n.source.value, true, n);
      },
      TSImportEqualsDeclaration(n) {
        if (n.moduleReference.type === 'TSExternalModuleReference') add(n.moduleReference.expression.value, n.importKind === 'type', n);
      },
      CallExpression(n) {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length === 1) add(literal(n.arguments[0]), false, n);
      },
    }).visit(parsed.program);
  }
  return { files: files.map(rel), edges, unfollowed };
}

/**
 * The imports the compiler keeps, file by file: each file compiled as rolldown and Vite compile
 * it (types stripped), and its module record read. tsc, which compiles the command, leaves out
 * at least as much (it drops `import {} from` too).
 */
export function compiledImports(root: string, files: string[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const file of files) {
    const path = join(root, file);
    const js = transformSync(path, readFileSync(path, 'utf8')).code;
    const { module } = parseSync(path.replace(/\.ts$/, '.js'), js);
    const specs = [
      ...module.staticImports.map((i) => i.moduleRequest.value),
      ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
      ...module.dynamicImports.map((d) => js.slice(d.moduleRequest.start, d.moduleRequest.end).replace(/^(['"`])(.*)\1$/s, '$2')),
    ];
    for (const spec of specs) {
      const to = target(path, spec);
      if (to) out.push({ from: file, to: relative(root, to).split('\\').join('/') });
    }
  }
  return out;
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

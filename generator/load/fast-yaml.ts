// A quicker first reading of plain YAML files. The `yaml` library keeps every node's position,
// which messages need, but building those nodes is most of the time `validate` and `build`
// spend reading content (about 0.13 s of the base game's 0.17 MB, before the code has warmed up).
// js-yaml reads the same text about four times faster and keeps no positions, so a file is read
// with it first, and with `yaml` only when a message needs a place in it (read-yaml.ts).
//
// The two libraries must agree on every file the quick reading accepts. They read ordinary
// block YAML the same way, but differ at the edges: js-yaml forgives flow collections and
// quoted texts that run on less indented than YAML allows, reads `---x` as a document start,
// names a null key "null" where `yaml` writes "", takes the lines after a bare "- " as that
// entry's value even when they are less indented, and shares what an alias repeats where `yaml`
// counts every repeat. So a file is read quickly only when `plainEnough` finds none of what could
// differ (no tabs, tags, directives, complex keys, more than a few aliases, entries left empty on
// their line, quoted texts that go on past their line, flow collections that go on less
// indented), when js-yaml itself raises nothing, and when the data holds no null key. Anything
// else goes to `yaml` as before, with its messages. tests/unit/fast-yaml.test.ts compares both
// readings on every YAML file in the project and thousands of damaged copies of them.
import jsyaml from 'js-yaml';
import { parse } from 'yaml';

const { Type, FAILSAFE_SCHEMA } = jsyaml;

// The YAML 1.2 core schema exactly as `yaml` resolves plain scalars (its schema/core/*.js):
// js-yaml's own core schema also reads 0b…, 1_000 and other forms that `yaml` keeps as text.
const INTS: [RegExp, number, number][] = [
  [/^0o[0-7]+$/, 2, 8],
  [/^[-+]?[0-9]+$/, 0, 10],
  [/^0x[0-9a-fA-F]+$/, 2, 16],
];
const NAN_INF = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$|^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

const CORE = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (s: string | null) => s === null || /^(?:~|[Nn]ull|NULL)?$/.test(s), construct: () => null }),
    new Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (s: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s),
      construct: (s: string) => s[0] === 't' || s[0] === 'T',
    }),
    new Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (s: string) => INTS.some(([re]) => re.test(s)),
      construct: (s: string) => {
        const [, offset, radix] = INTS.find(([re]) => re.test(s))!;
        return Number.parseInt(s.substring(offset), radix);
      },
    }),
    new Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (s: string) => NAN_INF.test(s) || FLOAT.test(s),
      construct: (s: string) => {
        if (!NAN_INF.test(s)) return Number.parseFloat(s);
        if (s.slice(-3).toLowerCase() === 'nan') return Number.NaN;
        return s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      },
    }),
  ],
});

const SPACE = 32;
const NEWLINE = 10;
const HASH = 35;
const DASH = 45;
const COLON = 58;
const COMMA = 44;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }
const QUOTES = new Set([34, 39]); // " '
// What may start a node and means something js-yaml and `yaml` could read differently:
// ! tag, ? complex key, @ and ` reserved, % directive, # glued to what came before.
const AWKWARD_STARTS = new Set([33, 63, 64, 96, 37, 35]);
// What ends a token: a comment's # right after one is an error to `yaml`, not to js-yaml.
const TOKEN_ENDS = new Set([93, 125, 34, 39]); // ] } " '
/** Flow brackets and the comma: never part of an anchor's name (YAML 1.2, ns-anchor-char). */
const FLOW_MARKS = new Set([44, 91, 93, 123, 125]); // , [ ] { }
const ALIAS = 42; // *
const ANCHOR = 38; // &
/**
 * Aliases (*name) repeat what an anchor (&name) marked; the layouts use one so that two card
 * sizes share a design. js-yaml shares the marked value where `yaml` counts every repeat and
 * refuses a file that repeats too much (read-yaml.ts), so only a few aliases are read quickly.
 */
const MAX_ALIASES = 4;

/** True when nothing in `source` is read differently by js-yaml and `yaml` (see the top of this file). */
export function plainEnough(source: string): boolean {
  if (source.includes('\t') || source.includes('\r') || source.includes('<<')) return false;
  if (/^(?:---|\.\.\.|%)/m.test(source)) return false;
  const n = source.length;
  let i = 0;
  let depth = 0; // flow brackets open, carried from line to line
  let flowIndent = -1; // the indentation of the line that left a flow collection open
  let atNode = true; // whether a node may start here
  let aliases = 0;
  while (i < n) {
    let indent = 0;
    let c = source.charCodeAt(i);
    while (c === SPACE) {
      c = source.charCodeAt(++i);
      indent++;
    }
    if (c === NEWLINE) {
      i++;
      continue;
    }
    if (c === HASH) {
      while (i < n && source.charCodeAt(i) !== NEWLINE) i++;
      i++;
      continue;
    }
    // A flow collection's later lines must sit deeper than the line that opened it.
    if (depth > 0 && indent <= flowIndent) return false;
    if (depth === 0) atNode = true;
    let dashLast = false;
    for (; i < n && c !== NEWLINE; c = source.charCodeAt(++i)) {
      if (c === HASH && source.charCodeAt(i - 1) === SPACE) {
        while (i < n && source.charCodeAt(i) !== NEWLINE) i++;
        break;
      }
      if (atNode && AWKWARD_STARTS.has(c)) return false;
      if (c === HASH && TOKEN_ENDS.has(source.charCodeAt(i - 1))) return false;
      if (atNode && c === ALIAS && ++aliases > MAX_ALIASES) return false;
      if (atNode && c === ANCHOR) {
        // The anchor's name; the node it marks follows. A name holding a flow bracket or comma
        // ("&b{ file: …") is one YAML 1.2 does not allow and js-yaml reads anyway: left to `yaml`.
        while (i + 1 < n && source.charCodeAt(i + 1) !== SPACE && source.charCodeAt(i + 1) !== NEWLINE) {
          if (FLOW_MARKS.has(source.charCodeAt(++i))) return false;
        }
        continue;
      }
      if (atNode && QUOTES.has(c)) {
        // A quoted text must close on its own line.
        const quote = c;
        for (i++; ; i++) {
          if (i >= n) return false;
          const d = source.charCodeAt(i);
          if (d === NEWLINE) return false;
          if (quote === 34 && d === 92) {
            // A backslash escape in "…"; one at the line's end carries the text on to the next line.
            if (i + 1 >= n || source.charCodeAt(i + 1) === NEWLINE) return false;
            i++;
          } else if (d === quote) {
            if (quote === 39 && source.charCodeAt(i + 1) === 39)
              i++; // '' in '…'
            else break;
          }
        }
        atNode = false;
        dashLast = false;
        continue;
      }
      if (atNode && OPENERS.has(c)) {
        depth++;
        dashLast = false;
        continue;
      }
      if (depth > 0 && CLOSERS.has(c)) {
        depth--;
        atNode = false;
        continue;
      }
      if (c === SPACE) continue;
      if (c === DASH && atNode) {
        const next = source.charCodeAt(i + 1);
        if (next === NEWLINE || i + 1 === n) return false; // an entry left empty on its line
        if (next === SPACE) {
          dashLast = true;
          continue;
        }
      }
      dashLast = false;
      if (
        (c === COLON && (depth > 0 || source.charCodeAt(i + 1) === SPACE || source.charCodeAt(i + 1) === NEWLINE || i + 1 === n)) ||
        (depth > 0 && c === COMMA)
      ) {
        atNode = true;
        continue;
      }
      atNode = false;
    }
    if (dashLast) return false; // "- " with nothing after it on the line
    if (depth > 0 && flowIndent < 0) flowIndent = indent;
    if (depth === 0) flowIndent = -1;
    i++;
  }
  return depth === 0;
}

/**
 * Deeper than any content nests (read-yaml.ts refuses past 64 levels): such data, or data that
 * holds itself through an alias ("a: &a [*a]", as deep as the walk goes), is left to `yaml`.
 */
const MAX_QUICK_DEPTH = 64;

/**
 * Whether the data holds a null key, or more values than the text has characters (which only
 * aliases can make: shared, they would cost every later walk over the data dearly), or nests
 * deeper than content does. Walks at most that many values, at most that deep (a value that held
 * itself in a large file once walked a million levels down, past the end of the stack).
 */
function needsYaml(data: unknown, budget: number): boolean {
  let left = budget;
  const walk = (value: unknown, depth: number): boolean => {
    if (--left < 0 || depth > MAX_QUICK_DEPTH) return true;
    if (Array.isArray(value)) return value.some((v) => walk(v, depth + 1));
    if (value === null || typeof value !== 'object') return false;
    // A list or map used as a key ("{ font: serif }: …", a slip of the brace): js-yaml names it
    // "[object Object]" or joins a list with commas, `yaml` writes its source text. (A key with a
    // comma of its own is left to `yaml` too: rare, and then read the same way.)
    for (const [k, v] of Object.entries(value)) if (k === 'null' || k.startsWith('[object ') || k.includes(',') || walk(v, depth + 1)) return true;
    return false;
  };
  return walk(data, 0);
}

/** The file's data read quickly, or undefined when it must be read by `yaml` (which then says what is wrong, if anything). */
export function quickYaml(source: string): { data: unknown } | undefined {
  if (!plainEnough(source)) return undefined;
  let data: unknown;
  try {
    data = jsyaml.load(source, { schema: CORE });
  } catch {
    return undefined;
  }
  // An empty file is undefined to js-yaml and null to `yaml`; a null key is "null" to one and "" to the other.
  // Too many values for the text means aliases at work, which `yaml` counts and may refuse.
  if (data === undefined || needsYaml(data, source.length)) return undefined;
  return { data };
}

/** The data of a YAML text that needs no places (the project's own templates): quickly where it can be. */
export function parseYaml(source: string): unknown {
  const quick = quickYaml(source);
  return quick ? quick.data : parse(source);
}

// Reads one YAML file with every node's position kept, refusing what cannot be content (binary,
// invalid UTF-8, huge files, alias bombs, runaway nesting) with a message instead of a crash.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseDocument, LineCounter, isAlias, isCollection, isNode, isSeq, visit, type Alias, type Document, type Node } from 'yaml';
import type { DiagnosticList, Place } from './diagnostic.js';
import { quickYaml } from './fast-yaml.js';
import { holdsYaml, refusedForm, spacesBefore, valueOn, warnNumberForms, warnQuietTraps, yamlTrap } from './yaml-traps.js';

export const MAX_FILE_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;

export interface YamlFile {
  /** Path as shown in messages (relative to the working folder). */
  file: string;
  source: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: unknown;
}

export function placeOf(f: Pick<YamlFile, 'file' | 'lines'>, offset: number, end?: number): Place {
  const { line, col } = f.lines.linePos(offset);
  return { file: f.file, line, col, length: end !== undefined ? Math.max(1, end - offset) : 1 };
}

/** The place of the node at `path`, or of its nearest existing parent. For a missing key, the parent map. */
export function placeAt(f: YamlFile, path: readonly PropertyKey[], keyOnly = false): Place {
  for (let n = path.length; n >= 0; n--) {
    const sub = path.slice(0, n).map((p) => (typeof p === 'symbol' ? String(p) : p));
    const node: unknown = sub.length === 0 ? f.doc.contents : f.doc.getIn(sub, true);
    if (isNode(node) && node.range) {
      if (keyOnly && n === path.length) return keyPlace(f, sub) ?? placeOf(f, node.range[0], node.range[1]);
      const [start, valueEnd] = node.range;
      const firstLineEnd = f.source.indexOf('\n', start);
      const end = firstLineEnd === -1 ? valueEnd : Math.min(valueEnd, firstLineEnd);
      return placeOf(f, start, end);
    }
  }
  return { file: f.file, line: 1, col: 1 };
}

/** The place of the key itself (`year:`), for messages about a key rather than its value. */
export function keyPlace(f: YamlFile, path: readonly (string | number)[]): Place | undefined {
  const parent: unknown = path.length <= 1 ? f.doc.contents : f.doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (parent && typeof parent === 'object' && 'items' in parent && Array.isArray(parent.items)) {
    for (const item of parent.items as unknown[]) {
      if (item && typeof item === 'object' && 'key' in item) {
        const key = (item as { key: unknown }).key;
        if (isNode(key) && key.range && (key as Node & { value?: unknown }).value === last) {
          return placeOf(f, key.range[0], key.range[1]);
        }
      }
    }
  }
  return undefined;
}

/**
 * One walk over the data: how deeply it nests (stopping past the limit), and whether some key
 * starts with a dash and a letter, as a glued "-id:" reads. A value that holds itself (which
 * only an alias can make, and readWithPlaces refuses first) counts as nested without end.
 */
function shapeOf(value: unknown, depth = 0, within = new Set<object>()): { depth: number; dashKey: boolean } {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return { depth, dashKey: false };
  if (within.has(value)) return { depth: Number.POSITIVE_INFINITY, dashKey: false };
  within.add(value);
  let deepest = depth + 1;
  let dashKey = false;
  for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof k === 'string' && /^-[A-Za-z_{[]/.test(k)) dashKey = true;
    const inner = shapeOf(v, depth + 1, within);
    deepest = Math.max(deepest, inner.depth);
    dashKey ||= inner.dashKey;
    if (deepest > MAX_DEPTH) break;
  }
  within.delete(value);
  return { depth: deepest, dashKey };
}

/**
 * An alias inside the very value its anchor labels ("a: &a [*a, *a]"): the value would hold
 * itself, without end, and every walk over it would never finish. An alias repeats the last
 * value labelled with its name before it, so one pass in reading order, keeping the last label
 * of each name, finds every target; and a value can only come to hold itself through an alias
 * written inside its own text (every other alias points back to a value that ended before it).
 */
function aliasInsideItself(doc: Document.Parsed): { alias: Alias; label: Node } | undefined {
  const labelled = new Map<string, Node>();
  let found: { alias: Alias; label: Node } | undefined;
  visit(doc, {
    Node(_, node) {
      if (isAlias(node)) {
        const label = labelled.get(node.source);
        if (label?.range && node.range && node.range[0] >= label.range[0] && node.range[1] <= label.range[1]) {
          found = { alias: node, label };
          return visit.BREAK;
        }
      } else if (node.anchor) labelled.set(node.anchor, node);
      return undefined;
    },
  });
  return found;
}

export function readYaml(path: string, shownAs: string, diags: DiagnosticList): YamlFile | undefined {
  const at = { file: shownAs, line: 1, col: 1 };
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_FILE_BYTES) {
      diags.error(
        at,
        `this file is ${(size / 1024 / 1024).toFixed(1)} MB; a content file may be at most 1 MB`,
        'split the cards over several smaller files (for example one file per country or per century)',
      );
      return undefined;
    }
    bytes = readFileSync(path);
  } catch (e) {
    diags.error(at, `cannot read this file (${(e as NodeJS.ErrnoException).code ?? 'unknown reason'})`, 'check that the file exists and that you may read it');
    return undefined;
  }
  // Saved as UTF-16 (Windows Notepad's "Unicode"): read as the text it is.
  const utf16 = utf16Of(bytes);
  if (utf16 !== undefined) bytes = Buffer.from(utf16, 'utf8');
  if (bytes.includes(0)) {
    diags.error(
      at,
      'this is not a text file (it contains binary data)',
      'content files are plain-text YAML; remove this file or save it as text from your editor',
    );
    return undefined;
  }
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, bad).toString('utf8');
    const line = before.split('\n').length;
    const col = before.length - before.lastIndexOf('\n');
    // The first bytes of a character and nothing after them: the file stops inside a letter.
    const cut = bytes.length - bad <= 3 && cutCharacter(bytes.subarray(bad));
    diags.error(
      { file: shownAs, line, col },
      cut
        ? 'this file stops in the middle of a letter: it looks cut short (saved only in part, or copied before it was written whole)'
        : 'this file is not saved as UTF-8 text (it has a byte that is not valid UTF-8)',
      cut
        ? 'check the end of the file against the copy it came from, and save it whole'
        : 'save the file as "UTF-8" in your editor (accented letters such as é must be UTF-8)',
    );
    return undefined;
  }
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  diags.sources.set(shownAs, source);
  if (source.trim() === '' || /^(\s*#.*\n?)*\s*$/.test(source)) {
    const head = /^(pack|game)\.ya?ml$/.exec(basename(shownAs))?.[1];
    diags.error(
      at,
      'this file is empty',
      head === 'pack'
        ? 'a pack needs its pack.yaml: write at least its id, name and "extends: codex-conquest" (codex-conquest new-pack makes one to copy from)'
        : head === 'game'
          ? 'the game needs its game.yaml: copy the one from content/'
          : 'write the cards under a key such as "books:", or delete the file',
    );
    return undefined;
  }
  // Read quickly where the text allows (fast-yaml.ts), with every node's place otherwise.
  const quick = quickYaml(source);
  const f = quick ? readLater(shownAs, source, quick.data) : readWithPlaces(shownAs, source, diags);
  if (!f) return undefined;
  warnQuietTraps(shownAs, source, diags);
  warnNumberForms(shownAs, source, diags);
  const shape = shapeOf(f.data);
  if (shape.depth > MAX_DEPTH) {
    tooDeep(shownAs, diags);
    return undefined;
  }
  // A merge key, a tag or a field called __proto__ reads, but not as a teacher meant (yaml-traps):
  // said alone, once what the parser refuses has been said.
  const odd = refusedForm(source);
  if (odd) {
    diags.error({ file: shownAs, line: odd.line, col: odd.col, length: odd.length }, odd.message, odd.hint);
    return undefined;
  }
  // A glued dash that YAML could still read ("effects:" then "  -gain: 2", its only entry, reads
  // as a field named "-gain"): no field of ours starts with a dash, so it is named the same way.
  if (shape.dashKey && reportGluedDash(f, diags)) return undefined;
  return f;
}

function tooDeep(file: string, diags: DiagnosticList): void {
  diags.error(
    { file, line: 1, col: 1 },
    'this file is nested far too deeply to be content',
    'cards are lists of fields; check for runaway brackets [[[ or indentation',
  );
}

/** The file read by `yaml`, every node with its place; its mistakes reported, each at its line. */
function readWithPlaces(shownAs: string, source: string, diags: DiagnosticList): YamlFile | undefined {
  const at = { file: shownAs, line: 1, col: 1 };
  const lines = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseWithPlaces(source, lines);
  } catch (e) {
    if (e instanceof RangeError) tooDeep(shownAs, diags);
    else diags.error(at, `the YAML could not be read (${(e as Error).message})`, 'check the indentation and punctuation near the start of the file');
    return undefined;
  }
  const f = { file: shownAs, source, doc, lines } as YamlFile;
  if (
    doc.errors.length > 0 &&
    (reportTabs(f, diags) ||
      reportLookalikes(f, diags) ||
      reportOpenQuote(f, diags) ||
      reportGluedDash(f, diags) ||
      reportMissingDash(f, diags) ||
      reportValueAndList(f, diags) ||
      reportUnclosedFlow(f, diags) ||
      reportMisaligned(f, diags))
  )
    return undefined;
  if (doc.errors.length > 0) {
    // One message per line: a single stray tab or colon makes the parser complain several times.
    const seenLines = new Set<number>();
    for (const err of doc.errors) {
      const place = placeOf(f, err.pos[0], err.pos[1]);
      if (seenLines.has(place.line) || seenLines.size >= 3) continue;
      seenLines.add(place.line);
      // A mark that means something to YAML at the start of a text: said once, at the value.
      const trap = yamlTrap(lineText(source, err.pos[0]));
      if (trap) {
        diags.error({ file: shownAs, line: place.line, col: trap.col }, trap.message, trap.hint);
        return undefined;
      }
      diags.error(place, yamlMessage(err.code, err.message, source, err.pos[0]), yamlHint(err.code, source, err.pos[0]));
    }
    return undefined;
  }
  const selfHeld = aliasInsideItself(doc);
  if (selfHeld) {
    const { alias } = selfHeld;
    const name = alias.source;
    diags.error(
      placeOf(f, alias.range![0], alias.range![1]),
      `"*${name}" repeats the value labelled "&${name}", but it is written inside that value: YAML would read a value that holds itself, without end`,
      `delete "*${name}" and write out what belongs here (content needs no "&" labels or "*" repeats: write each card in full)`,
    );
    return undefined;
  }
  if (reportCollectionKey(f, diags)) return undefined;
  try {
    f.data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    const msg = (e as Error).message;
    const unresolved = /^Unresolved alias.*: (.+)$/.exec(msg);
    const rows = source.split('\n');
    const row = unresolved ? rows.findIndex((r) => r.includes(`*${unresolved[1]}`)) : -1;
    if (unresolved && row >= 0) {
      const col = rows[row]!.indexOf(`*${unresolved[1]}`) + 1;
      diags.error(
        { file: shownAs, line: row + 1, col, length: unresolved[1]!.length + 1 },
        `YAML reads "*${unresolved[1]}" as a repeat of a value labelled "&${unresolved[1]}" elsewhere in the file, and there is none`,
        yamlTrap(rows[row]!)?.hint ?? 'if this is text, put it in double quotation marks',
      );
    } else if (/alias/i.test(msg)) {
      diags.error(
        at,
        'this file repeats aliases (*name) so often that it would grow enormous',
        'write each card out in full instead of using YAML anchors and aliases',
      );
    } else if (e instanceof RangeError) {
      tooDeep(shownAs, diags);
    } else {
      diags.error(at, `the YAML could not be read (${msg})`, 'check the indentation and punctuation of the file');
    }
    return undefined;
  }
  return f;
}

function parseWithPlaces(source: string, lines: LineCounter): Document.Parsed {
  // logLevel 'error': yaml's own warnings (a list used as a key) went to the terminal as Node
  // warnings, in a programmer's words; such a key is reported here instead (reportCollectionKey).
  return parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
}

/**
 * A list or group of fields used as a field's name: "- { id: x }: null", a colon typed after the
 * closing brace. YAML reads the whole group as one name, and the card then seems to lack every
 * field it holds; said once, at the group.
 */
function reportCollectionKey(f: YamlFile, diags: DiagnosticList): boolean {
  let key: Node | undefined;
  visit(f.doc, {
    Pair(_, pair) {
      if (isCollection(pair.key) && (pair.key as Node).range) {
        key = pair.key as Node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (!key?.range) return false;
  const [start, end] = key.range;
  const colon = /^[ \t]*:/.test(f.source.slice(end));
  const what = isSeq(key) ? 'list' : 'group of fields';
  // The line as it was meant: up to the end of the group, without the ":" and what follows.
  const meant = f.source.slice(f.source.lastIndexOf('\n', start - 1) + 1, end);
  diags.error(
    placeOf(f, start, end),
    `this ${what}${colon ? ' is followed by ":", so YAML reads it' : ' is read by YAML'} as the name of a field, not as a value`,
    colon && !meant.includes('\n')
      ? `delete the ":" after it and what follows: "${meant.trimEnd()}"`
      : `write the ${what} as a value, after a name and a colon`,
  );
  return true;
}

/**
 * A file read quickly (fast-yaml.ts): its nodes and their places are built from the same text
 * the first time a message asks for a place in it. The quick reading accepted the text, so
 * `yaml` reads it without errors and to the same data.
 */
function readLater(file: string, source: string, data: unknown): YamlFile {
  let full: { doc: Document.Parsed; lines: LineCounter } | undefined;
  const parsed = () => {
    if (!full) {
      const lines = new LineCounter();
      full = { doc: parseWithPlaces(source, lines), lines };
    }
    return full;
  };
  return {
    file,
    source,
    data,
    get doc() {
      return parsed().doc;
    },
    get lines() {
      return parsed().lines;
    },
  };
}

/**
 * Tabs at the start of lines: reported alone, one message per line (at most three), each saying
 * how many spaces line it up with its neighbours. The parser's other complaints after a tab are
 * only echoes of it, on lines that are themselves correct, so they are left out.
 */
function reportTabs(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  const tabbed = rows.flatMap((text, i) => (/^[ \t]*\t/.test(text) && text.trim() !== '' ? [i] : []));
  if (tabbed.length === 0) return false;
  for (const i of tabbed.slice(0, 3)) {
    const text = rows[i]!;
    const spaces = spacesFor(rows, i);
    const lead = /^[ \t]*/.exec(text)![0];
    diags.error(
      { file: f.file, line: i + 1, col: 1, length: Math.max(1, lead.length) },
      'a tab is used for indentation; YAML needs spaces',
      spaces === undefined
        ? 'replace the tabs at the start of the line with spaces, lining the field up with the one above it'
        : `replace the indentation with ${spaces} spaces, so the line starts under the line before it`,
    );
  }
  if (tabbed.length > 3) {
    diags.error(
      { file: f.file, line: tabbed[3]! + 1, col: 1 },
      `${tabbed.length - 3} more ${tabbed.length - 3 === 1 ? 'line starts' : 'lines start'} with a tab`,
      'most editors can turn tabs into spaces for the whole file ("Convert indentation to spaces")',
    );
  }
  return true;
}

/**
 * A card written without the "- " that starts it: the YAML then fails further down, on a line
 * that is itself correct. Cards in this file start "- id:"; a bare "id:" at the same place (at the
 * dash or under it) is a card that lost its dash, and the message goes there instead.
 */
/**
 * "effects: 3" with a list under it: a key given a value on its own line and a list below, which
 * YAML cannot hold both of. The parser complains at every line of the list; the mistake is the
 * value, so it is said once, there.
 */
function reportValueAndList(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  // Only where the parser itself complained (a valid text running on over a "- " line is not this).
  const complained = new Set(f.doc.errors.map((e) => placeOf(f, e.pos[0], e.pos[1]).line));
  for (let i = 0; i + 1 < rows.length; i++) {
    const m = /^( *)(?:- +)?([A-Za-z_][\w-]*): +([^\s#[{|>&*!"'][^#]*?)\s*$/.exec(rows[i]!);
    if (!m) continue;
    const j = rows.findIndex((r, k) => k > i && holdsYaml(r));
    const under = j > 0 ? /^( *)- /.exec(rows[j]!) : null;
    if (!under || under[1]!.length <= m[1]!.length || !(complained.has(i + 1) || complained.has(j + 1))) continue;
    const col = rows[i]!.lastIndexOf(m[3]!) + 1;
    diags.error(
      { file: f.file, line: i + 1, col, length: m[3]!.length },
      `'${m[2]}' has a value on its own line (${m[3]}) and a list below it: it can have one or the other`,
      `delete "${m[3]}" after "${m[2]}:", so the "- " lines below are its value`,
    );
    return true;
  }
  return false;
}

/**
 * A list or group opened with "[" or "{" on a value and never closed ("author: [Mrs Lee"): the
 * parser reads on to the end of the file and complains there, about indentation, far from the
 * mistake. Said once, at the bracket. A list may run over several lines ("remove: [a,\n  b]"):
 * it is unclosed only if a field at the bracket's own depth or shallower comes first.
 */
function reportUnclosedFlow(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const v = valueOn(rows[i]!);
    if (!v || !/^[[{]/.test(v.value)) continue;
    const indent = rows[i]!.length - rows[i]!.trimStart().length;
    const open = v.at;
    let depth = 0;
    let quote: string | undefined;
    let closedAt = -1;
    for (let j = i; j < rows.length && closedAt < 0; j++) {
      const row = rows[j]!;
      if (j > i && holdsYaml(row) && spacesBefore(row) <= indent && /^ *(- |[A-Za-z_][\w-]*:)/.test(row)) break;
      for (let k = j === i ? open : 0; k < row.length; k++) {
        const c = row[k]!;
        if (quote) {
          if (c === quote) quote = undefined;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '#' && (k === 0 || row[k - 1] === ' ')) break;
        else if (c === '[' || c === '{') depth++;
        else if ((c === ']' || c === '}') && --depth === 0) {
          closedAt = j;
          break;
        }
      }
    }
    if (closedAt >= 0) continue;
    const bracket = v.value[0]!;
    const close = bracket === '[' ? ']' : '}';
    // The line without its comment: the bracket closes before it.
    const line = rows[i]!.replace(/ +#.*$/, '').trimEnd();
    const value = line.slice(open);
    diags.error(
      { file: f.file, line: i + 1, col: open + 1, length: 1 },
      bracket === '[' ? 'this list, opened with "[", is never closed with "]"' : 'this group of fields, opened with "{", is never closed with "}"',
      // A comma says a list was meant; a single word may have been a text.
      v.key && !value.includes(',')
        ? `end it with "${close}" (${line.trim()}${close}), or, if ${v.key} is a text and not a ${bracket === '[' ? 'list' : 'group'}, put it in quotation marks (${v.key}: "${value.replace(/"/g, '')}")`
        : `end it with "${close}": ${line.trim()}${close}`,
    );
    return true;
  }
  return false;
}

/**
 * Characters that look like YAML's own but are not, pasted from a word processor: a typographic
 * dash (– or —) where an entry's "- " belongs, and a non-breaking space where a space belongs.
 * The parser's complaints name neither, and land on the lines after.
 */
function reportLookalikes(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  let told = 0;
  rows.forEach((row, i) => {
    if (told >= 3) return;
    const dash = /^( *)([–—]) /.exec(row);
    // Only where YAML needs a space (the indentation, after the dash or the colon): inside a
    // text, a non-breaking space is a letter like any other.
    const nbsp = /^ *(?:-[ \u00a0]*)?(?:[A-Za-z_][\w-]*:)? *\u00a0/.exec(row);
    if (dash) {
      told++;
      diags.error(
        { file: f.file, line: i + 1, col: dash[1]!.length + 1, length: 1 },
        `this entry starts with a typographic dash (${dash[2]}), which YAML does not read as the "- " that starts an entry`,
        `type a plain hyphen instead: "${row.replace(/^( *)[–—]/, '$1-').trim()}"`,
      );
    } else if (nbsp) {
      told++;
      diags.error(
        { file: f.file, line: i + 1, col: nbsp[0].length, length: 1 },
        'there is a non-breaking space here: it looks like a space, but YAML does not read it as one',
        'delete it and type an ordinary space (word processors put these in; copy the line from a plain-text editor)',
      );
    }
  });
  return told > 0;
}

/**
 * A text opened with a quotation mark and not closed on its line, when the next field follows:
 * the parser reads on to the end of the file and complains there, at a blank line.
 */
function reportOpenQuote(f: YamlFile, diags: DiagnosticList): boolean {
  if (!f.doc.errors.some((e) => /quote/i.test(e.message) || e.code === 'MISSING_CHAR')) return false;
  const rows = f.source.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const v = valueOn(rows[i]!);
    if (!v || !/^["']/.test(v.value)) continue;
    const q = v.value[0]!;
    const rest = v.value.slice(1);
    const closed = q === '"' ? /(^|[^\\])"/.test(rest) : /'(?!')/.test(rest.replace(/''/g, ''));
    if (closed) continue;
    // Not closed here: is the next line a field of its own? Then the text was never closed.
    const next = rows.slice(i + 1).find((r) => r.trim() !== '');
    if (next !== undefined && !/^ *(- +)?[A-Za-z_][\w-]*:( |$)/.test(next)) continue;
    diags.error(
      { file: f.file, line: i + 1, col: v.at + 1, length: 1 },
      'this text opens with a quotation mark that is never closed',
      `add the closing ${q} at the end of the text: ${rows[i]!.trim()}${q}`,
    );
    return true;
  }
  return false;
}

/**
 * A field indented differently from the fields around it ("   place:" among "    year:"): said at
 * that line, with the spaces it needs, where the parser complains about the line before or after.
 */
function reportMisaligned(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  const complained = new Set(f.doc.errors.map((e) => placeOf(f, e.pos[0], e.pos[1]).line));
  let prev: { indent: number; key: string; opens: boolean; line: number } | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!holdsYaml(row)) continue;
    const m = /^( *)(- +)?([A-Za-z_][\w-]*):( +[^#]*?)?\s*(#.*)?$/.exec(row);
    if (!m) {
      prev = undefined;
      continue;
    }
    const indent = m[1]!.length + (m[2]?.length ?? 0);
    const opens = !m[4] || /^ *[|>]/.test(m[4]);
    if (prev && !m[2] && !prev.opens && indent !== prev.indent && indent > prev.indent - 2 && (complained.has(i + 1) || complained.has(prev.line))) {
      diags.error(
        { file: f.file, line: i + 1, col: 1, length: m[1]!.length || 1 },
        `this line is indented by ${m[1]!.length} spaces, where '${prev.key}' above it has ${prev.indent}: ${indent > prev.indent ? 'YAML reads it as part of the value above' : 'YAML cannot tell which entry it belongs to'}`,
        `indent it by ${prev.indent} spaces, to line up with "${prev.key}:" above`,
      );
      return true;
    }
    prev = { indent, key: m[3]!, opens, line: i + 1 };
  }
  return false;
}

/** Whether the bare `id:` on row `i` (indented `own`) sits under a key that holds nothing on its own line, and the next field is indented 2 more. */
function shapedAsDashless(rows: readonly string[], i: number, own: number): boolean {
  const below = rows.slice(i + 1).find(holdsYaml);
  if (below === undefined || spacesBefore(below) !== own + 2) return false;
  const above = rows.slice(0, i).reverse().find(holdsYaml);
  return above !== undefined && spacesBefore(above) < own && /^ *[A-Za-z_][\w-]*: *(#.*)?$/.test(above);
}

function reportMissingDash(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  const dashes = new Set<number>();
  for (const text of rows) {
    const m = /^( *)- +id:/.exec(text);
    if (m) dashes.add(m[1]!.length);
  }
  const bare = rows.flatMap((text, i) => {
    const m = /^( *)id:/.exec(text);
    if (!m) return [];
    const own = m[1]!.length;
    // Where no card of the file has its dash (a file of one card), the card's own shape says it:
    // an id under a list's key, with the fields below it indented 2 spaces more, as they are
    // after "- ".
    const indent = dashes.has(own) ? own : dashes.has(own - 2) ? own - 2 : dashes.size === 0 && shapedAsDashless(rows, i, own) ? own : undefined;
    if (indent === undefined) return [];
    // Walk up to the card this line sits in: if that card already has its id, or there is none
    // (the line opens the list), this id starts a card of its own that lost its dash.
    for (let j = i - 1; j >= 0; j--) {
      const above = rows[j]!;
      if (!holdsYaml(above)) continue;
      const lead = spacesBefore(above);
      if (lead < indent) return [{ i, indent }];
      if (lead === indent && /^ *- /.test(above)) return /^ *- +id:/.test(above) ? [{ i, indent }] : [];
    }
    return [{ i, indent }];
  });
  if (bare.length === 0) return false;
  for (const { i, indent } of bare.slice(0, 3)) {
    diags.error(
      { file: f.file, line: i + 1, col: 1, length: rows[i]!.length },
      dashes.size > 0
        ? 'this card has no "- " before its first field, so it runs into the card above or below it'
        : 'this card has no "- " before its first field, so YAML does not read it as a card of the list',
      `start the card with a dash${dashes.size > 0 ? ', like the others' : ''}: "${' '.repeat(indent)}- ${rows[i]!.trim()}"`,
    );
  }
  return true;
}

/**
 * A dash written against its field ("-id: …" for "- id: …"): YAML reads "-id" as a word, and its
 * complaints land on the correct lines below. Reported alone, at the dash, with the line mended.
 */
function reportGluedDash(f: YamlFile, diags: DiagnosticList): boolean {
  const rows = f.source.split('\n');
  const glued = rows.flatMap((text, i) => (/^ *-(?:[A-Za-z_][\w-]*:(\s|$)|[{[])/.test(text) ? [i] : []));
  if (glued.length === 0) return false;
  for (const i of glued.slice(0, 3)) {
    const text = rows[i]!;
    const col = spacesBefore(text) + 1;
    diags.error(
      { file: f.file, line: i + 1, col, length: 1 },
      `the dash has no space after it, so YAML reads "${text.trim().split(/[:\s]/)[0]}" as one word, not as the start of a new entry`,
      `put a space after the dash: "${text.replace(/^( *)-/, '$1- ')}"`,
    );
  }
  return true;
}

/** How many spaces the line at `i` needs: those of the field above it (after its "- "), if it has one. */
function spacesFor(rows: string[], i: number): number | undefined {
  for (let j = i - 1; j >= 0; j--) {
    const above = rows[j]!;
    if (!holdsYaml(above)) continue;
    if (/^[ ]*\t/.test(above)) continue;
    const m = /^( *)(- +)?/.exec(above)!;
    const indent = m[1]!.length + (m[2]?.length ?? 0);
    // A line ending in ':' opens a block: what follows goes one level (two spaces) deeper.
    return /:\s*$/.test(above) && !m[2] ? indent + 2 : indent;
  }
  return undefined;
}

/** Offset of the first byte that breaks UTF-8, so the message can name the line. */
/** The text of a file saved as UTF-16 (with its byte-order mark, or plain ASCII text with a zero byte beside each letter); undefined otherwise. */
function utf16Of(bytes: Buffer): string | undefined {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!le && !be) {
    // No mark: the first letters, ASCII as YAML's keys are, each with a zero byte on one side.
    const head = bytes.subarray(0, Math.min(64, bytes.length - (bytes.length % 2)));
    if (head.length < 4) return undefined;
    const zeroAt = (odd: number) => head.every((b, i) => (i % 2 === odd ? b === 0 : b !== 0));
    if (zeroAt(1)) return new TextDecoder('utf-16le').decode(bytes);
    if (zeroAt(0)) return new TextDecoder('utf-16be').decode(bytes);
    return undefined;
  }
  return new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
}

/** Whether `tail` is the start of a UTF-8 character with the rest of it missing. */
function cutCharacter(tail: Buffer): boolean {
  const b = tail[0]!;
  const extra = b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : 0;
  return extra > 0 && tail.length <= extra && tail.subarray(1).every((c) => (c & 0xc0) === 0x80);
}

function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const extra = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (extra < 0) return i;
    for (let k = 1; k <= extra; k++) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += extra + 1;
  }
  return 0;
}

function lineText(source: string, offset: number): string {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  const end = source.indexOf('\n', offset);
  return source.slice(start, end === -1 ? undefined : end);
}

/** The key a line starts with ("  place: Mainz" → "place"). */
const keyOf = (line: string): string | undefined => /^\s*([^:#]+):/.exec(line)?.[1]?.trim();
/** A key at the top of a file heads a whole list ("national_events:"), not a card's field. */
const atTop = (line: string): boolean => /^\S/.test(line);

/** A line that is only a name, with no colon after it ("    value"). */
const bareName = (line: string): string | undefined => /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*$/.exec(line)?.[1];
/** Whether the offset is on the file's last line and the file does not end with a line break: where a cut file stops. */
const onCutLastLine = (source: string, offset: number): boolean => !source.endsWith('\n') && source.indexOf('\n', offset) === -1;
/** Whether `offset` points inside its line, after other YAML ("{ min: 3, min: 4 }"), not at the line's first key. */
const insideLine = (source: string, offset: number): boolean => !/^\s*(-\s+)?$/.test(source.slice(source.lastIndexOf('\n', offset - 1) + 1, offset));
/** The line before the one at `offset`. */
const lineBefore = (source: string, offset: number): string => {
  const start = source.lastIndexOf('\n', offset - 1);
  return start <= 0 ? '' : lineText(source, start - 1);
};

function yamlMessage(code: string, message: string, source: string, offset: number): string {
  const text = lineText(source, offset);
  if (/\t/.test(text) || code === 'TAB_AS_INDENT') return 'a tab is used for indentation; YAML needs spaces';
  if (/call stack/i.test(message)) return 'this file is nested far too deeply to be content';
  if (/closing .?quote/i.test(message)) return 'a quotation mark is opened but never closed';
  if (code === 'MULTIPLE_DOCS') return 'this file holds two YAML documents: a line of three dashes (---) starts a new one';
  const bare = bareName(text);
  if (bare && (code === 'BAD_INDENT' || code === 'MISSING_CHAR'))
    return onCutLastLine(source, offset)
      ? `the file stops at '${bare}', with no colon or value after it: it looks cut short`
      : `'${bare}' has no colon after it, so it is neither a field nor text`;
  switch (code) {
    case 'DUPLICATE_KEY': {
      // The key written twice stands where the parser points (in "{ min: 3, min: 4 }" too).
      const key = /^[A-Za-z_][\w-]*/.exec(source.slice(offset))?.[0] ?? keyOf(text) ?? 'this key';
      if (insideLine(source, offset)) return `'${key}' appears twice in the same { … }`;
      return atTop(text) ? `'${key}' appears twice at the top of this file` : `'${key}' appears twice in the same entry`;
    }
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'the indentation here does not line up with the lines around it';
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'a key and its value are not on one line as expected (often a missing colon or a stray indent)';
    case 'UNEXPECTED_TOKEN':
      return `unexpected character in the YAML: ${firstLine(message)}`;
    default:
      return `the YAML is not well formed: ${firstLine(message)}`;
  }
}

function yamlHint(code: string, source: string, offset: number): string {
  const text = lineText(source, offset);
  if (/\t/.test(text) || code === 'TAB_AS_INDENT') return 'replace each tab at the start of the line with two spaces';
  if (code === 'DUPLICATE_KEY' && insideLine(source, offset)) return 'keep one of the two and delete the other';
  if (code === 'DUPLICATE_KEY' && /^\s*id:/.test(text)) return `this looks like a new card: start it with "- " (e.g. "  - ${text.trim()}")`;
  if (code === 'DUPLICATE_KEY' && atTop(text)) {
    const key = keyOf(text) ?? 'key';
    return `keep one "${key}:" line and put all its entries under it: delete this line, and move the entries below it up under the first "${key}:" (they keep their "- " and their indentation)`;
  }
  if (code === 'DUPLICATE_KEY') return 'keep one of the two and delete the other';
  if (code === 'MULTIPLE_DOCS') return 'delete the --- line: a file holds one list of cards under each key (cards to keep apart can go in a file of their own)';
  const bare = bareName(text);
  if (bare && (code === 'BAD_INDENT' || code === 'MISSING_CHAR'))
    return onCutLastLine(source, offset)
      ? `check the end of the file against the copy it came from; a field is written with a colon and its value, e.g. ${bare}: …`
      : `write a colon and the value after it (${bare}: …), or join it to the text on the line above`;
  // A quotation mark left open is on this line or the one before, not anywhere in the file.
  if (/["']/.test(`${lineBefore(source, offset)}${text}`) && /MISSING_CHAR/.test(code))
    return 'add the closing quotation mark at the end of the text, e.g. title: "Faust: A Tragedy"';
  if (/: .*: /.test(text)) return 'a value that contains ": " must be put in quotes, e.g. title: "Faust: A Tragedy"';
  return 'line up each field under the one above it with spaces, and write "key: value" with a space after the colon';
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.replace(/ at line \d+, column \d+/, '');
}

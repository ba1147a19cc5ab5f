// Marks that YAML reads as something other than text, where a teacher meant text: each found on
// the line it is written, with the line as it should be. Two kinds:
//   - those the parser refuses (a value starting with *, [, an apostrophe inside '…', curly
//     quotation marks, an effect's fields without braces): `yamlTrap` turns the parser's complaint
//     into what to write;
//   - those the parser accepts and quietly changes (" #1" starts a comment and cuts the text
//     there; "&Co." at the start of a value is a label and vanishes): `warnQuietTraps` warns, since
//     the file reads, but not as it was meant; and `warnNumberForms` for numbers in a form no
//     teacher means (0x10 is 16, 0o17 is 15, 1e3 is 1000).
// With them, the small readers of a line that read-yaml's reporters share: whether it holds YAML,
// its indentation, its key and value.
import type { DiagnosticList } from './diagnostic.js';

/** Whether a line holds YAML: not blank, not only a comment. */
export function holdsYaml(row: string): boolean {
  const t = row.trim();
  return t !== '' && !t.startsWith('#');
}

/** The spaces a line starts with (a tab is not one: the readers report tabs on their own). */
export function spacesBefore(row: string): number {
  return /^ */.exec(row)![0].length;
}

/** A line "key: value" or "- key: value" (or "- value"): the key, and where the value starts. */
export function valueOn(line: string): { key?: string; at: number; value: string } | undefined {
  const m = /^( *(?:- +)?)(?:([A-Za-z_][\w-]*): +)?(?=\S)/.exec(line);
  if (!m || (!m[2] && !/^ *- /.test(line))) return undefined;
  const at = m[0].length;
  return { ...(m[2] ? { key: m[2] } : {}), at, value: line.slice(at).trimEnd() };
}

/** The line mended: the value in double quotation marks (any inside it made single). */
function quoted(v: { key?: string; value: string }): string {
  const text = v.value.replace(/^["'“”‘’]|["'“”‘’]$/g, '').replace(/"/g, "'");
  return `${v.key ? `${v.key}: ` : '- '}"${text}"`;
}

/**
 * What to say about a line the parser refused, when the cause is a mark that means something to
 * YAML at the start of a text; undefined when the line shows none of them.
 */
export function yamlTrap(line: string): { message: string; hint: string; col: number } | undefined {
  const v = valueOn(line);
  if (!v) return undefined;
  const first = v.value[0]!;
  const col = v.at + 1;
  if (first === '“' || first === '‘' || /[“”]/.test(v.value))
    return {
      col,
      message: 'this text is in typographic quotation marks (“ ”), which YAML reads as ordinary letters, not as quotation marks',
      hint: `use straight quotation marks: ${quoted(v)}`,
    };
  // An effect written without its braces: "- pay: 2, to: spain".
  if (/^ *- +[A-Za-z_][\w-]*: +[^{["'][^,]*, *[A-Za-z_][\w-]*: /.test(line))
    return {
      col: line.indexOf('-') + 1,
      message: 'an entry with several fields on one line needs braces around them',
      hint: `write it as ${line.trim().replace(/^- +(.*)$/, '- { $1 }')}`,
    };
  if (first === "'" && /^'[^']*'[A-Za-z]/.test(v.value))
    return {
      col,
      message: "the apostrophe inside this text ends it: in YAML, a text in '…' stops at the next '",
      hint: `put the text in double quotation marks instead: ${quoted(v)}`,
    };
  // A list or group is YAML's own; text after its closing bracket ("[The] Life") is not.
  const flowThenText = /^[[{][^\]}]*[\]}] *[^\s#,\]}]/.test(v.value);
  if (('*&!%@`|>'.includes(first) || flowThenText) && v.value.length > 1)
    return {
      col,
      message: `a value that starts with "${first}" means something else to YAML than text`,
      hint: `put the whole text in double quotation marks: ${quoted(v)}`,
    };
  return undefined;
}

/**
 * Warnings for what the parser accepted but changed: text cut at " #" (the rest became a comment),
 * and "&name" at the start of a value that nothing refers to (it became a label, not text).
 */
export function warnQuietTraps(file: string, source: string, diags: DiagnosticList): void {
  // Read on every validate and build, so most files and lines are passed over on a glance.
  if (!source.includes('&') && !source.includes(' #')) return;
  let used: Set<string> | undefined; // the names aliases (*name) repeat: looked for at the first anchor
  const indentOf = (row: string) => row.length - row.trimStart().length;
  let block = -1; // the indentation of a "|" or ">" text being read: its lines are text, not YAML
  // Three of each kind are said in full; a file with hundreds (made by a program, not by hand)
  // would bury everything else, so the rest are counted in one line after them.
  const told = { anchor: 0, cut: 0 };
  const more = { anchor: 0, cut: 0 };
  const first = { anchor: 0, cut: 0 };
  const warn = (kind: 'anchor' | 'cut', line: number, say: () => Parameters<DiagnosticList['warn']>) => {
    if (told[kind] < 3) {
      told[kind]++;
      diags.warn(...say());
    } else if (more[kind]++ === 0) first[kind] = line;
  };
  source.split('\n').forEach((row, i) => {
    if (block >= 0) {
      if (row.trim() === '' || indentOf(row) > block) return;
      block = -1;
    }
    if (!row.includes('&') && !row.includes(' #') && !row.includes('|') && !row.includes('>')) return;
    const v = valueOn(row);
    if (!v) return;
    if (/^[|>]/.test(v.value)) {
      block = indentOf(row);
      return;
    }
    const anchor = /^&([^\s,[\]{}]+)(?: +(.*))?$/.exec(v.value);
    if (anchor) used ??= new Set([...source.matchAll(/(?:^|[\s[{,])\*([^\s,[\]{}]+)/g)].map((m) => m[1]!));
    if (anchor && !used!.has(anchor[1]!)) {
      warn('anchor', i + 1, () => [
        { file, line: i + 1, col: v.at + 1, length: anchor[1]!.length + 1 },
        `"&${anchor[1]}" at the start of a value is read by YAML as a label for it, not as text: ${anchor[2] ? `the text here is “${anchor[2].replace(/ +#.*$/, '')}”` : 'the value here is empty'}`,
        `if "&${anchor[1]}" is part of the text, put the whole text in double quotation marks: ${quoted(v)}`,
      ]);
      return;
    }
    if (/^["'[{]/.test(v.value)) return;
    // " #" ends the value: what follows is a comment. A comment is written "# words"; "#1" or
    // "#fff" glued to its mark is text that was cut off. (A value that is only a comment,
    // "colour: #1f4e79", is empty, which the field's own check says.)
    const cut = / #(\S)/.exec(v.value);
    if (cut && cut[1] !== '#') {
      const kept = v.value.slice(0, cut.index).trimEnd();
      warn('cut', i + 1, () => [
        { file, line: i + 1, col: v.at + cut.index + 2, length: v.value.length - cut.index - 1 },
        `the text stops before "#": YAML reads a "#" after a space as the start of a comment, so ${v.key ? `'${v.key}'` : 'this entry'} is only “${kept}”`,
        `if "#" is part of the text, put the whole text in double quotation marks: ${quoted(v)}`,
      ]);
    }
  });
  if (more.anchor > 0)
    diags.warn(
      { file, line: first.anchor, col: 1 },
      `${more.anchor} more ${more.anchor === 1 ? 'value starts' : 'values start'} with "&", which YAML reads as a label, not as text`,
      'put each of those texts in double quotation marks, as above',
    );
  if (more.cut > 0)
    diags.warn(
      { file, line: first.cut, col: 1 },
      `${more.cut} more ${more.cut === 1 ? 'text is' : 'texts are'} cut short at " #", which YAML reads as the start of a comment`,
      'put each of those texts in double quotation marks, as above',
    );
}

/** A number YAML reads from a form other than plain digits: hexadecimal, octal, or with an exponent. */
const NUMBER_FORM = /(^\s*(?:-\s+)?|[{,]\s*)([A-Za-z_][\w-]*): +([-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|(?:\d+\.?\d*|\.\d+)[eE][-+]?\d+))(?= *(?:[,}]|#|$))/g;
const NUMBER_HINT = /0[xo]|\d[eE]/;

/**
 * Warnings for numbers the parser read from a form no teacher means: "gain: 0x10" is 16, "gain:
 * 0o7" is 7 and "year: 1e3" is 1000, with nothing said. Each is named with the number it became.
 */
export function warnNumberForms(file: string, source: string, diags: DiagnosticList): void {
  if (!NUMBER_HINT.test(source)) return;
  let told = 0;
  let block = -1; // the indentation of a "|" or ">" text being read: its lines are text, not YAML
  const indentOf = (row: string) => row.length - row.trimStart().length;
  source.split('\n').forEach((row, i) => {
    if (block >= 0) {
      if (row.trim() === '' || indentOf(row) > block) return;
      block = -1;
    }
    if (/:\s*[|>][-+\d]*\s*(#.*)?$/.test(row)) {
      block = indentOf(row);
      return;
    }
    if (!NUMBER_HINT.test(row)) return;
    const code = row.replace(/ #.*$/, '');
    for (const m of code.matchAll(NUMBER_FORM)) {
      const [, before, key, written] = m as unknown as [string, string, string, string];
      const n = Number(written);
      // A number out of every field's range, or not whole, is refused by the field's own check.
      if (!Number.isInteger(n) || Math.abs(n) > 100_000 || told++ >= 3) continue;
      const how = /0x/i.test(written) ? 'in hexadecimal' : /0o/.test(written) ? 'in octal' : 'with an exponent';
      const col = m.index + before.length + key.length + 3;
      diags.warn(
        { file, line: i + 1, col, length: written.length },
        `"${written}" is read as the number ${n.toLocaleString('en')}, written ${how}`,
        `write the number in plain digits: ${key}: ${n}; if "${written}" is text, put it in double quotation marks: ${key}: "${written}"`,
      );
    }
  });
  if (told > 3)
    diags.warn(
      { file, line: 1, col: 1 },
      `${told - 3} more numbers in this file are written in hexadecimal, in octal or with an exponent`,
      'write each in plain digits, as above',
    );
}

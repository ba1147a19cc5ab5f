// Marks that YAML reads as something other than text, where a teacher meant text: each found on
// the line it is written, with the line as it should be. Two kinds:
//   - those the parser refuses (a value starting with *, [, an apostrophe inside '…', curly
//     quotation marks, an effect's fields without braces): `yamlTrap` turns the parser's complaint
//     into what to write;
//   - those the parser accepts and quietly changes (" #1" starts a comment and cuts the text
//     there; "&Co." at the start of a value is a label and vanishes): `warnQuietTraps` warns, since
//     the file reads, but not as it was meant; `warnNumberForms` for numbers in a form no
//     teacher means (0x10 is 16, 0o17 is 15, 1e3 is 1000); and `refusedForm` for a merge key, a
//     tag or a field called __proto__, which read-yaml refuses.
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
 * Each line of a file that is YAML, with its index: the lines of a text written over several lines
 * ("|" or ">", and everything indented under it) are text, and are passed over, as is the line
 * that opens one. The traps below look at YAML only.
 */
export function* yamlRows(source: string): Generator<[row: string, index: number]> {
  let block = -1; // the indentation of a "|" or ">" text being read
  const rows = source.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const indent = row.length - row.trimStart().length;
    if (block >= 0) {
      if (row.trim() === '' || indent > block) continue;
      block = -1;
    }
    if ((row.includes('|') || row.includes('>')) && /^[|>]/.test(valueOn(row)?.value ?? '')) {
      block = indent;
      continue;
    }
    yield [row, i];
  }
}

/**
 * Warnings of one kind: three said in full; a file with hundreds (made by a program, not by hand)
 * would bury everything else, so the rest are counted in one line, at the first of them.
 */
class Capped {
  private told = 0;
  private more = 0;
  private firstMore = 0;
  constructor(private readonly diags: DiagnosticList) {}

  warn(line: number, say: () => Parameters<DiagnosticList['warn']>): void {
    if (this.told < 3) {
      this.told++;
      this.diags.warn(...say());
    } else if (this.more++ === 0) this.firstMore = line;
  }

  /** The line that counts the rest, if there were more than three. */
  counted(file: string, message: (n: number) => string, hint: string): void {
    if (this.more > 0) this.diags.warn({ file, line: this.firstMore, col: 1 }, message(this.more), hint);
  }
}

/**
 * Warnings for what the parser accepted but changed: text cut at " #" (the rest became a comment),
 * and "&name" at the start of a value that nothing refers to (it became a label, not text).
 */
export function warnQuietTraps(file: string, source: string, diags: DiagnosticList): void {
  // Read on every validate and build, so most files and lines are passed over on a glance.
  if (!source.includes('&') && !source.includes(' #')) return;
  let used: Set<string> | undefined; // the names aliases (*name) repeat: looked for at the first anchor
  const anchors = new Capped(diags);
  const cuts = new Capped(diags);
  for (const [row, i] of yamlRows(source)) {
    if (!row.includes('&') && !row.includes(' #')) continue;
    const v = valueOn(row);
    if (!v) continue;
    const anchor = /^&([^\s,[\]{}]+)(?: +(.*))?$/.exec(v.value);
    if (anchor) used ??= new Set([...source.matchAll(/(?:^|[\s[{,])\*([^\s,[\]{}]+)/g)].map((m) => m[1]!));
    if (anchor && !used!.has(anchor[1]!)) {
      anchors.warn(i + 1, () => [
        { file, line: i + 1, col: v.at + 1, length: anchor[1]!.length + 1 },
        `"&${anchor[1]}" at the start of a value is read by YAML as a label for it, not as text: ${anchor[2] ? `the text here is “${anchor[2].replace(/ +#.*$/, '')}”` : 'the value here is empty'}`,
        `if "&${anchor[1]}" is part of the text, put the whole text in double quotation marks: ${quoted(v)}`,
      ]);
      continue;
    }
    if (/^["'[{]/.test(v.value)) continue;
    // " #" ends the value: what follows is a comment. A comment is written "# words"; "#1" or
    // "#fff" glued to its mark is text that was cut off. (A value that is only a comment,
    // "colour: #1f4e79", is empty, which the field's own check says.)
    const cut = / #(\S)/.exec(v.value);
    if (cut && cut[1] !== '#') {
      const kept = v.value.slice(0, cut.index).trimEnd();
      cuts.warn(i + 1, () => [
        { file, line: i + 1, col: v.at + cut.index + 2, length: v.value.length - cut.index - 1 },
        `the text stops before "#": YAML reads a "#" after a space as the start of a comment, so ${v.key ? `'${v.key}'` : 'this entry'} is only “${kept}”`,
        `if "#" is part of the text, put the whole text in double quotation marks: ${quoted(v)}`,
      ]);
    }
  }
  anchors.counted(
    file,
    (n) => `${n} more ${n === 1 ? 'value starts' : 'values start'} with "&", which YAML reads as a label, not as text`,
    'put each of those texts in double quotation marks, as above',
  );
  cuts.counted(
    file,
    (n) => `${n} more ${n === 1 ? 'text is' : 'texts are'} cut short at " #", which YAML reads as the start of a comment`,
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
  const forms = new Capped(diags);
  for (const [row, i] of yamlRows(source)) {
    if (!NUMBER_HINT.test(row)) continue;
    for (const m of row.replace(/ #.*$/, '').matchAll(NUMBER_FORM)) {
      const [, before, key, written] = m as unknown as [string, string, string, string];
      const n = Number(written);
      // A number out of every field's range, or not whole, is refused by the field's own check.
      if (!Number.isInteger(n) || Math.abs(n) > 100_000) continue;
      const how = /0x/i.test(written) ? 'in hexadecimal' : /0o/.test(written) ? 'in octal' : 'with an exponent';
      forms.warn(i + 1, () => [
        { file, line: i + 1, col: m.index + before.length + key.length + 3, length: written.length },
        `"${written}" is read as the number ${n.toLocaleString('en')}, written ${how}`,
        `write the number in plain digits: ${key}: ${n}; if "${written}" is text, put it in double quotation marks: ${key}: "${written}"`,
      ]);
    }
  }
  forms.counted(
    file,
    (n) => `${n} more ${n === 1 ? 'number in this file is' : 'numbers in this file are'} written in hexadecimal, in octal or with an exponent`,
    'write each in plain digits, as above',
  );
}

/**
 * The first of what the parser reads, but not as a teacher meant, so that read-yaml refuses the
 * file with it alone: a merge key ("<<: *base": the fields it would bring are missing, nine errors
 * for one line), a tag ("!!binary …": it changes the value's kind), a field called "__proto__"
 * (it changes what the value is made from instead of adding a field, and vanishes).
 */
export function refusedForm(source: string): { line: number; col: number; length: number; message: string; hint: string } | undefined {
  if (!source.includes('<<') && !source.includes('!') && !source.includes('__proto__')) return undefined;
  for (const [row, i] of yamlRows(source)) {
    const merge = /^(\s*(?:-\s+)?)<<\s*:/.exec(row) ?? /([{,]\s*)<<\s*:/.exec(row);
    if (merge)
      return {
        line: i + 1,
        col: merge.index + merge[1]!.length + 1,
        length: 2,
        message: 'a merge key (<<) is not read here: the fields it would bring in are missing',
        hint: 'write out in full every field this entry needs, and delete the << line',
      };
    const proto = /(^\s*(?:-\s+)?|[{,]\s*)["']?__proto__["']?\s*:/.exec(row);
    if (proto)
      return {
        line: i + 1,
        col: proto.index + proto[1]!.length + 1,
        length: proto[0].length - proto[1]!.length - 1,
        message: "'__proto__' cannot be the name of a field",
        hint: 'delete this field, or give it the name it should have',
      };
    const v = valueOn(row);
    const tag = v && /^!\S*/.exec(v.value);
    if (v && tag) {
      const rest = v.value.slice(tag[0].length).trim();
      return {
        line: i + 1,
        col: v.at + 1,
        length: tag[0].length,
        message: `“${tag[0]}” is a YAML tag, which changes what kind of value follows it`,
        hint: rest ? `delete the tag and write the value alone: ${v.key ? `${v.key}: ` : '- '}${rest}` : 'delete the tag',
      };
    }
  }
  return undefined;
}

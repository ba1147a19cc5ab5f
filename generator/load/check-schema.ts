// Checks parsed YAML against a zod schema and turns every problem into a diagnostic at the exact
// node, in words a teacher can act on: what is wrong, and what to write instead.
import { basename } from 'node:path';
import { z } from 'zod';
import type { DiagnosticList } from './diagnostic.js';
import { isScalar } from 'yaml';
import { placeAt, keyPlace, type YamlFile } from './read-yaml.js';
import { didYouMean, nearest } from './nearest.js';
import { CenturyRef, EFFECT_VERBS, NUMBER_WORDS, cardTypes } from '../../engine/index.js';
import { effectCode, effectFromSentence, effectFromWords, type Vocabulary } from './effect-words.js';
import { cssColour } from './css-colours.js';
import { isIconName } from './icon-set.js';
import { cardIdHint, codeHint } from './card-meant.js';
import { centuryMeant } from './century-meant.js';
import { plainMark } from './plain-letters.js';

type Path = (string | number)[];
type Issue = z.core.$ZodIssue;

const VERBS: string[] = EFFECT_VERBS.map((v) => v.verb);

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** Walks a schema along a data path, so messages can quote the field's own description. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[], data?: unknown): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  const walked: PropertyKey[] = [];
  for (const p of path) {
    s = s && unwrap(s);
    if (!s) return undefined;
    if (s instanceof z.ZodUnion) s = pickOption(s, valueAt(data, walked));
    s = s && unwrap(s);
    if (s instanceof z.ZodObject) s = (s.shape as Record<string, z.ZodType>)[String(p)];
    else if (s instanceof z.ZodArray) s = s.element as z.ZodType;
    else return undefined;
    walked.push(p);
  }
  return s && unwrap(s);
}

/**
 * A field written one level too high ("starting_credits:" at the top of pack.yaml, where it
 * belongs to an edition): the field of `parent` whose entries have it, as a hint with the line
 * to write there.
 */
function nestedHome(parent: z.ZodType | undefined, key: string, value: unknown): string | undefined {
  if (!(parent instanceof z.ZodObject)) return undefined;
  const shown = value === undefined || (typeof value === 'object' && value !== null) ? '…' : JSON.stringify(value).replace(/^"(.*)"$/, '$1');
  for (const [field, child] of Object.entries(parent.shape as Record<string, z.ZodType>)) {
    let inner = unwrap(child);
    const list = inner instanceof z.ZodArray;
    if (list) inner = unwrap((inner as z.ZodArray).element as z.ZodType);
    if (!(inner instanceof z.ZodObject) || !(key in inner.shape)) continue;
    const id = 'id' in inner.shape ? 'id: …, ' : '';
    return list
      ? `'${key}' belongs to an entry of '${field}', not here: write it inside one${id ? ', with the id of the entry it changes' : ''}, as in "${field}: [{ ${id}${key}: ${shown} }]" (see docs/content-format.md)`
      : `'${key}' belongs under '${field}', not here: write "${field}: { ${key}: ${shown} }" (see docs/content-format.md)`;
  }
  return undefined;
}

function unwrap(s: z.ZodType): z.ZodType {
  let cur: z.ZodType = s;
  for (let i = 0; i < 8; i++) {
    if (cur instanceof z.ZodOptional || cur instanceof z.ZodNullable) cur = cur.unwrap() as z.ZodType;
    else if (cur instanceof z.ZodDefault) cur = cur.unwrap() as z.ZodType;
    else break;
  }
  return cur;
}

function pickOption(u: z.ZodUnion, value: unknown): z.ZodType | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const keys = Object.keys(value);
  return (u.options as z.ZodType[]).find((o) => {
    const obj = unwrap(o);
    return obj instanceof z.ZodObject && keys.some((k) => VERBS.includes(k) && k in obj.shape);
  });
}

/** A value in words; a number as the teacher wrote it ("1e308", "0x2711"), where that is known. */
function describeValue(v: unknown, written?: string): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'empty';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the text "${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`;
  if (typeof v === 'number') return `the number ${written ?? v}`;
  if (typeof v === 'boolean') return `${v}`;
  return 'a set of fields';
}

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list (one "- " line per item)',
  object: 'a set of fields (one "name: value" line each)',
};

function fieldName(path: Path): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return 'this';
}

function example(schema: z.ZodType | undefined): string | undefined {
  return schema?.description;
}

/** What a field is for, from its description, as an aside at the end of a hint: " (credits received)". */
function aside(schema: z.ZodType | undefined): string {
  return schema?.description ? ` (${schema.description.replace(/\.$/, '').toLowerCase()})` : '';
}

/** The number a field takes: the field itself, or the number among its choices ("'per-player' or 1 to 24"). */
function numberIn(schema: z.ZodType | undefined): z.ZodNumber | undefined {
  const s = schema && unwrap(schema);
  if (s instanceof z.ZodNumber) return s;
  if (s instanceof z.ZodUnion) return (s.options as z.ZodType[]).map(unwrap).find((o): o is z.ZodNumber => o instanceof z.ZodNumber);
  return undefined;
}

/** A number's range in words: "a whole number from 1 to 24". */
function numberWords(n: z.ZodNumber): string {
  const whole = n.isInt ? 'a whole number' : 'a number';
  const { minValue: min, maxValue: max } = n;
  const bounded = (v: number | null): v is number => v !== null && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER;
  if (bounded(min) && bounded(max)) return `${whole} from ${min} to ${max}`;
  if (bounded(max)) return `${whole} no more than ${max}`;
  if (bounded(min)) return `${whole} no less than ${min}`;
  return whole;
}

/**
 * The choices of a union that is not the effect language, in words ("'per-player' or a whole
 * number from 1 to 24"); undefined for the effects' union, which is reported verb by verb.
 */
function plainChoices(schema: z.ZodType | undefined): string | undefined {
  const s = schema && unwrap(schema);
  if (!(s instanceof z.ZodUnion)) return undefined;
  const words = (s.options as z.ZodType[]).map(unwrap).map((o) => {
    if (o instanceof z.ZodLiteral) return o.values.size === 1 ? JSON.stringify([...o.values][0]).replace(/^"(.*)"$/, "'$1'") : undefined;
    if (o instanceof z.ZodNumber) return numberWords(o);
    if (o instanceof z.ZodString) return 'text';
    if (o instanceof z.ZodBoolean) return 'true or false';
    return undefined;
  });
  return words.every((w) => w !== undefined) ? words.join(' or ') : undefined;
}

/** What to write for a number out of its bounds: the range, and what the field is for. */
function numberHint(schema: z.ZodType | undefined, value: unknown): string | undefined {
  const n = numberIn(schema);
  if (!n || typeof value !== 'number') return undefined;
  const { minValue: min, maxValue: max } = n;
  const bounded = (v: number | null): v is number => v !== null && Number.isFinite(v);
  const range =
    bounded(min) && bounded(max)
      ? `a number from ${min} to ${max}`
      : bounded(max)
        ? `a number no more than ${max}`
        : bounded(min)
          ? `a number no less than ${min}`
          : undefined;
  if (!range) return undefined;
  // The field's own description (on a wrapper such as .nullable() or .default()) before the type's.
  return `write ${range} here${aside(schema?.description ? schema : n)}`;
}

/**
 * How a file's data is parsed: zod's "jitless" mode. By default zod writes and compiles a fast
 * parser for each object schema the first time it is used; content, layouts and the theme are
 * each parsed once a run, so that compiling costs more than it gives back: a cold validate, of
 * the base game and of a 10,000-card pack, was 2–3 % faster without it. The engine's own
 * parses of the referee's actions, made thousands of times, keep the compiled parsers.
 */
export const PARSED_ONCE = { jitless: true } as const;

const isBound = (i: Issue): i is z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall => i.code === 'too_big' || i.code === 'too_small';

/**
 * One reason for each number: the one that says what to write. A number far out of range
 * ("1e308", "99999999999999999999") fails both the field's own bound and zod's check that a
 * whole number is exactly representable, which it words with the field's "whole numbers"
 * message: that second reason is wrong for a teacher, and is left out when the field's bound
 * speaks. Of two bounds the same way (a cap of credits is at least 0 and at least 1), the tighter.
 */
function oneReasonEach(issues: readonly Issue[]): Issue[] {
  const byPath = new Map<string, Issue[]>();
  for (const issue of issues) {
    const key = JSON.stringify(issue.path);
    byPath.set(key, [...(byPath.get(key) ?? []), issue]);
  }
  return issues.filter((issue) => {
    const here = byPath.get(JSON.stringify(issue.path))!;
    const own = here.filter((i) => isBound(i) && i.origin === 'number');
    if (own.length === 0) return true;
    if (isBound(issue) && issue.origin === 'int') return false;
    if (issue.code === 'invalid_type' && issue.expected === 'int') return false;
    if (!isBound(issue) || issue.origin !== 'number') return true;
    const limit = (i: Issue) => (i.code === 'too_big' ? -Number(i.maximum) : i.code === 'too_small' ? Number(i.minimum) : 0);
    const tightest = own.filter((i) => i.code === issue.code).reduce((best, i) => (limit(i) > limit(best) ? i : best));
    return issue === tightest;
  });
}

/** `vocab` names the game's countries, genres and centuries, so an effect written as a sentence can be read. */
export function checkSchema<T>(f: YamlFile, schema: z.ZodType<T>, diags: DiagnosticList, what: string, vocab?: Vocabulary): T | undefined {
  const result = schema.safeParse(f.data, PARSED_ONCE);
  if (result.success) return result.data;
  // A misspelt key ("yaer") also makes the real one ("year") missing: say it once, at the typo.
  const explained = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const parent = schemaAt(schema, issue.path, f.data);
    const known = parent instanceof z.ZodObject ? Object.keys(parent.shape) : [];
    for (const key of issue.keys) {
      const guess = nearest(key, known);
      if (guess) explained.add(JSON.stringify([...issue.path, guess]));
    }
  }
  for (const issue of oneReasonEach(result.error.issues)) {
    if (issue.code === 'invalid_type' && explained.has(JSON.stringify(issue.path))) continue;
    report(f, schema, issue, [], diags, what, [], vocab);
  }
  return undefined;
}

/** Checks the part of a file at `path` against a schema, reporting at the exact nodes inside it. */
export function checkSchemaAt<T>(f: YamlFile, path: Path, schema: z.ZodType<T>, diags: DiagnosticList, what: string): T | undefined {
  const result = schema.safeParse(valueAt(f.data, path), PARSED_ONCE);
  if (result.success) return result.data;
  for (const issue of oneReasonEach(result.error.issues)) report(f, schema, issue, path, diags, what, path);
  return undefined;
}

/** The text of the value at `path` as written in the file ("1e308" where the data holds 1e+308). */
function writtenAs(f: YamlFile, path: Path): string | undefined {
  const node: unknown = f.doc.getIn(path, true);
  return isScalar(node) && node.range ? f.source.slice(node.range[0], node.range[1]).trim() || undefined : undefined;
}

/** YAML's words for "not a number" and infinity (.nan, .inf, -.inf), said plainly. */
function notFinite(value: number): string {
  return Number.isNaN(value) ? 'which YAML reads as “not a number”' : `which YAML reads as ${value < 0 ? 'minus ' : ''}infinity`;
}

function report(f: YamlFile, root: z.ZodType, issue: Issue, prefix: Path, diags: DiagnosticList, what: string, rootAt: Path = [], vocab?: Vocabulary): void {
  const path = [...prefix, ...(issue.path as Path)];
  const value = valueAt(f.data, path);
  const describeKind = (v: unknown) => describeValue(v, typeof v === 'number' ? writtenAs(f, path) : undefined);
  const name = fieldName(path);
  const here = () => placeAt(f, path);
  // The schema describes the data below rootAt (the whole file, or one entry checked on its own).
  const own = schemaAt(root, path.slice(rootAt.length), valueAt(f.data, rootAt));
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) {
        if (path.length === 0) {
          diags.error(here(), `this ${what} file is empty or not a set of fields`, `start it with the fields of a ${what}, one "name: value" per line`);
          return;
        }
        diags.error(
          placeAt(f, path.slice(0, -1)),
          `'${name}' is missing here`,
          name === 'id' && path.includes('editions')
            ? 'add "id: …" with the id of the edition this changes (the editions and their ids are in game.yaml, under editions:)'
            : `add a line "${name}: …" — ${example(own) ?? 'see the content format reference'}`,
        );
        return;
      }
      // A content file whose cards have no heading: the list is at the top, where "books:" belongs.
      if (path.length === 0 && Array.isArray(value) && issue.expected === 'object' && own instanceof z.ZodObject) {
        const kinds = Object.keys(own.shape);
        const stem = basename(f.file)
          .replace(/\.ya?ml$/i, '')
          .replace(/-/g, '_');
        const kind = kinds.find((k) => k === stem || k === `${stem}s`) ?? kinds[0];
        diags.error(
          here(),
          'the cards in this file have no heading: YAML needs the kind of card on a line of its own above them',
          `add a line "${kind}:" at the top (${kinds.filter((k) => k !== 'auction_lots').join(', ')} or auction_lots), and indent the cards below it by two spaces`,
        );
        return;
      }
      // ".nan" and ".inf" are numbers to YAML, but no field takes them.
      if (typeof value === 'number' && !Number.isFinite(value)) {
        diags.error(
          here(),
          `'${name}' is ${writtenAs(f, path) ?? String(value)}, ${notFinite(value)}: it needs an ordinary number`,
          numberHint(own, value) ?? `write a number here${aside(own)}`,
        );
        return;
      }
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      // "colour: #1f4e79" without quotes: YAML reads everything after # as a comment, so the value is empty.
      const line = f.source.split('\n')[here().line - 1] ?? '';
      const comment = value === null && new RegExp(`\\b${name}:\\s*#`).test(line);
      // Effects written as a sentence on one line: the effect language, with this sentence translated where it can be.
      if (name === 'effects' && typeof value === 'string') {
        const example = effectFromWords(value, vocab);
        diags.error(
          here(),
          `'effects' should be a list of effects in the effect language, but it is the text "${value}"`,
          `write each effect on its own line under 'effects:', starting with "- ", ${example ? `for this one "- ${example}"` : 'e.g. "- gain: 2", "- { gain: 2, from: spain }" or "- { pay: 3, to: england }"'} (every verb is in docs/content-format.md, "The effect language")`,
        );
        return;
      }
      diags.error(
        here(),
        `'${name}' should be ${expected}, but it is ${describeKind(value)}`,
        comment
          ? `put the value in quotes: ${name}: "${line.slice(line.indexOf('#')).trim()}" (without quotes, everything after # is read as a comment)`
          : (fieldsHint(own, value, name) ?? hintFor(own, issue.expected, value, name, vocab)),
      );
      return;
    }
    case 'invalid_key': {
      // A key a record refuses ("three:" where a table's number of players belongs).
      const inner = issue.issues[0]?.message;
      const count = NUMBER_WORDS.indexOf(String(name).toLowerCase());
      diags.error(
        keyPlace(f, path) ?? here(),
        `'${name}' cannot name an entry here${inner ? `: ${inner}` : ''}`,
        count > 0 ? `write the number in figures: ${count}: …` : (own?.description ?? 'see the content format reference for what goes here'),
      );
      return;
    }
    case 'unrecognized_keys': {
      const parent = schemaAt(root, path.slice(rootAt.length), valueAt(f.data, rootAt));
      const known = parent instanceof z.ZodObject ? Object.keys(parent.shape) : [];
      for (const key of issue.keys) {
        const place = keyPlace(f, [...path, key]) ?? here();
        // A field that belongs one level down names its home before any near spelling here
        // ("auction:" at the top of pack.yaml is an edition's, not a misspelt "author").
        // Only the same word in the plural or singular comes first ("lead:" for "leads:").
        const plural = known.find((k) => k === `${key}s` || `${k}s` === key);
        const deeper = plural ? undefined : nestedHome(parent, key, valueAt(f.data, [...path, key]));
        const guess = plural ? `did you mean '${plural}'?` : deeper ? '' : didYouMean(key, known);
        // "{min:3}": with no space after the colon, YAML reads "min:3" as one word.
        const glued = /^([^:\s]+):(\S.*)$/.exec(key);
        diags.error(
          place,
          `unknown field '${key}'${path.length ? ` in this ${objectName(path)}` : ` at the top of this ${what} file`}`,
          glued && known.includes(glued[1]!)
            ? `write "${glued[1]}: ${glued[2]}" with a space after the colon: without it, YAML reads "${key}" as one word`
            : guess
              ? `${guess} The fields here are: ${known.join(', ')}.`
              : (deeper ?? `the fields here are: ${known.join(', ')}`),
        );
      }
      return;
    }
    case 'invalid_union': {
      // A union of plain choices ("copies: 'per-player' or a number"), not of effects: its choices in words.
      const choices = plainChoices(own);
      if (choices) {
        diags.error(
          here(),
          typeof value === 'number' && !Number.isFinite(value)
            ? `'${name}' is ${writtenAs(f, path) ?? String(value)}, ${notFinite(value)}: it should be ${choices}`
            : `'${name}' should be ${choices}, but it is ${describeKind(value)}`,
          own?.description ?? `write ${choices}`,
        );
        return;
      }
      if (value && typeof value === 'object' && !Array.isArray(value)) return reportEffect(f, root, value as Record<string, unknown>, path, diags, what, vocab);
      const example = typeof value === 'string' ? effectFromWords(value, vocab) : undefined;
      diags.error(
        here(),
        `'${name}' should be an effect such as "gain: 2", but it is ${describeKind(value)}`,
        example
          ? `effects are written in a short code the referee can carry out: for this one write "- ${example}" (the card prints the words itself; every verb is in docs/content-format.md, "The effect language")`
          : `effects are written in a short code, one effect per "- " line, e.g. "- gain: 2", "- { gain: 2, from: spain }", "- { pay: 3, to: england }", "- { pay: 1, who: each }", "- lose_book: oldest" or "- skip_roll: true" (the verbs are ${VERBS.join(', ')}; see docs/content-format.md, "The effect language")`,
      );
      return;
    }
    case 'invalid_value': {
      const options = issue.values.map(String);
      const guess = typeof value === 'string' ? didYouMean(value, options) : '';
      diags.error(here(), `'${name}' cannot be ${describeKind(value)}`, `${guess ? `${guess} ` : ''}write one of: ${options.join(', ')}`);
      return;
    }
    case 'too_small':
    case 'too_big': {
      // A card's value is checked against the game's own range, whatever the number.
      const range = vocab?.bookValues;
      if (range && name === 'value' && what === 'content' && typeof value === 'number') {
        diags.error(
          here(),
          `a value of ${writtenAs(f, path) ?? value} is outside the game's range of ${range.min} to ${range.max}`,
          `write a value from ${range.min} to ${range.max}: every book of this game is priced within that range`,
        );
        return;
      }
      const kind =
        issue.origin === 'array'
          ? `a list of ${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(issue.code === 'too_small' ? issue.minimum : issue.maximum)} items`
          : undefined;
      diags.error(
        here(),
        kind ? `'${name}' should be ${kind}` : `'${name}' is ${describeKind(value)}: ${boundWords(issue, value)}`,
        (issue.origin === 'number' ? numberHint(own, value) : undefined) ?? example(own),
      );
      return;
    }
    default:
      diags.error(
        here(),
        `'${name}' is ${describeKind(value)}: ${issue.message}`,
        (typeof value === 'string' && (name === 'replaces' || path.includes('remove')) ? codeHint(value) : undefined) ??
          (name === 'replaces' && typeof value === 'string' ? cardIdHint(value, vocab?.cards ?? []) : undefined) ??
          formatHint(own, value, name) ??
          example(own),
      );
  }
}

/**
 * A bound in words. A schema's own message (“at most 10,000 credits: far more than any table
 * holds”) is kept; zod's default (“Too big: expected number to be <=3”) is said plainly.
 */
function boundWords(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, value: unknown): string {
  // Past what a whole number can hold exactly: only a field without a bound of its own gets here.
  if (issue.origin === 'int') return `that is far too ${issue.code === 'too_big' ? 'big' : 'small'} a number for this field`;
  if (!/^Too (big|small)\b/.test(issue.message)) return issue.message;
  const inclusive = issue.inclusive !== false;
  const most =
    issue.code === 'too_big'
      ? `${inclusive ? 'at most' : 'less than'} ${Number(issue.maximum)}`
      : `${inclusive ? 'at least' : 'more than'} ${Number(issue.minimum)}`;
  if (issue.origin === 'string' && typeof value === 'string') {
    const n = [...value].length;
    const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    return `it is ${n} ${n === 1 ? 'character' : 'characters'} long, and it ${issue.code === 'too_big' ? 'can' : 'must'} be ${most} ${limit === 1 ? 'character' : 'characters'}`;
  }
  return issue.code === 'too_big' ? `it can be ${most}` : `it must be ${most}`;
}

// What one entry of each list is called in messages: card kinds from the registry, the rest here.
const ENTRY_NAMES = (): Record<string, string> => ({
  ...Object.fromEntries(cardTypes().map((t) => [t.key, t.label])),
  effects: 'effect',
  auction_lots: 'auction lot',
  countries: 'country',
  centuries: 'century',
  genres: 'genre',
  collections: 'collection',
  editions: 'edition',
});

function objectName(path: Path): string {
  const key = [...path].reverse().find((p) => typeof p === 'string');
  return key === undefined ? 'entry' : (ENTRY_NAMES()[key] ?? `'${key}'`);
}

/**
 * A value written alone where a set of fields belongs ("players: 3", "playing_time: one lesson"):
 * the same value in each field that takes it, when that is a whole, valid setting.
 */
function fieldsHint(own: z.ZodType | undefined, value: unknown, name: string): string | undefined {
  if (!(own instanceof z.ZodObject) || (typeof value !== 'number' && typeof value !== 'string')) return undefined;
  const keys = Object.entries(own.shape as Record<string, z.ZodType>)
    .filter(([, field]) => field.safeParse(value).success)
    .map(([key]) => key);
  // One number for a range means exactly that many only for players ("players: 3"); for book values
  // or the like it may be either end, so no guess.
  if (keys.includes('min') && keys.includes('max') && name !== 'players') return undefined;
  const fields = Object.fromEntries(keys.map((k) => [k, value]));
  if (keys.length === 0 || !own.safeParse(fields).success) return undefined;
  const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  const written = `${name}: { ${keys.map((k) => `${k}: ${shown(value)}`).join(', ')} }`;
  return example(own) ? `write ${written} — ${example(own)}` : `write ${written}`;
}

/** A value of the right kind in the wrong form: a colour by its name, an id or icon name in capitals. */
function formatHint(own: z.ZodType | undefined, value: unknown, name: string): string | undefined {
  if (typeof value !== 'string' || !own) return undefined;
  // A pack's mark ("ÉA", "L.C.", "Lower Saxony"): the nearest in plain letters and digits, if any.
  if (name === 'mark') {
    const plain = plainMark(value);
    return plain && own.safeParse(plain).success
      ? `write mark: ${plain} — in the letters A–Z and the digits 0–9 only`
      : 'write 1 to 4 of the letters A–Z and the digits 0–9, e.g. mark: LC (or leave mark out, for the initials of the pack’s name)';
  }
  if (name === 'colour') {
    const hex = cssColour(value);
    return hex
      ? `write colour: "${hex}" — ${value.trim()} written as # and six hex digits, in quotes (pick any shade with a colour picker)`
      : 'write the colour as # and six hex digits in quotes, e.g. colour: "#1f4e79" (a colour picker shows this form)';
  }
  const folded = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (folded === value || !own.safeParse(folded).success) return undefined;
  // An emblem or icon is only worth naming if the icon set has it.
  if ((name === 'emblem' || name === 'icon') && !isIconName(folded)) return undefined;
  return `write '${folded}': names like this are written in lower case, with hyphens between words`;
}

/** "17", 17, 1699 or "XVII" where a century id belongs: the id meant, and the game's century ids. */
function centuryHint(value: unknown, vocab?: Vocabulary): string | undefined {
  const ids = vocab?.centuries.map((c) => c.id) ?? [];
  if (ids.length === 0) return undefined;
  const list = `the century ids are: ${ids.map((i) => `'${i}'`).join(', ')}`;
  const id = centuryMeant(value, ids);
  return id ? `write '${id}' — ${list}` : `write one of them — ${list}`;
}

function hintFor(own: z.ZodType | undefined, expected: string, value: unknown, field?: string, vocab?: Vocabulary): string | undefined {
  if (own?.description === CenturyRef.description) return centuryHint(value, vocab) ?? CenturyRef.description;
  if (expected === 'number' && typeof value === 'string' && /^\s*c?\.?\s*\d{3,4}/.test(value)) {
    return `write the year as a plain number (year: ${value.match(/\d{3,4}/)![0]}) and put the printed form in year_label: "${value}"`;
  }
  if (expected === 'boolean' && typeof value === 'string') return 'write true or false without quotes';
  // "per: science": the kind of book counted, written with what it is.
  if (field === 'per' && expected === 'object' && typeof value === 'string') {
    const w = value.trim().toLowerCase();
    const named = { genre: vocab?.genres, country: vocab?.countries, century: vocab?.centuries };
    const kind = Object.entries(named).find(([, list]) => list?.some((x) => x.id === w))?.[0];
    return kind
      ? `write per: { ${kind}: ${w} } — per names what kind of book is counted: a genre, a country or a century`
      : 'write per: { genre: … }, per: { country: … } or per: { century: … }: per names what kind of book is counted';
  }
  // "value: 3.5": credits and points come in whole numbers.
  if (expected === 'int' && typeof value === 'number' && Number.isFinite(value))
    return `write a whole number here, such as ${field ? `${field}: ` : ''}${Math.floor(value)} or ${Math.ceil(value)}${aside(own)}`;
  // "effects: 3": one value where a list belongs.
  if (expected === 'array' && (value === null || typeof value !== 'object')) {
    if (field === 'effects')
      return `write each effect on its own line below "effects:", starting with "- ", e.g. "- gain: ${typeof value === 'number' && value > 0 ? value : 2}" or "- { pay: 3, to: england }" (every verb is in docs/content-format.md, "The effect language")`;
    return `write each item on its own line below "${field ?? 'the field'}:", starting with "- "${aside(own)}`;
  }
  if (expected === 'array' && value && typeof value === 'object') {
    // Shown with the teacher's own first field: an effects list starts "- gain: 3", a card list "- id: …".
    const [key, first] = Object.entries(value)[0] ?? ['id', '…'];
    const shown = first !== null && typeof first !== 'object' ? String(first) : '…';
    return `start each entry with "- " before its first field, e.g. "- ${key}: ${shown}", with its other fields lined up under "${key}"`;
  }
  // "pay: 2 to spain": read as the sentence "pay 2 to spain", so the country must be one of the game's.
  const amount = typeof value === 'string' ? /^\s*(\d+)\s+(from|to)\s+\S/i.exec(value) : null;
  const split = expected === 'number' && amount && (field === 'pay' || field === 'gain') ? effectFromSentence(`${field} ${value}`, vocab) : undefined;
  if (split && Object.keys(split).length > 1) return `write the amount alone and the country in a field of its own: ${effectCode(split)}`;
  if (split) return `write the amount alone: ${effectCode(split)} (the bank is the other side unless a country is named)`;
  // "10_000", "10,000", "10 000": thousands marked the way people write them, which YAML reads as text.
  const grouped = typeof value === 'string' ? /^\s*(-?\d{1,3}(?:([_, ])\d{3})+)\s*$/.exec(value) : null;
  if (expected === 'number' && grouped)
    return `write ${field ? `${field}: ` : ''}${grouped[1]!.replace(/[_, ]/g, '')}, without the ${grouped[2] === ' ' ? 'spaces' : `"${grouped[2]}"`} between its digits`;
  // "2,5": a decimal comma, as much of Europe writes one; every number in content is whole.
  const decimal = typeof value === 'string' ? /^\s*(-?\d+),(\d{1,2})\s*$/.exec(value) : null;
  if (expected === 'number' && decimal) {
    const whole = Number(decimal[1]);
    return `every number in a pack is whole, with no decimal comma: write ${field ? `${field}: ` : ''}${whole} or ${whole + 1}`;
  }
  if (expected === 'number' && typeof value === 'string')
    return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? 'write the number without quotes' : 'write a number alone here';
  return own?.description;
}

/** Effects are a union named by verb: find the verb and report against that verb's own fields. */
function reportEffect(f: YamlFile, root: z.ZodType, value: Record<string, unknown>, path: Path, diags: DiagnosticList, what: string, vocab?: Vocabulary): void {
  const keys = Object.keys(value);
  const verbs = keys.filter((k) => VERBS.includes(k));
  if (verbs.length === 0) {
    const first = keys[0] ?? '';
    const guess = didYouMean(first, VERBS);
    diags.error(
      keyPlace(f, [...path, first]) ?? placeAt(f, path),
      `this effect has no verb ('${first}' is not one)`,
      `${guess ? `${guess} ` : ''}an effect starts with one of: ${VERBS.join(', ')}`,
    );
    return;
  }
  if (verbs.length > 1) {
    diags.error(
      keyPlace(f, [...path, verbs[1]!]) ?? placeAt(f, path),
      `one effect has two verbs ('${verbs[0]}' and '${verbs[1]}')`,
      'an effect does one thing: put each verb on its own "- " line',
    );
    return;
  }
  const variant = EFFECT_VERBS.find((v) => v.verb === verbs[0])!.schema as z.ZodType;
  const r = variant.safeParse(value);
  if (r.success) return;
  for (const issue of oneReasonEach(r.error.issues)) report(f, root, issue, path, diags, what, [], vocab);
}

// A schema problem in a saved game or an action, said in words a banker can act on ("the field
// 'face' must be at most 6") instead of the schema library's ("Too big: expected number to be <=6").
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const KIND: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
};

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function shown(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `"${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`;
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a set of fields';
  return String(v);
}

/** The issue in plain words; `field` names the field ("the field 'face'"). */
export function plainIssue(issue: Issue, data: unknown, field = (path: readonly PropertyKey[]) => `'${path.map(String).join('.')}'`): string {
  const name = issue.path.length ? field(issue.path) : 'it';
  const value = valueAt(data, issue.path);
  // A schema's own message is written for people already, to follow the field's name
  // ("must be at most 10,000 credits …"); the schema library's own are reworded below.
  if (!/^(Too (big|small)|Invalid|Unrecognized|Expected)/.test(issue.message) && !(issue.code === 'invalid_type' && value === undefined))
    return `${name} ${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `${name} is missing`;
      return `${name} should be ${KIND[issue.expected] ?? issue.expected}, not ${shown(value)}`;
    case 'too_big':
      // A bound no one wrote (the largest number kept exactly) is no bound to tell a teacher.
      if (Number(issue.maximum) >= Number.MAX_SAFE_INTEGER) return `${name} is far too large a number (${shown(value)})`;
      return issue.origin === 'array' || issue.origin === 'string'
        ? `${name} is too long (at most ${Number(issue.maximum).toLocaleString('en')} ${issue.origin === 'array' ? 'entries' : 'characters'})`
        : `${name} must be at most ${Number(issue.maximum).toLocaleString('en')}, not ${shown(value)}`;
    case 'too_small':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `${name} is too short (at least ${String(issue.minimum)} ${issue.origin === 'array' ? 'entries' : 'characters'})`
        : `${name} must be at least ${String(issue.minimum)}, not ${shown(value)}`;
    case 'invalid_value':
      return `${name} must be ${issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(shown).join(', ')}`}, not ${shown(value)}`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `'${k}'`).join(', ');
      // Said of the place that holds them: "the field 'setup' has a field 'seats' …", not "it".
      if (issue.path.length)
        return `${name} has ${issue.keys.length === 1 ? `a field ${keys} that does` : `fields ${keys} that do`} not belong there: remove ${issue.keys.length === 1 ? 'it' : 'them'}`;
      return `${issue.keys.length === 1 ? `the field ${keys} is` : `the fields ${keys} are`} not part of it`;
    }
    case 'invalid_union':
      return `${name} is not written in a form the referee knows`;
    case 'invalid_format':
      return `${name} is not written correctly (${shown(value)})`;
    default:
      return `${name}: ${issue.message}`;
  }
}

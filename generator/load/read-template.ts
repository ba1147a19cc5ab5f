// Reads one YAML file of templates/ (the theme, a card layout, the sheet words, the rule book's
// style, cover and play-aid words) against its schema, with the same reader and the same
// messages as the content: a mistake stops the build with the file, line and column, what is
// wrong and what to write instead.
import { relative } from 'node:path';
import type { z } from 'zod';
import { BuildError } from '../build-error.js';
import { DiagnosticList } from './diagnostic.js';
import { readYaml } from './read-yaml.js';
import { checkSchema } from './check-schema.js';

/**
 * The file's data, checked. `what` names it in messages ("card layout", "theme"); `hint` is
 * added when a message has no hint of its own.
 */
export function readTemplate<T>(path: string, schema: z.ZodType<T>, what: string, hint: string): T {
  const shown = relative(process.cwd(), path) || path;
  const diags = new DiagnosticList();
  const f = readYaml(path, shown, diags);
  const value = f && checkSchema(f, schema, diags, what);
  const first = diags.errors[0];
  if (value !== undefined && !first) return value;
  if (!first) throw new BuildError(`${shown} could not be read`, hint, shown);
  const at = first.line !== undefined ? `${first.file ?? shown}:${first.line}:${first.col ?? 1}` : (first.file ?? shown);
  throw new BuildError(first.message, first.hint ?? hint, at);
}

// JSON Schemas for editors: VS Code's YAML extension reads them through the
// "# yaml-language-server: $schema=…" line at the top of every content file.
import { z } from 'zod';
import { GameFile, PackFile, contentFileSchema } from '../engine/index.js';

/** The schema of each file kind, for the card types known now. */
export function schemas(): Record<string, z.ZodType> {
  return {
    'game.schema.json': GameFile,
    'content.schema.json': contentFileSchema(),
    'pack.schema.json': PackFile,
  };
}

export function jsonSchemas(): Record<string, object> {
  return Object.fromEntries(Object.entries(schemas()).map(([name, schema]) => [name, z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })]));
}

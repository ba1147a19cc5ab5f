// JSON Schemas for editors: VS Code's YAML extension reads them through the
// "# yaml-language-server: $schema=…" line at the top of every content file.
import { z } from 'zod';
import { GameFile } from '../engine/schema/game.js';
import { PackFile } from '../engine/schema/pack.js';
import { ContentFile } from '../engine/schema/content-file.js';

export const SCHEMAS: Record<string, z.ZodType> = {
  'game.schema.json': GameFile,
  'content.schema.json': ContentFile,
  'pack.schema.json': PackFile,
};

export function jsonSchemas(): Record<string, object> {
  return Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })]));
}

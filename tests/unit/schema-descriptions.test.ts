// Every field a teacher can write must explain itself in the editor: the JSON Schemas that VS Code
// reads carry a description for every property.
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../../generator/schemas.js';

type Json = { [k: string]: unknown };

function undescribed(node: unknown, path: string, out: string[]): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Json;
  if (n.properties && typeof n.properties === 'object') {
    for (const [key, prop] of Object.entries(n.properties as Json)) {
      const p = prop as Json;
      const described = typeof p.description === 'string' && p.description.length > 8;
      if (!described) out.push(`${path}.${key}`);
      undescribed(p, `${path}.${key}`, out);
    }
  }
  for (const k of ['items', 'additionalProperties']) if (n[k]) undescribed(n[k], `${path}[]`, out);
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach((x, i) => undescribed(x, `${path}|${i}`, out));
}

describe('JSON Schemas for editors', () => {
  const schemas = jsonSchemas();
  it('are made for game.yaml, content files and pack.yaml', () => {
    expect(Object.keys(schemas).sort()).toEqual(['content.schema.json', 'game.schema.json', 'pack.schema.json']);
  });
  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: every field has a description`, () => {
      const missing: string[] = [];
      undescribed(schema, name, missing);
      expect(missing).toEqual([]);
    });
  }
});

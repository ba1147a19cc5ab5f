// Every number a teacher can write in the content has a lowest and a highest value, and none
// reaches past the most credits a table handles (MAX_CREDITS): a number with no bound was taken
// as it came (an effect's cap of 1e15 was printed on its card). Read from the JSON Schemas the
// editors use, which zod writes from the same schemas the validator checks with.
import { describe, expect, it } from 'vitest';
import { MAX_CREDITS } from '../../engine/index.js';
import { jsonSchemas } from '../../generator/schemas.js';

type Json = { [k: string]: unknown };

/** Every number field in a JSON Schema, by its path, with its bounds. */
function numbers(node: unknown, path: string, out: Map<string, { min?: number; max?: number }>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Json;
  if (n.type === 'number' || n.type === 'integer')
    out.set(path, { min: (n.minimum ?? n.exclusiveMinimum) as number | undefined, max: (n.maximum ?? n.exclusiveMaximum) as number | undefined });
  for (const [key, value] of Object.entries(n)) {
    if (key === 'properties' && value && typeof value === 'object') for (const [field, inner] of Object.entries(value)) numbers(inner, `${path}.${field}`, out);
    else if (value && typeof value === 'object')
      numbers(value, Array.isArray(n) ? path : `${path}${key === 'items' ? '[]' : key === 'anyOf' || key === 'oneOf' ? '' : `.${key}`}`, out);
  }
}

describe('numbers in the content', () => {
  const found = new Map<string, { min?: number; max?: number }>();
  for (const [name, schema] of Object.entries(jsonSchemas())) numbers(schema, name.replace('.schema.json', ''), found);

  it('are found in every file kind (so a reader that found none cannot pass)', () => {
    for (const field of ['game.editions[].starting_credits', 'content.chance[].effects[].max', 'pack.players.min', 'content.reference[].copies'])
      expect(
        [...found.keys()].some((k) => k.startsWith(field)),
        field,
      ).toBe(true);
  });

  it(`each have a lowest and a highest value, at most ${MAX_CREDITS}`, () => {
    const unbounded = [...found]
      .filter(([, b]) => b.min === undefined || b.max === undefined || b.max > MAX_CREDITS || b.min < 0)
      .map(([path, b]) => `${path} [${b.min}, ${b.max}]`);
    expect(unbounded).toEqual([]);
  });
});

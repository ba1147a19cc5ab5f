// The generated references (docs/content-format.md and docs/saved-game.md) come from the schemas,
// the content, the validator and the action modules; this fails when a committed page no longer
// matches (run `npm run docs`).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { renderContentFormat } from '../../generator/docs/content-format.js';
import { renderSavedGameFormat } from '../../generator/docs/saved-game.js';
import { ACTIONS, ActionSchema, EFFECT_VERBS, cardTypes } from '../../engine/index.js';

describe('docs/content-format.md', () => {
  it('is up to date with the schemas, the content and the validator (run npm run docs)', () => {
    expect(readFileSync('docs/content-format.md', 'utf8')).toBe(renderContentFormat());
  });
  it('documents every card type and every effect verb', () => {
    const doc = readFileSync('docs/content-format.md', 'utf8');
    for (const t of cardTypes()) expect(doc).toContain(`${t.key}:`);
    for (const v of EFFECT_VERBS) expect(doc).toContain(`\`${v.verb}`);
  });
});

describe('docs/saved-game.md', () => {
  it('is up to date with the action modules and the saved-game schemas (run npm run docs)', () => {
    expect(readFileSync('docs/saved-game.md', 'utf8')).toBe(renderSavedGameFormat());
  });
  it('shows every action with an example the saved-game schema accepts', () => {
    const doc = readFileSync('docs/saved-game.md', 'utf8');
    for (const a of ACTIONS) {
      expect(doc).toContain(`### \`${a.type}\``);
      expect(ActionSchema.safeParse(a.example).success, a.type).toBe(true);
      expect(doc).toContain(JSON.stringify(a.example));
    }
  });
});

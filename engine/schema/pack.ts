// pack.yaml: an expansion layered on the base game (or on another pack).
import { z } from 'zod';
import { Id, Sentence } from './common.js';
import { Country, Century, Genre } from './game.js';

export const PackFile = z
  .strictObject({
    id: Id.describe('The pack id, e.g. "low-countries".'),
    name: Sentence.describe('The pack name players see, e.g. "The Low Countries".'),
    description: Sentence.optional().describe('What the pack adds, in a sentence or two. Optional.'),
    extends: Id.describe('The id of the game or pack this pack builds on, e.g. "codex-conquest".'),
    author: Sentence.optional().describe('Who wrote the pack. Optional.'),
    countries: z.array(Country).optional().describe('Countries the pack adds; they take the next seats after the base countries.'),
    centuries: z.array(Century).optional().describe('Centuries the pack adds, after the base centuries.'),
    genres: z.array(Genre).optional().describe('Genres the pack adds.'),
    remove: z.array(Id).optional().describe('Ids of base-game cards to take out of the game.'),
  })
  .describe('pack.yaml: an expansion that adds countries, centuries, genres and cards, replaces cards by id and removes cards.');

export type PackFile = z.infer<typeof PackFile>;

// Loading the game: read the base folder and each pack, check them, and resolve the Game.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from './fast-yaml.js';
import { DiagnosticList, type Diagnostic } from './diagnostic.js';
import { readLayer, type Layer } from './layer.js';
import type { Vocabulary } from './effect-words.js';
import { resolve } from './resolve.js';
import { checkImages, type CardArt } from './check-images.js';
import { checkTruncation } from './check-truncation.js';
import type { Game } from '../../engine/index.js';
import type { EffectTemplates } from '../../engine/index.js';
import { projectRoot } from '../paths.js';

export interface LoadOptions {
  dir: string;
  packs?: string[];
  templatesDir?: string;
}

export interface LoadResult {
  game?: Game;
  diagnostics: Diagnostic[];
  layers: Layer[];
  /** Each card's checked picture, by card id. */
  art: Map<string, CardArt>;
  /** The text of every file read, for code frames in messages. */
  source(file: string): string | undefined;
  /** False when a file could not be read cleanly: the checks between cards (names, counts, lots) did not run. */
  crossChecked: boolean;
}

export function loadEffectTemplates(templatesDir = join(projectRoot, 'templates')): EffectTemplates {
  return parseYaml(readFileSync(join(templatesDir, 'effects.yaml'), 'utf8')) as EffectTemplates;
}

export function loadGame(opts: LoadOptions): LoadResult {
  const diags = new DiagnosticList();
  const layers: Layer[] = [];
  // The names read so far, so an effect written as a sentence in a later file can be read.
  const vocab: Vocabulary = { countries: [], genres: [], centuries: [] };
  const base = readLayer(opts.dir, 'base', diags, vocab);
  if (base) layers.push(base);
  for (const p of opts.packs ?? []) {
    const layer = readLayer(p, 'pack', diags, vocab);
    if (layer) layers.push(layer);
  }
  const art = checkImages(layers, diags);
  checkTruncation(layers, diags);
  let game: Game | undefined;
  const crossChecked = !diags.hasErrors && base?.game !== undefined;
  if (crossChecked) game = resolve(layers, loadEffectTemplates(opts.templatesDir), diags);
  return { game: diags.hasErrors ? undefined : game, diagnostics: diags.items, layers, art, source: (f) => diags.sources.get(f), crossChecked };
}

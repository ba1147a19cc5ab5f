// Loading the game: read the base folder and each pack, check them, and resolve the Game.
import { readFileSync, realpathSync } from 'node:fs';
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
import { shownPath } from '../io/shown-path.js';

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

/** The folder with every link on its way followed, or the path as given where it does not exist. */
function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

export function loadGame(opts: LoadOptions): LoadResult {
  const diags = new DiagnosticList();
  const layers: Layer[] = [];
  // The names read so far, so an effect written as a sentence in a later file can be read.
  const vocab: Vocabulary = { countries: [], genres: [], centuries: [] };
  const base = readLayer(opts.dir, 'base', diags, vocab);
  if (base) layers.push(base);
  // Each folder once: a pack named twice (or by two paths, or the base game's folder named as a
  // pack) would bring every one of its cards in twice.
  const named = new Map<string, string>([[realFolder(opts.dir), opts.dir]]);
  for (const p of opts.packs ?? []) {
    const before = named.get(realFolder(p));
    if (before !== undefined) {
      diags.error(
        { file: shownPath(p) },
        before === opts.dir
          ? 'this is the folder of the game itself, not a pack: its cards are read already'
          : shownPath(before) === shownPath(p)
            ? 'this pack is named twice after --pack, so its cards would come in twice'
            : `this is the pack ${shownPath(before)} again (the two paths lead to one folder), so its cards would come in twice`,
        before === opts.dir ? 'leave it out of the --pack list' : `name it once: --pack ${shownPath(before)}`,
      );
      continue;
    }
    named.set(realFolder(p), p);
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

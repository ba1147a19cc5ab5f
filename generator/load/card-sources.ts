// Where each card was written: its file and its place in that file's YAML. The build lets go of
// the parsed files once the content is checked (a 10,000-card pack's are a few hundred MB), and
// keeps only this, so that a problem the printing finds with one card (one that does not fit, say)
// is still given at its file:line:col, as validate gives it: the file is read again to find it.
import { resolve } from 'node:path';
import type { Place } from '../place.js';
import { DiagnosticList } from './diagnostic.js';
import type { Layer, Path } from './layer.js';
import { placeAt, readYaml } from './read-yaml.js';

export type CardSources = ReadonlyMap<string, { file: string; path: Path }>;

export function cardSources(layers: readonly Layer[]): CardSources {
  return new Map(layers.flatMap((l) => l.cards.map((c) => [c.value.id, { file: c.file.file, path: c.path }] as const)));
}

/** Where the card was written, read again from its file; undefined when the file is gone or changed past reading. */
export function placeOfCard(sources: CardSources, id: string): Place | undefined {
  const src = sources.get(id);
  if (!src) return undefined;
  const file = readYaml(resolve(src.file), src.file, new DiagnosticList());
  return file ? placeAt(file, src.path) : undefined;
}

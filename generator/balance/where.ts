// Where each card is written, as file:line, so the report can point a teacher at the line to
// change. The loader keeps every card's file and path (load/layer.ts); a pack's card that
// replaces another is found in the pack.
import type { Layer } from '../load/layer.js';
import { placeAt } from '../load/read-yaml.js';

export function cardPlaces(layers: readonly Layer[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const layer of layers) {
    for (const card of layer.cards) {
      const place = placeAt(card.file, card.path);
      out.set(card.value.id, `${place.file}:${place.line ?? 1}`);
    }
  }
  return out;
}

// Icons from game-icons.net (CC BY 3.0), drawn with the print engine's vector helper
// (generator/print/icons.ts: one Form XObject per icon per document). An icon name the set does
// not have is a build error a teacher can fix, rather than a crash.
import { drawIcon as paintIcon, iconExists } from '../icons.js';
import type { Doc } from './paper.js';
import { BuildError } from '../../build-error.js';

/** Draws an icon with its top-left corner at (x, y), `size` points square. */
export function drawIcon(doc: Doc, name: string, x: number, y: number, size: number, colour: string): void {
  if (!iconExists(name)) {
    throw new BuildError(
      `there is no icon called "${name}" in game-icons`,
      'pick an icon name from https://game-icons.net (the part of the address after the author, e.g. "quill-ink")',
      name,
    );
  }
  paintIcon(doc, name, x, y, size, colour);
}

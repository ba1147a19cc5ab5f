// Card art, checked when the content is read: every picture a card names must be a PNG or JPEG
// file inside the folder of the content it belongs to — the base game's art inside content/, a
// pack's inside that pack's folder. A path is relative to the YAML file that names it; an
// absolute path, a path that climbs out with "..", or a link that leads outside is refused, so a
// pack cannot embed files from elsewhere on the computer, and a pack's picture can never stand in
// for a base card's by having the same name (a pack changes a base card's art only by replacing
// the card). The file's bytes are checked as well: a picture that is cut short or is not a
// picture at all is a content error here, not a crash while printing.
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { DiagnosticList, Place } from './diagnostic.js';
import type { Layer } from './layer.js';
import { placeAt } from './read-yaml.js';
import { shown } from './layer.js';
import { pictureProblem } from './picture-bytes.js';
import { inside } from './find-files.js';

/** A card's picture: the checked file on disk, and where the card names it. */
export interface CardArt {
  file: string;
  place: Place;
}

/** The largest picture a card may name: a full-bleed 300 DPI card is far smaller. */
const MAX_PICTURE_BYTES = 40 * 1024 * 1024;

/** The first bytes and the last bytes of a file (enough to tell its kind and whether it ends). */
function ends(file: string, size: number): { head: Buffer; tail: Buffer } {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 64));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 64));
    readSync(fd, tail, 0, tail.length, Math.max(0, size - tail.length));
    return { head, tail };
  } finally {
    closeSync(fd);
  }
}

/** Checks every picture the layers' cards name; returns the good ones by card id. */
export function checkImages(layers: Layer[], diags: DiagnosticList): Map<string, CardArt> {
  const art = new Map<string, CardArt>();
  for (const layer of layers) {
    const what = layer.kind === 'base' ? 'the content folder' : "the pack's folder";
    const root = resolve(layer.dir);
    let realRoot = root;
    try {
      realRoot = realpathSync(root);
    } catch {
      /* the layer was read, so it exists */
    }
    for (const card of layer.cards) {
      const image = card.value.image;
      if (typeof image !== 'string') continue;
      const place = placeAt(card.file, [...card.path, 'image']);
      const yamlDir = dirname(resolve(card.file.file));
      const example = `image: art/${image.split(/[\\/]/).pop() || 'picture.png'}`;
      if (isAbsolute(image) || /^[a-zA-Z]:[\\/]/.test(image) || image.startsWith('~')) {
        diags.error(
          place,
          `the picture “${image}” is given as a full path on this computer; a picture must be a file inside ${what}`,
          `copy the picture into ${shown(root)}/ and write its path from this file, e.g. ${example}`,
        );
        continue;
      }
      const file = resolve(yamlDir, image);
      if (!inside(root, file)) {
        diags.error(
          place,
          `the picture “${image}” is outside ${what} (${shown(root)}/); a card may only use pictures kept inside it`,
          `copy the picture into ${shown(root)}/ and write its path from this file, e.g. ${example}`,
        );
        continue;
      }
      let size: number;
      try {
        const st = statSync(file);
        if (st.isDirectory()) {
          diags.error(place, `“${image}” is a folder, not a picture`, 'name a PNG or JPEG file inside it');
          continue;
        }
        if (!st.isFile()) {
          // A named pipe, a socket or a device: reading one could wait for ever.
          diags.error(
            place,
            `“${image}” is not an ordinary file (it is a pipe, a socket or a device), so it cannot be a picture`,
            'name a PNG or JPEG file saved in the pack',
          );
          continue;
        }
        size = st.size;
      } catch {
        diags.error(
          place,
          `the picture “${image}” was not found (looked for ${shown(file)})`,
          'the path is relative to this YAML file; check the spelling and that the file is there',
        );
        continue;
      }
      if (!inside(realRoot, realpathSync(file))) {
        diags.error(
          place,
          `the picture “${image}” is a link to a file outside ${what}; a card may only use pictures kept inside it`,
          `copy the picture itself into ${shown(root)}/ in place of the link`,
        );
        continue;
      }
      if (size > MAX_PICTURE_BYTES) {
        diags.error(
          place,
          `the picture “${image}” is ${(size / 1024 / 1024).toFixed(0)} MB; a card's picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`,
          'save it smaller: 1200 pixels across is plenty for a card',
        );
        continue;
      }
      const { head, tail } = ends(file, size);
      const problem = pictureProblem(head, tail, size);
      if (problem) {
        diags.error(place, `the picture “${image}” ${problem.what}`, problem.hint);
        continue;
      }
      art.set(card.value.id, { file, place });
    }
  }
  return art;
}

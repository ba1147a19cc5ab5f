// Card art, checked when the content is read: every picture a card names must be a PNG or JPEG
// file inside the folder of the content it belongs to — the base game's art inside content/, a
// pack's inside that pack's folder. A path is relative to the YAML file that names it; an
// absolute path, a path that climbs out with "..", or a link that leads outside is refused, so a
// pack cannot embed files from elsewhere on the computer, and a pack's picture can never stand in
// for a base card's by having the same name (a pack changes a base card's art only by replacing
// the card). The file's bytes are checked as well: a picture that is cut short or is not a
// picture at all is a content error here, not a crash while printing.
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiagnosticList, Place } from './diagnostic.js';
import type { Layer } from './layer.js';
import { placeAt } from './read-yaml.js';
import { shownPath } from '../io/shown-path.js';
import { pictureProblem } from './picture-bytes.js';
import { inside } from './find-files.js';
import { nearest } from './nearest.js';

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

/** A picture's file name for an example: the last part of what was written, or a stand-in. */
function fileNameIn(image: string): string {
  const name = image.split(/[?#]/)[0]!.split(/[\\/]/).pop() ?? '';
  return /^[^:]+\.(png|jpe?g)$/i.test(name) ? name : 'picture.png';
}

/** An invisible character no file name should hold (a control character, a zero-width space, a direction mark). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * What is wrong with how a picture is named, before any file is looked for: a web or file
 * address, an invisible character, Windows' "\" between folders. Each says what to write instead.
 */
function namingProblem(image: string, root: string, yamlDir: string, what: string): { message: string; hint: string } | undefined {
  const name = fileNameIn(image);
  const invisible = INVISIBLE.exec(image);
  if (invisible) {
    const code = `U+${invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    const before = image.slice(0, invisible.index);
    return {
      message: `the picture's name holds an invisible character (${code})${before ? ` after “${before}”` : ' at its start'}; no file name on a card may hold one`,
      // The picture named before it (a NUL cutting a name short), or the name as written with
      // every invisible character taken out — never a folder it did not name.
      hint: `write the name again without it, e.g. image: ${/\.(png|jpe?g)$/i.test(before) ? before : image.replace(new RegExp(INVISIBLE.source, 'gu'), '')}`,
    };
  }
  // An address ("https://…", "file:///…"); one letter before the colon is a Windows drive ("C://…").
  const scheme = /^([a-z][a-z0-9+.-]+):\/\//i.exec(image)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'file') {
    return {
      message: `the picture “${image}” is a web address; a card's picture must be a file kept inside ${what}, so the game prints the same without the internet`,
      hint: `download the picture, save it in ${shownPath(root)}/ (for example as ${shownPath(root)}/art/${name}), and write its path from this file: image: art/${name}`,
    };
  }
  if (scheme === 'file') {
    let path: string | undefined;
    try {
      path = fileURLToPath(image);
    } catch {
      /* not a file address this computer can read: said as any other */
    }
    return {
      message: `the picture “${image}” is a file address (file://); a card's picture must be a file inside ${what}, named by its path from this file`,
      hint: fullPathHint(path, root, yamlDir, name),
    };
  }
  if (/^data:/i.test(image))
    return {
      message: "the picture is written out as data (data:…); a card's picture must be a PNG or JPEG file",
      hint: `save the picture as a file in ${shownPath(root)}/ and write its path from this file, e.g. image: art/${name}`,
    };
  return undefined;
}

/** What to write for a picture named by its full path: its path from the YAML file when it is inside the folder already, or where to copy it. */
function fullPathHint(path: string | undefined, root: string, yamlDir: string, name: string): string {
  if (path !== undefined && inside(root, resolve(path)))
    return `it is inside ${shownPath(root)}/ already: write its path from this file instead, image: ${relative(yamlDir, resolve(path)).split('\\').join('/')}`;
  return `copy the picture into ${shownPath(root)}/ and write its path from this file, e.g. image: art/${name}`;
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
      const example = `image: art/${fileNameIn(image)}`;
      const naming = namingProblem(image, root, yamlDir, what);
      if (naming) {
        diags.error(place, naming.message, naming.hint);
        continue;
      }
      if (isAbsolute(image) || /^[a-zA-Z]:[\\/]/.test(image) || /^[\\/~]/.test(image)) {
        diags.error(
          place,
          `the picture “${image}” is given as a full path on this computer; a picture must be a file inside ${what}`,
          fullPathHint(isAbsolute(image) ? image : undefined, root, yamlDir, fileNameIn(image)),
        );
        continue;
      }
      // "art\ok.png": Windows reads "\" between folders, and no other computer does.
      if (image.includes('\\')) {
        const mended = image.replace(/\\/g, '/');
        const outside = !inside(root, resolve(yamlDir, mended));
        diags.error(
          place,
          `the picture “${image}” has "\\" between its folders, which only Windows reads that way`,
          outside
            ? `it also leads outside ${what}: copy the picture into ${shownPath(root)}/ and write its path from this file with "/" between folders, e.g. ${example}`
            : `write "/" instead, which every computer reads: image: ${mended}`,
        );
        continue;
      }
      // The same name with its accents stored the other way (macOS keeps "é" as "e" and a mark):
      // the file the teacher sees, written as typed.
      const typed = resolve(yamlDir, image);
      const file = [typed, typed.normalize('NFD'), typed.normalize('NFC')].find((f) => existsSync(f)) ?? typed;
      if (file === root) {
        diags.error(
          place,
          `“${image}” names ${what} itself (${shownPath(root)}/), not a picture in it`,
          `name a PNG or JPEG file inside it, with its path from this file, e.g. image: art/picture.png`,
        );
        continue;
      }
      if (!inside(root, file)) {
        diags.error(
          place,
          `the picture “${image}” is outside ${what} (${shownPath(root)}/); a card may only use pictures kept inside it`,
          `copy the picture into ${shownPath(root)}/ and write its path from this file, e.g. ${example}`,
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
        if (isLink(file)) {
          diags.error(
            place,
            `the picture “${image}” is a link to a file that is not there (moved, renamed or deleted)`,
            `copy the picture itself into ${shownPath(dirname(file))}/ in place of the link`,
          );
          continue;
        }
        const near = nearestPicture(file, yamlDir, root);
        diags.error(
          place,
          `the picture “${image}” was not found (looked for ${shownPath(file)})`,
          near
            ? `did you mean image: ${near}? (the path is relative to this YAML file, and capitals count)`
            : 'the path is relative to this YAML file; check the spelling and that the file is there',
        );
        continue;
      }
      if (!inside(realRoot, realpathSync(file))) {
        diags.error(
          place,
          `the picture “${image}” is a link to a file outside ${what}; a card may only use pictures kept inside it`,
          `copy the picture itself into ${shownPath(root)}/ in place of the link`,
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

/**
 * The picture nearest the one not found, as its path from the YAML file: each folder on the way
 * found whatever its capitals or stray spaces ("ART/OK.PNG", " art/ok.png"), then the nearest
 * picture name in the last folder. Only paths inside `root` are offered.
 */
function nearestPicture(file: string, yamlDir: string, root: string): string | undefined {
  const parts = relative(root, file).split(sep);
  let dir = root;
  const list = (d: string): string[] => {
    try {
      return readdirSync(d);
    } catch {
      return [];
    }
  };
  for (const part of parts.slice(0, -1)) {
    const names = list(dir);
    const found = names.includes(part) ? part : names.find((n) => n.toLowerCase() === part.trim().toLowerCase());
    if (found === undefined) return undefined;
    dir = join(dir, found);
  }
  const near = nearest(
    basename(file).trim(),
    list(dir).filter((n) => /\.(png|jpe?g)$/i.test(n)),
  );
  if (near === undefined || !inside(root, join(dir, near))) return undefined;
  return relative(yamlDir, join(dir, near)).split(sep).join('/');
}

/** Whether `path` is a link (whether or not what it leads to is there). */
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

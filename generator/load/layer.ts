// A layer is one content folder read and schema-checked: the base game (content/) or a pack.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { shownPath } from '../io/shown-path.js';
import type { DiagnosticList } from './diagnostic.js';
import { readYaml, type YamlFile } from './read-yaml.js';
import { checkSchema } from './check-schema.js';
import type { Vocabulary } from './effect-words.js';
import { scanYamlFiles } from './find-files.js';
import { GameFile, PackFile, contentFileSchema, cardTypes, type AuctionLot, type CardTypeDef } from '../../engine/index.js';

export type Path = (string | number)[];

/** Anything read from a file, with where it came from. */
export interface Sourced<T> {
  value: T;
  file: YamlFile;
  path: Path;
}

export interface SourcedCard extends Sourced<Record<string, unknown> & { id: string; title: string; replaces?: string }> {
  def: CardTypeDef;
  pack: string;
}

export interface Layer {
  dir: string;
  kind: 'base' | 'pack';
  id: string;
  name: string;
  game?: Sourced<GameFile>;
  pack?: Sourced<PackFile>;
  files: YamlFile[];
  cards: SourcedCard[];
  lots: Sourced<AuctionLot>[];
}

/**
 * Reads one layer. `vocab` holds the countries, genres and centuries of the layers read before; the
 * layer's own are added to it, so an effect written as a sentence that names them can be read.
 */
export function readLayer(dir: string, kind: 'base' | 'pack', diags: DiagnosticList, vocab?: Vocabulary): Layer | undefined {
  const where = { file: shownPath(dir) };
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    // A file where a folder is wanted: most often one of the pack's own files, given instead of its folder.
    const file = existsSync(dir);
    const folder = shownPath(dirname(dir));
    diags.error(
      where,
      file
        ? `this is a file, not a ${kind === 'base' ? 'content' : 'pack'} folder`
        : kind === 'base'
          ? 'this content folder does not exist'
          : 'this pack folder does not exist',
      file && existsSync(join(dirname(dir), kind === 'base' ? 'game.yaml' : 'pack.yaml'))
        ? `give the folder it is in instead: ${kind === 'base' ? `codex-conquest validate ${folder}` : `--pack ${folder}`}`
        : // The folder it is in is no pack either (/dev/null, a download): say what a pack folder is.
          kind === 'base'
          ? 'give the path to the content folder, the one that holds game.yaml (a pack’s folder goes after --pack)'
          : 'give the path to the pack’s folder, the one that holds pack.yaml',
    );
    return undefined;
  }
  const headName = kind === 'base' ? 'game.yaml' : 'pack.yaml';
  const { files, refused, misnamed, dangling } = scanYamlFiles(dir);
  const folder = kind === 'base' ? 'content folder' : 'pack folder';
  for (const d of dangling)
    diags.warn(
      { file: shownPath(d) },
      'this file is not read: it is a link to a file that is not there (moved, renamed or deleted), or a link that leads round in a circle',
      `copy the file itself into ${shownPath(dir)}/ in place of the link, or delete the link`,
    );
  for (const m of misnamed) {
    const meant = basename(m).replace(/\.txt$/i, '');
    diags.warn(
      { file: shownPath(m) },
      `this file is not read: its name ends in .txt, and only files ending in .yaml are read (${meant} was meant, perhaps)`,
      `rename it to ${meant} (Windows may hide the .txt ending: File Explorer shows it with View → Show → File name extensions)`,
    );
  }
  const refusal = (r: (typeof refused)[number]): [string, string] => {
    switch (r.why) {
      case 'outside':
        return [
          `this is a link to a place outside the ${folder}, which may only use files kept inside it`,
          `copy the ${r.folder ? 'folder' : 'file'} itself into ${shownPath(dir)}/ in place of the link`,
        ];
      case 'loop':
        return [
          `this is a link back to the ${folder} itself (or to a folder holding it), so its files would be read again and again`,
          `delete the link: every file in ${shownPath(dir)}/ is read already`,
        ];
      case 'not-a-file':
        return ['this is not an ordinary file, so it cannot be read as YAML', `remove it from ${shownPath(dir)}/`];
    }
  };
  for (const r of refused) diags.error({ file: shownPath(r.path) }, ...refusal(r));
  if (refused.length) return undefined;
  const head = files.find((p) => relative(dir, p) === headName || relative(dir, p) === headName.replace('.yaml', '.yml'));
  if (!head && isFolder(join(dir, headName))) {
    diags.error(
      { file: shownPath(join(dir, headName)) },
      `${headName} here is a folder, not a file`,
      `move what is in it elsewhere, delete the folder, and write ${headName} as a file (${kind === 'base' ? 'copy the one from content/' : 'codex-conquest new-pack makes one to copy from'})`,
    );
    return undefined;
  }
  if (!head) {
    const other = files.find((p) => basename(p) === (kind === 'base' ? 'pack.yaml' : 'game.yaml') && relative(dir, p) === basename(p));
    diags.error(
      { file: shownPath(join(dir, headName)) },
      kind === 'base' ? `there is no game.yaml in ${shownPath(dir)}` : `there is no pack.yaml in ${shownPath(dir)}`,
      other
        ? kind === 'base'
          ? `${shownPath(dir)} looks like a pack: write  codex-conquest validate --pack ${shownPath(dir)}  (the base game is found by itself)`
          : `${shownPath(dir)} looks like a whole game; give it as the content folder instead of --pack`
        : kind === 'base'
          ? 'the content folder needs a game.yaml with the countries, centuries, genres, collections and editions (copy the one from content/)'
          : 'a pack needs a pack.yaml with its id, name and "extends: codex-conquest" (run codex-conquest new-pack to make one)',
    );
    return undefined;
  }
  const layer: Layer = { dir, kind, id: kind === 'base' ? 'base' : basename(dir), name: basename(dir), files: [], cards: [], lots: [] };
  const headFile = readYaml(head, shownPath(head), diags);
  if (headFile) {
    layer.files.push(headFile);
    if (kind === 'base') {
      const g = checkSchema(headFile, GameFile, diags, 'game.yaml');
      if (g) {
        layer.game = { value: g, file: headFile, path: [] };
        layer.id = 'base';
        layer.name = g.name;
      }
    } else {
      const p = checkSchema(headFile, PackFile, diags, 'pack.yaml', vocab);
      if (p) {
        layer.pack = { value: p, file: headFile, path: [] };
        layer.id = p.id;
        layer.name = p.name;
      }
    }
  }
  const defined = layer.game?.value ?? layer.pack?.value;
  if (vocab && defined) {
    vocab.countries.push(...(defined.countries ?? []));
    vocab.genres.push(...(defined.genres ?? []));
    vocab.centuries.push(...(defined.centuries ?? []));
    if (layer.game) vocab.bookValues = layer.game.value.book_values;
  }
  for (const path of files) {
    if (path === head) continue;
    const name = basename(path);
    if (name === 'game.yaml' || name === 'pack.yaml') {
      diags.warn(
        { file: shownPath(path), line: 1, col: 1 },
        `${name} belongs at the top of the folder; this one is ignored`,
        `move it to ${shownPath(dir)}/ or delete it`,
      );
      continue;
    }
    const f = readYaml(path, shownPath(path), diags);
    if (!f) continue;
    layer.files.push(f);
    const content = checkSchema(f, contentFileSchema(), diags, 'content', vocab);
    if (!content) continue;
    for (const def of cardTypes()) {
      const list = content[def.key] as Record<string, unknown>[] | undefined;
      list?.forEach((card, i) => {
        layer.cards.push({ value: card as SourcedCard['value'], file: f, path: [def.key, i], def, pack: layer.id });
        if (vocab && typeof card.id === 'string' && typeof card.title === 'string') (vocab.cards ??= []).push({ id: card.id, title: card.title });
      });
    }
    (content.auction_lots as AuctionLot[] | undefined)?.forEach((lot, i) => layer.lots.push({ value: lot, file: f, path: ['auction_lots', i] }));
  }
  return layer;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

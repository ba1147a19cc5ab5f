// Layout inheritance: a card layout may say `extends: book.yaml` and give only what differs —
// elements that replace the parent's element of the same name, elements added (after a named one,
// or on top), `remove: <name>` to leave one out. Book and auction-book cards, and the three kinds
// of event card, share one drawing this way instead of two copies that drift apart.
import { join, relative } from 'node:path';
import { BuildError } from '../../build-error.js';
import { readTemplate } from '../../load/read-template.js';
import { PARSED_ONCE } from '../../load/check-schema.js';
import { Layout, LayoutFile } from './schema.js';

type PatchFace = NonNullable<LayoutFile['face']>;
type Face = { background?: string; id?: string; elements: Record<string, unknown>[] };

const shown = (path: string) => relative(process.cwd(), path) || path;

/**
 * `inherited`: a card-size patch written for the layout this one extends, applied to this one; an
 * element it names that this layout removed is left out rather than reported (or put back).
 */
function mergeFace(base: Face | undefined, patch: PatchFace | undefined, file: string, inherited = false): Face | undefined {
  if (!patch) return base;
  const elements = [...(base?.elements ?? [])];
  const at = (name: string) => elements.findIndex((e) => e.name === name);
  for (const p of patch.elements ?? []) {
    if (inherited && at('remove' in p ? p.remove : ((p as { name?: string }).name ?? '')) < 0) continue;
    if ('remove' in p) {
      const i = at(p.remove);
      if (i < 0)
        throw new BuildError(
          `${shown(file)}: “remove: ${p.remove}” names no element of the layout it extends`,
          'use the name of one of its elements',
          shown(file),
        );
      elements.splice(i, 1);
      continue;
    }
    const { after, ...element } = p;
    const same = element.name === undefined ? -1 : at(element.name);
    if (same >= 0 && after === undefined) {
      elements[same] = element;
      continue;
    }
    if (same >= 0) elements.splice(same, 1);
    if (after === undefined) elements.push(element);
    else {
      const i = at(after);
      if (i < 0)
        throw new BuildError(`${shown(file)}: “after: ${after}” names no element of the layout it extends`, 'use the name of one of its elements', shown(file));
      elements.splice(i + 1, 0, element);
    }
  }
  return {
    ...base,
    ...(patch.background !== undefined ? { background: patch.background } : {}),
    ...(patch.id !== undefined ? { id: patch.id } : {}),
    elements,
  };
}

type SizePatch = { face?: PatchFace; back?: PatchFace; file: string };
type Resolved = Record<string, unknown> & { face?: Face; back?: Face; sizePatches: Map<string, SizePatch[]> };

/**
 * Layouts already resolved, by path, while one set of layouts is read: a file several others
 * extend (common/back.yaml) is read and merged once. Nothing resolved is changed afterwards —
 * merging copies — so the layouts extending it may share it.
 */
export type ResolvedLayouts = Map<string, Resolved>;

/** The layout file with everything it extends filled in, not yet checked as a whole. */
function resolved(path: string, layoutsDir: string, seen: string[], done: ResolvedLayouts): Resolved {
  if (seen.includes(path))
    throw new BuildError(`${shown(path)} extends itself (through ${seen.map(shown).join(' → ')})`, 'make one of them stand on its own', shown(path));
  const known = done.get(path);
  if (known) return known;
  const file = readTemplate(path, LayoutFile, 'card layout', 'compare with the other layouts in templates/layouts/');
  const { extends: from, face, back, sizes, ...rest } = file;
  const parent: Resolved = from ? resolved(join(layoutsDir, from), layoutsDir, [...seen, path], done) : { sizePatches: new Map() };
  const here: Resolved = {
    ...parent,
    ...rest,
    face: mergeFace(parent.face, face, path),
    back: mergeFace(parent.back, back, path),
    sizePatches: new Map(parent.sizePatches),
  };
  for (const [size, patch] of Object.entries(sizes ?? {})) {
    if (!patch) continue;
    // Checked here, against this file's own face and back, so a misspelt name is reported.
    mergeFace(here.face, patch.face, path);
    mergeFace(here.back, patch.back, path);
    here.sizePatches.set(size, [...(here.sizePatches.get(size) ?? []), { ...patch, file: path }]);
  }
  done.set(path, here);
  return here;
}

/** Reads a card layout, following `extends`, and checks the result as a whole layout. */
export function readLayout(path: string, layoutsDir: string, done: ResolvedLayouts = new Map()): Layout {
  const { sizePatches, ...base } = resolved(path, layoutsDir, [], done);
  const sizes: Record<string, { face?: Face; back?: Face }> = {};
  for (const [size, patches] of sizePatches) {
    let face = base.face;
    let back = base.back;
    for (const p of patches) {
      face = mergeFace(face, p.face, p.file, p.file !== path);
      back = mergeFace(back, p.back, p.file, p.file !== path);
    }
    sizes[size] = { face, back };
  }
  const data = sizePatches.size > 0 ? { ...base, sizes } : base;
  const checked = Layout.safeParse(data, PARSED_ONCE);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0]!;
  throw new BuildError(
    `${shown(path)}: with what it extends, the layout has a problem at ${issue.path.join('.') || 'the top'}: ${issue.message}`,
    'a layout needs type, deck, face and back (with an id), from itself or from the file it extends',
    shown(path),
  );
}

// Card art: found next to the YAML that names it, processed once by sharp — cropped to the art
// box, resized to 300 DPI, flattened onto the paper colour and saved as JPEG — and embedded once
// per document. Art too small to print sharply is allowed but warned about.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { BuildError } from '../build-error.js';
import type { Card } from '../../engine/game.js';
import type { ProcessedImage } from './layout/display-list.js';
import type { Box } from './layout/fit.js';

export const PRINT_DPI = 300;
/** A length in mm as pixels at the print resolution. */
export const pxAt = (mm: number) => Math.round((mm / 25.4) * PRINT_DPI);

function folders(root: string, depth = 0): string[] {
  if (!existsSync(root) || depth > 6) return [];
  const out = [root];
  for (const name of readdirSync(root).sort()) {
    if (name.startsWith('.') || name === 'node_modules' || name === 'out') continue;
    const p = join(root, name);
    if (statSync(p).isDirectory()) out.push(...folders(p, depth + 1));
  }
  return out;
}

/** Where a card's `image` is: the path is relative to the YAML file, so look in every content folder. */
function findImage(card: Card, roots: string[]): string {
  const rel = card.image!;
  if (isAbsolute(rel) && existsSync(rel)) return rel;
  for (const root of roots) for (const dir of folders(root)) if (existsSync(join(dir, rel))) return join(dir, rel);
  throw new BuildError(
    `the picture “${rel}” for ${card.id} was not found`,
    'the image path is relative to the YAML file that names it; check the spelling and that the file is there',
    card.id,
  );
}

export interface ImageRequest {
  card: Card;
  box: Box;
}

export interface ImageWarning {
  card: string;
  image: string;
  dpi: number;
}

/** Processes each (picture, box size) once; returns the table the painters read and the low-DPI warnings. */
export async function prepareImages(
  requests: ImageRequest[],
  roots: string[],
  paper: string,
): Promise<{ table: Map<string, ProcessedImage>; keys: Map<string, string>; warnings: ImageWarning[] }> {
  const table = new Map<string, ProcessedImage>();
  const keys = new Map<string, string>();
  const warnings: ImageWarning[] = [];
  const jobs = new Map<string, Promise<void>>();
  if (requests.length === 0) return { table, keys, warnings };
  // sharp is loaded only when a card has art: most builds, and the printing workers, skip it.
  const { default: sharp } = await import('sharp');
  for (const { card, box } of requests) {
    const file = findImage(card, roots);
    const w = pxAt(box.w);
    const h = pxAt(box.h);
    const key = `${file}@${w}x${h}`;
    keys.set(imageLookupKey(card, box), key);
    if (jobs.has(key)) continue;
    jobs.set(
      key,
      (async () => {
        let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
        try {
          meta = await sharp(file).metadata();
        } catch {
          throw new BuildError(`the picture ${card.image} for ${card.id} cannot be read`, 'save it as PNG or JPEG', card.id);
        }
        // The picture is cropped to fill the box; its resolution is what is left across the box.
        const scale = Math.max(w / (meta.width ?? 1), h / (meta.height ?? 1));
        const dpi = Math.round(PRINT_DPI / scale);
        if (dpi < PRINT_DPI) warnings.push({ card: card.id, image: card.image!, dpi });
        const jpeg = await sharp(file)
          .resize(w, h, { fit: 'cover' })
          .flatten({ background: paper })
          .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
          .toBuffer();
        table.set(key, { key, jpeg, widthPx: w, heightPx: h });
      })(),
    );
  }
  await Promise.all(jobs.values());
  warnings.sort((a, b) => a.card.localeCompare(b.card));
  return { table, keys, warnings };
}

export function imageLookupKey(card: Card, box: Box): string {
  return `${card.id}@${box.w.toFixed(2)}x${box.h.toFixed(2)}`;
}

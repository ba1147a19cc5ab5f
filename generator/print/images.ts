// Card art: checked and found with the content (load/check-images.ts), processed once by sharp — cropped to the art
// box, resized to 300 DPI, flattened onto the paper colour and saved as JPEG — and embedded once
// per document. Art too small to print sharply is allowed but warned about.
import { BuildError } from '../build-error.js';
import type { Card } from '../../engine/index.js';
import type { CardArt } from '../load/check-images.js';
import type { ProcessedImage } from './layout/display-list.js';
import type { Box } from './layout/fit.js';

export const PRINT_DPI = 300;
/** A length in mm as pixels at the print resolution. */
export const pxAt = (mm: number) => Math.round((mm / 25.4) * PRINT_DPI);

/** The card's picture as the content check found it (inside its own content folder: load/check-images.ts). */
function artOf(card: Card, art: Map<string, CardArt>): CardArt {
  const found = art.get(card.id);
  if (!found) throw new Error(`the picture of ${card.id} was not checked with the content`);
  return found;
}

/** What to do about a picture sharp cannot decode: said by the build and by validate alike. */
export const DAMAGED_PICTURE_HINT = 'open it in an image editor and save it again as PNG or JPEG, or copy it again from where it came from';

/** sharp's complaint about a picture, as a short reason in brackets: its first line, without the library's prefixes. */
export function damageReason(e: unknown): string {
  // What the picture library said, in the teacher's words: its own ("vipspng: libpng read error")
  // names nothing a teacher can act on.
  const said = String((e as Error).message ?? e).split('\n')[0]!;
  if (/premature|truncat|unexpected end|end of (input|file|data|stream)|too short|not enough|out of data/i.test(said))
    return 'it stops before its end, as if cut short';
  return 'its picture data cannot be read';
}

/** sharp could not read the picture after all (damage inside the file): a content error at the card's image line. */
function unreadable(card: Card, found: CardArt, e: unknown): BuildError {
  return new BuildError(
    `the picture “${card.image}” of ${card.id} is damaged and cannot be printed (${damageReason(e)})`,
    DAMAGED_PICTURE_HINT,
    card.id,
    found.place,
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
  art: Map<string, CardArt>,
  paper: string,
): Promise<{ table: Map<string, ProcessedImage>; warnings: ImageWarning[] }> {
  const table = new Map<string, ProcessedImage>();
  const warnings: ImageWarning[] = [];
  const jobs = new Map<string, Promise<void>>();
  if (requests.length === 0) return { table, warnings };
  // sharp is loaded only when a card has art: most builds, and the printing workers, skip it.
  const { default: sharp } = await import('sharp');
  for (const { card, box } of requests) {
    const found = artOf(card, art);
    const file = found.file;
    const w = pxAt(box.w);
    const h = pxAt(box.h);
    const key = imageKeyOf(card, box, art);
    if (jobs.has(key)) continue;
    jobs.set(
      key,
      (async () => {
        let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
        try {
          meta = await sharp(file).metadata();
        } catch (e) {
          throw unreadable(card, found, e);
        }
        // The picture is cropped to fill the box; its resolution is what is left across the box.
        const scale = Math.max(w / (meta.width ?? 1), h / (meta.height ?? 1));
        const dpi = Math.round(PRINT_DPI / scale);
        if (dpi < PRINT_DPI) warnings.push({ card: card.id, image: card.image!, dpi });
        let jpeg: Buffer;
        try {
          // sharp's default (failOn 'warning') refuses a picture whose data stops early or is
          // damaged, rather than printing it half grey.
          jpeg = await sharp(file).resize(w, h, { fit: 'cover' }).flatten({ background: paper }).jpeg({ quality: 88, chromaSubsampling: '4:4:4' }).toBuffer();
        } catch (e) {
          throw unreadable(card, found, e);
        }
        table.set(key, { key, jpeg, widthPx: w, heightPx: h });
      })(),
    );
  }
  await Promise.all(jobs.values());
  warnings.sort((a, b) => a.card.localeCompare(b.card));
  return { table, warnings };
}

/** The key of a card's picture processed for one box: the picture's file and the box in pixels (one processing serves every card that shows it so). */
export function imageKeyOf(card: Card, box: Box, art: Map<string, CardArt>): string {
  return `${artOf(card, art).file}@${pxAt(box.w)}x${pxAt(box.h)}`;
}

/**
 * Each requested picture's key, looked up by card and box (imageLookupKey): what a layout needs of
 * a picture, known before (or while) the pictures are processed.
 */
export function pictureKeys(requests: ImageRequest[], art: Map<string, CardArt>): Map<string, string> {
  return new Map(requests.map(({ card, box }) => [imageLookupKey(card, box), imageKeyOf(card, box, art)]));
}

export function imageLookupKey(card: Card, box: Box): string {
  return `${card.id}@${box.w.toFixed(2)}x${box.h.toFixed(2)}`;
}

// What a picture file's first and last bytes say: whether it is a PNG or a JPEG at all, and
// whether it ends as such a file must (a PNG with its closing IEND chunk, a JPEG with its
// end-of-image marker). A file cut short by an interrupted copy or download fails the second
// test. Reading only the ends keeps `validate` fast however large the pictures are.

export interface PictureProblem {
  what: string;
  hint: string;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]); // "IEND" and its checksum

/** Other kinds of file people save pictures as, by their first bytes. */
const OTHER_KINDS: [string, (b: Buffer) => boolean][] = [
  ['a GIF', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['a WebP picture', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  [
    'a HEIC photo (as iPhones save them)',
    (b) => b.subarray(4, 12).toString('latin1').startsWith('ftyphei') || b.subarray(4, 12).toString('latin1') === 'ftypmif1',
  ],
  ['a TIFF picture', (b) => ['II*\0', 'MM\0*'].includes(b.subarray(0, 4).toString('latin1'))],
  ['a BMP picture', (b) => b.subarray(0, 2).toString('latin1') === 'BM'],
  ['an SVG drawing', (b) => /^\s*(<\?xml|<svg)/i.test(b.toString('latin1'))],
  ['a PDF document', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  ['a web page', (b) => /^\s*<(!doctype|html)/i.test(b.toString('latin1'))],
];

const RESAVE = 'open it in an image editor and save it as PNG or JPEG, then point the card at that file';

export function pictureProblem(head: Buffer, tail: Buffer, size: number): PictureProblem | undefined {
  if (size === 0) return { what: 'is an empty file (0 bytes)', hint: 'copy the picture again; the copy that is there holds nothing' };
  if (head.subarray(0, 8).equals(PNG)) {
    if (tail.includes(PNG_END)) return undefined;
    return {
      what: 'is cut short: the PNG file ends before the picture does (an interrupted copy or download?)',
      hint: 'copy or download the picture again, then check it opens in full in an image viewer',
    };
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    // A JPEG ends with FF D9; some cameras and editors add a few padding bytes after it.
    const trimmed = tail.subarray(0, tail.length - countTrailingPadding(tail));
    if (trimmed.length >= 2 && trimmed[trimmed.length - 2] === 0xff && trimmed[trimmed.length - 1] === 0xd9) return undefined;
    return {
      what: 'is cut short: the JPEG file ends before the picture does (an interrupted copy or download?)',
      hint: 'copy or download the picture again, then check it opens in full in an image viewer',
    };
  }
  const kind = OTHER_KINDS.find(([, test]) => test(head))?.[0];
  return {
    what: kind ? `is ${kind}, not a PNG or JPEG picture` : 'is not a PNG or JPEG picture (its first bytes are not those of either)',
    hint: RESAVE,
  };
}

function countTrailingPadding(tail: Buffer): number {
  let n = 0;
  for (let i = tail.length - 1; i >= 0 && (tail[i] === 0x00 || tail[i] === 0x0a || tail[i] === 0x0d || tail[i] === 0x20); i--) n++;
  return n;
}

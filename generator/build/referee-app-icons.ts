// The icons a tablet shows for the referee once it is added to the home screen: an open book in
// gold on the page's dark brown, as PNGs (Android asks for 192 and 512 px, and a "maskable" one
// that may be cut to a circle or a squircle, so its book sits well inside the safe zone).
import { iconPaths, ICON_SIZE } from '../print/icons.js';

export const APP_ICON_COLOURS = { background: '#2b2118', book: '#dcc07a' } as const;
const ICON = 'open-book';

export interface AppIcon {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const APP_ICONS: AppIcon[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

function iconSvg(icon: AppIcon): string {
  const s = icon.size;
  // A rounded tile for the plain icon; the maskable one fills its square (the launcher cuts it)
  // and keeps the book inside the central 80 % circle.
  const book = icon.purpose === 'maskable' ? s * 0.5 : s * 0.66;
  const at = (s - book) / 2;
  const paths = (iconPaths(ICON) ?? []).map((d) => `<path d="${d}"/>`).join('');
  const tile = icon.purpose === 'maskable' ? `<rect width="${s}" height="${s}"/>` : `<rect width="${s}" height="${s}" rx="${s * 0.18}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}"><g fill="${APP_ICON_COLOURS.background}">${tile}</g><g fill="${APP_ICON_COLOURS.book}" transform="translate(${at} ${at}) scale(${book / ICON_SIZE})">${paths}</g></svg>`;
}

/** Each icon's file name and PNG bytes. */
export async function appIcons(): Promise<Map<string, Buffer>> {
  const { default: sharp } = await import('sharp');
  const out = new Map<string, Buffer>();
  for (const icon of APP_ICONS)
    out.set(
      icon.file,
      await sharp(Buffer.from(iconSvg(icon)))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  return out;
}

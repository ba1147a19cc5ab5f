// The typefaces every printed thing uses: EB Garamond, a revival of a 16th-century Garamond,
// shipped as full TTFs on npm (pdfkit cannot read WOFF2). pdfkit subsets what is used.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const pkg = dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));

export const FONT_FILES = {
  serif: join(pkg, '400Regular', 'EBGaramond_400Regular.ttf'),
  'serif-italic': join(pkg, '400Regular_Italic', 'EBGaramond_400Regular_Italic.ttf'),
  'serif-medium': join(pkg, '500Medium', 'EBGaramond_500Medium.ttf'),
  'serif-semibold': join(pkg, '600SemiBold', 'EBGaramond_600SemiBold.ttf'),
  'serif-bold': join(pkg, '700Bold', 'EBGaramond_700Bold.ttf'),
  'serif-bold-italic': join(pkg, '700Bold_Italic', 'EBGaramond_700Bold_Italic.ttf'),
  'serif-extrabold': join(pkg, '800ExtraBold', 'EBGaramond_800ExtraBold.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;

const cache = new Map<FontName, Buffer>();
/** Font bytes, read once per process. */
export function fontData(name: FontName): Buffer {
  let b = cache.get(name);
  if (!b) {
    b = readFileSync(FONT_FILES[name]);
    cache.set(name, b);
  }
  return b;
}

/** Registers every face on a pdfkit document under its FontName. */
export function registerFonts(doc: InstanceType<typeof PDFDocument>): void {
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, fontData(name));
}

// Where the typefaces are: EB Garamond, a revival of a 16th-century Garamond, shipped as full
// TTFs on npm (pdfkit cannot read WOFF2). Apart from fonts.ts so that naming a face (layout
// schemas, the rule book's style) does not load the font engine.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

// The product of the home-print sheets stage: every deck laid out once, which the print-shop
// export and the Tabletop Simulator sheets paint again without laying anything out.
import type { LaidDeck } from './decks.js';
import type { Looks } from './layout/load.js';
import type { ProcessedImage } from './layout/display-list.js';
import type { ShrinkRecord } from './layout/card-layout.js';
import type { ImageWarning } from './images.js';
import type { PrintedFile } from './print-share.js';

export interface LaidGame {
  looks: Looks;
  decks: LaidDeck[];
  images: Map<string, ProcessedImage>;
  shrunk: ShrinkRecord[];
  imageWarnings: ImageWarning[];
  files: PrintedFile[];
}

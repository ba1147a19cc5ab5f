// The product of the home-print sheets stage: every deck laid out once, which the print-shop
// export and the Tabletop Simulator sheets paint again without laying anything out. It is
// handed over as soon as the last deck is laid out, while the home-print PDFs are still being
// printed (stage-sheets.ts), so the painting starts on the cores the printing leaves idle.
import type { LaidDeck } from './decks.js';
import type { Looks } from './layout/load.js';
import type { ProcessedImage } from './layout/display-list.js';

export interface LaidGame {
  looks: Looks;
  decks: LaidDeck[];
  images: Map<string, ProcessedImage>;
}

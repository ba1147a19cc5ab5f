// The print-shop PDF of one deck: one card per page, each face followed by its back, every
// page the trim plus 1/8 in of bleed on each side, with TrimBox and BleedBox set so the shop's
// software knows where to cut.
import type { LaidDeck } from '../decks.js';
import type { ProcessedImage } from '../layout/display-list.js';
import { newDocument, finish } from '../paint/document.js';
import { MM, paintCard, PdfImages } from '../paint/pdf.js';
import type { SheetWords } from '../layout/schema.js';
import { fillWords } from '../sheets/words.js';

interface PageDictionary {
  data: Record<string, unknown>;
}

export async function pressDeck(
  deck: LaidDeck,
  images: Map<string, ProcessedImage>,
  gameName: string,
  words: SheetWords['press'],
  bleed: number,
): Promise<Buffer> {
  const about = { game: gameName, deck: deck.title, cards: deck.cards.length, bleed };
  const doc = newDocument({ title: fillWords(words.title, about), subject: fillWords(words.subject, about) });
  const pics = new PdfImages(doc, images);
  for (const card of deck.cards) {
    for (const side of [card.face, card.back]) {
      const b = side.bleed;
      const w = (side.width + 2 * b) * MM;
      const h = (side.height + 2 * b) * MM;
      doc.addPage({ size: [w, h], margin: 0 });
      paintCard(doc, side, b * MM, b * MM, [{ x: -b, y: -b, w: side.width + 2 * b, h: side.height + 2 * b }], pics);
      const page = (doc as unknown as { page: { dictionary: PageDictionary } }).page;
      // PDF boxes are measured from the bottom-left corner; the card sits in the middle.
      const r = (v: number) => Math.round(v * 1000) / 1000;
      page.dictionary.data.BleedBox = [0, 0, r(w), r(h)];
      page.dictionary.data.TrimBox = [r(b * MM), r(b * MM), r(w - b * MM), r(h - b * MM)];
    }
  }
  return finish(doc);
}

// The print-shop PDF of one deck: one card per page, each face followed by its back (or each
// back followed by its face, for DriveThruCards), every
// page the trim plus 1/8 in of bleed on each side, with TrimBox and BleedBox set so the shop's
// software knows where to cut.
import type { LaidDeck } from '../decks.js';
import type { ProcessedImage } from '../layout/display-list.js';
import { newDocument, finish } from '../paint/document.js';
import { MM, paintCard, PdfForms, PdfImages, type InkOf } from '../paint/pdf.js';
import { declarePdfX1a, markUntrapped, setPageBox } from '../paint/pdfkit-internals.js';
import { toCmyk } from '../colour/cmyk.js';
import type { SheetWords } from '../layout/schema.js';
import { fillWords } from '../sheets/words.js';
import { Breather } from '../breather.js';

/** How a print shop wants its PDF: page order, and CMYK PDF/X-1a or plain sRGB. */
export interface PressFlavour {
  backFirst: boolean;
  cmyk: boolean;
}

export async function pressDeck(
  deck: LaidDeck,
  images: Map<string, ProcessedImage>,
  gameName: string,
  words: SheetWords['press'],
  bleed: number,
  flavour: PressFlavour = { backFirst: false, cmyk: false },
): Promise<Buffer> {
  const about = { game: gameName, deck: deck.title, cards: deck.cards.length, bleed };
  const doc = newDocument({ title: fillWords(words.title, about), subject: fillWords(flavour.backFirst ? words.subject_back_first : words.subject, about) });
  if (flavour.cmyk) declarePdfX1a(doc, 'CGATS TR 001', 'SWOP (Publication) Grade 1 Paper');
  const ink: InkOf = flavour.cmyk ? toCmyk : (hex) => hex;
  const pics = new PdfImages(doc, images);
  // A deck has few backs: each is drawn once, and placed on every page that shows it.
  const backs = new PdfForms(doc, pics, ink);
  const breather = new Breather();
  for (const card of deck.cards) {
    await breather.breathe();
    for (const side of flavour.backFirst ? [card.back, card.face] : [card.face, card.back]) {
      const b = side.bleed;
      const w = (side.width + 2 * b) * MM;
      const h = (side.height + 2 * b) * MM;
      doc.addPage({ size: [w, h], margin: 0 });
      paintCard(
        doc,
        side,
        b * MM,
        b * MM,
        [{ x: -b, y: -b, w: side.width + 2 * b, h: side.height + 2 * b }],
        pics,
        ink,
        side === card.back ? backs : undefined,
      );
      // PDF boxes are measured from the bottom-left corner; the card sits in the middle.
      const r = (v: number) => Math.round(v * 1000) / 1000;
      setPageBox(doc, 'BleedBox', [0, 0, r(w), r(h)]);
      setPageBox(doc, 'TrimBox', [r(b * MM), r(b * MM), r(w - b * MM), r(h - b * MM)]);
    }
  }
  const pdf = await finish(doc);
  return flavour.cmyk ? markUntrapped(pdf) : pdf;
}

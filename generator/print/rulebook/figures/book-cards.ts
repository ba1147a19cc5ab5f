// The cards the rule book shows, laid out by the same layouts and painter as the decks (so a
// card in the book is the card on the table), with their pictures processed like the decks'.
// Only the few cards the pictures need are laid out.
import type { Card, Game } from '../../../../engine/index.js';
import { BuildError } from '../../../build-error.js';
import type { CardArt } from '../../../load/check-images.js';
import { CardPainter } from '../../layout/card-layout.js';
import type { DisplayList, ProcessedImage } from '../../layout/display-list.js';
import type { Looks } from '../../layout/load.js';
import { imageLookupKey, pictureKeys, prepareImages } from '../../images.js';
import { layoutFor } from '../../printed-types.js';
import { sortCards } from '../../decks.js';

export interface BookCards {
  card(code: string): Card;
  face(code: string): DisplayList;
  back(code: string): DisplayList;
  /** The processed pictures the faces show (by the key their image items name). */
  images: Map<string, ProcessedImage>;
}

/** The first card, in its deck's printed order, whose fields have all the given values; undefined when none does. */
export function pickCard(game: Game, looks: Looks, match: Record<string, string | number | boolean>): Card | undefined {
  const matching = game.cards.filter((c) => Object.entries(match).every(([k, v]) => (c as unknown as Record<string, unknown>)[k] === v));
  const first = matching[0];
  const layout = first && layoutFor(looks, first.type)?.layout;
  return layout
    ? sortCards(
        matching.filter((c) => c.type === first.type),
        layout.sort,
        game,
      )[0]
    : first;
}

/** Lays out the cards with these codes (each once): faces and backs, or for `backsOnly`, backs alone. */
export async function layOutBookCards(
  game: Game,
  looks: Looks,
  art: Map<string, CardArt>,
  codes: Iterable<string>,
  backsOnly: Iterable<string> = [],
): Promise<BookCards> {
  const byCode = new Map(game.cards.map((c) => [c.code, c]));
  const find = (code: string) => {
    const card = byCode.get(code);
    if (!card)
      throw new BuildError(`the rule book shows the card ${code}, which the game does not have`, 'use the code printed on a card in [[cards:…]]', code);
    return card;
  };
  const cards = [...new Set(codes)].map(find);
  const keys = new Map<string, string>();
  const painter = new CardPainter({ game, theme: looks.theme, size: 'poker', imageKey: (card, box) => keys.get(imageLookupKey(card, box)) });
  const layoutOf = (card: Card) => layoutFor(looks, card.type)!.layout;
  const requests = cards.flatMap((card) => painter.imageBoxes(layoutOf(card), card).map((box) => ({ card, box })));
  for (const [at, key] of pictureKeys(requests, art)) keys.set(at, key);
  const prepared = await prepareImages(requests, art, looks.theme.colours.paper ?? '#ffffff');
  const laid = new Map(cards.map((card) => [card.code, painter.layCard(layoutOf(card), card)]));
  const backs = new Map([...new Set(backsOnly)].filter((code) => !laid.has(code)).map((code) => [code, painter.layBack(layoutOf(find(code)), find(code))]));
  const get = (code: string) => {
    const l = laid.get(code);
    if (!l) throw new Error(`the rule book's card ${code} was not laid out`);
    return l;
  };
  return {
    card: (code) => byCode.get(code) ?? get(code).card,
    face: (code) => get(code).face,
    back: (code) => backs.get(code) ?? get(code).back,
    images: prepared.table,
  };
}

// What the typesetter needs to draw the rule book's pictures: their words, the cards laid out,
// which card each anatomy shows, and the cards of the table diagram.
import type { Game } from '../../../../engine/index.js';
import { BuildError } from '../../../build-error.js';
import type { CardArt } from '../../../load/check-images.js';
import type { Looks } from '../../layout/load.js';
import { cardCodesIn } from '../markdown.js';
import type { RulebookView } from '../view.js';
import { layOutBookCards, pickCard, type BookCards } from './book-cards.js';
import { setupCards, setupCodes, type SetupCards } from './table-setup.js';
import type { FigureWords } from './words.js';

export interface FigureKit {
  words: FigureWords;
  cards: BookCards;
  /** The card each anatomy shows, by the anatomy's name. */
  anatomy: Map<string, string>;
  setup: SetupCards;
}

/** Which card each anatomy of figures.yaml shows: the first card matching its `card`. */
function anatomyCards(game: Game, looks: Looks, words: FigureWords): Map<string, string> {
  return new Map(
    Object.entries(words.anatomy).map(([name, a]) => {
      const card = pickCard(game, looks, a.card);
      if (!card)
        throw new BuildError(
          `the rule book's “${name}” anatomy shows the first card with ${JSON.stringify(a.card)}, and the game has none`,
          'change `card:` in templates/rulebook/figures.yaml to match a card that exists',
          'templates/rulebook/figures.yaml',
        );
      return [name, card.code];
    }),
  );
}

/** Lays out every card the book's pictures and worked examples draw. */
export async function figureKit(
  game: Game,
  view: RulebookView,
  words: FigureWords,
  chapters: { markdown: string }[],
  looks: Looks,
  art: Map<string, CardArt>,
): Promise<FigureKit> {
  const anatomy = anatomyCards(game, looks, words);
  const setup = setupCards(game, view);
  const onTable = setupCodes(setup);
  const codes = [...anatomy.values(), ...onTable.faces, ...chapters.flatMap((c) => cardCodesIn(c.markdown))];
  return { words, cards: await layOutBookCards(game, looks, art, codes, onTable.backs), anatomy, setup };
}

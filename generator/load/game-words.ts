// Words on cards that follow the game's shape: a reference card says "when the {{last_century}}
// ends" and prints "17th century" in a one-lesson pack, "20th century" in the full game. Only these
// names are filled in — card text is never run as a template — and an unknown name is an error.
import type { DiagnosticList, Place } from './diagnostic.js';
import { didYouMean } from './nearest.js';
import type { Century, Country, Edition } from '../../engine/index.js';

export interface WordsContext {
  countries: Country[];
  centuries: Century[];
  players: { min: number; max: number };
  edition: Edition;
}

const faces = (list: number[], joiner: string) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length <= 1 ? sorted.join('') : `${sorted.slice(0, -1).join(', ')} ${joiner} ${sorted.at(-1)}`;
};
const creditFaces = (e: Edition) => [1, 2, 3, 4, 5, 6].filter((f) => !e.chance_faces.includes(f) && !e.first_round_reroll.includes(f));
const span = (list: number[]) => {
  const contiguous = list.every((f, i) => i === 0 || f === list[i - 1]! + 1);
  return contiguous && list.length > 2 ? `${list[0]}–${list.at(-1)}` : faces(list, 'or');
};

/** Every name a card may use, what it means, and its value in a game. */
export const GAME_WORDS: Record<string, { means: string; value: (c: WordsContext) => string }> = {
  first_century: { means: 'the first century played, e.g. "15th century"', value: (c) => c.centuries[0]!.name },
  last_century: { means: 'the last century played, e.g. "20th century"', value: (c) => c.centuries.at(-1)!.name },
  first_country: { means: 'the country in the first seat, e.g. "Germany"', value: (c) => c.countries[0]!.name },
  players: {
    means: 'how many play, e.g. "3 to 6"',
    value: (c) => (c.players.min === c.players.max ? `${c.players.min}` : `${c.players.min} to ${c.players.max}`),
  },
  starting_credits: { means: "the card's edition: credits each country starts with", value: (c) => String(c.edition.starting_credits) },
  force_chance_cost: { means: "the card's edition: what making a rival draw chance costs", value: (c) => String(c.edition.force_chance_cost ?? 'not allowed') },
  auction_reserve: { means: "the card's edition: the lowest winning bid for a lot", value: (c) => String(c.edition.auction.reserve) },
  auction_book_value: {
    means: "the card's edition: what an auction book is worth, if fixed",
    value: (c) => String(c.edition.auction_book_value ?? 'its printed value'),
  },
  credit_roll: { means: 'the die faces that bring credits, e.g. "2–5"', value: (c) => span(creditFaces(c.edition)) },
  chance_roll: { means: 'the die faces that draw chance after the first round, e.g. "1 or 6"', value: (c) => faces(c.edition.chance_faces, 'or') },
  reroll_faces: { means: 'the die faces rolled again in the first round, e.g. "1 and 6"', value: (c) => faces(c.edition.first_round_reroll, 'and') },
};

const NAME = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Fills the game's names into one piece of card text; unknown names are reported at `place`. */
export function fillGameWords(text: string, ctx: WordsContext, place: () => Place, diags: DiagnosticList): string {
  if (!text.includes('{{')) return text;
  return text.replace(NAME, (whole, name: string) => {
    // Own names only: "constructor" or "toString" are names every object answers to.
    const word = Object.hasOwn(GAME_WORDS, name) ? GAME_WORDS[name] : undefined;
    if (word) return word.value(ctx);
    const guess = didYouMean(name, Object.keys(GAME_WORDS));
    diags.error(
      place(),
      `'{{${name}}}' is not a name the cards can use`,
      `${guess ? `${guess} ` : ''}the names are: ${Object.keys(GAME_WORDS)
        .map((n) => `{{${n}}}`)
        .join(', ')}`,
    );
    return whole;
  });
}

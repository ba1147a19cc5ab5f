// Answers "lose a book of your choice": the country gives up the books it chose, exactly as many
// as the card asks, from those the card allowed.
import { z } from 'zod';
import { isLocked, moveCards, saleValueOfCards, withTable } from '../../table.js';
import { writeOff } from '../../ledger.js';
import { cardTitle } from '../../table.js';
import { CardsField, CountryField, defineAction } from '../action.js';
import { Name, name } from '../read.js';
import { answered } from '../ask.js';
import { withState } from '../state.js';

export const chooseBookAction = defineAction({
  type: 'choose-book',
  answers: true,
  schema: z.strictObject({ type: z.literal('choose-book'), country: CountryField, cards: CardsField.describe('The books it gives up.') }),
  summary: 'The answer to "lose a book of your choice": exactly as many books as the card asks, from those it allows.',
  example: { type: 'choose-book', country: 'france', cards: ['encyclopedie'] },
  check({ game, state }, a) {
    const prompt = state.prompts.find((p) => p.kind === 'choose-book' && p.country === a.country);
    if (prompt?.kind !== 'choose-book') return `${Name(game, a.country)} has no book to choose now.`;
    const valid = prompt.candidates.filter((id) => state.table.owner.get(id) === prompt.country && !isLocked(state.table, id));
    const need = Math.min(prompt.count, valid.length);
    if (a.cards.length !== need) return `${Name(game, a.country)} must choose ${need === 1 ? '1 book' : `${need} books`}.`;
    if (new Set(a.cards).size !== a.cards.length) return 'The same book is listed twice.';
    for (const id of a.cards) if (!valid.includes(id)) return `${cardTitle(game, id)} is not one of the books ${Name(game, a.country)} can give up here.`;
    return null;
  },
  apply({ game, state, edition }, a, rec) {
    const prompt = state.prompts.find((p) => p.kind === 'choose-book' && p.country === a.country)!;
    if (prompt.kind !== 'choose-book') return state;
    if (rec.on) rec.say(Name(game, a.country), `gives ${a.cards.map((id) => cardTitle(game, id)).join(', ')} to ${name(game, prompt.to)}`, 'chosen book');
    let table = state.table;
    // Books back on the market were given up for nothing: the money law counts them out.
    if (prompt.to === 'market') table = withTable(table, { ledger: writeOff(table.ledger, saleValueOfCards(game, edition, table, a.cards)) });
    return answered(withState(state, { table: moveCards(table, a.cards, prompt.to) }), prompt);
  },
  describe: (game, a) => `${Name(game, a.country)} gives up ${a.cards.map((id) => cardTitle(game, id)).join(', ')}`,
});

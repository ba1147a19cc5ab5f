// Books for a debt (DESIGN §2). The creditor takes books from the debtor's shelf (never from a
// completed collection); the bank takes credits only.
// - codex (`debt_books: closest`): when the debt arises, the creditor may take the set of books
//   whose values add up closest to the debt, over or under — any equally close set, its pick —
//   and that settles the debt in full, with no change either way.
// - classic (`debt_books: cover-with-change`): for a claim, or any later turn while the debt
//   stands, the creditor takes books worth at least what is owed and gives the difference back
//   in credits or books of its own, its choice; a creditor who cannot give change may not take
//   more than the debt. Only when it takes every book the debtor can give may they fall short;
//   the rest is then owed in credits.
import { z } from 'zod';
import { closestDistance, closestBooks } from '../../closest-books.js';
import { debtOf, exchange, settleWithBooks, spend } from '../../ledger.js';
import { cardTitle, moveCards, ownableById, unlockedHoldings, valueOfCards, withTable } from '../../table.js';
import { bookValue } from '../../worth.js';
import { CardsField, CountryField, CreditsField, OVER, creditsOf, credits, defineAction, handOverProblem, seated, type Ctx } from '../action.js';
import { Name, name } from '../read.js';
import { paysWords } from '../../names.js';
import { answered } from '../ask.js';
import type { Prompt } from '../../prompts.js';
import { withState } from '../state.js';

const Change = z
  .strictObject({ credits: CreditsField, cards: CardsField })
  .describe('Classic only: what the creditor gives back when the books are worth more than the debt.');

type Settle = { debtor: string; creditor: string; cards: string[]; change?: { credits: number; cards: string[] } | undefined };

function titles(ctx: Ctx, cards: readonly string[]): string {
  return cards.map((id) => cardTitle(ctx.game, id)).join(', ');
}

/** The open question this settles, and how much is at stake. */
function stake(ctx: Ctx, a: Settle): { prompt?: Prompt; amount: number } | null {
  const { state } = ctx;
  const prompt = state.prompts.find((p) => (p.kind === 'debt-terms' || p.kind === 'claim') && p.debtor === a.debtor && p.creditor === a.creditor);
  if (prompt?.kind === 'claim') return { prompt, amount: prompt.amount };
  const debt = debtOf(state.table.ledger, a.debtor, a.creditor);
  if (prompt) return debt ? { prompt, amount: debt.amount } : null;
  return debt ? { amount: debt.amount } : null;
}

function checkClosest(ctx: Ctx, a: Settle, amount: number, hasTerms: boolean): string | null {
  const { game, edition, state } = ctx;
  if (!hasTerms) return `${Name(game, a.creditor)} chose to wait for credits when the debt arose, so it can no longer take books for it.`;
  if ((a.change?.credits ?? 0) > 0 || (a.change?.cards.length ?? 0) > 0)
    return 'In this edition no change is given: the closest books settle the debt in full.';
  const shelf = unlockedHoldings(state.table, a.debtor).map((id) => ({ id, value: bookValue(game, edition, ownableById(game, id)!) }));
  const best = closestDistance(shelf, amount);
  const total = valueOfCards(game, edition, a.cards);
  const off = Math.abs(total - amount);
  if (best !== null && off > best) {
    const example = closestBooks(shelf, amount).map((b) => b.id);
    const worth = valueOfCards(game, edition, example);
    return `These books are worth ${total}, ${off} away from the debt of ${amount}; ${titles(ctx, example)}, worth ${worth}, ${example.length === 1 ? 'comes' : 'come'} within ${best} of it. The creditor takes books as close to the debt as the shelf allows.`;
  }
  return null;
}

function checkCover(ctx: Ctx, a: Settle, amount: number): string | null {
  const { game, edition, state } = ctx;
  const total = valueOfCards(game, edition, a.cards);
  const all = unlockedHoldings(state.table, a.debtor);
  if (total < amount && a.cards.length < all.length) {
    return `These books are worth ${total}, less than the ${amount} owed. Take books worth at least ${amount}, or every book ${name(game, a.debtor)} can give and the rest in credits.`;
  }
  const excess = Math.max(0, total - amount);
  const change = a.change ?? { credits: 0, cards: [] };
  const given = change.credits + valueOfCards(game, edition, change.cards);
  if (excess === 0) return given > 0 ? `The books are not worth more than the ${amount} owed, so no change is due.` : null;
  if (given !== excess) {
    return `These books are worth ${total}, ${excess} more than the ${amount} owed: ${name(game, a.creditor)} gives ${excess} back as change, in credits or books of its own (the change entered comes to ${given}).`;
  }
  if (creditsOf(state, a.creditor) < change.credits) {
    return `${Name(game, a.creditor)} has only ${credits(creditsOf(state, a.creditor))} and cannot give that change, so it may not take books worth more than the debt.`;
  }
  return handOverProblem(game, state.table, a.creditor, change.cards);
}

export const settleAction = defineAction({
  type: 'settle',
  answers: true,
  schema: z.strictObject({
    type: z.literal('settle'),
    debtor: CountryField,
    creditor: CountryField,
    cards: CardsField.describe("The debtor's books the creditor takes."),
    change: Change.optional(),
  }),
  summary: "Books taken for a debt (or, in classic, for a claim): the debtor's books the creditor takes, and in classic the change it gives back.",
  example: { type: 'settle', debtor: 'spain', creditor: 'england', cards: ['gramatica-castellana'] },
  check(ctx, a) {
    const { game, state, edition } = ctx;
    const debtor = seated(game, state, a.debtor);
    if (debtor) return debtor;
    if (a.creditor === 'bank') return 'The bank takes credits only. To raise them, the debtor sells books back to the market.';
    const creditor = seated(game, state, a.creditor);
    if (creditor) return creditor;
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    const at = stake(ctx, a);
    if (!at) return `${Name(game, a.debtor)} owes ${name(game, a.creditor)} nothing.`;
    if (a.cards.length === 0) return `Say which books ${name(game, a.creditor)} takes.`;
    const books = handOverProblem(game, state.table, a.debtor, a.cards);
    if (books) return books;
    return edition.debt_books === 'closest' ? checkClosest(ctx, a, at.amount, at.prompt?.kind === 'debt-terms') : checkCover(ctx, a, at.amount);
  },
  credits: (ctx, a) => (stake(ctx, a)?.amount ?? 0) + (a.change?.credits ?? 0),
  apply(ctx, a, rec) {
    const { game, edition } = ctx;
    let { state } = ctx;
    const at = stake(ctx, a)!;
    const total = valueOfCards(game, edition, a.cards);
    let { table } = state;
    if (at.prompt) state = answered(state, at.prompt);
    const who = rec.on ? Name(game, a.creditor) : '';
    if (edition.debt_books === 'closest') {
      table = moveCards(withTable(table, { ledger: settleWithBooks(table.ledger, a.debtor, a.creditor, at.amount) }), a.cards, a.creditor);
      if (rec.on)
        rec.say(who, `takes ${titles(ctx, a.cards)} (worth ${total}) from ${name(game, a.debtor)}: the debt of ${at.amount} is settled in full`, 'debt');
      return withState(state, { table });
    }
    // cover-with-change: books first, then change, then whatever the books did not cover.
    const covered = Math.min(total, at.amount);
    if (at.prompt?.kind !== 'claim') table = withTable(table, { ledger: settleWithBooks(table.ledger, a.debtor, a.creditor, covered) });
    table = moveCards(table, a.cards, a.creditor);
    if (rec.on) rec.say(who, `takes ${titles(ctx, a.cards)} (worth ${total}) from ${name(game, a.debtor)} for ${at.amount} owed`, 'debt');
    const change = a.change ?? { credits: 0, cards: [] };
    if (change.credits > 0 || change.cards.length > 0) {
      table = moveCards(withTable(table, { ledger: exchange(table.ledger, a.creditor, a.debtor, change.credits) }), change.cards, a.debtor);
      const parts = [change.credits ? credits(change.credits) : '', titles(ctx, change.cards)].filter(Boolean).join(' and ');
      if (rec.on) rec.say(who, `gives ${name(game, a.debtor)} ${parts} in change`, 'debt');
    }
    if (at.prompt?.kind === 'claim' && total < at.amount) {
      const { ledger, short } = spend(table.ledger, a.debtor, a.creditor, at.amount - total, at.prompt.reason);
      table = withTable(table, { ledger });
      if (rec.on) rec.say(Name(game, a.debtor), paysWords(name(game, a.creditor), at.amount - total, short, `the other ${at.amount - total}`), 'debt');
    }
    return withState(state, { table });
  },
  describe: (game, a) => `${Name(game, a.creditor)} takes ${a.cards.map((id) => cardTitle(game, id)).join(', ')} from ${name(game, a.debtor)}`,
});

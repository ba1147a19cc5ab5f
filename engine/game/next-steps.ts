// The banker's guide: what the table is expected to do now, in the order it should happen.
// Where the next step is fully known (closing an empty auction, ending a turn, paying a debt back
// from the credits just received) the suggestion carries the action, ready for one tap.
import type { Game } from '../game.js';
import type { CountryId } from '../ledger.js';
import { ownableById, unlockedHoldings, valueOfCards, cardTitle } from '../table.js';
import { closestBooks } from '../closest-books.js';
import type { Action, GameState } from './types.js';
import { check } from './check.js';
import { drawableChance, editionFor, name, unplayedNationalEvents, worldEventOf } from './read.js';
import { centuryName, lotName } from '../names.js';

export interface NextStep {
  label: string;
  action?: Action;
}

function ordinal(game: Game, century: string): string {
  return centuryName(game, century).replace(/ century$/, '-century');
}

/** The books a creditor would take from `debtor` for a debt of `amount` (see closestBooks). */
export function suggestedBooks(game: Game, state: GameState, debtor: CountryId, amount: number): string[] {
  const shelf = unlockedHoldings(state.table, debtor).map((id) => ({ id, value: ownableById(game, id)?.value ?? 0 }));
  return closestBooks(shelf, amount).map((b) => b.id);
}

/** Debts the country can start paying back now, largest first. */
function debtSteps(game: Game, state: GameState, country: CountryId): NextStep[] {
  const has = state.table.ledger.credits[country] ?? 0;
  return state.table.ledger.debts
    .filter((d) => d.debtor === country)
    .sort((a, b) => b.amount - a.amount)
    .flatMap((d): NextStep[] => {
      const label = `${name(game, country)} owes ${name(game, d.creditor)} ${d.amount} (${d.reason})`;
      const steps: NextStep[] = [];
      if (has > 0)
        steps.push({
          label: `${label}: pay ${Math.min(has, d.amount)} back now`,
          action: { type: 'settle', debtor: country, creditor: d.creditor, credits: Math.min(has, d.amount), cards: [] },
        });
      const books = suggestedBooks(game, state, country, d.amount);
      if (books.length > 0) {
        const worth = valueOfCards(game, books);
        const titles = books.map((id) => cardTitle(game, id)).join(', ');
        steps.push({
          label: `${label}: or ${name(game, d.creditor)} takes ${titles} (worth ${worth})`,
          action: { type: 'settle', debtor: country, creditor: d.creditor, credits: 0, cards: books },
        });
      }
      if (steps.length === 0) steps.push({ label: `${label}: to be paid when credits come in` });
      return steps;
    });
}

function promptSteps(game: Game, state: GameState): NextStep[] {
  const steps: NextStep[] = [];
  const deckLeft = drawableChance(game, state).length > 0;
  for (const p of state.prompts) {
    if (p.kind === 'choose-book') {
      steps.push({
        label: `${name(game, p.country)}: choose ${p.count === 1 ? 'a book' : `${p.count} books`} to give to ${name(game, p.to)} (from ${p.candidates.map((id) => cardTitle(game, id)).join(', ')})`,
      });
    } else if (p.kind === 'draw-chance') {
      steps.push({
        label: deckLeft
          ? `${name(game, p.country)}: draw ${p.count === 1 ? 'a chance card' : `${p.count} chance cards`} and enter the code`
          : `${name(game, p.country)} would draw chance, but the deck is empty`,
      });
    }
  }
  for (const lot of state.openAuctions) {
    steps.push({ label: `Auction of ${lotName(game, lot)}: take bids and record the sales` });
    steps.push({ label: `Nobody bids on ${lotName(game, lot)}: close the auction`, action: { type: 'auction', lot, sales: [] } });
  }
  return steps;
}

function endTurn(game: Game, state: GameState, label: string): NextStep[] {
  const action: Action = { type: 'end-turn' };
  return check(game, state, action) === null ? [{ label, action }] : [];
}

function overSteps(game: Game, state: GameState): NextStep[] {
  const steps: NextStep[] = [];
  if (editionFor(game, state).end_of_game === 'buy-books') {
    const cheapest = Math.min(
      ...Object.entries(state.table.owner)
        .filter(([, p]) => p === 'market')
        .map(([id]) => ownableById(game, id)?.value ?? Infinity),
    );
    const buyers = [...state.table.players]
      .filter((c) => (state.table.ledger.credits[c] ?? 0) >= cheapest)
      .sort((a, b) => (state.table.ledger.credits[b] ?? 0) - (state.table.ledger.credits[a] ?? 0));
    for (const c of buyers)
      steps.push({ label: `${name(game, c)} has ${state.table.ledger.credits[c]} credits left: buy books from the market (richest first)` });
  }
  steps.push({ label: 'The game is over: show the final scores' });
  return steps;
}

export function nextSteps(game: Game, state: GameState): NextStep[] {
  if (state.phase === 'over') return overSteps(game, state);
  const who = name(game, state.current);
  const steps = promptSteps(game, state);
  switch (state.phase) {
    case 'national-events': {
      if (!state.eventPlayed && unplayedNationalEvents(game, state, state.current).length > 0) {
        steps.push({ label: `${who}: draw your ${ordinal(game, state.century)} national event and enter its code` });
      } else {
        steps.push(...endTurn(game, state, `${who} is done: next country`));
      }
      break;
    }
    case 'market': {
      if (state.skipping && !state.rolled) steps.push({ label: `${who} skips the roll this turn` });
      else if (!state.rolled) steps.push({ label: `${who}: roll the die${state.firstRound ? ' (a 1 or 6 is rolled again in the first round)' : ''}` });
      if (state.rolled || state.skipping) {
        steps.push(...debtSteps(game, state, state.current));
        steps.push({ label: `${who}: buy books from the market, or sell some back` });
        steps.push(...endTurn(game, state, `${who} is done: end the turn`));
      }
      break;
    }
    case 'world-event': {
      if (!state.eventPlayed && worldEventOf(game, state).length > 0) {
        steps.push({ label: `${who}: turn over the ${ordinal(game, state.century)} world event and enter its code` });
      } else {
        steps.push(...endTurn(game, state, 'The century ends: next century'));
      }
      break;
    }
  }
  return steps;
}

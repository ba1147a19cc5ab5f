// The banker's guide: what the table is expected to do now, in the order it should happen.
// Where the next step is fully known (closing an empty auction, ending a turn, a creditor taking
// the closest books or waiting for credits) the suggestion carries the action, ready for one tap.
import type { Game } from '../game.js';
import type { CountryId } from '../ledger.js';
import { cardTitle, ownableById, unlockedHoldings, valueOfCards } from '../table.js';
import { bookValue } from '../worth.js';
import { closestBooks } from '../closest-books.js';
import type { Prompt } from '../prompts.js';
import type { Action } from './actions/index.js';
import type { GameState } from './types.js';
import { check } from './check.js';
import { Name, canBuyAnything, chanceStop, editionFor, name, openDecision, unplayedNationalEvents, worldEventOf } from './read.js';
import { buyingOrder } from './final-buying.js';
import { andList, centuryName, lotName } from '../names.js';

export interface NextStep {
  label: string;
  action?: Action;
}

function ordinal(game: Game, century: string): string {
  return centuryName(game, century).replace(/ century$/, '-century');
}

/** The books a creditor would take from `debtor` for a debt of `amount` (codex: the closest set). */
export function suggestedBooks(game: Game, state: GameState, debtor: CountryId, amount: number): string[] {
  const edition = editionFor(game, state);
  const shelf = unlockedHoldings(state.table, debtor).map((id) => ({ id, value: bookValue(game, edition, ownableById(game, id)!) }));
  if (edition.debt_books === 'closest') return closestBooks(shelf, amount).map((b) => b.id);
  // cover-with-change: the cheapest set that covers the amount, so the least change is due.
  const covering = closestBooks(shelf, amount);
  const total = covering.reduce((s, b) => s + b.value, 0);
  return (total >= amount ? covering : shelf).map((b) => b.id);
}

function offer(game: Game, state: GameState, label: string, action: Action): NextStep[] {
  return check(game, state, action) === null ? [{ label, action }] : [{ label }];
}

function decisionSteps(game: Game, state: GameState, p: Prompt): NextStep[] {
  switch (p.kind) {
    case 'choose-book':
      return [
        {
          label: `${Name(game, p.country)}: choose ${p.count === 1 ? 'a book' : `${p.count} books`} to give to ${name(game, p.to)} (from ${p.candidates.map((id) => cardTitle(game, id)).join(', ')})`,
        },
      ];
    case 'debt-terms': {
      const debt = state.table.ledger.debts.find((d) => d.debtor === p.debtor && d.creditor === p.creditor);
      const amount = debt?.amount ?? 0;
      const books = suggestedBooks(game, state, p.debtor, amount);
      const worth = valueOfCards(game, editionFor(game, state), books);
      const titles = books.map((id) => cardTitle(game, id)).join(', ');
      return [
        { label: `${Name(game, p.debtor)} owes ${name(game, p.creditor)} ${amount}. ${Name(game, p.creditor)} chooses: books now, or credits later` },
        ...offer(game, state, `${Name(game, p.creditor)} takes ${titles} (worth ${worth}): the debt is settled in full`, {
          type: 'settle',
          debtor: p.debtor,
          creditor: p.creditor,
          cards: books,
        }),
        ...offer(game, state, `${Name(game, p.creditor)} waits for credits: whatever ${name(game, p.debtor)} receives pays the debt first`, {
          type: 'take-credits',
          debtor: p.debtor,
          creditor: p.creditor,
        }),
      ];
    }
    case 'claim':
      return [
        {
          label: `${Name(game, p.debtor)} must pay ${name(game, p.creditor)} ${p.amount}. ${Name(game, p.creditor)} chooses credits, or books worth at least ${p.amount} with change given back`,
        },
        ...offer(game, state, `${Name(game, p.creditor)} takes credits: ${name(game, p.debtor)} pays what it has, the rest is a debt`, {
          type: 'take-credits',
          debtor: p.debtor,
          creditor: p.creditor,
        }),
      ];
    default:
      return [];
  }
}

function promptSteps(game: Game, state: GameState): NextStep[] {
  const steps: NextStep[] = [];
  for (const p of state.prompts) steps.push(...decisionSteps(game, state, p));
  const stop = chanceStop(game, state);
  for (const p of state.prompts) {
    if (p.kind !== 'draw-chance') continue;
    steps.push({
      label: stop
        ? `${Name(game, p.country)} would draw chance, but ${stop.clause}`
        : `${Name(game, p.country)}: draw ${p.count === 1 ? 'a chance card' : `${p.count} chance cards`} and enter the code`,
    });
  }
  for (const lot of state.openAuctions) {
    steps.push({ label: `Auction of ${lotName(game, lot)}: take bids and record the sales` });
    steps.push({ label: `Nobody bids on ${lotName(game, lot)}: close the auction`, action: { type: 'auction', lot, sales: [] } });
  }
  return steps;
}

/** What a country owes, as information: its credits pay it off as they come in. The referee keeps these in view. */
export function debtReminders(game: Game, state: GameState, country: CountryId): NextStep[] {
  return state.table.ledger.debts
    .filter((d) => d.debtor === country)
    .map((d) => ({ label: `${Name(game, country)} owes ${name(game, d.creditor)} ${d.amount} (${d.reason}): every credit it receives pays this first` }));
}

function endTurn(game: Game, state: GameState, label: string): NextStep[] {
  const action: Action = { type: 'end-turn' };
  return check(game, state, action) === null ? [{ label, action }] : [];
}

function buyingSteps(game: Game, state: GameState): NextStep[] {
  if (!state.buying) return [];
  const found = buyingOrder(state.buying, state.table.players);
  if ('roll' in found) {
    const tied = andList(found.roll.map((c) => Name(game, c)));
    return [{ label: `${tied}: your libraries are worth the same, so roll the die for the buying order (highest goes first)` }];
  }
  const who = Name(game, state.current);
  const steps: NextStep[] = [{ label: `Buying order: ${found.order.map((c) => Name(game, c)).join(', ')}` }];
  if (canBuyAnything(game, state, state.current))
    steps.push({ label: `${who}: spend your ${state.table.ledger.credits[state.current]} credits on books from the market` });
  steps.push(...endTurn(game, state, `${who} has bought what it can: next buyer`));
  return steps;
}

export function nextSteps(game: Game, state: GameState): NextStep[] {
  if (state.phase === 'over') return [{ label: 'The game is over: show the final scores' }];
  const steps = promptSteps(game, state);
  // While a decision is open nothing else can happen, so the guide shows only the questions.
  if (openDecision(game, state)) return steps;
  const who = Name(game, state.current);
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
        steps.push(...debtReminders(game, state, state.current));
        steps.push({ label: `${who}: buy books from the market, or sell some back` });
        steps.push(...endTurn(game, state, `${who} is done: end the turn`));
      }
      break;
    }
    case 'world-event': {
      if (!state.eventPlayed && worldEventOf(game, state).length > 0) {
        steps.push({ label: `${who}: turn over the ${ordinal(game, state.century)} world event and enter its code` });
      } else {
        steps.push(...endTurn(game, state, state.century === state.end ? 'The century ends, and with it the game' : 'The century ends: next century'));
      }
      break;
    }
    case 'final-buying':
      steps.push(...buyingSteps(game, state));
      break;
  }
  return steps;
}

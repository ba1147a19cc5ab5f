// Adds the questions a card or a roll raises to the state: auctions open, chance draws of one
// country add up, a skip is a skip, a debt's terms are asked once per debtor and creditor, and
// two claims between the same countries are one claim.
import type { Game } from '../game.js';
import { debtOf } from '../ledger.js';
import { isLocked } from '../table.js';
import type { Prompt } from '../prompts.js';
import type { GameState } from './types.js';
import { waitingLotBooks } from './read.js';
import { withState } from './state.js';

export function ask(game: Game, state: GameState, prompts: readonly Prompt[]): GameState {
  let { openAuctions } = state;
  const list = [...state.prompts];
  for (const p of prompts) {
    switch (p.kind) {
      case 'open-auction': {
        const waiting = waitingLotBooks(game, state.table, p.lot).length > 0;
        if (waiting && !openAuctions.includes(p.lot)) openAuctions = [...openAuctions, p.lot];
        break;
      }
      case 'draw-chance': {
        const i = list.findIndex((q) => q.kind === 'draw-chance' && q.country === p.country);
        if (i >= 0) list[i] = { ...p, count: (list[i] as typeof p).count + p.count };
        else list.push(p);
        break;
      }
      case 'skip-roll':
        if (!list.some((q) => q.kind === 'skip-roll' && q.country === p.country)) list.push(p);
        break;
      case 'debt-terms':
        if (!list.some((q) => q.kind === 'debt-terms' && q.debtor === p.debtor && q.creditor === p.creditor)) list.push(p);
        break;
      case 'claim': {
        const i = list.findIndex((q) => q.kind === 'claim' && q.debtor === p.debtor && q.creditor === p.creditor);
        if (i >= 0) {
          const old = list[i] as typeof p;
          list[i] = { ...old, amount: old.amount + p.amount, reason: old.reason === p.reason ? old.reason : `${old.reason}; ${p.reason}` };
        } else list.push(p);
        break;
      }
      default:
        list.push(p);
    }
  }
  return withState(state, { prompts: list, openAuctions });
}

/** The state without one prompt (it has been answered). */
export function answered(state: GameState, p: Prompt): GameState {
  return withState(state, { prompts: state.prompts.filter((q) => q !== p) });
}

/**
 * Questions that no longer make sense once an action is done: a book offered for choosing that has
 * left the shelf or been locked into a collection, a debt whose terms were to be chosen but that
 * has been paid off or whose debtor has no book left to take.
 */
export function tidy(state: GameState): GameState {
  const { table } = state;
  const loose = (country: string) => table.owner.at(country).some((id) => !isLocked(table, id));
  const prompts = state.prompts.flatMap((p): Prompt[] => {
    if (p.kind === 'choose-book') {
      const candidates = p.candidates.filter((id) => table.owner.get(id) === p.country && !isLocked(table, id));
      if (candidates.length === 0) return [];
      return [{ ...p, candidates, count: Math.min(p.count, candidates.length) }];
    }
    if (p.kind === 'debt-terms') return debtOf(table.ledger, p.debtor, p.creditor) && loose(p.debtor) ? [p] : [];
    return [p];
  });
  return prompts.length === state.prompts.length && prompts.every((p, i) => p === state.prompts[i]) ? state : withState(state, { prompts });
}

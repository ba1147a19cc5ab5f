// Every action the referee records, in the order the saved-game reference lists them. The Action
// type, the saved-game schema and the dispatch are derived from this one list.
import { z } from 'zod';
import type { ActionDef } from '../action.js';
import { rollAction } from './roll.js';
import { playCardAction } from './play-card.js';
import { chooseBookAction } from './choose-book.js';
import { buyAction } from './buy.js';
import { sellAction } from './sell.js';
import { tradeAction } from './trade.js';
import { settleAction } from './settle.js';
import { takeCreditsAction } from './take-credits.js';
import { auctionAction } from './auction.js';
import { transferAction } from './transfer.js';
import { forceChanceAction } from './force-chance.js';
import { endTurnAction } from './end-turn.js';
import { endAfterAction } from './end-after.js';
import { undoAction, redoAction, undoToAction } from './undo.js';

export const ACTIONS = [
  rollAction,
  playCardAction,
  chooseBookAction,
  buyAction,
  sellAction,
  tradeAction,
  settleAction,
  takeCreditsAction,
  auctionAction,
  transferAction,
  forceChanceAction,
  endTurnAction,
  endAfterAction,
  undoAction,
  redoAction,
  undoToAction,
] as const;

type Defs = (typeof ACTIONS)[number];
export type Action = z.output<Defs['schema']>;
export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

/** An action as a saved game writes it. */
export const ActionSchema = z.discriminatedUnion('type', ACTIONS.map((a) => a.schema) as unknown as [Defs['schema'], Defs['schema'], ...Defs['schema'][]]);

const byType = new Map<string, ActionDef>(ACTIONS.map((a) => [a.type, a as unknown as ActionDef]));

/** The module for an action type, if the rules know it. */
export function actionDef(type: unknown): ActionDef | undefined {
  return typeof type === 'string' ? byType.get(type) : undefined;
}

export { endTurnAction };

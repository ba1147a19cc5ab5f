// Carries out a legal game action (not undo/redo): its module does the work; then any collection
// the moved books complete is locked — with the assignment that scores highest — and said so.
import type { Game } from '../game.js';
import type { Table } from '../table.js';
import { lockCompleted } from '../scoring.js';
import { collectionRule } from '../names.js';
import { cardTitle } from '../table.js';
import { Recorder, ctxOf } from './action.js';
import { actionDef, type Action } from './actions/index.js';
import { tidy } from './ask.js';
import { Name, name } from './read.js';
import type { Ledger } from '../ledger.js';
import type { GameState, HistoryLine } from './types.js';
import { withState } from './state.js';

function announceLocks(game: Game, before: Table, after: Table, rec: Recorder): void {
  for (const set of after.sets.slice(before.sets.length)) {
    const collection = collectionRule(game, set.collection);
    const titles = set.cards.map((id) => cardTitle(game, id)).join(', ');
    if (rec.on) rec.say(Name(game, set.country), `completes ${collection?.name ?? set.collection}: ${titles} are locked`, 'collection');
  }
}

/**
 * Credits that reached a country in debt went to its creditors first (the ledger does that): a
 * line for each debt paid down this way, so the banker can follow every credit. Settling with
 * books says what it did itself.
 */
function announceDebtPayments(game: Game, before: Ledger, after: Ledger, rec: Recorder): void {
  if (before.debts.length === 0) return;
  const left = new Map(after.debts.map((d) => [`${d.debtor}>${d.creditor}`, d.amount]));
  for (const d of before.debts) {
    const now = left.get(`${d.debtor}>${d.creditor}`) ?? 0;
    if (now >= d.amount) continue;
    const paid = d.amount - now;
    if (rec.on)
      rec.say(
        Name(game, d.debtor),
        `passes ${paid} of the credits it received to ${name(game, d.creditor)} for its debt${now > 0 ? ` (${now} still owed)` : ' (now paid off)'}`,
        'debt',
      );
  }
}

/** The state after the action, and the history lines it writes (the caller adds them, with the log's bookkeeping). */
/** `record: false`: the lines would be thrown away (an unrecorded game), so none are written. */
export function applyAction(game: Game, state: GameState, action: Action, seq: number, record = true): { state: GameState; lines: HistoryLine[] } {
  const rec = new Recorder(seq, record);
  const ctx = ctxOf(game, state);
  let next = actionDef(action.type)!.apply(ctx, action as never, rec);
  if (rec.on && action.type !== 'settle' && next.table.ledger !== state.table.ledger) announceDebtPayments(game, state.table.ledger, next.table.ledger, rec);
  if (next.table.owner !== state.table.owner) {
    const locked = lockCompleted(game, ctx.edition, next.table, state.table);
    if (rec.on) announceLocks(game, next.table, locked, rec);
    next = tidy(withState(next, { table: locked }));
  }
  return { state: next, lines: rec.lines };
}

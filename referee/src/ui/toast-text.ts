// What the note after a recorded action says: the engine's own history lines for a game action,
// or which action an undo or redo took back or brought back.
import { historySentence } from '../logic/history-sentence.js';
import { lastEntry, nextRedo, type HistoryLine } from '../../../engine/index.js';
import type { Session } from '../session.js';
import { describeAction } from '../logic/describe-action.js';
import type { Toast } from './toasts.js';

export function recordedToast(session: Session): Toast | undefined {
  const { state, log, game } = session;
  const entry = log[log.length - 1];
  if (!entry) return undefined;
  const a = entry.action;
  if (a.type === 'undo') {
    const undone = nextRedo(state);
    return { seq: entry.seq, text: `Undone: ${undone ? describeAction(game, undone.action) : 'the last action'}`, offer: 'redo' };
  }
  if (a.type === 'redo') {
    const redone = lastEntry(state);
    return { seq: entry.seq, text: `Redone: ${redone ? describeAction(game, redone.action) : 'the last action'}`, offer: 'undo' };
  }
  if (a.type === 'undo-to') return { seq: entry.seq, text: `Went back to line ${a.seq}: what came after it is undone`, offer: 'redo' };
  // The lines of the newest action are the history's newest link (engine/chain.ts): no copying.
  const lines: readonly HistoryLine[] = state.history.items.filter((l) => l.seq === entry.seq);
  // Each line is a sentence of its own: "Germany rolls 4. The bank pays Germany 2".
  const text = lines.length ? lines.map(historySentence).join('. ') : describeAction(game, a);
  return { seq: entry.seq, text, offer: 'undo' };
}

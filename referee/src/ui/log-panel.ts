// The game's log, newest first: who did what and why, one entry per recorded action. Undone
// entries stay visible (struck through) until redone; any line can be the point to go back to.
import { historySentence } from '../logic/history-sentence.js';
import { html, nothing, type TemplateResult } from 'lit';
import { entriesOf, historyOf, lastEntry, rejectedOf, undoneOf, type HistoryLine, type LogEntry } from '../../../engine/index.js';
import { describeAction } from '../logic/describe-action.js';
import { ViewElement, act, onTap, type View } from './base.js';
import { count } from './words.js';

const PAGE = 50;

/** The log lines that are undone or were skipped, looked up once per drawing. */
interface Marks {
  undone: ReadonlySet<number>;
  rejected: ReadonlySet<number>;
}

export class LogPanel extends ViewElement {
  static override properties = { shown: { state: true }, confirming: { state: true } };
  declare shown: number;
  /** The line whose "Back to here" was tapped: going back many steps is asked twice. */
  declare confirming: number | undefined;

  protected override willUpdate(changed: Map<string, unknown>): void {
    const before = changed.get('view') as View | undefined;
    if (before && before.state !== this.view.state) this.confirming = undefined;
  }

  constructor() {
    super();
    this.shown = PAGE;
  }

  private time(entry: LogEntry): string {
    const d = new Date(entry.at);
    return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  private renderEntry(entry: LogEntry, lines: HistoryLine[] | undefined, lastEffective: number, marks: Marks): TemplateResult {
    const { game, state } = this.view;
    const undone = marks.undone.has(entry.seq);
    const control = entry.action.type === 'undo' || entry.action.type === 'redo' || entry.action.type === 'undo-to';
    const rejected = marks.rejected.has(entry.seq);
    return html`<li class="log-entry ${undone ? 'undone' : ''} ${control ? 'control' : ''}" data-seq=${entry.seq}>
      <span class="seq" aria-label="Line ${entry.seq}">${entry.seq}</span>
      <div class="log-body">
        ${
          lines?.length && !undone
            ? lines.map(
                (l) =>
                  html`<p>${l.who === 'Game' ? historySentence(l) : html`<strong>${l.who}</strong> ${l.what}`}${l.why ? html` <span class="why">— ${l.why}</span>` : nothing}</p>`,
              )
            : html`<p>${describeAction(game, entry.action)}${undone ? html` <span class="tag">undone</span>` : nothing}${rejected ? html` <span class="tag">not allowed, skipped</span>` : nothing}</p>`
        }
        <span class="time">${this.time(entry)}</span>
      </div>
      ${
        !control && !undone && !rejected && entry.seq < lastEffective
          ? this.confirming === entry.seq
            ? html`<div class="confirm" role="group" aria-label="Confirm going back">
              <span>Undo the ${count(entriesOf(state).filter((e) => e.seq > entry.seq).length, 'action')} after this line?</span>
              <button class="primary undo-to-yes" @click=${onTap(() => act(this, { type: 'undo-to', seq: entry.seq }))}>Yes, go back</button>
              <button class="quiet" @click=${() => (this.confirming = undefined)}>Cancel</button>
            </div>`
            : html`<button class="quiet undo-to" @click=${onTap(() => (this.confirming = entry.seq))}>
              Back to here<span class="visually-hidden">: line ${entry.seq}, undoing what came after it</span>
            </button>`
          : nothing
      }
    </li>`;
  }

  override render(): TemplateResult {
    const { state, log } = this.view;
    if (this.view.hideHoldings)
      // Every purchase, sale and debt settled names its books: the log would show what the hidden lists hide.
      return html`<section class="log" aria-labelledby="log-title">
        <h3 id="log-title">Log <span class="subtle">(${count(log.length, 'action')})</span></h3>
        <p class="subtle log-hidden">The log names every book bought and sold, so it is hidden while the books are. Tap “Books hidden: show them” at the top to read it; each player sees its own books on its phone.</p>
      </section>`;
    const bySeq = new Map<number, HistoryLine[]>();
    for (const line of historyOf(state)) bySeq.set(line.seq, [...(bySeq.get(line.seq) ?? []), line]);
    const lastEffective = lastEntry(state)?.seq ?? 0;
    const marks: Marks = { undone: new Set(undoneOf(state)), rejected: new Set(rejectedOf(state)) };
    const recent = log.slice(-this.shown).reverse();
    return html`<section class="log" aria-labelledby="log-title">
      <h3 id="log-title">Log <span class="subtle">(${count(log.length, 'action')})</span></h3>
      ${log.length === 0 ? html`<p class="empty">Nothing has happened yet.</p>` : nothing}
      <ol class="log-list" reversed>${recent.map((e) => this.renderEntry(e, bySeq.get(e.seq), lastEffective, marks))}</ol>
      ${log.length > this.shown ? html`<button class="secondary" @click=${() => (this.shown += PAGE)}>Show earlier actions</button>` : nothing}
    </section>`;
  }
}

customElements.define('cc-log', LogPanel);

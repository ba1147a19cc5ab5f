// The bar at the foot of the screen, on every tab and every screen size: what the table does
// next, the button for it, and what the country whose turn it is owes — all in the engine's own
// words (nextSteps, debtReminders) — so the banker never scrolls to find the next step.
import { html, nothing, type TemplateResult } from 'lit';
import { debtReminders, nextSteps, type Action, type NextStep } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { STAGED_EVENT, staged } from './auction-panel.js';

export class ActionBar extends ViewElement {
  static override properties = { onTurnTab: { type: Boolean }, quick: { attribute: false } };
  /** The Turn tab is showing: the inputs the steps speak of are on screen. */
  declare onTurnTab: boolean;
  /**
   * The undo (or redo) of the action just recorded, while its note shows. It sits here, in the
   * bar, and not on the note: the note floats over the panel, and its button once lay on the
   * panel's own buttons, so a quick tap on the next step undid the last one.
   */
  declare quick: 'undo' | 'redo' | undefined;

  private steps(): { text: NextStep[]; actions: (NextStep & { action: Action })[]; debts: NextStep[] } {
    const { game, state } = this.view;
    // A creditor's choice is asked in full on the turn screen (the books, the closeness, the
    // change); the guide's one-tap versions of it would only repeat it.
    const all = nextSteps(game, state).filter((s) => s.action?.type !== 'settle' && s.action?.type !== 'take-credits');
    const debts = state.phase === 'over' ? [] : debtReminders(game, state, state.current);
    const owed = new Set(debts.map((d) => d.label));
    const steps = all.map((s) => this.withStaged(s));
    return {
      text: steps.filter((s) => !s.action && !owed.has(s.label)),
      actions: steps.filter((s): s is NextStep & { action: Action } => Boolean(s.action)),
      debts,
    };
  }

  /**
   * "Nobody bids: close the auction" while the auction panel holds noted sales would throw them
   * away: it records them instead. While it holds bids but no sale yet, it would throw the bids
   * away: the bar then says to sell first, with no button to tap by mistake.
   */
  private withStaged(step: NextStep): NextStep {
    const a = step.action;
    if (a?.type !== 'auction' || a.sales.length > 0) return step;
    const { sales, bids } = staged(this.view, a.lot);
    if (sales.length > 0)
      return { ...step, label: `Close the auction: record ${sales.length === 1 ? 'the sale' : `the ${sales.length} sales`} noted`, action: { ...a, sales } };
    if (bids) return { label: 'Bids are noted: sell to the highest bidder on the auction panel, then close the auction there.' };
    return step;
  }

  private readonly restaged = (): void => this.requestUpdate();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener(STAGED_EVENT, this.restaged);
  }

  override disconnectedCallback(): void {
    window.removeEventListener(STAGED_EVENT, this.restaged);
    super.disconnectedCallback();
  }

  private toTurn(): void {
    this.dispatchEvent(new CustomEvent('referee-tab', { detail: 'turn', bubbles: true }));
  }

  override render(): TemplateResult {
    const { text, actions, debts } = this.steps();
    // The step that moves the game on is the big one; anything else is a smaller button beside it.
    const primary = actions.find((s) => s.action.type === 'end-turn') ?? (text.length === 0 ? actions[0] : undefined);
    const others = actions.filter((s) => s !== primary);
    return html`<section class="next-bar" aria-labelledby="next-title">
      ${
        this.quick
          ? html`<button class="secondary toast-button" aria-label=${this.quick === 'undo' ? 'Undo what was just recorded' : 'Redo what was just undone'}
              @click=${onTap(() => act(this, { type: this.quick! }))}>${this.quick === 'undo' ? '↶ Undo' : '↷ Redo'}</button>`
          : nothing
      }
      <div class="bar-text">
        <h2 id="next-title" class="bar-title">Next</h2>
        <ul class="bar-steps">
          ${text.map((s) => html`<li class="step-text">${s.label}</li>`)}
          ${debts.map((s) => html`<li class="debt-reminder">${s.label}</li>`)}
        </ul>
      </div>
      <div class="bar-buttons">
        ${this.onTurnTab ? nothing : html`<button class="secondary to-turn" @click=${onTap(() => this.toTurn())}>Back to the turn</button>`}
        ${others.map((s) => html`<button class="step secondary" data-action=${s.action.type} @click=${onTap(() => act(this, s.action))}>${s.label}</button>`)}
        ${primary ? html`<button class="step primary big" data-action=${primary.action.type} @click=${onTap(() => act(this, primary.action))}>${primary.label}</button>` : nothing}
      </div>
    </section>`;
  }
}

customElements.define('cc-action-bar', ActionBar);

// What every part of the page shares: light-DOM Lit elements (one stylesheet for the whole page),
// the view they are given, and how they ask for an action to be recorded.
import { LitElement, type PropertyDeclarations } from 'lit';
import type { Game } from '../../../engine/index.js';
import type { Action, GameState, LogEntry } from '../../../engine/index.js';
import type { RefereeData } from '../data.js';

/** Everything a panel reads; a new object after every recorded action. */
export interface View {
  data: RefereeData;
  game: Game;
  state: GameState;
  /** The action log itself, oldest first (undo and redo included). */
  log: readonly LogEntry[];
  /** True while an action is being written to the tablet: every action button is disabled. */
  busy: boolean;
}

export class LightElement extends LitElement {
  // Light DOM: the page has one stylesheet, and labels, tests and screen readers see one tree.
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}

/** A part of the page drawn from the view the page hands it. */
export class ViewElement extends LightElement {
  // Typed as Lit's map so panels can declare their own properties; Lit merges them with this one.
  static override properties: PropertyDeclarations = { view: { attribute: false } };
  declare view: View;
}

/** Asks the page to record an action (the page checks it, saves it, then shows it). */
export function act(from: HTMLElement, action: Action): void {
  from.dispatchEvent(new CustomEvent<Action>('referee-act', { detail: action, bubbles: true }));
}

/**
 * A click handler that ignores the second click of a double tap (the browser numbers clicks in
 * quick succession: detail 2, 3 …), so one tap is one action. Keyboard clicks have detail 0.
 */
export function onTap(handler: (e: MouseEvent) => void): (e: MouseEvent) => void {
  return (e) => {
    if (e.detail > 1) return;
    handler(e);
  };
}

// What every part of the page shares: light-DOM Lit elements (one stylesheet for the whole page),
// the view they are given, how they ask for an action to be recorded, and the guards that keep a
// tap from landing on something the screen has just moved under the finger.
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
  /** This game's key on the tablet: what a panel keeps for it (staged auction bids) is filed under it. */
  gameKey: string;
  /** The countries' books are off the shared screen: the banker hid them, and the game is not over (its end shows everything). */
  hideHoldings: boolean;
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
 * How long after the screen changed a tap near the tap that changed it is taken to be the second
 * half of a double tap, landing on whatever moved under the finger. The issue measured 60 ms touch
 * double taps and 120 ms double clicks buying a second, different book; a banker reading the new
 * screen before the next deliberate tap at the same spot takes far longer than this.
 */
export const SETTLE_MS = 450;
/** A double tap's second touch lands within a few pixels of the first; this is generous. */
const SAME_SPOT_PX = 40;
let settledAt = 0;
let lastTap: { x: number; y: number } | undefined;

/** The page calls this whenever it redraws after a recorded action or a change of tab. */
export function screenMoved(at = performance.now()): void {
  settledAt = at + SETTLE_MS;
}

/**
 * Whether a tap came too soon after the screen moved, at the spot of the tap that moved it.
 * Keyboard clicks (detail 0) are never astray: they act on the focused button, wherever it is.
 */
export function astray(e: MouseEvent): boolean {
  if (e.detail === 0 || !lastTap || e.timeStamp >= settledAt) return false;
  return Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) <= SAME_SPOT_PX;
}

/**
 * A click handler for anything that records or changes what is on screen: it ignores the second
 * click of a double tap on the same button (the browser numbers clicks in quick succession:
 * detail 2, 3 …) and a tap at the same spot while the screen is still settling after the last
 * one changed it, so one tap is one action and never lands on a row that moved under the finger.
 */
export function onTap(handler: (e: MouseEvent) => void): (e: MouseEvent) => void {
  return (e) => {
    if (e.detail > 1 || astray(e)) return;
    if (e.detail > 0) {
      lastTap = { x: e.clientX, y: e.clientY };
      // Any tap may change what is under the finger (a card picked brings its Apply button).
      settledAt = Math.max(settledAt, e.timeStamp + SETTLE_MS);
    }
    handler(e);
  };
}

/**
 * For Undo and Redo, which never move under the finger: every tap counts, however quick, so
 * three taps undo three actions (the page queues them while the last one is being saved).
 */
export function onEveryTap(handler: (e: MouseEvent) => void): (e: MouseEvent) => void {
  return handler;
}

// A finger's tap on a button acts when the finger lifts, not when the browser gets round to the
// click it makes of the tap. Between the two the browser waits for the page to finish with the
// touch, then works out that it was a tap and sends the mouse events and the click: measured on
// a tablet-speed CPU (tests/bench/referee-bench.mjs), about 10 ms of the 50 ms a banker waits to
// see a purchase. The button is clicked at once instead, with the lift's position, and the
// browser's own click of that tap, when it comes, is dropped. Mice, pens held as mice, keyboards
// and screen readers click as they always did.
//
// A touch that moves further than a tap may (a scroll, a drag) or is held as a long press is not
// a tap: the browser cancels it or makes no click of it, and so does this.

/** How far a finger may drift between touching and lifting and still have tapped (px). */
const TAP_SLOP_PX = 12;
/** Held longer than this, a touch may be a long press, not a tap: the browser decides (ms). */
const LONG_PRESS_MS = 450;
/** The browser's click of a tap comes within a few frames; one later than this is a new click. */
const CLICK_LATE_MS = 1000;

interface Press {
  id: number;
  button: HTMLButtonElement;
  x: number;
  y: number;
  at: number;
}

let press: Press | undefined;
/**
 * Where taps already acted on were lifted, until their own clicks come. The click is known by
 * where it lands, not by its target: the tap may have changed the screen, so the browser's click
 * can land on whatever moved under the finger (the next book's Buy) — and must not act there.
 */
let owed: { x: number; y: number; until: number }[] = [];

function buttonAt(target: EventTarget | null): HTMLButtonElement | undefined {
  const b = target instanceof Element ? target.closest('button') : null;
  return b instanceof HTMLButtonElement && !b.disabled ? b : undefined;
}

function down(e: PointerEvent): void {
  press = undefined;
  if (e.pointerType !== 'touch' || !e.isPrimary) return;
  const button = buttonAt(e.target);
  if (button) press = { id: e.pointerId, button, x: e.clientX, y: e.clientY, at: e.timeStamp };
}

function up(e: PointerEvent): void {
  const p = press;
  press = undefined;
  if (!p || e.pointerId !== p.id || e.timeStamp - p.at > LONG_PRESS_MS) return;
  if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > TAP_SLOP_PX) return;
  // The finger must lift over the button it touched, and the button must still take taps.
  if (buttonAt(document.elementFromPoint(e.clientX, e.clientY)) !== p.button || !p.button.isConnected) return;
  const now = performance.now();
  owed = owed.filter((o) => o.until > now);
  owed.push({ x: e.clientX, y: e.clientY, until: now + CLICK_LATE_MS });
  p.button.dispatchEvent(
    new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      detail: 1,
      clientX: e.clientX,
      clientY: e.clientY,
      screenX: e.screenX,
      screenY: e.screenY,
    }),
  );
}

/** The browser's own click of a tap already acted on: dropped before anyone sees it. */
function click(e: MouseEvent): void {
  // Keyboards and screen readers click with detail 0, at no finger's place.
  if (!e.isTrusted || e.detail === 0 || owed.length === 0) return;
  const now = performance.now();
  owed = owed.filter((o) => o.until > now);
  const i = owed.findIndex((o) => Math.hypot(e.clientX - o.x, e.clientY - o.y) <= TAP_SLOP_PX);
  if (i < 0) return;
  owed.splice(i, 1);
  e.preventDefault();
  e.stopImmediatePropagation();
}

let installed = false;

/** Makes touch taps on buttons act on the finger's lift, for the whole page; once. */
export function installFastTap(): void {
  if (installed) return;
  installed = true;
  // On the window, in the capture phase: before any listener of the page sees the event.
  window.addEventListener('pointerdown', down, { capture: true, passive: true });
  window.addEventListener('pointerup', up, { capture: true, passive: true });
  window.addEventListener('pointercancel', () => (press = undefined), { capture: true, passive: true });
  window.addEventListener('click', click, { capture: true });
}

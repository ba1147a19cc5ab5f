// The die: tap the face the physical die shows, or roll on the screen. Either way the result is
// stored in the log as a number, so replaying the game never rolls again.
import { html, type TemplateResult } from 'lit';
import type { Die } from '../../../engine/game/index.js';
import { ViewElement, act, onTap } from './base.js';
import { countryName } from '../../../engine/names.js';
import { dieGlyph } from './glyphs.js';
import { randomIndex } from './random.js';

/** A fair face from the browser's random source. */
export function randomFace(): Die {
  return (randomIndex(6) + 1) as Die;
}

const PIPS = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export class DiePad extends ViewElement {
  private roll(face: Die): void {
    act(this, { type: 'roll', country: this.view.state.current, face });
  }

  override render(): TemplateResult {
    const { game, state, busy } = this.view;
    const who = countryName(game, state.current);
    return html`
      <section class="die-pad" aria-labelledby="die-title">
        <h3 id="die-title">${who} rolls the die — tap what it shows</h3>
        <div class="faces">
          ${([1, 2, 3, 4, 5, 6] as Die[]).map(
            (f) => html`<button class="face" data-face=${f} aria-label="The die shows ${f}" ?disabled=${busy} @click=${onTap(() => this.roll(f))}>
              <span class="pip" aria-hidden="true">${PIPS[f - 1]}</span><span class="num">${f}</span>
            </button>`,
          )}
        </div>
        <button class="roll-here" ?disabled=${busy} @click=${onTap(() => this.roll(randomFace()))}>${dieGlyph()} No die? Roll on screen</button>
      </section>
    `;
  }
}

customElements.define('cc-die', DiePad);

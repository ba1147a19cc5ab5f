// The die: tap the face the physical die shows, or roll on the screen. Either way the result is
// stored in the log as a number, so replaying the game never rolls again.
import { html, type TemplateResult } from 'lit';
import type { Die } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { countryName } from '../../../engine/index.js';
import { dieGlyph } from './glyphs.js';
import { randomIndex } from './random.js';

/** A fair face from the browser's random source. */
export function randomFace(): Die {
  return (randomIndex(6) + 1) as Die;
}

const PIPS = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export class DiePad extends ViewElement {
  static override properties = { country: {}, purpose: {} };
  /** Who rolls (the country whose turn it is, unless a tie is being broken). */
  declare country: string | undefined;
  /** What the roll is for, when it is not credits: e.g. "for the buying order". */
  declare purpose: string | undefined;

  private roller(): string {
    return this.country ?? this.view.state.current;
  }

  private roll(face: Die): void {
    act(this, { type: 'roll', country: this.roller(), face });
  }

  override render(): TemplateResult {
    const { game } = this.view;
    const who = countryName(game, this.roller());
    return html`
      <section class="die-pad" aria-labelledby="die-title">
        <h3 id="die-title" class="focus-target" tabindex="-1">${who} rolls the die${this.purpose ? ` ${this.purpose}` : ''} — tap what it shows</h3>
        <div class="faces">
          ${([1, 2, 3, 4, 5, 6] as Die[]).map(
            (f) => html`<button class="face" data-face=${f} aria-label="The die shows ${f}" @click=${onTap(() => this.roll(f))}>
              <span class="pip" aria-hidden="true">${PIPS[f - 1]}</span><span class="num">${f}</span>
            </button>`,
          )}
        </div>
        <button class="roll-here" @click=${onTap(() => this.roll(randomFace()))}>${dieGlyph()} No die? Roll on screen</button>
      </section>
    `;
  }
}

customElements.define('cc-die', DiePad);

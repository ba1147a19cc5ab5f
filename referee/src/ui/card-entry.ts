// Entering a drawn card: pick it from the list of cards that can be drawn now, or type the code
// printed in its corner (e.g. NE-ENG-16-2). The card's text and effects are shown before it is
// applied; applying is one step in the log, so one undo takes it all back.
import { html, nothing, type TemplateResult } from 'lit';
import type { EventCard } from '../../../engine/index.js';
import type { CountryId } from '../../../engine/index.js';
import { cardByCode } from '../../../engine/index.js';
import { countryName } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { emblem } from './emblem.js';
import { randomIndex } from './random.js';

export class CardEntry extends ViewElement {
  static override properties = {
    heading: {},
    country: { attribute: false },
    candidates: { attribute: false },
    random: { type: Boolean },
    code: { state: true },
    chosen: { state: true },
  };

  declare heading: string;
  /** Who drew the card; null for a world event (the lead turns it over). */
  declare country: CountryId | null;
  declare candidates: EventCard[];
  /** Offer "draw one at random" (chance, for tables without the cards). */
  declare random: boolean;
  declare code: string;
  declare chosen: EventCard | undefined;

  constructor() {
    super();
    this.code = '';
    this.random = false;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // A new draw (another country, another deck) starts with an empty entry.
    if (changed.has('heading') && changed.get('heading') !== undefined) {
      this.chosen = undefined;
      this.code = '';
    }
  }

  private typed(value: string): void {
    this.code = value;
    const card = value.trim() ? cardByCode(this.view.game, value) : undefined;
    this.chosen = card && (card.type === 'national-event' || card.type === 'world-event' || card.type === 'chance') ? card : undefined;
  }

  private pick(card: EventCard | undefined): void {
    this.chosen = card;
    this.code = card?.code ?? '';
  }

  private pickRandom(): void {
    if (this.candidates.length === 0) return;
    this.chosen = this.candidates[randomIndex(this.candidates.length)];
    this.code = this.chosen?.code ?? '';
  }

  /** Enter in the code field applies the card the code names, as the Apply button would. */
  private enter(e: KeyboardEvent): void {
    if (e.key !== 'Enter' || e.isComposing) return;
    e.preventDefault();
    this.typed((e.target as HTMLInputElement).value);
    this.apply();
  }

  private apply(): void {
    const card = this.chosen;
    if (!card) return;
    act(this, { type: 'play-card', country: this.country, code: card.code });
  }

  private renderCard(card: EventCard): TemplateResult {
    const { game, data } = this.view;
    const year = 'year' in card && card.year ? (card.year_label ?? String(card.year)) : '';
    return html`<article class="card-preview card-${card.type}" aria-labelledby="preview-title">
      <header>
        ${card.type === 'national-event' ? emblem(game, data.icons, card.country, 'large') : nothing}
        <div>
          <h4 id="preview-title">${card.title}</h4>
          <p class="card-code">${card.code}${year ? ` · ${year}` : ''}</p>
        </div>
      </header>
      <p class="card-text">${card.text}</p>
      <ul class="effects" aria-label="What it does">
        ${card.effects_text.map((line) => html`<li>${line}</li>`)}
      </ul>
      ${card.type === 'chance' && card.note ? html`<p class="card-note">${card.note}</p>` : nothing}
    </article>`;
  }

  override render(): TemplateResult {
    const chosen = this.chosen;
    return html`
      <section class="card-entry" aria-label=${this.heading}>
        <h3 class="focus-target" tabindex="-1">${this.heading}</h3>
        <div class="code-row">
          <label for="card-code">Code printed on the card</label>
          <input id="card-code" class="code-input" type="text" inputmode="text" autocomplete="off" autocapitalize="characters" spellcheck="false"
            placeholder=${this.candidates[0]?.code ?? 'NE-GER-15-1'} .value=${this.code} @input=${(e: Event) => this.typed((e.target as HTMLInputElement).value)}
            @keydown=${(e: KeyboardEvent) => this.enter(e)} />
          ${this.random && this.candidates.length ? html`<button class="secondary" @click=${onTap(() => this.pickRandom())}>Draw one at random</button>` : nothing}
        </div>
        ${this.code.trim() && !chosen ? html`<p class="hint">No event or chance card has the code “${this.code.trim()}” yet — keep typing, or pick the card below.</p>` : nothing}
        ${
          chosen
            ? html`${this.renderCard(chosen)}
              <div class="actions">
                <button class="primary big apply-card" @click=${onTap(() => this.apply())}>Apply “${chosen.title}”${this.country ? ` for ${countryName(this.view.game, this.country)}` : ''}</button>
                <button class="quiet" @click=${() => this.pick(undefined)}>Choose another</button>
              </div>`
            : html`<p class="or">or pick the card that was drawn:</p>
              <ul class="card-list">
                ${this.candidates.map(
                  (c) => html`<li><button class="card-pick" data-code=${c.code} @click=${onTap(() => this.pick(c))}>
                    <span class="card-pick-title">${c.title}</span><span class="code">${c.code}</span>
                  </button></li>`,
                )}
              </ul>`
        }
      </section>
    `;
  }
}

customElements.define('cc-card-entry', CardEntry);

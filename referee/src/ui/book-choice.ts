// A country must give up books of its choice (a "lose a book of your choice" effect): it taps
// the ones it gives, exactly as many as the card asks.
import { html, type TemplateResult } from 'lit';
import { countryName, editionFor, ownableById, type Prompt } from '../../../engine/index.js';
import { ViewElement, act, onTap } from './base.js';
import { pickableBook } from './book.js';
import { count } from './words.js';

type ChooseBook = Extract<Prompt, { kind: 'choose-book' }>;

export class BookChoice extends ViewElement {
  static override properties = { prompt: { attribute: false }, picked: { state: true } };
  declare prompt: ChooseBook;
  declare picked: string[];

  constructor() {
    super();
    this.picked = [];
  }

  private toggle(id: string): void {
    this.picked = this.picked.includes(id) ? this.picked.filter((x) => x !== id) : [...this.picked, id].slice(-this.prompt.count);
  }

  override render(): TemplateResult {
    const { game, data } = this.view;
    const p = this.prompt;
    const who = countryName(game, p.country);
    return html`<section class="book-choice" aria-labelledby="choice-title">
      <h3 id="choice-title" class="focus-target" tabindex="-1">${who} gives up ${p.count === 1 ? 'a book' : `${p.count} books`} of its choice to ${countryName(game, p.to)}</h3>
      <ul class="pick-list">
        ${p.candidates.map((id) => {
          const card = ownableById(game, id);
          if (!card) return '';
          const on = this.picked.includes(id);
          return html`<li>${pickableBook(game, data.icons, card, on, () => this.toggle(id), editionFor(game, this.view.state))}</li>`;
        })}
      </ul>
      <button class="primary big" ?disabled=${this.picked.length !== p.count} @click=${onTap(() => act(this, { type: 'choose-book', country: p.country, cards: this.picked }))}>
        Give ${this.picked.length === p.count ? (p.count === 1 ? 'this book' : 'these books') : count(p.count, 'book')} to ${countryName(game, p.to)}
      </button>
    </section>`;
  }
}

customElements.define('cc-book-choice', BookChoice);

// Trades between two countries at whatever price they agree (credits and books both ways), and
// manual transfers: the banker can always move credits by hand, with a note saying why. Every
// amount is kept as typed and read by credits-field.ts: one that is not a whole number of credits
// is a sentence beside its field, and nothing is recorded until it is put right.
import { html, type TemplateResult } from 'lit';
import { MAX_NOTE, cardTitle, countryName, editionFor, lastEntry, shelfOf, type CountryId, type Party } from '../../../engine/index.js';
import { ViewElement, act, onTap, type View } from './base.js';
import { emblem } from './emblem.js';
import { pickableBook } from './book.js';
import { radioChoice } from './choice.js';
import { credits } from './words.js';
import { creditsInput, creditsProblem, readCredits } from './credits-field.js';

interface Side {
  /** The credits as typed. */
  text: string;
  cards: string[];
}

const empty = (): Side => ({ text: '0', cards: [] });
/** A side's credits: an empty field gives none. */
const read = (side: Side) => readCredits(side.text, 0, 0);

export class DealsPanel extends ViewElement {
  static override properties = {
    a: { state: true },
    b: { state: true },
    aGives: { state: true },
    bGives: { state: true },
    from: { state: true },
    to: { state: true },
    amount: { state: true },
    note: { state: true },
  };

  declare a: CountryId | undefined;
  declare b: CountryId | undefined;
  declare aGives: Side;
  declare bGives: Side;
  declare from: Party;
  declare to: Party;
  /** The transfer's credits, as typed. */
  declare amount: string;
  declare note: string;

  constructor() {
    super();
    this.aGives = empty();
    this.bGives = empty();
    this.from = 'bank';
    this.to = '';
    this.amount = '1';
    this.note = '';
  }

  private sidePicker(label: string, current: CountryId | undefined, other: CountryId | undefined, set: (c: CountryId) => void, name: string): TemplateResult {
    const { game, state, data } = this.view;
    return html`<div class="side-picker"><span class="side-label" id="${name}-label">${label}</span><div class="choices row" role="radiogroup" aria-labelledby="${name}-label">
      ${state.table.players
        .filter((c) => c !== other)
        .map((c) => radioChoice(name, c, current, html`${emblem(game, data.icons, c)} ${countryName(game, c)}`, set))}
    </div></div>`;
  }

  private summary(country: CountryId, side: Side): string {
    const { game } = this.view;
    const books = side.cards.map((id) => cardTitle(game, id));
    const r = read(side);
    const parts = [r.problem ? 'credits still to be put right' : r.credits ? credits(r.credits) : '', ...books].filter(Boolean);
    return `${countryName(game, country)} gives ${parts.length ? parts.join(', ') : 'nothing'}`;
  }

  private sideEditor(country: CountryId, side: Side, set: (s: Side) => void): TemplateResult {
    const { game, state, data } = this.view;
    const has = state.table.ledger.credits[country] ?? 0;
    const books = shelfOf(game, state.table, country, true);
    const who = countryName(game, country);
    const r = read(side);
    // The buttons step from the number typed; from a text that is not one, they start at 0.
    const n = r.credits ?? 0;
    const id = `trade-credits-${country}`;
    return html`<div class="trade-side" data-country=${country}>
      <h4>${emblem(game, data.icons, country)} ${who} gives</h4>
      <div class="credits-line">
        <span class="stepper">
          <button aria-label="${who} gives one credit less" ?disabled=${n <= 0} @click=${onTap(() => set({ ...side, text: String(n - 1) }))}>−</button>
          ${creditsInput({ id, text: side.text, problem: r.problem, label: `Credits ${who} gives`, onText: (text) => set({ ...side, text }) })}
          <button aria-label="${who} gives one credit more" ?disabled=${n >= has} @click=${onTap(() => set({ ...side, text: String(n + 1) }))}>+</button>
        </span>
        <span class="subtle">credits (has ${has})</span>
      </div>
      ${creditsProblem(id, r.problem)}
      ${
        books.length
          ? html`<ul class="pick-list">
            ${books.map((b) => {
              const on = side.cards.includes(b.id);
              return html`<li>${pickableBook(game, data.icons, b, on, () => set({ ...side, cards: on ? side.cards.filter((x) => x !== b.id) : [...side.cards, b.id] }), editionFor(game, state))}</li>`;
            })}
          </ul>`
          : html`<p class="subtle">No books to trade.</p>`
      }
    </div>`;
  }

  /** A new country on one side of the trade starts that side afresh. */
  private choose(side: 'a' | 'b', country: CountryId): void {
    if (side === 'a') {
      this.a = country;
      this.aGives = empty();
    } else {
      this.b = country;
      this.bGives = empty();
    }
  }

  /** Sends the banker to a field whose text is not a number of credits (its sentence is beside it). */
  private fix(id: string): void {
    this.querySelector<HTMLInputElement>(`#${id}`)?.focus();
  }

  private recordTrade(): void {
    if (!this.a || !this.b) return;
    const a = read(this.aGives);
    const b = read(this.bGives);
    if (a.problem !== undefined) return this.fix(`trade-credits-${this.a}`);
    if (b.problem !== undefined) return this.fix(`trade-credits-${this.b}`);
    act(this, {
      type: 'trade',
      a: this.a,
      b: this.b,
      aGives: { credits: a.credits, cards: this.aGives.cards },
      bGives: { credits: b.credits, cards: this.bGives.cards },
    });
  }

  private recordTransfer(): void {
    const r = readCredits(this.amount, 1);
    if (r.problem !== undefined) return this.fix('transfer-credits');
    act(this, { type: 'transfer', from: this.from, to: this.to, amount: r.credits, note: this.note.trim() || 'moved by hand' });
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // Once a trade or transfer is recorded its form starts afresh; a refused one stays to be fixed.
    const before = changed.get('view') as View | undefined;
    if (!before || before.state.nextSeq === this.view.state.nextSeq) return;
    const last = lastEntry(this.view.state)?.action.type;
    if (last === 'trade') {
      this.aGives = empty();
      this.bGives = empty();
    } else if (last === 'transfer') {
      this.amount = '1';
      this.note = '';
    }
  }

  private partyOptions(selected: Party, other: Party, set: (p: Party) => void, label: string): TemplateResult {
    const { game, state } = this.view;
    const parties: Party[] = ['bank', ...state.table.players];
    return html`<label class="select-label">${label}
      <select @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${selected === ''} disabled>Choose…</option>
        ${parties.filter((p) => p !== other).map((p) => html`<option value=${p} ?selected=${p === selected}>${p === 'bank' ? 'The bank' : countryName(game, p)}</option>`)}
      </select>
    </label>`;
  }

  override render(): TemplateResult {
    const amount = readCredits(this.amount, 1);
    return html`<div class="deals">
      <section class="trade" aria-labelledby="trade-title">
        <h3 id="trade-title">Trade between two countries</h3>
        <p class="subtle">Any books, any credits, at whatever price the two agree.</p>
        ${this.sidePicker('First country', this.a, this.b, (c) => this.choose('a', c), 'trade-a')}
        ${this.sidePicker('Second country', this.b, this.a, (c) => this.choose('b', c), 'trade-b')}
        ${
          this.a && this.b
            ? html`<div class="trade-sides">
                ${this.sideEditor(this.a, this.aGives, (s) => (this.aGives = s))}
                ${this.sideEditor(this.b, this.bGives, (s) => (this.bGives = s))}
              </div>
              <p class="trade-summary">${this.summary(this.a, this.aGives)}; ${this.summary(this.b, this.bGives)}.</p>
              <button class="primary big record-trade" @click=${onTap(() => this.recordTrade())}>Record the trade</button>`
            : html`<p class="hint">Choose the two countries that are trading.</p>`
        }
      </section>

      <section class="transfer" aria-labelledby="transfer-title">
        <h3 id="transfer-title">Move credits by hand</h3>
        <p class="subtle">For anything the cards do not cover. The payer must hold the credits: only cards make debts. Credits reaching a country in debt pay its debts first.</p>
        <div class="transfer-row">
          ${this.partyOptions(this.from, this.to, (p) => (this.from = p), 'From')}
          ${this.partyOptions(this.to, this.from, (p) => (this.to = p), 'To')}
          <label class="select-label">Credits
            ${creditsInput({ id: 'transfer-credits', text: this.amount, problem: amount.problem, onText: (text) => (this.amount = text) })}
          </label>
          <label class="select-label grow">Why
            <input type="text" maxlength=${MAX_NOTE} .value=${this.note} placeholder="e.g. a forfeit agreed at the table" @input=${(e: Event) => (this.note = (e.target as HTMLInputElement).value)} />
          </label>
        </div>
        ${creditsProblem('transfer-credits', amount.problem)}
        <button class="secondary big record-transfer" ?disabled=${!this.to || !this.from} @click=${onTap(() => this.recordTransfer())}>Record the transfer</button>
      </section>
    </div>`;
  }
}

customElements.define('cc-deals', DealsPanel);

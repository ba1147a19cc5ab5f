// Setting up a game: how many players (the countries take their seats in order), which edition
// of the rules, short or long play, and which expansion packs this build includes.
import { html, nothing, type TemplateResult } from 'lit';
import { seatedAt, type Setup } from '../../../engine/index.js';
import type { RefereeData } from '../data.js';
import { LightElement, onTap } from './base.js';
import { emblem } from './emblem.js';
import { importButton } from './import-file.js';
import { radioChoice } from './choice.js';

export class SetupScreen extends LightElement {
  static override properties = {
    data: { attribute: false },
    busy: { type: Boolean },
    canCancel: { type: Boolean },
    players: { state: true },
    edition: { state: true },
    length: { state: true },
    end: { state: true },
  };

  declare data: RefereeData;
  declare busy: boolean;
  declare canCancel: boolean;
  declare players: number;
  declare edition: string;
  declare length: Setup['length'];
  /** The century after which the game ends; '' for the last. */
  declare end: string;

  constructor() {
    super();
    this.players = 3;
    this.length = 'short';
    this.edition = '';
    this.end = '';
  }

  private start(): void {
    const game = this.data.game;
    const setup: Setup = {
      players: this.seatCount(),
      edition: this.edition || game.rules.default_edition,
      length: this.length,
      packs: game.packs.map((p) => p.id),
      ...(this.end ? { end: this.end } : {}),
    };
    this.dispatchEvent(new CustomEvent<Setup>('referee-start', { detail: setup, bubbles: true }));
  }

  /** The players chosen, kept within the game's table sizes (a pack may allow only one). */
  private seatCount(): number {
    const { min, max } = this.data.game.rules.players;
    return Math.min(Math.max(this.players, min), max);
  }

  override render(): TemplateResult {
    const game = this.data.game;
    const { min, max } = game.rules.players;
    const counts = Array.from({ length: Math.min(max, game.countries.length) - min + 1 }, (_, i) => min + i);
    const seated = seatedAt(game, this.seatCount()).map((id) => game.countries.find((c) => c.id === id)!);
    const edition = this.edition || game.rules.default_edition;
    return html`
      <section class="setup" aria-labelledby="setup-title">
        <h1 id="setup-title">${game.name} <span class="subtle">— new game</span></h1>

        <fieldset>
          <legend>How many players?</legend>
          <div class="choices row">${counts.map((n) => radioChoice('players', n, this.seatCount(), String(n), (v) => (this.players = v)))}</div>
          <ol class="seats" aria-label="Countries in seat and turn order">
            ${seated.map((c) => html`<li>${emblem(game, this.data.icons, c.id, 'large')}<span>${c.name}</span></li>`)}
          </ol>
        </fieldset>

        <fieldset>
          <legend>Which rules?</legend>
          <div class="choices">
            ${game.rules.editions.map((e) => radioChoice('edition', e.id, edition, e.name, (v) => (this.edition = v), e.source ? `(${e.source})` : undefined))}
          </div>
        </fieldset>

        <fieldset>
          <legend>How long?</legend>
          <div class="choices row">
            ${radioChoice<Setup['length']>('length', 'short', this.length, 'Short play', (v) => (this.length = v), game.rules.playing_time.short)}
            ${radioChoice<Setup['length']>('length', 'long', this.length, 'Long play', (v) => (this.length = v), game.rules.playing_time.long)}
          </div>
        </fieldset>

        <fieldset>
          <legend>When does it end?</legend>
          <label class="select-label">After the
            <select class="end-after" @change=${(e: Event) => (this.end = (e.target as HTMLSelectElement).value)}>
              ${game.centuries.map((c, i) => {
                const last = i === game.centuries.length - 1;
                return html`<option value=${last ? '' : c.id} ?selected=${last ? this.end === '' : this.end === c.id}>${c.name}${last ? ' (the full game)' : ''}</option>`;
              })}
            </select>
          </label>
          <p class="hint">For a one-lesson game or a first game you may stop after any century; the libraries are counted as at the end of a full game. You can also end the game early from the Game tab while you play.</p>
        </fieldset>

        ${
          game.packs.length
            ? html`<fieldset>
              <legend>Expansion packs</legend>
              <!-- The build has already laid these packs on the base game (their added, replaced
                   and removed cards), so they are part of every game on this page. -->
              <p class="hint">
                In play: ${game.packs.map((p) => p.name).join(', ')}. To play without a pack, build the
                referee again without it (<code>codex-conquest build</code> without <code>--pack</code>).
              </p>
            </fieldset>`
            : nothing
        }

        <div class="actions">
          <button class="primary big" ?disabled=${this.busy} @click=${onTap(() => this.start())}>Start the game</button>
          ${this.canCancel ? html`<button class="big" @click=${onTap(() => this.dispatchEvent(new CustomEvent('referee-cancel')))}>Back to the current game</button>` : nothing}
          ${importButton(this)}
        </div>
      </section>
    `;
  }
}

customElements.define('cc-setup', SetupScreen);

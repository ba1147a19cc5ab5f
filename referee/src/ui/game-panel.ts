// The game itself: save it to a file, load a saved one (asked first when it would replace the game
// on screen), reopen or delete the games kept on this tablet, start a new one, the players'
// phones, and what this tablet is doing to keep it safe (saved, offline, screen awake).
import { html, nothing, type TemplateResult } from 'lit';
import { RULES_VERSION, centuryName, check, editionFor, type Action } from '../../../engine/index.js';
import type { SavedGame } from '../store/saved-game.js';
import type { PlatformStatus } from '../platform.js';
import type { GameStore } from '../store/game-store.js';
import type { TabGuard } from '../store/tab-guard.js';
import type { TabletLink } from '../live/tablet-link.js';
import { ViewElement, act, onTap } from './base.js';
import { importButton } from './import-file.js';
import type { ImportQuestion } from './import-question.js';
import './kept-games.js';
import './phones-panel.js';

function fileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `codex-conquest-game-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.json`;
}

export class GamePanel extends ViewElement {
  static override properties = {
    platform: { attribute: false },
    storage: {},
    saved: { attribute: false },
    store: { attribute: false },
    tabs: { attribute: false },
    link: { attribute: false },
    importQuestion: { attribute: false },
    confirmNew: { state: true },
    stopAfter: { state: true },
  };

  declare platform: PlatformStatus;
  declare storage: 'saved' | 'unavailable' | 'newer';
  declare saved: () => SavedGame;
  declare store: GameStore | null;
  declare tabs: TabGuard;
  declare link: TabletLink;
  /** An imported file waiting for the banker's yes or no. */
  declare importQuestion: ImportQuestion | undefined;
  declare confirmNew: boolean;
  declare stopAfter: string;

  constructor() {
    super();
    this.confirmNew = false;
    this.stopAfter = '';
  }

  /** The table agrees to stop early: the game ends after the chosen century. */
  private renderStopEarly(): TemplateResult | typeof nothing {
    const { game, state } = this.view;
    if (state.phase === 'over' || state.phase === 'final-buying') return nothing;
    const from = game.centuries.findIndex((c) => c.id === state.century);
    const choices = game.centuries.slice(from);
    const chosen = this.stopAfter || state.end;
    const action: Action = { type: 'end-after', century: chosen };
    const allowed = check(game, state, action) === null;
    return html`<section aria-labelledby="stop-title">
      <h3 id="stop-title">When the game ends</h3>
      <p>The game ends after the <strong>${centuryName(game, state.end)}</strong>. The table may agree to stop after any century still to come; the libraries are counted as at the end of a full game.</p>
      <div class="transfer-row">
        <label class="select-label">End after the
          <select class="stop-after" @change=${(e: Event) => (this.stopAfter = (e.target as HTMLSelectElement).value)}>
            ${choices.map((c) => html`<option value=${c.id} ?selected=${c.id === chosen}>${c.name}</option>`)}
          </select>
        </label>
        <button class="secondary stop-early" ?disabled=${!allowed} @click=${onTap(() => act(this, action))}>Agree to end there</button>
      </div>
    </section>`;
  }

  private exportGame(): void {
    const blob = new Blob([`${JSON.stringify(this.saved(), null, 1)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName();
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /** Asked before an imported game replaces the one on screen. */
  private renderImportQuestion(q: ImportQuestion): TemplateResult {
    const answer = (name: string) => () => this.dispatchEvent(new CustomEvent(name, { bubbles: true }));
    return html`<section class="import-question" role="alertdialog" aria-labelledby="import-title" aria-describedby="import-about">
      <h3 id="import-title" class="focus-target" tabindex="-1">Replace the game on screen with the imported one?</h3>
      <div id="import-about">
        ${q.warnings.map((w) => html`<p class="notice notice-refused import-warning">${w}</p>`)}
        <p>${q.file}</p>
        <p>${q.screen}</p>
        <p class="subtle">The game on screen stays on this tablet either way: reopen it from “Games on this tablet” below.</p>
      </div>
      <div class="actions">
        <button class="primary big import-yes" @click=${onTap(answer('referee-import-yes'))}>Yes, open the imported game</button>
        <button class="big import-no" @click=${onTap(answer('referee-import-no'))}>No, keep this game on screen</button>
      </div>
    </section>`;
  }

  protected override updated(changed: Map<string, unknown>): void {
    // The question needs an answer before anything else: bring it into view and to the keyboard.
    if (changed.has('importQuestion') && this.importQuestion) {
      const q = this.querySelector<HTMLElement>('.import-question h3');
      q?.scrollIntoView({ block: 'nearest' });
      q?.focus({ preventScroll: true });
    }
  }

  override render(): TemplateResult {
    const { game, state, log, data } = this.view;
    const edition = editionFor(game, state);
    const offline = data.singleFile
      ? 'This is the one-file copy: it needs no network at all.'
      : this.platform.offline === 'ready'
        ? 'Ready to work with no network.'
        : this.platform.offline === 'installing'
          ? 'Saving a copy for use with no network…'
          : 'This browser cannot keep an offline copy of a page from another computer; use the one-file copy below for play with no network.';
    return html`<div class="game-panel">
      ${this.importQuestion ? this.renderImportQuestion(this.importQuestion) : nothing}
      <section aria-labelledby="this-game">
        <h3 id="this-game">This game</h3>
        <dl class="facts-list">
          <div><dt>Game</dt><dd>${game.name}${game.packs.length ? ` with ${game.packs.map((p) => p.name).join(', ')}` : ''}</dd></div>
          <div><dt>Rules</dt><dd>${edition.name}, ${state.setup.length} play, ${state.setup.players} players (rules version ${RULES_VERSION})</dd></div>
          <div><dt>Actions recorded</dt><dd>${log.length}</dd></div>
          <div><dt>Saved</dt><dd>${
            this.storage === 'saved'
              ? 'Every action is saved on this tablet as it is made.'
              : this.storage === 'newer'
                ? 'Not saved on this tablet, whose games were kept by a newer referee page: export the game often.'
                : 'Not saved on this tablet (private browsing?): export the game often.'
          }</dd></div>
          <div><dt>Offline</dt><dd>${offline}</dd></div>
          <div><dt>Screen</dt><dd>${this.platform.awake === 'on' ? 'Kept awake while the page is open.' : this.platform.awake === 'off' ? 'May sleep (the browser did not allow keeping it awake).' : 'This browser cannot keep the screen awake; set the tablet not to sleep.'}</dd></div>
        </dl>
      </section>

      ${this.renderStopEarly()}

      <section aria-labelledby="files-title">
        <h3 id="files-title">Save and load</h3>
        <div class="actions">
          <button class="primary big export" @click=${onTap(() => this.exportGame())}>Export this game to a file</button>
          ${importButton(this, 'import-input')}
          ${data.singleFile ? nothing : html`<a class="button big" href="codex-referee.html" download="codex-referee.html">Download the one-file copy</a>`}
        </div>
        <p class="subtle">An imported game replaces the one on screen only if every action in it checks out; this game stays on the tablet either way.</p>
      </section>

      <cc-kept-games .view=${this.view} .store=${this.store} .tabs=${this.tabs}></cc-kept-games>

      <cc-phones .view=${this.view} .link=${this.link} status=${this.link.status}></cc-phones>

      <section aria-labelledby="new-title">
        <h3 id="new-title">New game</h3>
        ${
          this.confirmNew
            ? html`<p>Start a new game? This one stays saved on the tablet; export it first if you want to keep a copy elsewhere.</p>
              <div class="actions">
                <button class="primary big new-game-yes" @click=${onTap(() => this.dispatchEvent(new CustomEvent('referee-new', { bubbles: true })))}>Yes, set up a new game</button>
                <button class="big" @click=${() => (this.confirmNew = false)}>Keep playing this one</button>
              </div>`
            : html`<button class="big new-game" @click=${onTap(() => (this.confirmNew = true))}>Set up a new game…</button>`
        }
      </section>
    </div>`;
  }
}

customElements.define('cc-game-panel', GamePanel);

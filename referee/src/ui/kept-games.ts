// The games kept on this tablet: any earlier game can be reopened, or deleted for good after a
// second tap. The game on screen is marked and cannot be deleted from here; nor can a game open in
// another tab (store/tab-guard.ts), which is marked where the browser can tell, and reopening it
// goes through the same question as any game open elsewhere.
import { html, nothing, type TemplateResult } from 'lit';
import { editionOf } from '../../../engine/index.js';
import type { GameStore, KeptGame } from '../store/game-store.js';
import type { TabGuard } from '../store/tab-guard.js';
import { ViewElement, onTap } from './base.js';
import { count } from './words.js';

export class KeptGames extends ViewElement {
  static override properties = {
    store: { attribute: false },
    tabs: { attribute: false },
    games: { state: true },
    elsewhere: { state: true },
    deleting: { state: true },
    problem: { state: true },
  };
  declare store: GameStore | null;
  declare tabs: TabGuard;
  declare games: KeptGame[] | undefined;
  /** The games another tab has open now. */
  declare elsewhere: Set<string>;
  /** The game whose "Delete" was tapped once: deleting is asked twice. */
  declare deleting: string | undefined;
  declare problem: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const [games, elsewhere] = await Promise.all([this.store?.list(this.view.game.id), this.tabs.openElsewhere()]);
      this.elsewhere = elsewhere;
      this.games = games ?? [];
    } catch {
      this.problem = 'The list of games on this tablet could not be read.';
    }
  }

  private async deleteGame(key: string): Promise<void> {
    this.deleting = undefined;
    try {
      if (!(await this.tabs.removeIfFree(key)))
        this.problem = 'That game is open in another tab or window of this browser, so it was not deleted. Close it there first.';
    } catch {
      this.problem = 'That game could not be deleted.';
    }
    await this.load();
  }

  private when(iso: string): string {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '' : d.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
  }

  private row(g: KeptGame): TemplateResult {
    const { game, gameKey } = this.view;
    const current = g.record.key === gameKey;
    const elsewhere = !current && this.elsewhere?.has(g.record.key);
    const setup = g.record.setup;
    const edition = game.rules.editions.some((e) => e.id === setup.edition) ? editionOf(game, setup.edition).name : setup.edition;
    return html`<li class="kept-game ${current ? 'current' : ''}" data-key=${g.record.key}>
      <div class="kept-about">
        <strong>${current ? 'On screen now: ' : elsewhere ? 'Open in another tab: ' : ''}${setup.players} players, ${edition}</strong>
        <span class="subtle">started ${this.when(g.record.started)} · ${count(g.actions, 'action')} · last played ${this.when(g.last)}</span>
      </div>
      ${
        current
          ? nothing
          : this.deleting === g.record.key
            ? html`<div class="confirm" role="group" aria-label="Confirm deleting this game">
              <span>Delete this game from the tablet for good?</span>
              <button class="primary delete-yes" @click=${onTap(() => void this.deleteGame(g.record.key))}>Yes, delete it</button>
              <button class="quiet" @click=${() => (this.deleting = undefined)}>Keep it</button>
            </div>`
            : html`<div class="kept-actions">
              <button class="secondary resume" @click=${onTap(() => this.dispatchEvent(new CustomEvent('referee-resume', { detail: g.record.key, bubbles: true })))}>
                Reopen<span class="visually-hidden"> the game started ${this.when(g.record.started)}</span>
              </button>
              ${
                elsewhere
                  ? nothing
                  : html`<button class="quiet delete" @click=${onTap(() => (this.deleting = g.record.key))}>Delete…<span class="visually-hidden"> the game started ${this.when(g.record.started)}</span></button>`
              }
            </div>`
      }
    </li>`;
  }

  override render(): TemplateResult {
    return html`<section class="kept" aria-labelledby="kept-title">
      <h3 id="kept-title">Games on this tablet</h3>
      ${this.problem ? html`<p class="notice notice-problem">${this.problem}</p>` : nothing}
      ${
        !this.games
          ? html`<p class="subtle">Reading the list…</p>`
          : this.games.length <= 1
            ? html`<p class="subtle">Only the game on screen is kept here. Earlier games appear here when you start a new one or import one.</p>`
            : html`<ul class="kept-list">${this.games.map((g) => this.row(g))}</ul>`
      }
    </section>`;
  }
}

customElements.define('cc-kept-games', KeptGames);

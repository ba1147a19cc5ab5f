// The referee page: loads the game, resumes the game in progress (or sets up a new one), and
// records every action the panels ask for — checked by the rules, saved, then shown.
import { html, nothing, type TemplateResult } from 'lit';
import type { Action, LogEntry, Setup } from '../../../engine/index.js';
import { loadRefereeData, type RefereeData } from '../data.js';
import { GameStore, type GameRecord } from '../store/game-store.js';
import { TabGuard } from '../store/tab-guard.js';
import { readSavedGame } from '../store/saved-game.js';
import { Session } from '../session.js';
import { Platform, type PlatformStatus } from '../platform.js';
import { LightElement, onTap, type View } from './base.js';
import { count, phaseName } from './words.js';
import './setup-screen.js';
import './status-bar.js';
import './balances.js';
import './turn-panel.js';
import './market-panel.js';
import './debts-panel.js';
import './deals-panel.js';
import './scores-panel.js';
import './log-panel.js';
import './game-panel.js';

type Tab = 'turn' | 'market' | 'debts' | 'deals' | 'scores' | 'log' | 'game';

const TABS: { id: Tab; label: string }[] = [
  { id: 'turn', label: 'Turn' },
  { id: 'market', label: 'Market' },
  { id: 'debts', label: 'Debts' },
  { id: 'deals', label: 'Trades' },
  { id: 'scores', label: 'Scores' },
  { id: 'log', label: 'Log' },
  { id: 'game', label: 'Game' },
];

interface Notice {
  kind: 'refused' | 'info' | 'problem';
  text: string;
}

export class CodexReferee extends LightElement {
  static override properties = {
    data: { state: true },
    session: { state: true },
    failure: { state: true },
    tab: { state: true },
    notice: { state: true },
    busy: { state: true },
    platform: { state: true },
    storage: { state: true },
    revision: { state: true },
    settingUp: { state: true },
    elsewhere: { state: true },
  };

  declare data: RefereeData | undefined;
  declare session: Session | undefined;
  declare failure: string | undefined;
  declare tab: Tab;
  declare notice: Notice | undefined;
  declare busy: boolean;
  declare platform: PlatformStatus;
  declare storage: 'saved' | 'memory';
  /** Bumped after every recorded action: the session changes inside, so this tells Lit to draw again. */
  declare revision: number;
  /** The setup screen is open over a game in progress. */
  declare settingUp: boolean;
  /** The game this tablet would show is open in another tab (or was taken over by one): this tab waits. */
  declare elsewhere: { record: GameRecord; log: LogEntry[]; taken: boolean } | undefined;

  private store: GameStore | null = null;
  private readonly tabs = new TabGuard();
  private readonly device = new Platform();

  constructor() {
    super();
    this.tab = 'turn';
    this.busy = false;
    this.revision = 0;
    this.settingUp = false;
    this.storage = 'saved';
    this.platform = this.device.status;
    this.addEventListener('referee-act', (e) => void this.record((e as CustomEvent<Action>).detail));
    this.addEventListener('referee-start', (e) => void this.startGame((e as CustomEvent<Setup>).detail));
    this.addEventListener('referee-import', (e) => void this.importGame((e as CustomEvent<string>).detail));
    this.tabs.onLost(() => {
      // Another tab took this game over: stop recording here, say so, and offer it back.
      const session = this.session;
      if (!session) return;
      this.elsewhere = { record: session.record, log: [...session.log], taken: true };
      this.session = undefined;
      this.notice = undefined;
    });
    this.addEventListener('referee-new', () => {
      this.settingUp = true;
      this.notice = undefined;
    });
  }

  protected override createRenderRoot(): HTMLElement {
    // index.html puts a "loading" line inside the element for the first moment; the page replaces it.
    this.replaceChildren();
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.boot();
  }

  private async boot(): Promise<void> {
    try {
      this.data = await loadRefereeData();
    } catch (e) {
      this.failure = `The game could not be loaded: ${(e as Error).message}. Build the game again (npm start) and reopen this page.`;
      return;
    }
    this.device.onChange((s) => (this.platform = s));
    this.device.keepAwake();
    void this.device.registerOffline(this.data.singleFile);
    this.store = await GameStore.open();
    if (!this.store) this.storage = 'memory';
    const resumed = await this.store?.current(this.data.game.id).catch(() => null);
    if (resumed && (await this.tabs.openElsewhere(resumed.record.key))) {
      this.elsewhere = { ...resumed, taken: false };
    } else if (resumed) {
      this.tabs.hold(resumed.record.key);
      try {
        this.session = new Session(this.data.game, this.store, resumed.record, resumed.log);
        const skipped = this.session.state.rejected.length;
        if (skipped > 0) {
          this.notice = {
            kind: 'problem',
            text: `${count(skipped, 'recorded action')} could not be replayed under this version of the rules and ${skipped === 1 ? 'was' : 'were'} left out. They are still in the log; export the game to keep a copy.`,
          };
        }
      } catch {
        this.notice = {
          kind: 'problem',
          text: 'The game saved on this tablet could not be replayed with this version of the rules. It is still stored; start a new game or import an exported one.',
        };
      }
    }
    this.setAttribute('data-ready', '');
  }

  protected override updated(changed: Map<string, unknown>): void {
    // A refusal is read where the tap was: bring the message into view if the page is scrolled.
    if (changed.has('notice') && this.notice) this.querySelector('.notice-area .notice')?.scrollIntoView({ block: 'nearest' });
    // How many actions are recorded: handy for anyone (or any test) watching the page.
    if (this.session) this.dataset.actions = String(this.session.log.length);
    else delete this.dataset.actions;
  }

  private lastView: View | undefined;
  /**
   * What the panels show. Lit redraws a panel when it is handed a different object, so the same
   * view is handed out until something in it changes: every action makes a new state (the log
   * only ever grows alongside it), and the busy flag flips around each write.
   */
  private view(): View | undefined {
    if (!this.data || !this.session) return undefined;
    const { state, log } = this.session;
    const last = this.lastView;
    if (last && last.data === this.data && last.state === state && last.log === log && last.busy === this.busy) return last;
    return (this.lastView = { data: this.data, game: this.data.game, state, log, busy: this.busy });
  }

  /** The one way the game changes. */
  private async record(action: Action): Promise<void> {
    const session = this.session;
    if (!session || this.busy) return;
    this.busy = true;
    try {
      const outcome = await session.act(action);
      if (outcome.ok) {
        const money = session.money;
        this.notice = money.ok
          ? undefined
          : {
              kind: 'problem',
              text: `The bank's books do not balance (${money.problems.join('; ')}). Please export this game from the Game tab and report it.`,
            };
        this.revision++;
      } else if ('message' in outcome) {
        this.notice = { kind: 'refused', text: outcome.message };
      }
    } finally {
      this.busy = false;
    }
  }

  /** Takes the game over from the other tab: it stops recording, and this tab reads the game as saved. */
  private async takeOver(): Promise<void> {
    const waiting = this.elsewhere;
    if (!waiting || !this.data) return;
    this.tabs.hold(waiting.record.key, true);
    const saved = (await this.store?.current(this.data.game.id).catch(() => null)) ?? waiting;
    this.session = new Session(this.data.game, this.store, saved.record, saved.log);
    this.elsewhere = undefined;
    this.notice = { kind: 'info', text: 'This tab has the game now; the other tab has stopped recording it.' };
  }

  private renderElsewhere(): TemplateResult {
    const waiting = this.elsewhere!;
    return html`<main class="boot elsewhere">
      <h1>${waiting.taken ? 'This game is now open in another tab' : 'This game is open in another tab'}</h1>
      <p>
        ${
          waiting.taken
            ? 'Another tab or window of this browser took the game over, so this one stopped recording. Nothing was lost: every action is saved on the tablet.'
            : 'It is already open in another tab or window of this browser. Recording the same game in two places would lose actions, so this tab waits.'
        }
      </p>
      <div class="actions">
        <button class="primary big take-over" @click=${onTap(() => void this.takeOver())}>Take the game over here</button>
        <button class="big" @click=${onTap(() => {
          this.elsewhere = undefined;
          this.settingUp = true;
        })}>Set up or import another game</button>
      </div>
    </main>`;
  }

  private async startGame(setup: Setup): Promise<void> {
    if (!this.data || this.busy) return;
    this.busy = true;
    try {
      this.session = await Session.start(this.data.game, this.store, setup);
      this.tabs.hold(this.session.record.key);
      this.settingUp = false;
      this.tab = 'turn';
      this.notice = undefined;
    } catch {
      this.notice = { kind: 'problem', text: 'The tablet refused to save a new game. Check that the browser is not in private mode and has space left.' };
    } finally {
      this.busy = false;
    }
  }

  private async importGame(text: string): Promise<void> {
    if (!this.data || this.busy) return;
    const result = readSavedGame(this.data.game, text);
    if (!result.ok) {
      this.notice = { kind: 'refused', text: result.message };
      return;
    }
    this.busy = true;
    try {
      this.session = await Session.adopt(this.data.game, this.store, result.saved, result.state);
      this.tabs.hold(this.session.record.key);
      this.settingUp = false;
      this.tab = 'turn';
      this.notice = { kind: 'info', text: `Game imported: ${result.saved.log.length} actions replayed.` };
    } catch {
      this.notice = { kind: 'problem', text: 'The tablet refused to save the imported game; your current game is unchanged.' };
    } finally {
      this.busy = false;
    }
  }

  private renderNotice(): TemplateResult | typeof nothing {
    const n = this.notice;
    return html`<div class="notice-area" role=${n?.kind === 'info' ? 'status' : 'alert'} aria-live=${n?.kind === 'info' ? 'polite' : 'assertive'}>
      ${
        n
          ? html`<div class="notice notice-${n.kind}">
            <p>${n.text}</p>
            <button class="quiet" @click=${() => (this.notice = undefined)} aria-label="Dismiss this message">✕</button>
          </div>`
          : nothing
      }
    </div>`;
  }

  private renderPanel(view: View): TemplateResult {
    switch (this.tab) {
      case 'turn':
        return html`<cc-turn .view=${view}></cc-turn>`;
      case 'market':
        return html`<cc-market .view=${view}></cc-market>`;
      case 'debts':
        return html`<cc-debts .view=${view}></cc-debts>`;
      case 'deals':
        return html`<cc-deals .view=${view}></cc-deals>`;
      case 'scores':
        return html`<cc-scores .view=${view}></cc-scores>`;
      case 'log':
        return html`<cc-log .view=${view}></cc-log>`;
      case 'game':
        return html`<cc-game-panel .view=${view} .platform=${this.platform} .storage=${this.storage} .saved=${() => this.session!.toSaved()}></cc-game-panel>`;
    }
  }

  private tabLabel(view: View, tab: (typeof TABS)[number]): TemplateResult {
    const debts = view.state.table.ledger.debts.length;
    if (tab.id === 'debts' && debts > 0) return html`${tab.label} <span class="count" aria-label="(${debts} open)">${debts}</span>`;
    return html`${tab.label}`;
  }

  override render(): TemplateResult {
    if (this.failure) return html`<main class="boot"><h1>Codex Conquest referee</h1><p class="notice notice-problem">${this.failure}</p></main>`;
    if (!this.data) return html`<main class="boot"><p class="boot-message">Opening the referee…</p></main>`;
    if (this.elsewhere && !this.settingUp) return this.renderElsewhere();
    const view = this.view();
    if (!view || this.settingUp) {
      return html`<main class="setup-page">
        ${this.renderNotice()}
        <cc-setup .data=${this.data} .busy=${this.busy} .canCancel=${Boolean(view)} @referee-cancel=${() => (this.settingUp = false)}></cc-setup>
      </main>`;
    }
    return html`
      <header class="top">
        <cc-status .view=${view}></cc-status>
        <cc-balances .view=${view} .money=${this.session!.money}></cc-balances>
        ${this.renderNotice()}
      </header>
      ${this.storage === 'memory' ? html`<p class="notice notice-problem">This browser is not keeping the game (private mode?). Export it from the Game tab often.</p>` : nothing}
      <nav class="tabs" role="tablist" aria-label="Referee sections">
        ${TABS.map(
          (
            t,
          ) => html`<button role="tab" id="tab-${t.id}" aria-selected=${this.tab === t.id ? 'true' : 'false'} aria-controls="panel" class="tab" @click=${onTap(() => (this.tab = t.id))}>
            ${this.tabLabel(view, t)}
          </button>`,
        )}
      </nav>
      <main id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}" class="panel" aria-busy=${this.busy ? 'true' : 'false'} data-phase=${view.state.phase} data-phase-name=${phaseName(view.state.phase)}>
        ${this.renderPanel(view)}
      </main>
    `;
  }
}

customElements.define('codex-referee', CodexReferee);

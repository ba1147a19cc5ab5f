// The referee page: loads the game, resumes the game in progress (or sets up a new one), and
// records every action the panels ask for — checked by the rules, saved, then shown.
import { html, nothing, type TemplateResult } from 'lit';
import { RULES_VERSION, type Action, type Setup } from '../../../engine/index.js';
import { loadRefereeData, type RefereeData } from '../data.js';
import { GameGone, GameStore, type StoredGame } from '../store/game-store.js';
import { TabGuard } from '../store/tab-guard.js';
import { keptMark, markKept } from '../store/kept-mark.js';
import { installFastTap } from './fast-tap.js';
import { importSavedGame, type ImportResult } from '../store/saved-game.js';
import { Session, newGameKey, type Verified } from '../session.js';
import { describeAction } from '../logic/describe-action.js';
import { openKept as openFromStore, type Progress } from '../loading.js';
import { inSlices, nextTurn } from '../slices.js';
import { Platform, type PlatformStatus } from '../platform.js';
import { LightElement, onTap, screenMoved, type View } from './base.js';
import { count, phaseName } from './words.js';
import { recordedToast } from './toast-text.js';
import { TOAST_COUNT, TOAST_MS, type Toast } from './toasts.js';
import { importQuestion, importedNote, type ImportQuestion } from './import-question.js';
import { TabletLink } from '../live/tablet-link.js';
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
import './action-bar.js';
import './toasts.js';

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
  /** Stays until dismissed: the next action recorded does not clear it (the game was changed under the banker). */
  sticky?: boolean;
}

/** A game kept on the tablet, with its log, as the store reads it. */

/** A game being opened: what is being done, and how far it got. */
interface Loading extends Progress {
  what: string;
}

/** An imported game waiting for the banker to say it may replace the one on screen. */
export type PendingImport = Extract<ImportResult, { ok: true }>;

const HIDE_KEY = 'codex-referee:hide-holdings';

/** A game that takes longer than this to open shows its progress. */
const SHOW_PROGRESS_MS = 150;
/** A saved-game file this long (about 8,000 actions) says it is being read before it is. */
const LONG_FILE = 1_000_000;

function rememberedHide(): boolean {
  try {
    return localStorage.getItem(HIDE_KEY) === '1';
  } catch {
    return false;
  }
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
    toasts: { state: true },
    hideHoldings: { state: true },
    pendingImport: { state: true },
    elsewhere: { state: true },
    opening: { state: true },
    loading: { state: true },
    verifying: { state: true },
    booting: { state: true },
  };

  declare data: RefereeData | undefined;
  declare session: Session | undefined;
  declare failure: string | undefined;
  declare tab: Tab;
  declare notice: Notice | undefined;
  /** A game is being started or imported (the setup screen's buttons wait). */
  declare busy: boolean;
  declare platform: PlatformStatus;
  /** Whether the tablet keeps the game, or why not (store/game-store.ts: GameStore.open). */
  declare storage: 'saved' | 'unavailable' | 'newer';
  /** Bumped after every recorded action: the session changes inside, so this tells Lit to draw again. */
  declare revision: number;
  /** The setup screen is open over a game in progress. */
  declare settingUp: boolean;
  declare toasts: Toast[];
  declare hideHoldings: boolean;
  declare pendingImport: PendingImport | undefined;
  /**
   * The game this tab would show is open in another tab, or was taken over by one (`taken`): this
   * tab waits, and offers to take it (back). `unrecorded`: the action tapped here that was refused
   * because the other tab had just taken the game.
   */
  declare elsewhere: { key: string; taken: boolean; unrecorded?: string } | undefined;
  /** The key of the kept game being read and replayed for this tab (store/tab-guard.ts holds it already). */
  declare opening: string | undefined;
  /** A game is being opened (a reload, a game reopened, a file imported): its progress is shown instead of the page. */
  declare loading: Loading | undefined;
  /** The game on screen came from a checkpoint and is being replayed from its start in the background. */
  declare verifying: Progress | undefined;
  /** The page is still reading the game kept on the tablet (a long one takes a moment): the setup screen is not shown meanwhile. */
  declare booting: boolean;

  private store: GameStore | null = null;
  private readonly tabs = new TabGuard();
  private readonly device = new Platform();
  /** Phones at the table, when the page is served by `codex-conquest referee` and this tablet is the banker. */
  readonly link = new TabletLink();
  /** Actions waiting for the one being saved: only undo and redo wait, so every tap of them counts. */
  private queue: Action[] = [];
  private recording = false;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.tab = 'turn';
    this.busy = false;
    this.booting = true;
    this.revision = 0;
    this.settingUp = false;
    this.storage = 'saved';
    this.toasts = [];
    this.hideHoldings = false;
    this.platform = this.device.status;
    this.addEventListener('referee-act', (e) => this.request((e as CustomEvent<Action>).detail));
    this.addEventListener('referee-start', (e) => void this.startGame((e as CustomEvent<Setup>).detail));
    this.addEventListener('referee-import', (e) => void this.importGame((e as CustomEvent<string>).detail));
    this.addEventListener('referee-tab', (e) => this.showTab((e as CustomEvent<Tab>).detail));
    this.addEventListener('referee-resume', (e) => void this.resume((e as CustomEvent<string>).detail));
    this.tabs.onLost((key) => this.lostGame(key));
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
    installFastTap();
    void this.boot();
  }

  private async boot(): Promise<void> {
    // The tablet's store opens while the game data loads.
    const store = GameStore.open(this.tabs.id);
    const loading = loadRefereeData();
    // The browser's first read of local storage can take a while on a tablet: it is made here,
    // while the store opens and the data arrives, rather than before either has started.
    this.hideHoldings = rememberedHide();
    try {
      this.data = await loading;
    } catch (e) {
      this.failure = `The game could not be loaded: ${(e as Error).message}. Build the game again (npm start) and reopen this page.`;
      return;
    }
    this.device.onChange((s) => (this.platform = s));
    this.device.keepAwake();
    this.link.start(this.data.singleFile, () => this.requestUpdate());
    const opened = await store;
    this.store = typeof opened === 'string' ? null : opened;
    this.tabs.use(this.store);
    if (typeof opened === 'string') this.storage = opened;
    await this.openOnLoad();
    // For anyone (or any test) watching: which way this browser keeps one game to one tab.
    this.dataset.tabGuard = this.tabs.usesLocks ? 'locks' : 'claims';
    this.booting = false;
    this.setAttribute('data-ready', '');
    await this.updateComplete;
    // The moment the banker can play: the benchmark reads it (tests/bench/referee-bench.mjs).
    performance.mark('codex-ready');
    // The copy kept for playing offline is installed once the game is on screen, not while it loads.
    void this.device.registerOffline(this.data.singleFile);
    this.pushToPhones();
  }

  /**
   * The game this page opens with, through the guard like every other way of opening one. When
   * the store no longer says which game was open, or the one it names is gone from it (storage
   * damaged or tampered with), the game played last is opened and the banker told why: games that
   * are kept must not hide behind the setup screen, which does not list them.
   */
  private async openOnLoad(): Promise<void> {
    const store = this.store;
    if (!this.data) return;
    if (!store) {
      // Kept games the page cannot reach: said on the setup screen, where the banker is.
      const mark = keptMark(this.data.game.id);
      if (this.storage === 'newer' || (mark && mark.actions > 0)) this.notice = { kind: 'problem', text: this.storageProblem() };
      return;
    }
    const key = await store.currentKey(this.data.game.id).catch(() => null);
    if (key) {
      const outcome = await this.openKept(key, 'load').then(
        () => 'tried',
        (e: unknown) => (e instanceof GameGone ? 'gone' : 'tried'),
      );
      if (outcome === 'tried') return;
    }
    const gone = key ? await store.actionsKept(key).catch(() => 0) : 0;
    const damaged =
      gone > 0
        ? `The game this tablet had open is damaged: the record of who plays in it could not be read, so it cannot be opened, though ${count(gone, 'action')} of it ${gone === 1 ? 'is' : 'are'} still kept. If you exported it, import that file.`
        : '';
    // Not a game another tab has open: that tab is playing it.
    const elsewhere = await this.tabs.openElsewhere().catch(() => new Set<string>());
    const others = (await store.list(this.data.game.id).catch(() => [])).filter((g) => g.record.key !== key && !elsewhere.has(g.record.key));
    const last = others[0];
    if (last && (await this.openKept(last.record.key, 'reopen').catch(() => false))) {
      const about = `${last.record.setup.players} players, ${last.actions === 0 ? 'no actions yet' : count(last.actions, 'action')}`;
      const opened = damaged
        ? `The game played last is open instead (${about}).`
        : `The tablet had lost track of which game was open, so it has opened the one played last (${about}).`;
      const before = this.notice?.kind === 'problem' ? `${this.notice.text} ` : '';
      this.notice = {
        kind: damaged || before ? 'problem' : 'info',
        text: `${before}${damaged ? `${damaged} ` : ''}${opened} Any other game kept here is under Game → Games on this tablet.`,
      };
    } else if (damaged) this.notice = { kind: 'problem', text: `${damaged} Otherwise start a new game.` };
    else {
      // Nothing of the game the tablet had open is left: the browser's storage was cleared.
      const mark = keptMark(this.data.game.id);
      if (mark && mark.actions > 0 && !others.some((g) => g.record.key === mark.key))
        this.notice = {
          kind: 'problem',
          text: `The game this tablet had open (${count(mark.actions, 'action')}) is no longer in the browser's storage: it was cleared, in the browser's settings or by the browser to free space. If you exported it, import that file.`,
        };
    }
  }

  /**
   * A game kept on the tablet, opened (from its checkpoint when it has one that can be used, with
   * the progress shown); or the sentence saying why it could not be.
   */
  private async replayStored(stored: StoredGame, atOnce = false): Promise<Session | string> {
    const started = performance.now();
    const what = 'Opening the game kept on this tablet';
    // On a reload the page has nothing else to show meanwhile (not the setup screen, for a moment).
    if (atOnce) this.loading = { what, done: 0, total: stored.log.length };
    try {
      const opened = await openFromStore(this.data!.game, stored, (p) => this.progress(what, p, started));
      return new Session(this.data!.game, this.store, stored.record, stored.log, opened.state, {
        restored: opened.restored,
        chunked: stored.chunked,
        checkpointed: opened.restored?.seq ?? 0,
      });
    } catch {
      return 'The game saved on this tablet could not be replayed with this version of the rules. It is still stored; start a new game or import an exported one.';
    } finally {
      this.loading = undefined;
    }
  }

  /**
   * Opens a game kept on the tablet in this tab — on load, from the list of games, or taken over
   * from another tab — through the one guard (store/tab-guard.ts): the game is read only once this
   * tab holds it, and shown only if it still does; if another tab has it, the waiting screen says
   * so. The game on screen before stays until this one is shown, and is let go of then. Resolves
   * whether the game is on screen.
   */
  private async openKept(key: string, how: 'load' | 'reopen' | 'take-over'): Promise<boolean> {
    const store = this.store;
    if (!store || !this.data) return false;
    if ((await this.tabs.hold(key, how === 'take-over')) === 'elsewhere') {
      this.elsewhere = { key, taken: false };
      return false;
    }
    const before = this.session;
    this.opening = key;
    try {
      // Read now that this tab holds the game: no other tab can add to its log any more.
      const stored = await store.open(key);
      if (!stored) throw new GameGone();
      // Fewer actions than the tablet had kept of it: the newest were lost from the store.
      const mark = keptMark(this.data.game.id);
      if (mark?.key === key && mark.actions > stored.log.length + (stored.lost ?? 0)) stored.lost = mark.actions - stored.log.length;
      if (how !== 'load') await store.makeCurrent(stored.record);
      // From its checkpoint when it has one that can be used, a slice at a time with the progress
      // shown (on a load at once: the page has nothing else to show meanwhile).
      const replayed = await this.replayStored(stored, how === 'load');
      // Taken over again while it was read: the waiting screen says so (lostGame).
      if (!this.tabs.holds(key)) return false;
      if (typeof replayed === 'string') {
        this.tabs.release(key);
        this.notice = { kind: 'problem', text: replayed };
        return false;
      }
      this.elsewhere = undefined;
      this.show(replayed);
      // A checkpoint was kept but not used (damaged, or not this log's): the game is right (worked
      // out from its actions), and the banker is told why the store was not trusted.
      if (stored.checkpoint !== undefined && !replayed.restored && !stored.lost && !this.notice)
        this.notice = {
          kind: 'info',
          text: 'The shortcut kept with this game on the tablet (a summary of the game at one point) could not be used, so the game was worked out again from its recorded actions, which are what count: nothing is lost.',
        };
      if (stored.lost)
        this.notice = {
          kind: 'problem',
          text: `This game, as kept on the tablet, is damaged: it opens after action ${stored.log.length}, and ${count(stored.lost, 'action')} kept after that could not be read. If you exported the game earlier, import that file instead; otherwise check the scores against the table before going on.`,
        };
      if (before && before.record.key !== key) this.tabs.release(before.record.key);
      // Replayed from the start (no checkpoint kept, or none that could be used): one is kept now,
      // so the next reload need not do that again. Written only now that the tab holds the game
      // (and the store checks that again as it writes).
      replayed.keepCheckpoint();
      return true;
    } catch (e) {
      this.tabs.release(key);
      throw e;
    } finally {
      this.opening = undefined;
    }
  }

  /**
   * How far the game being opened got (drawn with the next frame). Shown once the work has taken a
   * moment: a short game opens before a progress bar could be read, and should not flash one.
   */
  private progress(what: string, p: Progress, started: number): void {
    if (this.loading || performance.now() - started > SHOW_PROGRESS_MS) this.loading = { what, ...p };
  }

  /**
   * A game opened from a checkpoint is replayed from its start in the background, a slice at a
   * time; once it has caught up, the replayed game is the one shown (session.ts, verifier.ts).
   */
  private verifyInBackground(session: Session): void {
    const verifier = session.verifier;
    if (!verifier || verifier.finished) return;
    session.onVerified = (v) => this.afterVerified(session, v);
    this.verifying = { done: 0, total: session.log.length };
    // It starts once the game is on screen (and what opened it has said what it had to say).
    void nextTurn().then(() =>
      inSlices(
        () => verifier.piece(),
        () => {
          if (this.session === session && !verifier.finished) this.verifying = { done: verifier.done, total: session.log.length };
        },
        () => this.session !== session,
      ),
    );
  }

  private afterVerified(session: Session, v: Verified): void {
    if (this.session !== session) return;
    this.verifying = undefined;
    this.revision++;
    // The phones get the history lines of every action now, or the game as its log says.
    this.pushToPhones();
    if (v.same) return;
    // Sticky: the replay may have finished just as an undo reached back past the checkpoint, and
    // the redraw of that undo would clear an ordinary notice before it was read.
    this.notice = {
      kind: 'problem',
      sticky: true,
      text: `The shortcut saved with this game (a summary of the game at one point) did not match its recorded actions, so the game has been worked out again from the actions themselves, which are what count.${
        v.rejected > 0
          ? ` ${count(v.rejected, 'recorded action')} could not be replayed under the rules and ${v.rejected === 1 ? 'was' : 'were'} left out.`
          : ''
      } Check the balances with the table before going on.`,
    };
  }

  /** Shows a game this tab holds. */
  private show(session: Session): void {
    this.session = session;
    this.verifyInBackground(session);
    const skipped = session.state.rejected.length;
    if (skipped > 0) {
      // Recorded under these very rules, an action that no longer replays was changed where it
      // was kept: the store is damaged, not the rules new.
      const sameRules = session.log.every((e) => e.rules === RULES_VERSION);
      const one = skipped === 1;
      this.notice = {
        kind: 'problem',
        text: sameRules
          ? `This game, as kept on the tablet, is damaged: ${count(skipped, 'recorded action')} no longer ${one ? 'follows' : 'follow'} the rules and ${one ? 'was' : 'were'} left out. ${one ? 'It is' : 'They are'} still in the log. If you exported the game earlier, import that file instead; otherwise check the scores against the table before going on.`
          : `${count(skipped, 'recorded action')} could not be replayed under this version of the rules and ${one ? 'was' : 'were'} left out. ${one ? 'It is' : 'They are'} still in the log; export the game to keep a copy.`,
      };
    }
  }

  /** Another tab took over a game this tab held (store/tab-guard.ts): it stops recording here, says so, and offers it back. */
  private lostGame(key: string): void {
    const showing = this.session?.record.key === key;
    if (!showing && this.opening !== key) return;
    if (showing) {
      this.session = undefined;
      this.queue = [];
      this.pendingImport = undefined;
      this.verifying = undefined;
    }
    this.elsewhere = { key, taken: true };
    this.notice = undefined;
  }

  /**
   * For anyone (or any test) watching the page: the game this tab records into (data-game), how
   * many actions are drawn (data-shown), and how many of them the tablet has kept (data-actions;
   * one fewer while the newest is written).
   */
  private showCounts(): void {
    if (this.session) {
      this.dataset.game = this.session.record.key;
      this.dataset.shown = String(this.session.log.length);
      const kept = this.session.log.length - (this.session.saving ? 1 : 0);
      this.dataset.actions = String(kept);
      if (this.store && this.data) markKept(this.data.game.id, { key: this.session.record.key, actions: kept });
      // Set once the game on screen is the one its whole log gives (not a checkpoint still being confirmed).
      this.toggleAttribute('data-verified', !this.session.restored);
    } else {
      delete this.dataset.game;
      delete this.dataset.shown;
      delete this.dataset.actions;
      this.removeAttribute('data-verified');
    }
  }

  protected override updated(changed: Map<string, unknown>): void {
    this.showCounts();
    if (changed.has('notice') && this.notice) this.querySelector('.notice-area .notice')?.scrollIntoView({ block: 'nearest' });
  }

  private lastView: View | undefined;
  /**
   * What the panels show. Lit redraws a panel when it is handed a different object, so the same
   * view is handed out until something in it changes: every action makes a new state (the log
   * only ever grows alongside it).
   */
  private view(): View | undefined {
    if (!this.data || !this.session) return undefined;
    const { state, log } = this.session;
    const last = this.lastView;
    if (last && last.data === this.data && last.state === state && last.log === log && last.hideHoldings === this.hideHoldings) return last;
    return (this.lastView = {
      data: this.data,
      game: this.data.game,
      state,
      log,
      gameKey: this.session.record.key,
      hideHoldings: this.hideHoldings && state.phase !== 'over',
    });
  }

  private showTab(tab: Tab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    // A refusal answers a tap on the screen being left: on the next one it would seem to be about that.
    if (this.notice?.kind === 'refused') this.notice = undefined;
    screenMoved();
  }

  private setHide(hide: boolean): void {
    this.hideHoldings = hide;
    try {
      localStorage.setItem(HIDE_KEY, hide ? '1' : '0');
    } catch {
      /* the switch still works for this visit */
    }
  }

  /**
   * A panel asks for an action. While one is being saved, undo and redo wait their turn (each tap
   * counts); anything else is a tap that came too fast and is dropped, as the session would.
   */
  private request(action: Action): void {
    if (this.recording) {
      if (action.type === 'undo' || action.type === 'redo') this.queue.push(action);
      return;
    }
    void this.record(action);
  }

  /** The one way the game changes. */
  private async record(first: Action): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.recording = true;
    // The button tapped in the panel is usually drawn away (a book bought loses its Buy button).
    // Removing the focused element makes the browser lay the whole page out on the spot, and again
    // for the frame; letting go of the focus now, while the page is laid out, costs nothing. The
    // focus goes on to the next thing to do once the new screen is painted (focusNext).
    const tapped = document.activeElement;
    if (tapped instanceof HTMLElement && tapped.closest('#panel')) tapped.blur();
    // For anyone (or any test) watching: set directly, so no panel is drawn again for it.
    this.toggleAttribute('data-recording', true);
    try {
      for (let action: Action | undefined = first; action; action = this.queue.shift()) {
        // Nothing more is recorded once another tab has taken the game over.
        if (this.session !== session || !this.tabs.holds(session.record.key)) break;
        // Timed for the benchmark (tests/bench/referee-bench.mjs): the rules, the redraw, the save.
        const t0 = performance.now();
        let toast: Toast | undefined;
        // Drawn while the tablet writes the action down (Session.act).
        const show = async (): Promise<void> => {
          const t1 = performance.now();
          const money = session.money;
          this.notice = money.ok
            ? this.notice?.sticky
              ? this.notice
              : undefined
            : {
                kind: 'problem',
                text: `The bank's books do not balance (${money.problems.join('; ')}). Please export this game from the Game tab and report it.`,
              };
          toast = recordedToast(session);
          this.addToast(toast);
          this.revision++;
          await this.updateComplete;
          performance.measure('codex-act', { start: t0, end: t1 });
          performance.measure('codex-draw', { start: t1 });
          // Whatever moved under the finger cannot be tapped by the second half of a double tap.
          screenMoved();
        };
        const outcome = await session.act(action, show);
        if (outcome.ok) {
          performance.measure('codex-saved', { start: t0 });
          this.showCounts(); // kept now, with nothing to redraw
          // The focus moves once the new screen is painted: moving it now would make the browser
          // lay the page out once for it and again for the frame, before the banker sees anything.
          requestAnimationFrame(() => setTimeout(() => this.focusNext(), 0));
        } else if ('taken' in outcome) {
          // The store refused the write: another tab claimed the game after this one. This tab
          // stops, and says which tap was not recorded.
          const key = session.record.key;
          this.tabs.taken(key);
          this.lostGame(key);
          if (this.elsewhere?.key === key) this.elsewhere = { ...this.elsewhere, taken: true, unrecorded: describeAction(session.game, action) };
          this.toasts = [];
          break;
        } else {
          if ('message' in outcome) this.notice = { kind: 'refused', text: outcome.message };
          if (toast) {
            // Shown, then not kept: the screen goes back to the game as the tablet holds it.
            const shown = toast;
            this.toasts = this.toasts.filter((t) => t !== shown);
            this.revision++;
            await this.updateComplete;
          }
          // Nothing was recorded, so nothing moved: the focus goes back to the button tapped.
          if (tapped instanceof HTMLElement && tapped.isConnected && document.activeElement === document.body) tapped.focus({ preventScroll: true });
        }
      }
    } finally {
      this.queue = [];
      this.recording = false;
      this.toggleAttribute('data-recording', false);
    }
    this.pushToPhones();
  }

  private addToast(toast: Toast | undefined): void {
    if (!toast) return;
    this.toasts = [...this.toasts, toast].slice(-TOAST_COUNT);
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toasts = []), TOAST_MS);
  }

  /** After an action the focus goes to the next thing to do, not to the page's body. */
  private focusNext(): void {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target =
      this.querySelector<HTMLElement>('cc-action-bar button.step.primary') ??
      this.querySelector<HTMLElement>('#panel .focus-target') ??
      this.querySelector<HTMLElement>('cc-action-bar .bar-title');
    target?.focus({ preventScroll: true });
  }

  /** The phones at the table see the game as it now stands (after the screen is drawn). */
  private pushToPhones(): void {
    const view = this.view();
    if (view && this.session) this.link.push(view, this.session.money.ok);
  }

  /** Takes the game waited for over from the other tab, which stops recording; this tab reads the game as kept. */
  private async takeOver(): Promise<void> {
    const waiting = this.elsewhere;
    if (!waiting || this.busy) return;
    this.busy = true;
    try {
      if (await this.openKept(waiting.key, 'take-over')) {
        this.settingUp = false;
        this.toasts = [];
        this.tab = 'turn';
        if (this.notice?.kind !== 'problem') this.notice = { kind: 'info', text: 'This tab has the game now; the other tab has stopped recording it.' };
      }
    } catch {
      this.elsewhere = undefined;
      this.notice = { kind: 'problem', text: 'That game could not be opened from the tablet: it may have been deleted in another tab.' };
    } finally {
      this.busy = false;
    }
    this.pushToPhones();
  }

  private renderElsewhere(): TemplateResult {
    const waiting = this.elsewhere!;
    // Busy taking this game over (or opening another): a second tap would do nothing.
    const opening = this.busy;
    return html`<main class="boot elsewhere" data-key=${waiting.key}>
      <h1>${waiting.taken ? 'This game is now open in another tab' : 'This game is open in another tab'}</h1>
      <p>
        ${
          waiting.taken
            ? `Another tab or window of this browser took the game over, so this one stopped recording. ${
                waiting.unrecorded
                  ? `The last action tapped here was not recorded: ${waiting.unrecorded}. Every action before it is saved on the tablet.`
                  : 'Nothing was lost: every action is saved on the tablet.'
              }`
            : 'It is already open in another tab or window of this browser. Recording the same game in two places would lose actions, so this tab waits.'
        }
      </p>
      <div class="actions">
        <button class="primary big take-over" ?disabled=${opening} @click=${onTap(() => void this.takeOver())}>
          ${opening ? 'Opening the game…' : 'Take the game over here'}
        </button>
        ${this.session ? html`<button class="big back" @click=${onTap(() => (this.elsewhere = undefined))}>Back to the game on screen</button>` : nothing}
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
    const before = this.session;
    // A key no other tab knows yet, held (and claimed) before the game is kept under it.
    const key = newGameKey();
    try {
      if ((await this.tabs.hold(key)) !== 'held') throw new Error('not held');
      this.session = await Session.start(this.data.game, this.store, setup, key);
      this.elsewhere = undefined;
      if (before) this.tabs.release(before.record.key);
      this.settingUp = false;
      this.tab = 'turn';
      this.notice = undefined;
      this.toasts = [];
    } catch {
      this.tabs.release(key);
      this.notice = { kind: 'problem', text: 'The tablet refused to save a new game. Check that the browser is not in private mode and has space left.' };
    } finally {
      this.busy = false;
    }
    this.pushToPhones();
  }

  /** A file was picked: checked first (its progress shown); asked about before it replaces a game on screen. */
  private async importGame(text: string): Promise<void> {
    if (!this.data || this.busy) return;
    this.busy = true;
    let result: ImportResult;
    try {
      if (text.length > LONG_FILE) {
        // Reading a long file takes a moment: the message is drawn first.
        this.loading = { what: 'Reading the saved game', done: 0, total: 0 };
        await this.updateComplete;
        await nextTurn();
      }
      const started = performance.now();
      result = await importSavedGame(this.data.game, text, (p) => this.progress('Checking the actions of the saved game', p, started));
    } finally {
      this.loading = undefined;
      this.busy = false;
    }
    if (!result.ok) {
      this.notice = { kind: 'refused', text: result.message };
      return;
    }
    // A refusal of an earlier file no longer holds: this one reads well.
    if (this.notice?.kind === 'refused') this.notice = undefined;
    if (this.session && !this.settingUp) {
      this.pendingImport = result;
      this.tab = 'game';
      return;
    }
    void this.adoptImport(result);
  }

  private async adoptImport(result: PendingImport): Promise<void> {
    if (!this.data) return;
    this.pendingImport = undefined;
    this.busy = true;
    const before = this.session;
    const key = newGameKey();
    try {
      if ((await this.tabs.hold(key)) !== 'held') throw new Error('not held');
      this.session = await Session.adopt(this.data.game, this.store, result.saved, result.state, key, result.restored);
      this.elsewhere = undefined;
      if (before) this.tabs.release(before.record.key);
      this.verifyInBackground(this.session);
      this.settingUp = false;
      this.tab = 'turn';
      this.toasts = [];
      const note = importedNote(result.saved);
      this.notice = note ? { kind: 'info', text: note } : undefined;
      this.addToast({ seq: result.saved.log.length, text: `Game imported: ${result.saved.log.length} actions replayed.` });
    } catch {
      this.tabs.release(key);
      this.notice = { kind: 'problem', text: 'The tablet refused to save the imported game; your current game is unchanged.' };
    } finally {
      this.busy = false;
    }
    this.pushToPhones();
  }

  /** Reopens a game kept on this tablet (Game tab → Games on this tablet); if another tab has it, the waiting screen says so. */
  private async resume(key: string): Promise<void> {
    if (!this.store || !this.data || this.busy) return;
    this.busy = true;
    try {
      if (await this.openKept(key, 'reopen')) {
        if (this.notice?.kind !== 'problem') this.notice = undefined;
        this.toasts = [];
        this.tab = 'turn';
        this.settingUp = false;
      }
    } catch {
      this.notice = { kind: 'problem', text: 'That game could not be opened from the tablet; the game on screen is unchanged.' };
    } finally {
      this.busy = false;
    }
    this.pushToPhones();
  }

  /** Why nothing is kept on this tablet, and what to do. */
  private storageProblem(): string {
    return this.storage === 'newer'
      ? 'The games kept on this tablet were saved by a newer version of the referee page, which this one cannot read; nothing done here will be kept either. Open the referee from the newest build, or export the game from the Game tab after every few actions.'
      : 'This browser is not keeping the game (private mode?). Export it from the Game tab often.';
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
        return html`<cc-game-panel
          .view=${view}
          .platform=${this.platform}
          .storage=${this.storage}
          .store=${this.store}
          .tabs=${this.tabs}
          .link=${this.link}
          .importQuestion=${this.question(view)}
          .saved=${() => this.session!.toSaved()}
          @referee-import-yes=${() => this.pendingImport && void this.adoptImport(this.pendingImport)}
          @referee-import-no=${() => (this.pendingImport = undefined)}
        ></cc-game-panel>`;
    }
  }

  private asked: { pending: PendingImport; question: ImportQuestion } | undefined;
  /** The import question, made once per file (the panel focuses it when it changes). */
  private question(view: View): ImportQuestion | undefined {
    const pending = this.pendingImport;
    if (!pending) return undefined;
    if (this.asked?.pending !== pending) this.asked = { pending, question: importQuestion(view, pending) };
    return this.asked.question;
  }

  private tabLabel(view: View, tab: (typeof TABS)[number]): TemplateResult {
    const debts = view.state.table.ledger.debts.length;
    if (tab.id === 'debts' && debts > 0) return html`${tab.label} <span class="count" aria-label="(${debts} open)">${debts}</span>`;
    if (tab.id === 'game' && this.pendingImport) return html`${tab.label} <span class="count" aria-label="(a question waits)">?</span>`;
    return html`${tab.label}`;
  }

  private renderLoading(l: Loading): TemplateResult {
    const known = l.total > 0;
    return html`<main class="boot loading" aria-busy="true">
      <p class="boot-message">${l.what}…</p>
      <progress max=${known ? l.total : 1} value=${known ? l.done : nothing} aria-label=${l.what}></progress>
      ${known ? html`<p class="subtle loading-count">${l.done.toLocaleString('en')} of ${l.total.toLocaleString('en')} actions</p>` : nothing}
    </main>`;
  }

  override render(): TemplateResult {
    if (this.failure) return html`<main class="boot"><h1>Codex Conquest referee</h1><p class="notice notice-problem">${this.failure}</p></main>`;
    if (!this.data) return html`<main class="boot"><p class="boot-message">Opening the referee…</p></main>`;
    if (this.loading) return this.renderLoading(this.loading);
    if (this.booting) return html`<main class="boot"><p class="boot-message">Opening the referee…</p></main>`;
    if (this.elsewhere && !this.settingUp) return this.renderElsewhere();
    const view = this.view();
    if (this.opening && !view) return html`<main class="boot"><p class="boot-message">Opening the game…</p></main>`;
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
      </header>
      ${this.storage !== 'saved' ? html`<p class="notice notice-problem storage-problem">${this.storageProblem()}</p>` : nothing}
      ${
        this.verifying && this.session?.restored
          ? html`<p class="verifying subtle" role="status">
            Checking the game's earlier actions in the background (${Math.floor((100 * this.verifying.done) / Math.max(1, this.verifying.total))}%). You can carry on.
          </p>`
          : nothing
      }
      <div class="tab-row">
      <nav class="tabs" role="tablist" aria-label="Referee sections">
        ${TABS.map(
          (
            t,
          ) => html`<button role="tab" id="tab-${t.id}" aria-selected=${this.tab === t.id ? 'true' : 'false'} aria-controls="panel" class="tab" @click=${onTap(() => this.showTab(t.id))}>
            ${this.tabLabel(view, t)}
          </button>`,
        )}
      </nav>
      <button class="hide-books quiet" aria-pressed=${this.hideHoldings ? 'true' : 'false'}
        title="Keep the countries' books off this screen; each player sees its own on its phone"
        @click=${onTap(() => this.setHide(!this.hideHoldings))}>
        ${this.hideHoldings ? 'Books hidden: show them' : 'Hide the books'}
      </button>
      </div>
      <main id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}" class="panel" data-phase=${view.state.phase} data-phase-name=${phaseName(view.state.phase)}>
        ${this.renderPanel(view)}
      </main>
      <footer class="action-bar">
        <cc-toasts .toasts=${this.toasts}></cc-toasts>
        ${this.renderNotice()}
        <cc-action-bar .view=${view} ?onTurnTab=${this.tab === 'turn'} .quick=${this.toasts[this.toasts.length - 1]?.offer}></cc-action-bar>
      </footer>
    `;
  }
}

customElements.define('codex-referee', CodexReferee);

// A player's phone at the table (`…/?phone=<token>`, from the QR code on the banker's tablet):
// a read-only, live view of its own library — credits, debts both ways, books, collections, the
// latest lines that touched it — and the public table. It never records anything: the banker's
// tablet is the one source of truth, and the server sends this phone its own country's part only.
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { Names, countryName, ownableById, type CountryId } from '../../../engine/index.js';
import { loadRefereeData, type RefereeData } from '../data.js';
import { LightElement } from '../ui/base.js';
import { bookSummary } from '../ui/book.js';
import { countryColour, emblem } from '../ui/emblem.js';
import { lockGlyph } from '../ui/glyphs.js';
import { count, ordinal } from '../ui/words.js';
import type { PhoneMessage } from './protocol.js';

/** How often a phone whose server went away asks whether it is back. */
const RECHECK_MS = 3000;

/** Whether the server knows this phone's link: it does, it does not (restarted since), or it cannot be reached. */
async function linkKnown(token: string): Promise<'known' | 'unknown' | 'away'> {
  try {
    const res = await fetch(`live/phone?phone=${encodeURIComponent(token)}`, { cache: 'no-store' });
    return res.status === 404 ? 'unknown' : res.ok ? 'known' : 'away';
  } catch {
    return 'away';
  }
}

type Connection = 'opening' | 'live' | 'reconnecting' | 'unknown-link' | 'no-server';

export class CodexPhone extends LightElement {
  static override properties = { data: { state: true }, message: { state: true }, connection: { state: true }, lastUpdate: { state: true } };
  declare data: RefereeData | undefined;
  declare message: PhoneMessage | undefined;
  declare connection: Connection;
  declare lastUpdate: Date | undefined;
  private events: EventSource | undefined;

  constructor() {
    super();
    this.connection = 'opening';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.boot();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.events?.close();
  }

  private async boot(): Promise<void> {
    const token = new URLSearchParams(location.search).get('phone') ?? '';
    try {
      this.data = await loadRefereeData();
    } catch {
      this.connection = 'no-server';
      return;
    }
    const link = await linkKnown(token);
    if (link === 'known') this.follow(token);
    else this.connection = link === 'unknown' ? 'unknown-link' : 'no-server';
  }

  /** Follows the table over server-sent events, which reconnect by themselves after a drop. */
  private follow(token: string): void {
    this.events = new EventSource(`live/events?phone=${encodeURIComponent(token)}`);
    this.events.addEventListener('table', (e) => {
      const m = JSON.parse((e as MessageEvent<string>).data) as PhoneMessage;
      // Messages come in order, but a reconnect may repeat one: never go back.
      // A late message of the same game is older than what is shown; another game always replaces it
      // (the banker started a new game, or reopened an earlier one, with fewer actions).
      if (this.message && m.table.game === this.message.table.game && m.table.rev < this.message.table.rev) return;
      this.message = m;
      this.lastUpdate = new Date();
      this.connection = 'live';
    });
    this.events.addEventListener('open', () => (this.connection = this.message ? 'live' : 'opening'));
    this.events.addEventListener('error', () => {
      this.connection = 'reconnecting';
      // The browser gives up when the server answers but refuses the link: a restarted referee
      // made new links. Ask why, rather than say "trying again" for ever.
      if (this.events?.readyState === EventSource.CLOSED) void this.recheck(token);
    });
  }

  /** After the events stopped for good: the link is unknown now, or the server is back, or still away. */
  private async recheck(token: string): Promise<void> {
    this.events?.close();
    this.events = undefined;
    const link = await linkKnown(token);
    if (link === 'known') this.follow(token);
    else if (link === 'unknown') this.connection = 'unknown-link';
    else setTimeout(() => void this.recheck(token), RECHECK_MS);
  }

  protected override updated(): void {
    if (this.message) {
      this.dataset.country = this.message.country;
      this.dataset.rev = String(this.message.table.rev);
    }
    this.dataset.connection = this.connection;
  }

  private status(): TemplateResult {
    const words: Record<Connection, string> = {
      opening: 'Joining the table…',
      live: `Live: updated at ${this.lastUpdate?.toLocaleTimeString() ?? ''}`,
      reconnecting: 'The connection to the banker dropped; trying again…',
      'unknown-link': 'The referee does not know this link (it may have been restarted). Scan your country’s code on the banker’s tablet again.',
      'no-server': 'The referee could not be reached. Check that this phone is on the same Wi-Fi as the banker’s computer, then scan the code again.',
    };
    return html`<p class="phone-connection ${this.connection}" role="status">${words[this.connection]}</p>`;
  }

  private renderTable(m: PhoneMessage, data: RefereeData): TemplateResult {
    const game = data.game;
    const t = m.table;
    return html`<section class="phone-table" aria-labelledby="table-title">
      <h2 id="table-title">The table</h2>
      <p class="phone-when"><strong>${t.century}</strong>${t.round ? ` · ${t.round}` : ''} · ${t.phase}</p>
      <dl class="facts-list">
        <div><dt>Lead</dt><dd>${emblem(game, data.icons, t.lead)} ${countryName(game, t.lead)}</dd></div>
        ${t.turn ? html`<div><dt>Turn</dt><dd>${emblem(game, data.icons, t.turn)} ${countryName(game, t.turn)}</dd></div>` : html`<div><dt>Turn</dt><dd>The game is over</dd></div>`}
      </dl>
      ${t.next.length ? html`<p class="phone-next"><span class="subtle">Next:</span> ${t.next[0]}</p>` : nothing}
      <ul class="phone-balances" aria-label="Credits at the table">
        ${t.balances.map(
          (b) => html`<li class=${b.country === m.country ? 'mine' : ''} style=${styleMap({ '--country': countryColour(game, b.country) })}>
            ${emblem(game, data.icons, b.country)} <span class="who">${countryName(game, b.country)}</span>
            <span class="amount" aria-label="${countryName(game, b.country)} has ${b.credits} credits">${b.credits}</span>
            ${b.owes ? html`<span class="owes">owes ${b.owes}</span>` : nothing}
          </li>`,
        )}
      </ul>
    </section>`;
  }

  /** The end of the game: who won, and where this country came. */
  private renderResult(m: PhoneMessage, data: RefereeData): TemplateResult | typeof nothing {
    const standings = m.table.standings;
    if (!standings?.length) return nothing;
    const game = data.game;
    const points = (n: number) => count(n, 'point');
    const first = standings[0]!;
    const who = Names(game, first.countries);
    const mine = standings.find((p) => p.countries.includes(m.country));
    return html`<section class="phone-result" aria-labelledby="result-title">
      <h2 id="result-title">The game is over</h2>
      <p><strong>${first.countries.length > 1 ? `${who} share the victory with ${points(first.total)} each.` : `${who} wins with ${points(first.total)}.`}</strong></p>
      ${
        mine && !mine.countries.includes(first.countries[0]!)
          ? html`<p>${countryName(game, m.country)} came ${ordinal(mine.place)}${mine.countries.length > 1 ? ' (shared)' : ''} with ${points(mine.total)}.</p>`
          : nothing
      }
      <ol class="phone-standings">
        ${standings.map((p) => html`<li class=${p.countries.includes(m.country) ? 'mine' : ''}>${ordinal(p.place)} · ${Names(game, p.countries)} · ${points(p.total)}</li>`)}
      </ol>
    </section>`;
  }

  private renderLibrary(country: CountryId, data: RefereeData, lib: NonNullable<PhoneMessage['library']>, over: boolean): TemplateResult {
    const game = data.game;
    const name = (id: string) => (id === 'bank' ? 'the bank' : countryName(game, id));
    return html`
      <section class="phone-debts" aria-labelledby="debts-title">
        <h2 id="debts-title">Debts</h2>
        ${lib.owes.length === 0 && lib.owed.length === 0 ? html`<p class="empty">${countryName(game, country)} owes nothing and is owed nothing.</p>` : nothing}
        <ul>
          ${lib.owes.map((d) => html`<li class="owes">You owe ${name(d.to)} <strong>${d.amount}</strong> <span class="subtle">(${d.reason})</span></li>`)}
          ${lib.owed.map((d) => html`<li class="due">${name(d.from)} owes you <strong>${d.amount}</strong> <span class="subtle">(${d.reason})</span></li>`)}
        </ul>
      </section>
      <section class="phone-books" aria-labelledby="books-title">
        <h2 id="books-title">Your books <span class="subtle">(${lib.books.length})</span></h2>
        ${
          lib.books.length === 0
            ? html`<p class="empty">No books yet.</p>`
            : html`<ul class="book-list">
              ${lib.books.map((b) => {
                const card = ownableById(game, b.id);
                if (!card) return nothing;
                return html`<li class="book-row ${b.locked ? 'locked' : ''}" data-card=${b.id}>${bookSummary(game, data.icons, { ...card, value: b.value })}
                  ${b.locked ? html`<span class="lock">${lockGlyph()} Locked</span>` : nothing}</li>`;
              })}
            </ul>`
        }
      </section>
      <section class="phone-collections" aria-labelledby="collections-title">
        <h2 id="collections-title">Collections</h2>
        <p class="phone-score">Score: <strong>${count(lib.score, 'point')}</strong> <span class="subtle">${over ? 'in the end' : 'if the game ended now'}: books, collections, credits and debts together</span></p>
        ${lib.done.length ? html`<ul>${lib.done.map((c) => html`<li class="collection complete">${lockGlyph('locked')} ${c.label}: ${c.points} points</li>`)}</ul>` : nothing}
        ${
          lib.progress.length
            ? html`<ul class="collections progress">
              ${lib.progress.map(
                (p) => html`<li><span class="progress-label">${p.label}</span>
                  <span class="bar" role="progressbar" aria-valuemin="0" aria-valuemax=${p.size} aria-valuenow=${p.have} aria-label=${p.label}><span style=${styleMap({ width: `${(100 * p.have) / p.size}%` })}></span></span></li>`,
              )}
            </ul>`
            : lib.done.length
              ? nothing
              : html`<p class="subtle">No collection started yet.</p>`
        }
      </section>
      <section class="phone-recent" aria-labelledby="recent-title">
        <h2 id="recent-title">Lately</h2>
        ${lib.recent.length ? html`<ol class="recent">${lib.recent.map((r) => html`<li data-seq=${r.seq}>${r.text}</li>`)}</ol>` : html`<p class="empty">Nothing yet.</p>`}
      </section>`;
  }

  override render(): TemplateResult {
    const data = this.data;
    const m = this.message;
    if (!data || !m) return html`<main class="phone"><h1>Codex Conquest</h1>${this.status()}</main>`;
    const game = data.game;
    const lib = m.library;
    return html`<main class="phone" style=${styleMap({ '--country': countryColour(game, m.country) })}>
      <header class="phone-head">
        ${emblem(game, data.icons, m.country, 'large')}
        <div>
          <h1>${countryName(game, m.country)}</h1>
          <p class="subtle">Your library · read only: the banker’s tablet keeps the game</p>
        </div>
        <p class="phone-credits" aria-label="You have ${lib?.credits ?? 0} credits"><span class="amount">${lib?.credits ?? 0}</span> <span>credits</span></p>
      </header>
      ${this.status()}
      ${this.renderResult(m, data)}
      ${lib ? this.renderLibrary(m.country, data, lib, m.table.over) : html`<p class="empty">${countryName(game, m.country)} is not at the table in this game.</p>`}
      ${this.renderTable(m, data)}
    </main>`;
  }
}

customElements.define('codex-phone', CodexPhone);

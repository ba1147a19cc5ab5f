// The banker's tablet's side of the phones (protocol.ts): after every action it sends the server
// the game as it stands, and learns each country's link to show as a QR code. Only a tablet that
// was opened at the address `codex-conquest referee` printed holds the banker's key; the
// one-file copy and any other tablet play on alone, exactly as without phones.
import type { CountryId } from '../../../engine/index.js';
import type { View } from '../ui/base.js';
import type { PushAnswer } from './protocol.js';
import { snapshot } from './snapshot.js';

export type LinkStatus =
  /** No server to join through: the one-file copy, or a page opened without the banker's key. */
  | 'off'
  | 'joining'
  | 'ready'
  /** The server does not know this key: it was restarted since the page was opened, or the link was not its own. Nothing more is sent. */
  | 'refused'
  /** The server cannot be reached (stopped, or the Wi-Fi dropped); the game goes on regardless. */
  | 'lost';

const KEY = 'codex-referee:banker';
/** Sending waits this long after the screen is drawn, so a tap is never slowed by it. */
const AFTER_PAINT_MS = 30;

function readKey(): string | undefined {
  const fromAddress = /(?:^#|&)banker=([\w-]+)/.exec(location.hash)?.[1];
  try {
    if (fromAddress) {
      localStorage.setItem(KEY, fromAddress);
      // Out of sight once kept: the address bar is on the shared screen.
      history.replaceState(null, '', location.pathname + location.search);
    }
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return fromAddress;
  }
}

export class TabletLink {
  status: LinkStatus = 'off';
  /** Each country's address for its phone. */
  phones: Record<CountryId, string> = {};
  /** Countries whose phones were following at the last send. */
  following: CountryId[] = [];
  /**
   * The server answers this computer only (started with --host 127.0.0.1, or on no network) and
   * the page was opened here: the links open each country's view in another window of this
   * computer, but no phone can reach them.
   */
  thisComputerOnly = false;
  private key: string | undefined;
  private onChange: () => void = () => {};
  private waiting: { view: View; bankOk: boolean } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  start(singleFile: boolean, onChange: () => void): void {
    if (singleFile || !/^https?:$/.test(location.protocol)) return;
    this.key = readKey();
    if (!this.key) return;
    this.onChange = onChange;
    this.status = 'joining';
  }

  /** Sends the game as it now stands, soon; a newer game replaces one still waiting to go. */
  push(view: View, bankOk: boolean): void {
    // Refused once, refused always: the key is only renewed by opening the page at a new link.
    if (!this.key || this.status === 'refused') return;
    this.waiting = { view, bankOk };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), AFTER_PAINT_MS);
  }

  /**
   * Sends the last game sent again, to learn which phones follow now: the banker watches the
   * codes while the players scan them, between two actions (phones-panel.ts asks every few
   * seconds while it is on screen). Nothing is sent while a send is under way or waiting.
   */
  async refresh(): Promise<void> {
    if (!this.key || !this.lastSent || this.sending || this.waiting || this.status === 'refused') return;
    this.sending = true;
    try {
      await this.send(this.lastSent);
    } finally {
      this.sending = false;
      if (this.waiting) void this.flush();
    }
  }

  private lastSent: string | undefined;

  private async flush(): Promise<void> {
    if (this.sending) return; // the send under way picks up what is waiting
    this.sending = true;
    try {
      while (this.waiting) {
        const { view, bankOk } = this.waiting;
        this.waiting = undefined;
        this.lastSent = JSON.stringify(snapshot(view, bankOk));
        await this.send(this.lastSent);
      }
    } finally {
      this.sending = false;
    }
  }

  private async send(body: string): Promise<void> {
    let next: LinkStatus;
    try {
      const res = await fetch('live/table', { method: 'POST', headers: { Authorization: `Bearer ${this.key}`, 'Content-Type': 'application/json' }, body });
      if (res.ok) {
        const answer = (await res.json()) as PushAnswer;
        // Phones need an address they can reach: this tablet's own, unless it is this computer.
        const local = /^(localhost|127\.[\d.]+|\[::1\])$/.test(location.hostname);
        const base = local && answer.lan[0] ? answer.lan[0] : `${location.origin}${location.pathname}`;
        this.thisComputerOnly = local && !answer.lan[0];
        this.phones = Object.fromEntries(Object.entries(answer.phones).map(([c, token]) => [c, `${base}?phone=${encodeURIComponent(token)}`]));
        this.following = answer.following;
        next = 'ready';
      } else next = res.status === 403 ? 'refused' : 'lost';
    } catch {
      next = 'lost';
    }
    this.status = next;
    this.onChange();
  }
}

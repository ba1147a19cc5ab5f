// One game, one tab. Two tabs recording into the same game would each show a game the other has
// changed behind its back, so a tab that opens a game first asks the others (a BroadcastChannel:
// it works on the local network's plain http, where the Web Locks API does not). If another tab
// has the game open, this one says so and offers to take it over; the tab that loses it stops
// recording at once and says why, with the same offer the other way round.
const CHANNEL = 'codex-referee-tabs';
/** How long to wait for another tab to answer: tabs of one browser answer within a few milliseconds. */
const ASK_MS = 250;

type Message = { kind: 'who-has'; game: string; from: string } | { kind: 'has'; game: string; from: string } | { kind: 'take'; game: string; from: string };

export class TabGuard {
  private readonly id = Math.random().toString(36).slice(2);
  private readonly channel: BroadcastChannel | null;
  private held: string | null = null;
  private lost: ((game: string) => void) | null = null;

  constructor() {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    this.channel?.addEventListener('message', (e: MessageEvent<Message>) => this.heard(e.data));
  }

  /** Called when another tab takes over the game this tab holds. */
  onLost(handler: (game: string) => void): void {
    this.lost = handler;
  }

  private send(m: Message): void {
    this.channel?.postMessage(m);
  }

  private heard(m: Message): void {
    if (m.from === this.id || m.game !== this.held) return;
    if (m.kind === 'who-has') this.send({ kind: 'has', game: m.game, from: this.id });
    if (m.kind === 'take') {
      this.held = null;
      this.lost?.(m.game);
    }
  }

  /** Whether another tab has this game open now. */
  async openElsewhere(game: string): Promise<boolean> {
    if (!this.channel) return false;
    const channel = this.channel;
    return new Promise((resolve) => {
      const listen = (e: MessageEvent<Message>) => {
        if (e.data.kind === 'has' && e.data.game === game && e.data.from !== this.id) finish(true);
      };
      const finish = (answer: boolean) => {
        clearTimeout(timer);
        channel.removeEventListener('message', listen);
        resolve(answer);
      };
      const timer = setTimeout(() => finish(false), ASK_MS);
      channel.addEventListener('message', listen);
      this.send({ kind: 'who-has', game, from: this.id });
    });
  }

  /** This tab now holds the game; any other tab that had it lets go. */
  hold(game: string, takeOver = false): void {
    this.held = game;
    if (takeOver) this.send({ kind: 'take', game, from: this.id });
  }

  /** This tab no longer shows a game (a new one is being set up). */
  release(): void {
    this.held = null;
  }
}

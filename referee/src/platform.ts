// The browser features that keep a game safe at the table: the offline cache (service worker)
// and keeping the screen awake. Both are optional: where the browser lacks them the page still
// records every action, and says what it cannot do.
export interface PlatformStatus {
  offline: 'ready' | 'installing' | 'unavailable';
  awake: 'on' | 'off' | 'unavailable';
}

type Listener = (s: PlatformStatus) => void;

export class Platform {
  status: PlatformStatus = { offline: 'unavailable', awake: 'unavailable' };
  private lock: WakeLockSentinel | null = null;
  private listeners: Listener[] = [];

  onChange(l: Listener): void {
    this.listeners.push(l);
  }

  private set(patch: Partial<PlatformStatus>): void {
    // Asked again on every tap until granted: tell the page only when something changed, or
    // every tap would redraw it.
    if (Object.entries(patch).every(([k, v]) => this.status[k as keyof PlatformStatus] === v)) return;
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l(this.status);
  }

  /** The served page caches itself for offline play; the one-file copy is already offline. */
  async registerOffline(singleFile: boolean): Promise<void> {
    if (singleFile || location.protocol === 'file:' || !('serviceWorker' in navigator)) return;
    this.set({ offline: 'installing' });
    try {
      await navigator.serviceWorker.register('sw.js', { scope: './' });
      await navigator.serviceWorker.ready;
      this.set({ offline: 'ready' });
    } catch {
      this.set({ offline: 'unavailable' });
    }
  }

  /** Asks for the screen to stay on, and again whenever the page comes back (the lock ends when hidden). */
  keepAwake(): void {
    if (!('wakeLock' in navigator)) return;
    const request = async () => {
      if (document.visibilityState !== 'visible' || this.lock) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        this.lock = lock;
        this.set({ awake: 'on' });
        lock.addEventListener('release', () => {
          this.lock = null;
          this.set({ awake: 'off' });
        });
      } catch {
        this.set({ awake: 'off' });
      }
    };
    document.addEventListener('visibilitychange', () => void request());
    // Some browsers only grant the lock after a tap: try again on the first one.
    document.addEventListener('pointerdown', () => void request(), { passive: true });
    void request();
  }
}

// Players' phones at the table (DESIGN §5): the banker's tablet sends the server the game as it
// stands after every action, and each phone that joined follows its own country live over
// server-sent events. The tablet stays the single source of truth; phones only read.
//
// Secrecy: countries guard which books they hold. The tablet's snapshot holds every country's
// library, so the server keeps it to itself and sends each phone the public table and *its own*
// library only. A phone proves which country it is with a random token that only the banker's
// tablet is given (inside the QR code it shows); the tablet proves it is the banker with a key
// made when the server starts, carried in the address the command prints (after the #, so the
// key is never sent in a request line or kept in a server log).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { qrSvg } from './qr-svg.js';

/** What the tablet sends: the public table and one library per country (see referee/src/live/protocol.ts). */
interface Snapshot {
  table: Record<string, unknown>;
  libraries: Record<string, unknown>;
}

/** A snapshot is small (a few KB per country); anything far larger is not from the page. */
const MAX_BODY = 2 * 1024 * 1024;
/** A comment line now and then keeps phones' connections open through sleepy Wi-Fi routers. */
const HEARTBEAT_MS = 20_000;
const COUNTRY = /^[a-z0-9][a-z0-9-]{0,40}$/;
/** A phone's address is well under this; a QR code holds at most about 2,900 characters. */
const MAX_QR_TEXT = 1000;

const newSecret = () => randomBytes(18).toString('base64url');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) })
    .end(text);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        done(undefined);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => done(undefined));
  });
}

function isSnapshot(v: unknown): v is Snapshot {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<Snapshot>;
  return (
    typeof s.table === 'object' &&
    s.table !== null &&
    typeof s.libraries === 'object' &&
    s.libraries !== null &&
    Object.keys(s.libraries).every((k) => COUNTRY.test(k))
  );
}

export interface LiveTableOptions {
  /** Addresses on the local network phones can reach this server at, e.g. http://192.168.1.5:8080/. */
  lanUrls?: () => string[];
}

export class LiveTable {
  /** Whoever holds this may send the game; the command prints it inside the tablet's address. */
  readonly bankerKey = newSecret();
  private readonly tokens = new Map<string, string>(); // token → country
  private readonly byCountry = new Map<string, string>(); // country → token
  private snapshot: Snapshot | undefined;
  private readonly phones = new Set<{ country: string; res: ServerResponse }>();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly options: LiveTableOptions = {}) {
    this.heartbeat = setInterval(() => {
      for (const p of this.phones) p.res.write(': still here\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The token a country's phone joins with (made the first time it is asked for). */
  tokenFor(country: string): string {
    let token = this.byCountry.get(country);
    if (!token) {
      token = newSecret();
      this.byCountry.set(country, token);
      this.tokens.set(token, country);
    }
    return token;
  }

  /** Phones following the game now (for tests and the tablet's list). */
  get phoneCount(): number {
    return this.phones.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const p of this.phones) p.res.end();
    this.phones.clear();
  }

  /** Answers /live/… requests; returns false for anything else (the static files). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://referee.invalid');
    if (!url.pathname.startsWith('/live/')) return false;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (url.pathname === '/live/table' && req.method === 'POST') void this.receive(req, res);
    else if (url.pathname === '/live/phone' && req.method === 'GET') this.whoAmI(url, res);
    else if (url.pathname === '/live/events' && req.method === 'GET') this.follow(url, req, res);
    else if (url.pathname === '/live/qr.svg' && req.method === 'GET') this.qrCode(url, res);
    else json(res, 404, { error: 'There is nothing here.' });
    return true;
  }

  /**
   * The QR code of an address the tablet shows (a phone's link). Anyone may ask: the code holds
   * only the text the asker sent. Not kept by caches, as a phone's link carries its token.
   */
  private qrCode(url: URL, res: ServerResponse): void {
    const text = url.searchParams.get('text') ?? '';
    if (!text || text.length > MAX_QR_TEXT) {
      json(res, 400, { error: `A QR code is made for an address of 1 to ${MAX_QR_TEXT} characters.` });
      return;
    }
    const svg = qrSvg(text);
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(svg) }).end(svg);
  }

  private banker(req: IncomingMessage): boolean {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return given !== undefined && sameSecret(given, this.bankerKey);
  }

  /** The tablet's snapshot: kept, and each phone is sent its own part of it at once. */
  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.banker(req)) {
      json(res, 403, { error: 'Only the banker’s tablet may send the game.' });
      return;
    }
    const text = await readBody(req);
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isSnapshot(parsed)) {
      json(res, 400, { error: 'That is not a game the referee page sent.' });
      return;
    }
    this.snapshot = parsed;
    for (const p of this.phones) this.send(p);
    const countries = Object.keys(parsed.libraries);
    json(res, 200, {
      phones: Object.fromEntries(countries.map((c) => [c, this.tokenFor(c)])),
      lan: this.options.lanUrls?.() ?? [],
      following: [...this.phones].map((p) => p.country),
    });
  }

  private country(url: URL): string | undefined {
    const token = url.searchParams.get('phone') ?? '';
    return this.tokens.get(token);
  }

  /** A phone checks its link before following: which country it is, or that the link is stale. */
  private whoAmI(url: URL, res: ServerResponse): void {
    const country = this.country(url);
    if (!country) json(res, 404, { error: 'unknown' });
    else json(res, 200, { country, ready: Boolean(this.snapshot) });
  }

  private send(p: { country: string; res: ServerResponse }): void {
    const s = this.snapshot;
    if (!s) return;
    // Only the public table and this phone's own library ever leave the server.
    const own = Object.hasOwn(s.libraries, p.country) ? s.libraries[p.country] : null;
    p.res.write(`event: table\ndata: ${JSON.stringify({ country: p.country, table: s.table, library: own })}\n\n`);
  }

  private follow(url: URL, req: IncomingMessage, res: ServerResponse): void {
    const country = this.country(url);
    if (!country) {
      json(res, 404, { error: 'unknown' });
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // A phone that loses the connection tries again after this long.
    res.write('retry: 2000\n\n');
    const phone = { country, res };
    this.phones.add(phone);
    this.send(phone);
    req.on('close', () => this.phones.delete(phone));
  }
}

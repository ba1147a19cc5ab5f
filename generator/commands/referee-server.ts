// A small static file server for out/referee/: right MIME types, no directory listings, nothing
// outside the folder, and the headers the page's service worker and offline cache rely on. With
// `live`, it also carries the game from the banker's tablet to the players' phones
// (referee-live.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SERVED_CSP } from '../build/referee-files.js';
import { LiveTable, type LiveTableOptions } from './referee-live.js';
import { listFiles } from '../io/output.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside root, or undefined when it would step outside it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const rel = normalize(decoded.endsWith('/') ? `${decoded}index.html` : decoded).replace(/^([/\\])+/, '');
  if (rel.split(/[/\\]/).includes('..')) return undefined;
  const full = join(root, rel);
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

function cacheControl(path: string): string {
  // Vite's files carry their hash in the name and never change; everything else is checked each time.
  return /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The files of a folder, by their path inside it ('/' between folders), read into memory. */
export function folderCopy(root: string): Map<string, Uint8Array> {
  return new Map(listFiles(root).map((f) => [relative(root, f).split(sep).join('/'), readFileSync(f)]));
}

function handle(root: string, req: IncomingMessage, res: ServerResponse, kept?: ReadonlyMap<string, Uint8Array>): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD are served here.\n');
    return;
  }
  const file = resolveInside(root, req.url ?? '/');
  let size = -1;
  try {
    if (file) {
      const st = statSync(file);
      if (st.isFile()) size = st.size;
    }
  } catch {
    /* not found: answered below */
  }
  // A file the folder no longer holds (a build without the referee page replaced the folder
  // under the server) is answered from the copy made when serving began.
  const copy = file && size < 0 ? kept?.get(relative(root, file).split(sep).join('/')) : undefined;
  if (copy) size = copy.length;
  if (!file || size < 0) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    return;
  }
  const headers: Record<string, string | number> = {
    'Content-Type': mimeType(file),
    'Content-Length': size,
    'Cache-Control': cacheControl(file),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  if (file.endsWith('.html')) headers['Content-Security-Policy'] = SERVED_CSP;
  // The worker sits beside index.html and controls the whole site it is served from.
  if (file.endsWith(`${sep}sw.js`)) headers['Service-Worker-Allowed'] = '/';
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (copy) {
    res.end(copy);
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

export interface RunningServer {
  server: Server;
  port: number;
  /** The phones' side, when served with `live`. */
  live?: LiveTable;
  close(): Promise<void>;
}

/**
 * Serves `root` on host:port (port 0 picks a free one); `live` lets players' phones join. `kept`:
 * the files to answer with where the folder no longer holds them (`folderCopy` of it, made first).
 */
export function serveFolder(
  root: string,
  opts: { host?: string; port?: number; live?: boolean | LiveTableOptions; kept?: ReadonlyMap<string, Uint8Array> } = {},
): Promise<RunningServer> {
  const live = opts.live ? new LiveTable(opts.live === true ? {} : opts.live) : undefined;
  const server = createServer((req, res) => {
    if (live?.handle(req, res)) return;
    handle(root, req, res, opts.kept);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      resolvePromise({
        server,
        port,
        ...(live ? { live } : {}),
        close: () =>
          new Promise<void>((done) => {
            live?.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

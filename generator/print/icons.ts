// Vector icons from game-icons.net (the @iconify-json/game-icons package): country emblems,
// genre marks, the dice, the gavel. Each icon is one SVG path on a 512-unit square.
//
// For PDFs an icon is turned into PDF path operators once per process and stored once per
// document as a Form XObject; every use is then a single "Do" with a transform, so a deck of a
// hundred cards carries each emblem's curves once. The SVG painter uses the path data as is.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type PDFDocument from 'pdfkit';
import { cached } from './memo.js';
import { addContent, formXObject, parseSvgPath, setColour, usePageXObject, type PdfkitRef } from './paint/pdfkit-internals.js';

type Doc = InstanceType<typeof PDFDocument>;

const require = createRequire(import.meta.url);
const ICONS_FILE = require.resolve('@iconify-json/game-icons/icons.json');
export const ICON_SIZE = 512;

let raw: Buffer | undefined;
let aliases: Record<string, { parent: string }> | undefined;
const bodies = new Map<string, string[] | null>();

// The icon set is 6 MB of JSON; a build needs a dozen icons. Parsing it, or even scanning all
// of it for each icon, costs more than the rest of painting a deck. Its icons are written one
// per line in name order ('\t\t"name": {' at the start of each), so an icon is found by a binary
// search over the bytes, and only its own entry is decoded. Should the file ever be laid out
// otherwise, a plain search of the whole file still finds it.
const ENTRY = Buffer.from('\n\t\t"');

function bodyAt(at: number, keyLength: number): string | null {
  const head = raw!.subarray(at + keyLength, at + keyLength + 64).toString('latin1');
  const body = /^\s*\{\s*"body"\s*:\s*"/.exec(head);
  if (!body) return null;
  const start = at + keyLength + body[0].length - 1;
  let i = start + 1;
  while (raw![i] !== 0x22) i += raw![i] === 0x5c ? 2 : 1; // to the closing quote, past escapes
  return JSON.parse(raw!.subarray(start, i + 1).toString('utf8')) as string;
}

/** Position of the entry for `key` ('"name":'), by binary search over the sorted entries. */
function bisect(key: Buffer): number {
  const data = raw!;
  let lo = 0;
  let hi = data.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const line = data.indexOf(ENTRY, mid);
    if (line < 0 || line >= hi) {
      hi = mid;
      continue;
    }
    const at = line + ENTRY.length - 1; // the key's opening quote
    const cmp = data.compare(key, 0, key.length, at, at + key.length);
    if (cmp === 0) return at;
    if (cmp > 0) hi = mid;
    else lo = line + 1;
  }
  return -1;
}

function findBody(name: string): string | null {
  raw ??= readFileSync(ICONS_FILE);
  const key = Buffer.from(`${JSON.stringify(name)}:`);
  const hit = bisect(key);
  if (hit >= 0) {
    const body = bodyAt(hit, key.length);
    if (body !== null) return body;
  }
  for (let at = raw.indexOf(key); at >= 0; at = raw.indexOf(key, at + 1)) {
    const body = bodyAt(at, key.length);
    if (body !== null) return body;
  }
  aliases ??= (JSON.parse(raw.toString('utf8')) as { aliases?: Record<string, { parent: string }> }).aliases ?? {};
  const alias = aliases[name];
  return alias ? findBody(alias.parent) : null;
}

/** The `d` data of each path of an icon, or null when the set has no such icon. */
export function iconPaths(name: string): string[] | null {
  return cached(bodies, name, () => {
    const body = findBody(name);
    const paths = body ? [...body.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]!) : [];
    return paths.length > 0 ? paths : null;
  });
}

/** The SVG path data of an icon as one path, or null when the set has no such icon. */
export function iconPath(name: string): string | null {
  return iconPaths(name)?.join(' ') ?? null;
}

export function iconExists(name: string): boolean {
  return iconPath(name) !== null;
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Collects what pdfkit's own SVG path parser draws, as PDF operators. It tracks the current
 * point so quadratic curves can be raised to the cubic curves PDF understands.
 */
class PathRecorder {
  ops: string[] = [];
  private cx = 0;
  private cy = 0;
  private sx = 0;
  private sy = 0;
  moveTo(x: number, y: number) {
    this.cx = this.sx = x;
    this.cy = this.sy = y;
    this.ops.push(`${fmt(x)} ${fmt(y)} m`);
    return this;
  }
  lineTo(x: number, y: number) {
    this.cx = x;
    this.cy = y;
    this.ops.push(`${fmt(x)} ${fmt(y)} l`);
    return this;
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.cx = x;
    this.cy = y;
    this.ops.push(`${fmt(a)} ${fmt(b)} ${fmt(c)} ${fmt(d)} ${fmt(x)} ${fmt(y)} c`);
    return this;
  }
  quadraticCurveTo(qx: number, qy: number, x: number, y: number) {
    const k = 2 / 3;
    return this.bezierCurveTo(this.cx + k * (qx - this.cx), this.cy + k * (qy - this.cy), x + k * (qx - x), y + k * (qy - y), x, y);
  }
  closePath() {
    this.cx = this.sx;
    this.cy = this.sy;
    this.ops.push('h');
    return this;
  }
}

const pdfOps = new Map<string, string>();

/**
 * An icon as PDF path operators in its 512-unit square (y down, as pdfkit's pages are). `doc` is
 * any pdfkit document: its path() method lends the SVG parser. (Taken from a document rather
 * than imported, so that looking icons up — as the content check does — never loads pdfkit.)
 */
function iconOps(name: string, doc: Doc): string {
  return cached(pdfOps, name, () => {
    const d = iconPath(name);
    if (!d) throw new Error(`unknown icon ${name}`);
    const rec = new PathRecorder();
    // pdfkit's path() runs its SVG parser against `this`; pointing it at the recorder reuses
    // that parser (arcs, shorthand curves and all) without drawing on any page.
    parseSvgPath(doc, rec, d);
    return `${rec.ops.join('\n')}\nf`;
  });
}

const perDocument = new WeakMap<Doc, Map<string, { name: string; ref: PdfkitRef }>>();

/**
 * Draws an icon filling the square (x, y, size) in pt, in the colour given — one Form XObject
 * per icon per document, reused on every page.
 */
export function drawIcon(doc: Doc, name: string, x: number, y: number, size: number, colour: string | [number, number, number, number], rotate = 0): void {
  const forms = cached(perDocument, doc, () => new Map<string, { name: string; ref: PdfkitRef }>());
  const form = cached(forms, name, () => ({ name: `Icon${forms.size + 1}`, ref: formXObject(doc, iconOps(name, doc), ICON_SIZE) }));
  usePageXObject(doc, form.name, form.ref);
  const k = size / ICON_SIZE;
  doc.save();
  setColour(doc, colour, false);
  if (rotate) doc.rotate(rotate, { origin: [x + size / 2, y + size / 2] });
  doc.transform(k, 0, 0, k, x, y);
  addContent(doc, `/${form.name} Do`);
  doc.restore();
}

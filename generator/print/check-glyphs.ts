// `validate` checks every character a card will print against the typefaces its layout sets it
// in, as the build does when it lays the card out — so content that validates also prints. A
// character the faces lack (an emoji, Hebrew, Arabic, Chinese, an invisible direction mark) is
// an error at its own line and column, named with its code point, and with the nearest form the
// faces can print when there is one (ﬁ → fi, ＡＢ → AB, ★ → *).
import { codePoint, invisibleHint, isInvisible } from './invisible.js';
import { digitValue } from '../../engine/index.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '../load/fast-yaml.js';
import type { DiagnosticList, Place } from '../load/diagnostic.js';
import type { Layer } from '../load/layer.js';
import { placeAt, placeOf, type YamlFile } from '../load/read-yaml.js';
import { templatesDir as defaultTemplates } from '../paths.js';
import { FONT_NAMES, type FontName } from './font-files.js';

/** Lists in game.yaml and pack.yaml whose entries' names (and adjectives) cards print. */
const NAMED_LISTS = [
  ['countries', 'country'],
  ['centuries', 'century'],
  ['genres', 'genre'],
  ['editions', 'edition'],
  ['collections', 'collection'],
] as const;

/** Fields that are never printed as text (ids, references, file paths). */
const NOT_PRINTED = new Set(['id', 'code', 'image', 'replaces', 'country', 'century', 'genre', 'lot', 'edition', 'effects', 'kind']);

/** The faces each card type's layout sets text in (rich text's bold and italic included), read from templates/layouts. */
export function layoutFaces(templatesDir = defaultTemplates): Map<string, FontName[]> {
  const faces = new Map<string, FontName[]>();
  const dir = join(templatesDir, 'layouts');
  for (const name of readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const layout = parseYaml(readFileSync(join(dir, name), 'utf8')) as { type?: string };
    const found = new Set<FontName>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        for (const key of ['font', 'bold', 'italic'])
          if (typeof o[key] === 'string' && (FONT_NAMES as string[]).includes(o[key] as string)) found.add(o[key] as FontName);
        // Rich text without its own faces is set in the defaults (layout/card-layout.ts).
        if (o.rich === true) {
          if (o.bold === undefined) found.add('serif-bold');
          if (o.italic === undefined) found.add('serif-italic');
        }
        Object.values(o).forEach(walk);
      }
    };
    walk(layout);
    if (typeof layout.type === 'string') faces.set(layout.type, [...found]);
  }
  return faces;
}

const EMOJI = /\p{Extended_Pictographic}/u;
/** Look-alikes the faces do have, for signs people paste from elsewhere. */
const NEAREST: Record<string, string> = {
  '★': '*',
  '☆': '*',
  '✱': '*',
  '‐': '-',
  '‑': '-',
  '‒': '–',
  '−': '–',
  '―': '—',
  '′': '’',
  '″': '”',
  '‟': '“',
  '‛': '‘',
  '⁄': '/',
  '∶': ':',
  '→': '->',
};

/** What to write instead of `ch`, or why there is nothing to write. */
function suggestion(ch: string, printable: (s: string) => boolean): string {
  if (isInvisible(ch)) return invisibleHint(ch);
  // A digit of another script ("٥", "५") is the same number in the digits the faces have.
  const digit = digitValue(ch)?.toString();
  const candidates = [NEAREST[ch], ch.normalize('NFKC'), ch.normalize('NFKD').replace(/\p{M}/gu, ''), digit].filter(
    (c): c is string => c !== undefined && c !== '' && c !== ch,
  );
  const near = candidates.find(printable);
  if (near) return `write “${near}” instead`;
  if (EMOJI.test(ch)) return 'the typeface has no emoji or picture signs: say it in words';
  const script = /\p{Script=Hebrew}/u.test(ch)
    ? 'Hebrew'
    : /\p{Script=Arabic}/u.test(ch)
      ? 'Arabic'
      : /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(ch)
        ? 'Chinese, Japanese or Korean'
        : undefined;
  if (script) return `the typeface has no ${script} letters: write the words in Latin letters (a transliteration), perhaps with a translation`;
  return 'there is no printable form of it in this typeface: leave it out or describe it in words';
}

/** Not plain printable ASCII, which every face has: only such text needs the fonts opened. */
const NOT_PLAIN = /[^\u0020-\u007e\n]/;

type Path = (string | number)[];

/** Each printed string under `value` that is not plain ASCII, with its path (fields never printed skipped). */
function unusualTexts(value: unknown, path: Path = []): { path: Path; text: string }[] {
  if (typeof value === 'string') return NOT_PLAIN.test(value) ? [{ path, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unusualTexts(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (NOT_PRINTED.has(k) ? [] : unusualTexts(v, [...path, k])));
  return [];
}

/** The character itself where it is written as is in the file; otherwise the value's place. */
function charPlace(file: YamlFile, path: Path, char: string): Place {
  const node = file.doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  const at = node?.range ? file.source.indexOf(char, node.range[0]) : -1;
  return at >= 0 && node?.range && at < node.range[1] ? { ...placeOf(file, at), length: char.length } : placeAt(file, path);
}

/** What a text of game.yaml or pack.yaml is, in a message, and where it is printed. */
function headText(head: Record<string, unknown>, owner: string, path: Path): { what: string; onCards: boolean; where: string } {
  const [key, i, field] = path;
  if (path.length === 1 && ['name', 'subtitle', 'description', 'author'].includes(String(key)))
    return { what: `${String(key)} of ${owner}`, onCards: false, where: 'on its cover or credits page' };
  const list = NAMED_LISTS.find(([k]) => k === key);
  if (list && typeof i === 'number' && path.length === 3) {
    const id = String((head[list[0]] as Record<string, unknown>[])[i]?.id);
    // Names are printed on the cards; what a genre covers and a collection's description, in the
    // rule book and on the aids.
    if (field === 'name' || field === 'adjective') return { what: `${field} of the ${list[1]} '${id}'`, onCards: true, where: '' };
    if (field === 'covers' || field === 'describe')
      return { what: `description of the ${list[1]} '${id}'`, onCards: false, where: 'where it describes the scoring' };
  }
  return { what: `'${path.filter((p) => typeof p === 'string').join('.')}' setting of ${owner}`, onCards: false, where: 'in the text' };
}

/** ", and 3 more it cannot print (U+…, …)" for the characters after the first. */
function others(missing: string[]): string {
  if (missing.length < 2) return '';
  return `, and ${missing.length - 1} more it cannot print (${missing.slice(1, 6).map(codePoint).join(', ')}${missing.length > 6 ? ', …' : ''})`;
}

/**
 * Adds an error for each character the faces cannot print: in the cards' fields, against their
 * layouts' faces; in game.yaml and the packs, against every face. A country's (century's, genre's,
 * edition's) name is printed on many cards, so it is one error at the name, not one at each card
 * that prints it; every other text there (the game's and packs' names and credits, the playing
 * times, an edition's source …) is printed in the rule book, which validate would otherwise pass
 * and the build refuse.
 */
export async function checkGlyphs(layers: Layer[], diags: DiagnosticList, templatesDir = defaultTemplates): Promise<void> {
  const heads = layers.flatMap((layer) =>
    [layer.game, layer.pack].flatMap((head) => {
      if (!head) return [];
      const value = head.value as Record<string, unknown>;
      const owner = head === layer.pack ? `the pack '${String(value.id)}'` : 'the game';
      return unusualTexts(value).map(({ path, text }) => ({ file: head.file, path: [...head.path, ...path], text, ...headText(value, owner, path) }));
    }),
  );
  // An auction lot's name and theme: printed in the rule book's auction chapter and on the referee.
  const lots = layers.flatMap((layer) =>
    layer.lots.flatMap((lot) =>
      unusualTexts(lot.value).map(({ path, text }) => ({
        file: lot.file,
        path: [...lot.path, ...path],
        text,
        what: `${path.filter((p) => typeof p === 'string').join('.')} of the auction lot '${(lot.value as { id: string }).id}'`,
        onCards: false,
        where: 'in the chapter on auctions',
      })),
    ),
  );
  heads.push(...lots);
  const cards = layers.flatMap((layer) => layer.cards.flatMap((card) => unusualTexts(card.value).map(({ path, text }) => ({ card, path, text }))));
  if (heads.length === 0 && cards.length === 0) return;
  const { missingGlyphs } = await import('./fonts.js');
  const faces = layoutFaces(templatesDir);
  const all = [...new Set([...faces.values()].flat())];
  // Invisible characters count as missing even where a face has them (invisible.ts).
  const missingIn = (text: string, used: FontName[]) => [...new Set(missingGlyphs(text, used).map((m) => m.char))];

  const badNames: string[] = [];
  for (const { file, path, text, what, onCards, where } of heads) {
    const missing = missingIn(text, all);
    if (missing.length === 0) continue;
    const char = missing[0]!;
    if (onCards) badNames.push(text);
    const gap = isInvisible(char) ? `holds an invisible character (${codePoint(char)}), which would print as a gap` : undefined;
    diags.error(
      charPlace(file, path, char),
      onCards
        ? `the ${what} ${gap ? `${gap} on every card that names it` : `uses “${char}” (${codePoint(char)}), which the cards' typefaces cannot print, and it is printed on many cards`}`
        : `the ${what} ${gap ? `${gap} in the rule book` : `uses “${char}” (${codePoint(char)}), which the rule book's typeface cannot print (it is printed there, ${where})${others(missing)}`}`,
      suggestion(char, (t) => missingGlyphs(t, all).length === 0),
    );
  }
  for (const { card, path, text } of cards) {
    // A name already reported, filled into a card's text, is not reported again at every card.
    if (badNames.some((n) => text.includes(n))) continue;
    const used = faces.get(card.def.layout ?? card.def.type) ?? all;
    // One message per field: the first character it cannot print, where it is, and the others by name.
    const missing = missingIn(text, used);
    if (missing.length === 0) continue;
    const char = missing[0]!;
    const field = path.filter((p) => typeof p === 'string').join('.');
    diags.error(
      charPlace(card.file, [...card.path, ...path], char),
      isInvisible(char)
        ? `the ${field} of '${card.value.id}' holds an invisible character (${codePoint(char)}), which would print as a gap or change how the text runs${others(missing)}`
        : `the ${field} of '${card.value.id}' uses “${char}” (${codePoint(char)}), which the typeface its card is printed in cannot print${others(missing)}`,
      suggestion(char, (t) => missingGlyphs(t, used).length === 0),
    );
  }
}

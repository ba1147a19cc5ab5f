// `validate` checks every character a card will print against the typefaces its layout sets it
// in, as the build does when it lays the card out — so content that validates also prints. A
// character the faces lack (an emoji, Hebrew, Arabic, Chinese, an invisible direction mark) is
// an error at its own line and column, named with its code point, and with the nearest form the
// faces can print when there is one (ﬁ → fi, ＡＢ → AB, ★ → *).
import { isInvisible } from './invisible.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { DiagnosticList } from '../load/diagnostic.js';
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
    const layout = parse(readFileSync(join(dir, name), 'utf8')) as { type?: string };
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
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (isInvisible(ch)) return `${code} is an invisible control character (it can reverse or hide text): delete it`;
  const candidates = [NEAREST[ch], ch.normalize('NFKC'), ch.normalize('NFKD').replace(/\p{M}/gu, '')].filter(
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

/** Adds an error for each character of the layers' cards that their layouts' faces cannot print. */
export async function checkGlyphs(layers: Layer[], diags: DiagnosticList, templatesDir = defaultTemplates): Promise<void> {
  // Most content is plain ASCII, which every face has: the fonts are opened only for the rest.
  const texts: { layer: Layer; card: Layer['cards'][number]; path: (string | number)[]; text: string }[] = [];
  // Names of countries, centuries, genres and editions, printed on many cards in every face: a
  // character none can print is one error at the name, not one at each card that prints it.
  // The game's and each pack's own name, subtitle, description and author are printed in the
  // rule book (cover, credits): checked here too, or validate passed what the build then refused.
  const names: { file: YamlFile; path: (string | number)[]; what: string; text: string; printed: 'cards' | 'rule book'; where?: string }[] = [];
  for (const layer of layers) {
    for (const head of [layer.game, layer.pack]) {
      if (!head) continue;
      const value = head.value as Record<string, unknown>;
      for (const field of ['name', 'subtitle', 'description', 'author'] as const) {
        const text = value[field];
        const owner = head === layer.pack ? `the pack '${String(value.id)}'` : 'the game';
        if (typeof text === 'string' && /[^\u0020-\u007e\n]/.test(text))
          names.push({
            file: head.file,
            path: [...head.path, field],
            what: `${field} of ${owner}`,
            text,
            printed: 'rule book',
            where: 'on its cover or credits page',
          });
      }
      for (const [key, what] of NAMED_LISTS) {
        const list = value[key];
        if (!Array.isArray(list)) continue;
        list.forEach((entry: Record<string, unknown>, i) => {
          for (const field of ['name', 'adjective', 'covers', 'describe'] as const) {
            const text = entry?.[field];
            if (typeof text === 'string' && /[^\u0020-\u007e\n]/.test(text))
              names.push({
                file: head.file,
                path: [...head.path, key, i, field],
                what: `${field === 'covers' || field === 'describe' ? 'description' : field} of the ${what} '${String(entry.id)}'`,
                text,
                // What a genre covers and a collection's description are printed in the rule book
                // and on the aids; names are printed on the cards.
                printed: field === 'covers' || field === 'describe' ? 'rule book' : 'cards',
                where: 'where it describes the scoring',
              });
          }
        });
      }
      // Every other text of game.yaml or pack.yaml the rule book may print (an edition's source,
      // the playing times …): any that is not plain ASCII, where the lines above did not look.
      const seen = new Set(names.filter((n) => n.file === head.file).map((n) => n.path.join('\u0000')));
      const owner = head === layer.pack ? `the pack '${String(value.id)}'` : 'the game';
      const walk = (v: unknown, path: (string | number)[]) => {
        if (typeof v === 'string') {
          if (/[^\u0020-\u007e\n]/.test(v) && !seen.has([...head.path, ...path].join('\u0000')))
            names.push({
              file: head.file,
              path: [...head.path, ...path],
              what: `'${path.filter((p) => typeof p === 'string').join('.')}' setting of ${owner}`,
              text: v,
              printed: 'rule book',
            });
        } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (!NOT_PRINTED.has(k)) walk(x, [...path, k]);
      };
      walk(value, []);
    }
    for (const card of layer.cards) {
      const walk = (value: unknown, path: (string | number)[]) => {
        if (typeof value === 'string') {
          if (/[^\u0020-\u007e\n]/.test(value)) texts.push({ layer, card, path, text: value });
        } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
        else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_PRINTED.has(k)) walk(v, [...path, k]);
      };
      for (const [k, v] of Object.entries(card.value)) if (!NOT_PRINTED.has(k)) walk(v, [k]);
    }
  }
  if (texts.length === 0 && names.length === 0) return;
  const { missingGlyphs } = await import('./fonts.js');
  const faces = layoutFaces(templatesDir);
  const all = [...new Set([...faces.values()].flat())];
  const code = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const badNames = new Set<string>();
  for (const { file, path, what, text, printed, where: printedWhere } of names) {
    const missing = [...new Set(missingGlyphs(text, all).map((m) => m.char))];
    if (missing.length === 0) continue;
    const char = missing[0]!;
    if (printed === 'cards') badNames.add(text);
    const node = file.doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    const at = node?.range ? file.source.indexOf(char, node.range[0]) : -1;
    const where = at >= 0 && node?.range && at < node.range[1] ? { ...placeOf(file, at), length: char.length } : placeAt(file, path);
    diags.error(
      where,
      printed === 'rule book'
        ? isInvisible(char)
          ? `the ${what} holds an invisible character (${code(char)}), which would print as a gap in the rule book`
          : `the ${what} uses “${char}” (${code(char)}), which the rule book's typeface cannot print (it is printed there, ${printedWhere ?? 'in the text'})${missing.length > 1 ? `, and ${missing.length - 1} more it cannot print (${missing.slice(1, 6).map(code).join(', ')})` : ''}`
        : isInvisible(char)
          ? `the ${what} holds an invisible character (${code(char)}), which would print as a gap on every card that names it`
          : `the ${what} uses “${char}” (${code(char)}), which the cards' typefaces cannot print, and it is printed on many cards`,
      suggestion(char, (t) => missingGlyphs(t, all).length === 0),
    );
  }
  for (const { card, path, text } of texts) {
    // A name already reported, filled into a card's text, is not reported again at every card.
    if ([...badNames].some((n) => text.includes(n))) continue;
    const used = faces.get(card.def.layout ?? card.def.type) ?? all;
    const printable = (s: string) => missingGlyphs(s, used).length === 0;
    // One message per field: the first character it cannot print, where it is, and the others by name.
    // Invisible characters count as missing even where a face has them (invisible.ts).
    const missing = [...new Set(missingGlyphs(text, used).map((m) => m.char))];
    if (missing.length === 0) continue;
    const char = missing[0]!;
    const place = placeAt(card.file, [...card.path, ...path]);
    // Point at the character itself where it is written as is in the file.
    const node = card.file.doc.getIn([...card.path, ...path], true) as { range?: [number, number, number] } | undefined;
    const at = node?.range ? card.file.source.indexOf(char, node.range[0]) : -1;
    const where = at >= 0 && node?.range && at < node.range[1] ? { ...placeOf(card.file, at), length: char.length } : place;
    const field = path.filter((p) => typeof p === 'string').join('.');
    const more =
      missing.length > 1
        ? `, and ${missing.length - 1} more it cannot print (${missing.slice(1, 6).map(code).join(', ')}${missing.length > 6 ? ', …' : ''})`
        : '';
    diags.error(
      where,
      isInvisible(char)
        ? `the ${field} of '${card.value.id}' holds an invisible character (${code(char)}), which would print as a gap or change how the text runs${more}`
        : `the ${field} of '${card.value.id}' uses “${char}” (${code(char)}), which the typeface its card is printed in cannot print${more}`,
      suggestion(char, printable),
    );
  }
}

// Handlebars helpers for the rule book: counts straight from the cards, lists and numbers written
// as prose, icons, and blocks that appear only when the content has what they talk about.
import Handlebars from 'handlebars';
import { andList, type Game } from '../../../engine/index.js';
import type { RulebookView } from './view.js';
import { markdownSafe } from './view.js';
import { facesText, numberWord, timesWord } from './words.js';
import { iconExists } from '../icons.js';
import { BuildError } from '../../build-error.js';

type Options = Handlebars.HelperOptions;

/** Helpers take their own arguments and then Handlebars' options object last. */
function split(args: unknown[]): { params: unknown[]; options: Options } {
  return { params: args.slice(0, -1), options: args[args.length - 1] as Options };
}

function pluck(items: unknown, key: unknown): string[] {
  if (!Array.isArray(items)) throw new Error(`expected a list, got ${typeof items}`);
  return items.map((it) => (typeof key === 'string' && it && typeof it === 'object' ? String((it as Record<string, unknown>)[key]) : String(it)));
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface BookName {
  title: string;
  gloss: string;
}
function bookName(b: BookName): string {
  return b.gloss ? b.gloss.replace(/^The /, 'the ') : `*${b.title}*`;
}

export function createHandlebars(game: Game, view: RulebookView): typeof Handlebars {
  const hb = Handlebars.create();
  const h = (name: string, fn: (...args: unknown[]) => unknown) => hb.registerHelper(name, fn as Handlebars.HelperDelegate);

  /** {{count "book"}}, {{count "book" country="spain"}}, {{count "book" mvb=true}}: cards in the game. */
  h('count', (...args) => {
    const { params, options } = split(args);
    const type = String(params[0]);
    const filters = options.hash as Record<string, unknown>;
    return game.cards.filter((c) => c.type === type && Object.entries(filters).every(([k, v]) => (c as unknown as Record<string, unknown>)[k] === v)).length;
  });
  h('list', (...args) => {
    const { params } = split(args);
    return andList(pluck(params[0], params[1]));
  });
  h('orList', (...args) => {
    const { params } = split(args);
    return andList(pluck(params[0], params[1]), 'or');
  });
  h('words', (n) => numberWord(Number(n)));
  h('Words', (n) => cap(numberWord(Number(n))));
  h('times', (n) => timesWord(Number(n)));
  h('faces', (f) => facesText(f as number[]));
  h('facesAnd', (f) => facesText(f as number[], 'and'));
  /** {{plural 3 "book"}} → "3 books"; {{plural n "century" "centuries"}}. */
  h('plural', (...args) => {
    const { params } = split(args);
    const n = Number(params[0]);
    const one = String(params[1]);
    const many = typeof params[2] === 'string' ? params[2] : `${one}s`;
    return `${n} ${n === 1 ? one : many}`;
  });
  /** The same with the number in words: "six books". */
  h('pluralWords', (...args) => {
    const { params } = split(args);
    const n = Number(params[0]);
    const one = String(params[1]);
    const many = typeof params[2] === 'string' ? params[2] : `${one}s`;
    return `${numberWord(n)} ${n === 1 ? one : many}`;
  });
  h('credits', (n) => `${n} ${Number(n) === 1 ? 'credit' : 'credits'}`);
  /** {{a "Italian"}} → "an Italian", {{a "Spanish"}} → "a Spanish": the article that goes with a word. */
  h('a', (s) => `${/^[aeiou]/i.test(String(s)) ? 'an' : 'a'} ${s}`);
  h('cap', (s) => cap(String(s)));
  h('lower', (s) => String(s).toLowerCase());
  h('icon', (name) => {
    const n = String(name);
    if (!iconExists(n))
      throw new BuildError(`the rule book asks for the icon "${n}", which game-icons does not have`, 'use an icon name from https://game-icons.net');
    return `[[icon:${n}]]`;
  });
  /** A book as first named in prose: *Title* (Gloss). */
  h('book', (b) => {
    const ref = b as { title: string; gloss: string };
    return `*${ref.title}*${ref.gloss ? ` (${ref.gloss})` : ''}`;
  });
  /** A book's short name in running prose: its English gloss ("the Mentelin Bible") or its title in italics. */
  h('bookName', (b) => bookName(b as BookName));
  h('bookNames', (...args) => andList((split(args).params[0] as BookName[]).map(bookName)));
  /** Printed card text in quotation marks, its own quotation marks turned to single ones. */
  h('quoted', (s) => `“${String(s).replace(/“/g, '‘').replace(/”/g, '’')}”`);
  /** "15th century" → "15th-century", for use before a noun. */
  h('adj', (s) => String(s).replace(/ /g, '-'));
  h('eq', (a, b) => a === b);
  h('ne', (a, b) => a !== b);
  h('gt', (a, b) => Number(a) > Number(b));
  h('lt', (a, b) => Number(a) < Number(b));
  h('add', (a, b) => Number(a) + Number(b));
  h('sub', (a, b) => Number(a) - Number(b));
  h('mul', (a, b) => Number(a) * Number(b));
  h('not', (a) => !a);
  h('and', (...args) => split(args).params.every(Boolean));
  h('or', (...args) => split(args).params.some(Boolean));
  h('sum', (...args) => {
    const { params } = split(args);
    return pluck(params[0], params[1]).reduce((s, v) => s + Number(v), 0);
  });
  h('array', (...args) => split(args).params);
  /** A list without its first item: {{list (rest countries) "inText"}}. */
  h('rest', (list) => (Array.isArray(list) ? list.slice(1) : []));
  /** How many of its arguments are there: {{present examples.debt examples.auction}} counts the examples the game could give. */
  h('present', (...args) => split(args).params.filter(Boolean).length);
  h('includes', (list, v) => Array.isArray(list) && list.includes(v));

  /** {{#each (printedIn "Basel" "Strasbourg")}}: books, auction books and manuscripts printed or made in those places. */
  h('printedIn', (...args) => {
    const places = split(args).params.map(String);
    const ids = new Set(game.cards.filter((c) => 'place' in c && typeof c.place === 'string' && places.includes(c.place)).map((c) => c.id));
    return view.allBooks.filter((b) => ids.has(b.id));
  });
  /** {{#withCard "don-quixote"}}…{{else}}…{{/withCard}}: text about a card that may not be in every build. */
  h('withCard', function (this: unknown, id, options) {
    const card = game.cards.find((c) => c.id === id);
    const o = options as Options;
    if (!card) return o.inverse(this);
    const safe = Object.fromEntries(Object.entries(card).map(([k, v]) => [k, typeof v === 'string' ? markdownSafe(v) : v]));
    return o.fn(safe);
  });
  /** {{#ifCentury "16th"}}…{{/ifCentury}}: only if that century is in the game. */
  h('ifCentury', function (this: unknown, id, options) {
    const c = view.centuries.find((x) => x.id === id);
    return c ? (options as Options).fn(c) : (options as Options).inverse(this);
  });
  h('ifCountry', function (this: unknown, id, options) {
    const c = view.countries.find((x) => x.id === id);
    return c ? (options as Options).fn(c) : (options as Options).inverse(this);
  });
  return hb;
}

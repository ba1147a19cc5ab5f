// Markdown (from the Handlebars templates) → a small block model the typesetter understands.
// Only what a rule book needs: headings, paragraphs, lists, tables, block quotes (worked
// examples), rules, page breaks (<!-- page -->) and inline icons ([[icon:name]]).
import { Marked, type Token, type Tokens } from 'marked';
import { BuildError } from '../../build-error.js';
import { curlyQuotes } from '../../load/quotes.js';

export interface TextInline {
  kind: 'text';
  text: string;
  bold: boolean;
  italic: boolean;
}
export type Inline = TextInline | { kind: 'icon'; name: string } | { kind: 'break' };

export type Align = 'left' | 'right' | 'center';
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; inlines: Inline[]; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'rule' }
  | { kind: 'page-break' }
  /** A picture from templates/rulebook/figures.yaml: [[figure:name]] on a line of its own. */
  | { kind: 'figure'; name: string }
  /** Cards drawn in a row: [[cards:CODE CODE …]] or [[cards:CODE …|caption]] on a line of its own. */
  | { kind: 'cards'; codes: string[]; caption?: string };

const ICON = /^\[\[icon:([a-z0-9-]+)\]\]/;
const FIGURE = /^\[\[(figure|cards):([^\]|]*)(?:\|([^\]]*))?\]\]$/;

/** The figure a paragraph stands for, when it is nothing but a [[figure:…]] or [[cards:…]]. */
function figureOf(text: string): Block | undefined {
  const m = FIGURE.exec(text.trim());
  if (!m) return undefined;
  if (m[1] === 'figure') return { kind: 'figure', name: m[2]!.trim() };
  const caption = m[3]?.trim();
  return { kind: 'cards', codes: m[2]!.trim().split(/\s+/).filter(Boolean), ...(caption ? { caption } : {}) };
}

/** The codes of every card a chapter draws with [[cards:…]]. */
export function cardCodesIn(markdown: string): string[] {
  return [...markdown.matchAll(/\[\[cards:([^\]|]*)/g)].flatMap((m) => m[1]!.trim().split(/\s+/).filter(Boolean));
}

/** A marked instance that also knows [[icon:name]]. */
function makeLexer(): Marked {
  return new Marked({
    gfm: true,
    extensions: [
      {
        name: 'icon',
        level: 'inline',
        start: (src: string) => {
          const i = src.indexOf('[[icon:');
          return i < 0 ? undefined : i;
        },
        tokenizer(src: string) {
          const m = ICON.exec(src);
          return m ? { type: 'icon', raw: m[0], name: m[1]! } : undefined;
        },
      },
    ],
  });
}

const parsed = new Map<string, Block[]>();

/** Frozen all the way down: shared blocks that a layout tried to change would throw, not print wrongly. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The blocks of filled-in Markdown, its straight quotes made typographic like the game's
 * (load/quotes.ts). Each paper size lays out the same chapters: they are read once, and the
 * blocks are shared, frozen.
 */
export function markdownToBlocks(markdown: string, where: string): readonly Block[] {
  const key = `${where}\u0000${markdown}`;
  let blocks = parsed.get(key);
  if (!blocks) {
    blocks = frozen(blocksOf(makeLexer().lexer(curlyQuotes(markdown)), where));
    parsed.set(key, blocks);
  }
  return blocks;
}

function blocksOf(tokens: Token[], where: string): Block[] {
  const out: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
        break;
      case 'heading': {
        const h = t as Tokens.Heading;
        const inlines = inlinesOf(h.tokens, where);
        out.push({ kind: 'heading', level: Math.min(3, Math.max(1, h.depth)) as 1 | 2 | 3, inlines, text: plainText(inlines) });
        break;
      }
      case 'paragraph':
      case 'text': {
        const p = t as Tokens.Paragraph | Tokens.Text;
        const figure = figureOf(p.text);
        if (figure) {
          out.push(figure);
          break;
        }
        out.push({ kind: 'paragraph', inlines: inlinesOf(p.tokens ?? [{ type: 'text', raw: p.text, text: p.text } as Tokens.Text], where) });
        break;
      }
      case 'list': {
        const l = t as Tokens.List;
        out.push({
          kind: 'list',
          ordered: l.ordered,
          start: typeof l.start === 'number' ? l.start : 1,
          items: l.items.map((item) => blocksOf(item.tokens, where)),
        });
        break;
      }
      case 'table': {
        const tb = t as Tokens.Table;
        out.push({
          kind: 'table',
          align: tb.align.map((a) => a ?? 'left'),
          header: tb.header.map((c) => inlinesOf(c.tokens, where)),
          rows: tb.rows.map((r) => r.map((c) => inlinesOf(c.tokens, where))),
        });
        break;
      }
      case 'blockquote':
        out.push({ kind: 'quote', blocks: blocksOf((t as Tokens.Blockquote).tokens, where) });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'html': {
        const text = (t as Tokens.HTML).text.trim();
        if (/^<!--\s*page\s*-->$/.test(text)) out.push({ kind: 'page-break' });
        else if (/^<!--[\s\S]*-->$/.test(text))
          break; // an ordinary comment: a note to the writer
        else
          throw new BuildError(
            `the rule book text in ${where} contains HTML (${text.slice(0, 40)}), which the printer cannot lay out`,
            'write it as Markdown instead',
          );
        break;
      }
      default:
        throw new BuildError(
          `the rule book text in ${where} uses a Markdown ${t.type}, which the printer does not lay out`,
          'use headings, paragraphs, lists, tables or > block quotes',
        );
    }
  }
  return out;
}

function inlinesOf(tokens: Token[], where: string, bold = false, italic = false): Inline[] {
  const out: Inline[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
      case 'escape':
      case 'codespan': {
        const tt = t as Tokens.Text;
        if ('tokens' in tt && tt.tokens && tt.tokens.length > 0) out.push(...inlinesOf(tt.tokens, where, bold, italic));
        else out.push({ kind: 'text', text: tt.text, bold, italic });
        break;
      }
      case 'strong':
        out.push(...inlinesOf((t as Tokens.Strong).tokens, where, true, italic));
        break;
      case 'em':
        out.push(...inlinesOf((t as Tokens.Em).tokens, where, bold, true));
        break;
      case 'link':
        out.push(...inlinesOf((t as Tokens.Link).tokens, where, bold, italic));
        break;
      case 'br':
        out.push({ kind: 'break' });
        break;
      case 'icon':
        out.push({ kind: 'icon', name: (t as unknown as { name: string }).name });
        break;
      case 'html':
        if (/^<!--[\s\S]*-->$/.test((t as Tokens.HTML).text.trim())) break;
        throw new BuildError(`the rule book text in ${where} contains inline HTML (${(t as Tokens.HTML).text})`, 'write it as Markdown instead');
      default:
        throw new BuildError(
          `the rule book text in ${where} uses inline Markdown ${t.type}, which the printer does not lay out`,
          'use **bold**, *italic* or [[icon:name]]',
        );
    }
  }
  return smartQuotes(out);
}

function plainText(inlines: Inline[]): string {
  return inlines
    .map((i) => (i.kind === 'text' ? i.text : i.kind === 'break' ? ' ' : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Straight quotes from data (titles, notes) become typographer's quotes, as in the rest of the text. */
function smartQuotes(inlines: Inline[]): Inline[] {
  let prev = ' ';
  return inlines.map((i) => {
    if (i.kind !== 'text') {
      prev = 'x';
      return i;
    }
    let s = '';
    for (const ch of i.text) {
      const opening = /[\s([{\u2014\u2013]/.test(prev);
      if (ch === '"') s += opening ? '\u201c' : '\u201d';
      else if (ch === "'") s += opening ? '\u2018' : '\u2019';
      else s += ch;
      prev = ch;
    }
    return { ...i, text: s };
  });
}

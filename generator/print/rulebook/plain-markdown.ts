// The rule book as a Markdown file (out/rules/rules.md) is read on screens, by screen readers and
// in editors, where the PDF's inline marks mean nothing: an icon beside a word is dropped (the
// word says it), a picture becomes its caption and what it labels, and a row of cards becomes
// the cards' codes and titles.
import type { Game } from '../../../engine/index.js';
import type { FigureWords } from './figures/words.js';

const strip = (s: string) => s.replace(/\*\*/g, '');

export function plainMarkdown(markdown: string, figures: FigureWords, game: Game): string {
  const byCode = new Map(game.cards.map((c) => [c.code, c]));
  return markdown
    .replace(/^((?:> ?)*)\[\[figure:([^\]]+)\]\][ \t]*$/gm, (_, quote: string, name: string) => {
      if (name === 'setup') {
        const s = figures.setup;
        const parts = [s.world, s.chance, s.lots, s.bank, s.market, s.events, s.manuscript];
        return `${quote}*Picture: ${s.caption}* It shows: ${parts.join('; ')}.`;
      }
      const a = figures.anatomy[name];
      if (!a) return quote;
      return `${quote}*Picture: ${a.caption}* Its parts: ${a.callouts.map((c) => strip(c.label)).join('; ')}.`;
    })
    .replace(/^((?:> ?)*)\[\[cards:([^\]|]*)(?:\|([^\]]*))?\]\][ \t]*$/gm, (_, quote: string, codes: string, caption?: string) => {
      const cards = codes
        .split(/\s+/)
        .filter(Boolean)
        .map((code) => {
          const card = byCode.get(code);
          return card ? `${code} (${card.title})` : code;
        });
      return `${quote}*${caption?.trim() ? `${caption.trim()}: ` : 'Cards: '}${cards.join(', ')}.*`;
    })
    .replace(/ ?\[\[icon:[^\]]+\]\] ?/g, (m) => (m.startsWith(' ') && m.endsWith(' ') ? ' ' : ''));
}

// The symbol line of an event or chance card: each effect drawn as who gives → the coins and
// their numeral → who gets (or the book, the die, the hammer), with the effect's words beneath.
// A player across the table reads "bank → 3 → eagle" before the sentence; the words stay, so
// nothing depends on knowing the symbols. Rows start at the top of the box, so the first numeral
// sits in the same place on every card of a layout.
import type { Effect } from '../../../engine/index.js';
import type { Card, Game } from '../../../engine/index.js';
import type { DisplayItem } from './display-list.js';
import { breakParagraph } from './lines.js';
import { PT, type Box } from './fit.js';
import { textWidth, type RunStyle } from './shape.js';
import type { Theme } from './schema.js';
import type { FontName } from '../fonts.js';

/** One thing on a symbol line. */
type Token = { kind: 'icon'; name: string; colour: string; over?: string } | { kind: 'text'; text: string; style: 'numeral' | 'arrow' };

export interface EffectLineStyle {
  box: Box;
  /** Symbol height, mm. */
  icon: number;
  colour: string;
  numeral: { font: FontName; size: number; fill: string };
  caption: { font: FontName; size: number; min: number; fill: string; leading: number };
  gap: number;
}

export interface EffectLineEnv {
  game: Game;
  theme: Theme;
  /** The colour of a named theme colour or #rrggbb. */
  colour(value: string): string;
}

function party(id: string | undefined, card: Card, env: EffectLineEnv, style: EffectLineStyle): Token {
  const icons = env.theme.effect_icons;
  const own = (card as { country?: string }).country;
  const who = id ?? 'self';
  const country = env.game.countries.find((c) => c.id === (who === 'self' ? own : who));
  if (country) return { kind: 'icon', name: country.emblem, colour: country.colour };
  const named: Record<string, string> = {
    bank: icons.bank,
    self: icons.you,
    each: icons.each,
    others: icons.each,
    lead: icons.lead,
    richest: icons.richest,
    poorest: icons.poorest,
  };
  return { kind: 'icon', name: named[who] ?? icons.you, colour: style.colour };
}

/** The numeral and what it is counted per ("3 × telescope"). */
function amount(n: number, per: { genre?: string; country?: string; century?: string } | undefined, env: EffectLineEnv, style: EffectLineStyle): Token[] {
  const coins: Token = { kind: 'icon', name: env.theme.effect_icons.coins, colour: style.colour };
  const tokens: Token[] = [{ kind: 'text', text: String(n), style: 'numeral' }, coins];
  if (!per) return tokens;
  tokens.push({ kind: 'text', text: '×', style: 'arrow' });
  if (per.genre) {
    const g = env.game.genres.find((x) => x.id === per.genre);
    if (g) tokens.push({ kind: 'icon', name: g.icon, colour: style.colour });
  } else if (per.country) {
    const c = env.game.countries.find((x) => x.id === per.country);
    if (c) tokens.push({ kind: 'icon', name: c.emblem, colour: c.colour });
  } else if (per.century) {
    const c = env.game.centuries.find((x) => x.id === per.century);
    if (c) tokens.push({ kind: 'text', text: c.numeral, style: 'numeral' });
  }
  return tokens;
}

const ARROW: Token = { kind: 'text', text: '→', style: 'arrow' };

/** The symbols of one effect. */
export function effectTokens(effect: Effect, card: Card, env: EffectLineEnv, style: EffectLineStyle): Token[] {
  const icons = env.theme.effect_icons;
  if ('gain' in effect)
    return [party(effect.from ?? 'bank', card, env, style), ARROW, ...amount(effect.gain, effect.per, env, style), ARROW, party(effect.who, card, env, style)];
  if ('pay' in effect)
    return [party(effect.who, card, env, style), ARROW, ...amount(effect.pay, effect.per, env, style), ARROW, party(effect.to ?? 'bank', card, env, style)];
  if ('release_lot' in effect) return [{ kind: 'icon', name: icons.lot, colour: style.colour }];
  if ('draw_chance' in effect) {
    const n: Token[] = effect.draw_chance > 1 ? [{ kind: 'text', text: `${effect.draw_chance}`, style: 'numeral' }] : [];
    return [party(effect.who, card, env, style), ARROW, ...n, { kind: 'icon', name: icons.chance, colour: style.colour }];
  }
  if ('lose_book' in effect) {
    const n: Token[] = (effect.count ?? 1) > 1 ? [{ kind: 'text', text: `${effect.count}`, style: 'numeral' }] : [];
    const dest =
      !effect.to || effect.to === 'market' ? { kind: 'icon' as const, name: icons.market, colour: style.colour } : party(effect.to, card, env, style);
    return [party(effect.who, card, env, style), ARROW, ...n, { kind: 'icon', name: icons.book, colour: style.colour }, ARROW, dest];
  }
  return [party(effect.who, card, env, style), { kind: 'icon', name: icons.chance, colour: style.colour, over: icons.skip }];
}

const GAP = 1; // mm between symbols

/** The display items of the card's symbol lines, or the height they would need when they do not fit. */
export function layEffectLines(
  effects: readonly Effect[],
  captions: readonly string[],
  card: Card,
  env: EffectLineEnv,
  style: EffectLineStyle,
): { items: DisplayItem[] } | { needs: number } {
  const num: RunStyle = { font: style.numeral.font, size: style.numeral.size };
  const width = (t: Token) => (t.kind === 'icon' ? style.icon : textWidth(t.text, num) * PT);
  const rows = effects.map((e) => effectTokens(e, card, env, style));
  // Captions shrink together, no further than their floor, until everything fits.
  for (let size = style.caption.size; size >= style.caption.min - 1e-6; size = Math.round((size - 0.2) * 10) / 10) {
    const cap: RunStyle = { font: style.caption.font, size };
    const lineH = size * style.caption.leading * PT;
    const broken = captions.map((c) => breakParagraph([{ text: c, style: cap }], style.box.w / PT, { balance: true }).lines);
    const height = rows.reduce((h, _, i) => h + (i > 0 ? style.gap : 0) + style.icon + 0.8 + (broken[i]?.length ?? 0) * lineH, 0);
    if (height > style.box.h + 1e-6 && size - 0.2 >= style.caption.min - 1e-6) continue;
    if (height > style.box.h + 1e-6) return { needs: height };
    const items: DisplayItem[] = [];
    let y = style.box.y;
    rows.forEach((tokens, i) => {
      if (i > 0) y += style.gap;
      const total = tokens.reduce((w, t, k) => w + width(t) + (k > 0 ? GAP : 0), 0);
      let x = style.box.x + (style.box.w - total) / 2;
      for (const t of tokens) {
        if (t.kind === 'icon') {
          items.push({ kind: 'icon', name: t.name, x, y, size: style.icon, fill: t.colour });
          if (t.over) items.push({ kind: 'icon', name: t.over, x, y, size: style.icon, fill: style.numeral.fill });
        } else {
          // Numerals and arrows sit on the symbols' optical middle: cap height centred.
          const baseline = y + style.icon / 2 + 0.33 * style.numeral.size * PT;
          items.push({
            kind: 'text',
            x,
            y: baseline,
            text: t.text,
            font: style.numeral.font,
            size: style.numeral.size,
            fill: style.numeral.fill,
            ...(t.style === 'numeral' ? { features: ['lnum'] } : {}),
          });
        }
        x += width(t) + GAP;
      }
      y += style.icon + 0.8;
      for (const line of broken[i] ?? []) {
        const baseline = y + lineH / 2 + 0.33 * size * PT;
        items.push({
          kind: 'text',
          x: style.box.x + (style.box.w - line.width * PT) / 2,
          y: baseline,
          text: line.spans
            .map((s) => s.text)
            .join('')
            .trimEnd(),
          font: cap.font,
          size,
          fill: style.caption.fill,
        });
        y += lineH;
      }
    });
    return { items };
  }
  return { needs: Infinity };
}

// The layout engine: a layout (data) and a card → a display list. Boxes drawn for poker size
// are scaled to the chosen card size; text is fitted (shrunk down to its floor) and every
// character is checked against the face it will be set in.
import { BuildError } from '../../build-error.js';
import { missingGlyphs, type FontName } from '../fonts.js';
import { iconExists } from '../icons.js';
import { themeColour } from './theme-colour.js';
import { cardContext, fill, lookup, present, type CardContext } from './context.js';
import { clipped, fitBlocks, type BlockSpec, type Box, type Shrunk, type TextBlockSpec } from './fit.js';
import type { DisplayItem, DisplayList } from './display-list.js';
import type { Element, Layout, StackBlock, TextStyle, Theme } from './schema.js';
import type { Card, Game } from '../../../engine/index.js';
import { cached } from '../memo.js';
import { layEffectLines } from './effect-line.js';
import { FRAME_ZONE, reviewFace } from './preflight-face.js';
import type { Effect } from '../../../engine/index.js';

export type CardSizeName = 'poker' | 'bridge' | 'tarot' | 'mini';

export interface LayoutEnv {
  game: Game;
  theme: Theme;
  size: CardSizeName;
  /** Processed art by card id (see images.ts): the key to paint for an image box. */
  imageKey(card: Card, box: Box): string | undefined;
}

export interface ShrinkRecord extends Shrunk {
  card: string;
}

export interface LaidCard {
  card: Card;
  face: DisplayList;
  backId: string;
  back: DisplayList;
  /** What was shrunk to fit on the face, and on the back when this card was the first to lay it out. */
  shrunk: ShrinkRecord[];
  /** On the card that laid its back out (the others share that back): the back's part of `shrunk`, its last entries. */
  backShrunk?: ShrinkRecord[];
}

/**
 * Design coordinates (mm on the size a layout was drawn for) → the chosen card size. The band of
 * `FRAME_ZONE` along each edge keeps its width, so what a layout keeps 3.5 mm inside the trim (text)
 * or 6 mm (a panel's edge) stays there on a smaller card; the middle is scaled to fill the rest.
 * Type and radii scale with the middle (the smaller of its two scales).
 */
class Scaler {
  readonly sx: number;
  readonly sy: number;
  readonly sf: number;
  private readonly mapX: (x: number) => number;
  private readonly mapY: (y: number) => number;
  constructor(
    readonly w: number,
    readonly h: number,
    design: [number, number],
  ) {
    const axis = (to: number, from: number): [number, (v: number) => number] => {
      if (to === from) return [1, (v) => v];
      const k = (to - 2 * FRAME_ZONE) / (from - 2 * FRAME_ZONE);
      return [k, (v) => (v <= FRAME_ZONE ? v : v >= from - FRAME_ZONE ? to - (from - v) : FRAME_ZONE + (v - FRAME_ZONE) * k)];
    };
    [this.sx, this.mapX] = axis(w, design[0]);
    [this.sy, this.mapY] = axis(h, design[1]);
    this.sf = Math.min(this.sx, this.sy);
  }
  x(v: number): number {
    return this.mapX(v);
  }
  y(v: number): number {
    return this.mapY(v);
  }
  box([x, y, w, h]: [number, number, number, number]): Box {
    const x0 = this.mapX(x);
    const y0 = this.mapY(y);
    return { x: x0, y: y0, w: this.mapX(x + w) - x0, h: this.mapY(y + h) - y0 };
  }
}

function mix(hex: string, toward: string, amount: number): string {
  const a = parseInt(hex.slice(1), 16);
  const b = parseInt(toward.slice(1), 16);
  const ch = (v: number, s: number) => (v >> s) & 255;
  const out = [16, 8, 0].map((s) => Math.round(ch(a, s) + (ch(b, s) - ch(a, s)) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const AT_SMALLEST = ', even with the type at its smallest readable size';
const roomWords = (needs: number, holds: number) =>
  `needs ${needs.toFixed(1)} mm and the space holds ${holds.toFixed(1)} mm, even with the words at their smallest readable size`;

export class CardPainter {
  private readonly dims: [number, number];
  private readonly backs = new Map<string, DisplayList>();

  constructor(private readonly env: LayoutEnv) {
    this.dims = env.theme.card_sizes[env.size];
  }

  /** The art boxes a card will show, so its pictures can be prepared before layout. */
  imageBoxes(layout: Layout, card: Card): Box[] {
    if (!card.image) return [];
    const ctx = cardContext(card, this.env.game);
    const s = new Scaler(this.dims[0], this.dims[1], layout.design);
    return this.sideOf(layout, 'face')
      .elements.filter((el) => el.kind === 'image' && this.shown(el, ctx))
      .map((el) => s.box((el as { box: [number, number, number, number] }).box));
  }

  layCard(layout: Layout, card: Card): LaidCard {
    const ctx = cardContext(card, this.env.game);
    const shrunk: ShrinkRecord[] = [];
    const face = this.layFace(layout, this.sideOf(layout, 'face'), ctx, shrunk, 'face');
    const backShrunk: ShrinkRecord[] = [];
    const { backId, back } = this.backOf(layout, ctx, backShrunk);
    shrunk.push(...backShrunk);
    return { card, face, backId, back, shrunk, ...(backShrunk.length > 0 ? { backShrunk } : {}) };
  }

  /** Only the card's back (the rule book's table shows the decks face down). */
  layBack(layout: Layout, card: Card): DisplayList {
    return this.backOf(layout, cardContext(card, this.env.game), []).back;
  }

  private backOf(layout: Layout, ctx: CardContext, shrunk: ShrinkRecord[]): { backId: string; back: DisplayList } {
    const spec = this.sideOf(layout, 'back');
    const backId = fill(spec.id, ctx);
    // Cards that share a back share one laid-out back.
    const backKey = `${layout.type}\u0000${backId}`;
    return { backId, back: cached(this.backs, backKey, () => this.layFace(layout, spec, ctx, shrunk, 'back')) };
  }

  /** The face or back as the layout draws it on this card size. */
  private sideOf<S extends 'face' | 'back'>(layout: Layout, side: S): Layout[S] {
    return (layout.sizes?.[this.env.size]?.[side] as Layout[S] | undefined) ?? layout[side];
  }

  private layFace(layout: Layout, spec: Layout['face'], ctx: CardContext, shrunk: ShrinkRecord[], side: 'face' | 'back'): DisplayList {
    const s = new Scaler(this.dims[0], this.dims[1], layout.design);
    const items: DisplayItem[] = [];
    for (const el of spec.elements) {
      if (!this.shown(el, ctx)) continue;
      const from = items.length;
      this.layElement(el, ctx, s, items, shrunk, side);
      for (let i = from; i < items.length; i++) {
        const it = items[i]!;
        it.field ??= el.name ?? el.kind;
      }
    }
    const background = this.colour(spec.background, ctx);
    const problem = reviewFace(items, this.dims[0], this.dims[1], background);
    if (problem)
      throw new BuildError(
        `${describe(ctx.card)} fails preflight on its ${side === 'back' ? 'back' : 'face'}: the “${problem.field}” — ${problem.problem}`,
        `move, shorten or recolour the ${problem.field} in templates/layouts/${layout.type}.yaml (or shorten it on “${ctx.card.id}”)`,
        ctx.card.id,
        undefined,
        { element: problem.field, side, kind: problem.kind, reason: problem.problem },
      );
    return { width: this.dims[0], height: this.dims[1], bleed: this.env.theme.bleed, background, items };
  }

  private shown(el: { if?: string; unless?: string; omit_on?: string[] }, ctx: CardContext): boolean {
    if (el.omit_on?.includes(this.env.size)) return false;
    if (el.if && !present(lookup(ctx, el.if))) return false;
    if (el.unless && present(lookup(ctx, el.unless))) return false;
    return true;
  }

  private colour(value: string, ctx: CardContext, tint?: number): string {
    const hex = themeColour(this.env.theme, fill(value, ctx));
    return tint ? mix(hex, this.env.theme.colours.paper ?? '#ffffff', tint) : hex;
  }

  private layElement(el: Element, ctx: CardContext, s: Scaler, items: DisplayItem[], shrunk: ShrinkRecord[], side: string): void {
    const bleed = this.env.theme.bleed;
    switch (el.kind) {
      case 'rect': {
        let { x, y, w, h } = s.box(el.box);
        if (el.bleed) {
          // Sides that touch the trim run on into the bleed.
          const [W, H] = this.dims;
          if (x <= 0.01) {
            w += x + bleed;
            x = -bleed;
          }
          if (y <= 0.01) {
            h += y + bleed;
            y = -bleed;
          }
          if (x + w >= W - 0.01) w = W + bleed - x;
          if (y + h >= H - 0.01) h = H + bleed - y;
        }
        items.push({
          kind: 'rect',
          x,
          y,
          w,
          h,
          ...(el.fill ? { fill: this.colour(el.fill, ctx, el.tint) } : {}),
          ...(el.stroke ? { stroke: this.colour(el.stroke, ctx, el.tint), line: el.line ?? 0.5 } : {}),
          ...(el.radius ? { radius: el.radius * s.sf } : {}),
          ...(el.dash ? { dash: el.dash } : {}),
        });
        return;
      }
      case 'circle':
        items.push({
          kind: 'circle',
          cx: s.x(el.centre[0]),
          cy: s.y(el.centre[1]),
          r: el.r * s.sf,
          ...(el.fill ? { fill: this.colour(el.fill, ctx, el.tint) } : {}),
          ...(el.stroke ? { stroke: this.colour(el.stroke, ctx, el.tint), line: el.line ?? 0.5 } : {}),
        });
        return;
      case 'line':
        items.push({
          kind: 'line',
          x1: s.x(el.from[0]),
          y1: s.y(el.from[1]),
          x2: s.x(el.to[0]),
          y2: s.y(el.to[1]),
          stroke: this.colour(el.stroke ?? 'rule', ctx, el.tint),
          line: el.line ?? 0.5,
          ...(el.dash ? { dash: el.dash } : {}),
        });
        return;
      case 'icon': {
        const name = fill(el.icon, ctx);
        if (!name) return;
        if (!iconExists(name)) {
          throw new BuildError(
            `there is no icon called “${name}” (wanted by ${describe(ctx.card)})`,
            'icon names come from game-icons.net, e.g. "castle", "quill-ink"; fix the emblem or icon in game.yaml',
            ctx.card.id,
          );
        }
        const b = s.box(el.box);
        const size = Math.min(b.w, b.h);
        items.push({
          kind: 'icon',
          name,
          x: b.x + (b.w - size) / 2,
          y: b.y + (b.h - size) / 2,
          size,
          fill: this.colour(el.fill, ctx, el.tint),
          ...(el.rotate ? { rotate: el.rotate } : {}),
        });
        return;
      }
      case 'image': {
        const b = s.box(el.box);
        const key = this.env.imageKey(ctx.card, b);
        if (!key) return;
        items.push({ kind: 'image', key, ...{ x: b.x, y: b.y, w: b.w, h: b.h } });
        if (el.frame) items.push({ kind: 'rect', x: b.x, y: b.y, w: b.w, h: b.h, stroke: this.colour(el.frame, ctx), line: el.line ?? 0.5 });
        return;
      }
      case 'effects': {
        const card = ctx.card as Card & { effects?: Effect[]; effects_text?: string[] };
        const effects = card.effects ?? [];
        if (effects.length === 0) return;
        const captions = card.effects_text ?? [];
        for (const c of captions) checkGlyphs(c, el.caption.font as FontName, undefined, card, el.name);
        const laid = layEffectLines(
          effects,
          captions,
          card,
          { game: this.env.game, theme: this.env.theme, colour: (v) => this.colour(v, ctx) },
          {
            box: s.box(el.box),
            icon: el.icon * s.sf,
            colour: this.colour(el.colour, ctx),
            numeral: { font: el.numeral.font as FontName, size: el.numeral.size * s.sf, fill: this.colour(el.numeral.colour ?? 'ink', ctx) },
            caption: {
              font: el.caption.font as FontName,
              size: el.caption.size * s.sf,
              min: (el.caption.min ?? el.caption.size) * s.sf,
              fill: this.colour(el.caption.colour ?? 'ink', ctx),
              leading: el.caption.leading ?? 1.15,
            },
            gap: el.gap * s.sy,
          },
        );
        if ('needs' in laid)
          throw new BuildError(
            `${describe(card)} does not fit on its card: “${el.name}” ${roomWords(laid.needs, s.box(el.box).h)}`,
            `give “${card.id}” fewer or shorter effects, or give the ${el.name} more room in templates/layouts/${card.type}.yaml`,
            card.id,
            undefined,
            { element: el.name, side: side === 'back' ? 'back' : 'face', kind: 'room', reason: roomWords(laid.needs, s.box(el.box).h) },
          );
        items.push(...laid.items);
        return;
      }
      case 'text':
      case 'stack': {
        const blocks: BlockSpec[] = [];
        const sources: StackBlock[] =
          el.kind === 'stack'
            ? el.items
            : [
                {
                  kind: 'text',
                  name: el.name,
                  text: el.text,
                  style: el.style,
                  ...(el.each ? { each: el.each } : {}),
                  ...(el.paragraph_gap !== undefined ? { paragraph_gap: el.paragraph_gap } : {}),
                  ...(el.bullet ? { bullet: el.bullet } : {}),
                },
              ];
        for (const src of sources) {
          if (!this.shown(src, ctx)) continue;
          const spec = this.block(src, ctx, s);
          if (spec) blocks.push(spec);
        }
        if (blocks.length === 0) return;
        const box = s.box(el.box);
        const fitted = fitBlocks(blocks, box, el.valign ?? (el.kind === 'stack' ? 'middle' : 'top'));
        if (!fitted.ok) {
          const fields = fitted.fields.map((f) => `“${f}”`).join(', ');
          throw new BuildError(
            `${describe(ctx.card)} does not fit on its ${side === 'back' ? 'back' : 'card'}: ${fields} — ${fitted.reason}${AT_SMALLEST}`,
            // A pack's card is the teacher's to shorten; the layouts are the game's own.
            ctx.card.pack !== 'base'
              ? `shorten the ${fitted.fields.join(' or ')} of “${ctx.card.id}”`
              : `shorten the ${fitted.fields.join(' or ')} of “${ctx.card.id}”, or give it more room in templates/layouts/${ctx.card.type}.yaml`,
            ctx.card.id,
            undefined,
            {
              element: fitted.fields[0] ?? el.name ?? el.kind,
              ...(fitted.fields.length > 1 ? { fields: fitted.fields } : {}),
              side: side === 'back' ? 'back' : 'face',
              kind: 'room',
              reason: `${fitted.reason}${AT_SMALLEST}`,
            },
          );
        }
        items.push(...fitted.items);
        for (const r of fitted.shrunk) shrunk.push({ card: ctx.card.id, ...r });
        return;
      }
    }
  }

  private block(src: StackBlock, ctx: CardContext, s: Scaler): BlockSpec | undefined {
    if (src.kind === 'rule') {
      if (src.ornament) checkGlyphs(src.ornament, 'serif', undefined, ctx.card, `${src.kind} ornament`);
      return {
        kind: 'rule',
        width: src.width * s.sx,
        height: src.height * s.sy,
        spaceBefore: (src.space_before ?? 0) * s.sy,
        line: src.line,
        colour: this.colour(src.colour, ctx),
        ...(src.ornament ? { ornament: src.ornament } : {}),
        ornamentSize: (src.ornament_size ?? 9) * s.sf,
        ornamentFont: 'serif',
        ...(src.ornament_colour ? { ornamentColour: this.colour(src.ornament_colour, ctx) } : {}),
      };
    }
    const style: TextStyle = src.style;
    const list = src.each ? lookup(ctx, src.each) : undefined;
    const entries = src.each ? (Array.isArray(list) ? list : []) : [undefined];
    const paragraphs = entries
      .map((entry) => fill(src.text, entry === undefined ? ctx : { ...ctx, item: entry }).trim())
      .map((t) => (style.case === 'upper' ? t.toUpperCase() : style.case === 'lower' ? t.toLowerCase() : t))
      .filter((t) => t.length > 0);
    if (paragraphs.length === 0) return undefined;
    const font = style.font as FontName;
    const rich = style.rich ? { bold: (style.bold ?? 'serif-bold') as FontName, italic: (style.italic ?? 'serif-italic') as FontName } : undefined;
    for (const p of paragraphs) checkGlyphs(p, font, rich, ctx.card, src.name);
    const size = style.size * s.sf;
    const spec: TextBlockSpec = {
      kind: 'text',
      name: src.name,
      paragraphs,
      font,
      size,
      min: Math.min(style.min ?? style.size, size),
      fill: this.colour(style.colour ?? 'ink', ctx),
      align: style.align ?? 'left',
      leading: style.leading ?? 1.2,
      ...(style.features ? { features: style.features } : {}),
      tracking: style.tracking ?? 0,
      ...(style.max_lines ? { maxLines: style.max_lines } : {}),
      balance: style.balance ?? false,
      ...(rich ? { rich } : {}),
      spaceBefore: (src.space_before ?? 0) * s.sy,
      paragraphGap: (src.paragraph_gap ?? 0) * s.sy,
      ...(src.bullet ? { bullet: src.bullet } : {}),
      ...(style.align === 'justify' ? { typesetting: this.env.theme.typesetting } : {}),
      ...(style.keep_size ? { keepSize: true } : {}),
    };
    return spec;
  }
}

function describe(card: Card): string {
  return `the ${card.type.replace('-', ' ')} card “${clipped(card.title)}” (${card.id}, ${card.code})`;
}

/** Texts found printable, by their faces: a card's paragraphs are checked again on every card size. */
const printable = new Set<string>();

function checkGlyphs(text: string, font: FontName, rich: { bold: FontName; italic: FontName } | undefined, card: Card, field: string): void {
  const key = `${font}\u0000${rich ? `${rich.bold}\u0000${rich.italic}` : ''}\u0000${text}`;
  if (printable.has(key)) return;
  const plain = rich ? text.replace(/\*+/g, '') : text;
  const [first] = missingGlyphs(plain, rich ? [font, rich.bold, rich.italic] : [font]);
  if (!first) printable.add(key);
  else {
    const { char: ch, face: f } = first;
    throw new BuildError(
      `${describe(card)}: the ${field} uses “${ch}” (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), which the ${f} typeface cannot print`,
      `replace “${ch}” in the ${field} of “${card.id}” with a character the typeface has (plain letters, accents, ’ “ ” – — … are all fine)`,
      card.id,
    );
  }
}

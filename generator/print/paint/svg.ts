// Paints a display list as SVG for sharp to rasterise (print-shop PNGs, Tabletop Simulator
// sheets). Text is drawn as the font's own glyph outlines placed exactly as pdfkit places
// them, so the PNG shows the same card as the PDF without any system fonts installed.
import { fontFace, type FontName } from '../fonts.js';
import { iconPath, ICON_SIZE } from '../icons.js';
import { placeGlyphs } from '../layout/shape.js';
import { cached } from '../memo.js';
import type { DisplayItem, DisplayList, ProcessedImage } from '../layout/display-list.js';
import { PT } from '../layout/fit.js';

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();
// Scale factors are tiny (a glyph unit is about 0.0025 mm): they keep significant digits, not
// decimals, or every glyph would be drawn up to a sixth too large or too small.
const scale = (v: number) => Number(v.toPrecision(6)).toString();

const glyphPaths = new Map<string, string>();
function glyphPath(font: FontName, id: number): string {
  return cached(glyphPaths, `${font}:${id}`, () => fontFace(font).getGlyph(id).path.toSVG());
}

export interface SvgView {
  /** The part of the card to show, mm from the trim corner (the bleed box or the trim). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Output size in pixels. */
  widthPx: number;
  heightPx: number;
}

export function cardSvg(list: DisplayList, view: SvgView, images: Map<string, ProcessedImage>): string {
  const defs = new Map<string, string>();
  const body: string[] = [];
  body.push(`<rect x="${n(view.x)}" y="${n(view.y)}" width="${n(view.w)}" height="${n(view.h)}" fill="${list.background}"/>`);
  for (const it of list.items) body.push(item(it, defs, images));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${view.widthPx}" height="${view.heightPx}" viewBox="${n(view.x)} ${n(view.y)} ${n(view.w)} ${n(view.h)}">` +
    `<defs>${[...defs.values()].join('')}</defs>${body.join('')}</svg>`
  );
}

function paint(fill?: string, stroke?: string, line?: number, dash?: [number, number]): string {
  let s = `fill="${fill ?? 'none'}"`;
  if (stroke) s += ` stroke="${stroke}" stroke-width="${n((line ?? 0.5) * PT)}"`;
  if (stroke && dash) s += ` stroke-dasharray="${n(dash[0])} ${n(dash[1])}"`;
  return s;
}

function item(it: DisplayItem, defs: Map<string, string>, images: Map<string, ProcessedImage>): string {
  switch (it.kind) {
    case 'rect':
      return `<rect x="${n(it.x)}" y="${n(it.y)}" width="${n(it.w)}" height="${n(it.h)}"${it.radius ? ` rx="${n(it.radius)}"` : ''} ${paint(it.fill, it.stroke, it.line, it.dash)}/>`;
    case 'circle':
      return `<circle cx="${n(it.cx)}" cy="${n(it.cy)}" r="${n(it.r)}" ${paint(it.fill, it.stroke, it.line)}/>`;
    case 'line':
      return `<line x1="${n(it.x1)}" y1="${n(it.y1)}" x2="${n(it.x2)}" y2="${n(it.y2)}" ${paint(undefined, it.stroke, it.line, it.dash)}/>`;
    case 'icon': {
      const id = `i-${it.name}`;
      if (!defs.has(id)) defs.set(id, `<path id="${id}" d="${iconPath(it.name)}"/>`);
      const k = it.size / ICON_SIZE;
      const rot = it.rotate ? `rotate(${it.rotate} ${n(it.x + it.size / 2)} ${n(it.y + it.size / 2)}) ` : '';
      return `<use href="#${id}" xlink:href="#${id}" fill="${it.fill}" transform="${rot}translate(${n(it.x)} ${n(it.y)}) scale(${scale(k)})"/>`;
    }
    case 'image': {
      const img = images.get(it.key);
      if (!img) throw new Error(`image ${it.key} was not prepared`);
      return `<image x="${n(it.x)}" y="${n(it.y)}" width="${n(it.w)}" height="${n(it.h)}" preserveAspectRatio="none" href="data:image/jpeg;base64,${Buffer.from(img.jpeg).toString('base64')}"/>`;
    }
    case 'text': {
      const face = fontFace(it.font);
      const k = (it.size * PT) / face.unitsPerEm;
      const glyphs = placeGlyphs(
        it.text,
        { font: it.font, size: it.size, ...(it.features ? { features: it.features } : {}), ...(it.tracking ? { tracking: it.tracking } : {}) },
        it.wordSpacing ?? 0,
      );
      const uses: string[] = [];
      for (const g of glyphs) {
        const id = `g-${it.font}-${g.glyph.id}`;
        if (!defs.has(id)) {
          const d = glyphPath(it.font, g.glyph.id);
          if (!d) continue; // a space has no outline
          defs.set(id, `<path id="${id}" d="${d}"/>`);
        }
        uses.push(
          `<use href="#${id}" xlink:href="#${id}" transform="translate(${n(it.x + g.x * PT)} ${n(it.y - g.dy * PT)}) scale(${scale(k)} ${scale(-k)})"/>`,
        );
      }
      return `<g fill="${it.fill}">${uses.join('')}</g>`;
    }
  }
}

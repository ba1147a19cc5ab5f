// The outlines the raster painter fills, each read once per process: a glyph's from its font
// (font units, y up), an icon's from its SVG path data (its 512-unit square, y down).
import { fontFace, type FontName } from '../fonts.js';
import { glyphCommands } from '../fontkit-adapter.js';
import { iconPath } from '../icons.js';
import { cached } from '../memo.js';
import { CLOSE, CUBIC, LINE, MOVE, QUAD, type Outline } from './shape.js';
import { svgPathOutline } from './svg-path.js';

const OPS: Record<string, number> = { moveTo: MOVE, lineTo: LINE, quadraticCurveTo: QUAD, bezierCurveTo: CUBIC, closePath: CLOSE };

const glyphs = new Map<string, Outline>();
export function glyphOutline(font: FontName, id: number): Outline {
  return cached(glyphs, `${font}:${id}`, () => {
    const out: number[] = [];
    for (const c of glyphCommands(fontFace(font).getGlyph(id))) {
      const op = OPS[c.command];
      if (op === undefined) throw new Error(`a glyph outline uses ${c.command}, which the raster painter does not draw`);
      out.push(op, ...c.args);
    }
    return Float64Array.from(out);
  });
}

const icons = new Map<string, Outline>();
export function iconOutline(name: string): Outline {
  return cached(icons, name, () => {
    const d = iconPath(name);
    if (!d) throw new Error(`unknown icon ${name}`);
    return svgPathOutline(d);
  });
}

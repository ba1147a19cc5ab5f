// Reads SVG path data (the `d` of game-icons.net's icons) into an Outline: every command of
// SVG 1.1 §8.3 — absolute and relative moves, lines, horizontals and verticals, cubic and
// quadratic curves with their smooth shorthands, elliptical arcs (turned into cubic curves by the
// endpoint-to-centre conversion of the SVG implementation notes, §F.6.5) and close.
import { CLOSE, CUBIC, LINE, MOVE, QUAD, type Outline } from './shape.js';

const TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

export function svgPathOutline(d: string): Outline {
  const out: number[] = [];
  const tokens = d.match(TOKEN) ?? [];
  let i = 0;
  let cmd = '';
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  // The last control point, reflected by the smooth shorthands S and T.
  let cx = 0;
  let cy = 0;
  let last = '';
  // Where a relative command's numbers count from: the current point, or 0 for an absolute one.
  let ox = 0;
  let oy = 0;
  const num = () => Number(tokens[i++]);
  /** The rest of a cubic curve after its first control point: the second (kept for S) and the end. */
  const cubicFrom = (c1x: number, c1y: number) => {
    cx = ox + num();
    cy = oy + num();
    x = ox + num();
    y = oy + num();
    out.push(CUBIC, c1x, c1y, cx, cy, x, y);
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    else if (cmd === '') throw new Error(`SVG path data starts with a number: ${d.slice(0, 40)}`);
    const lower = cmd.toLowerCase();
    const rel = cmd !== cmd.toUpperCase();
    ox = rel ? x : 0;
    oy = rel ? y : 0;
    if (lower !== 'z' && i + ARGS[lower]! > tokens.length) break;
    switch (lower) {
      case 'm':
        x = ox + num();
        y = oy + num();
        sx = x;
        sy = y;
        out.push(MOVE, x, y);
        // Further pairs after a move are lines.
        cmd = rel ? 'l' : 'L';
        break;
      case 'l':
        x = ox + num();
        y = oy + num();
        out.push(LINE, x, y);
        break;
      case 'h':
        x = ox + num();
        out.push(LINE, x, y);
        break;
      case 'v':
        y = oy + num();
        out.push(LINE, x, y);
        break;
      case 'c': {
        const c1x = ox + num();
        cubicFrom(c1x, oy + num());
        break;
      }
      case 's': {
        const smooth = last === 'c' || last === 's';
        cubicFrom(smooth ? 2 * x - cx : x, smooth ? 2 * y - cy : y);
        break;
      }
      case 'q':
        cx = ox + num();
        cy = oy + num();
        x = ox + num();
        y = oy + num();
        out.push(QUAD, cx, cy, x, y);
        break;
      case 't': {
        const smooth = last === 'q' || last === 't';
        cx = smooth ? 2 * x - cx : x;
        cy = smooth ? 2 * y - cy : y;
        x = ox + num();
        y = oy + num();
        out.push(QUAD, cx, cy, x, y);
        break;
      }
      case 'a': {
        const rx = num();
        const ry = num();
        const angle = num();
        const large = num() !== 0;
        const sweep = num() !== 0;
        const ex = ox + num();
        const ey = oy + num();
        arc(out, x, y, rx, ry, angle, large, sweep, ex, ey);
        x = ex;
        y = ey;
        break;
      }
      case 'z':
        out.push(CLOSE);
        x = sx;
        y = sy;
        break;
    }
    last = lower;
  }
  return Float64Array.from(out);
}

/** An elliptical arc from (x1, y1) to (x2, y2) as cubic curves of at most a quarter turn each. */
function arc(out: number[], x1: number, y1: number, rxIn: number, ryIn: number, degrees: number, large: boolean, sweep: boolean, x2: number, y2: number): void {
  if (x1 === x2 && y1 === y2) return;
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) {
    out.push(LINE, x2, y2);
    return;
  }
  const phi = (degrees * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  // F.6.5.1: the midpoint in the ellipse's own axes.
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  // F.6.6: radii too small to reach are scaled up just enough.
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  // F.6.5.2: the centre.
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const root = Math.sqrt(Math.max(0, num / den)) * (large === sweep ? -1 : 1);
  const cxp = (root * rx * y1p) / ry;
  const cyp = (-root * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  // F.6.5.5–6: the start angle and the sweep.
  const angleOf = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angleOf(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angleOf((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9);
  const step = delta / parts;
  // A quarter circle's cubic: control points 4/3·tan(θ/4) along the tangents.
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => {
    const ex = rx * Math.cos(t);
    const ey = ry * Math.sin(t);
    return [cos * ex - sin * ey + cx, sin * ex + cos * ey + cy] as const;
  };
  const tangent = (t: number) => {
    const ex = -rx * Math.sin(t);
    const ey = ry * Math.cos(t);
    return [cos * ex - sin * ey, sin * ex + cos * ey] as const;
  };
  for (let p = 0; p < parts; p++) {
    const a = theta + p * step;
    const b = a + step;
    const [ax, ay] = point(a);
    const [bx, by] = p === parts - 1 ? [x2, y2] : point(b);
    const [tax, tay] = tangent(a);
    const [tbx, tby] = tangent(b);
    out.push(CUBIC, ax + k * tax, ay + k * tay, bx - k * tbx, by - k * tby, bx, by);
  }
}

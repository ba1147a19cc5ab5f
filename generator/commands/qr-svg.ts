// A QR code as a small SVG file, for the tablet to show each phone's address: one path of dark
// modules on white, with the quiet zone scanners need around it. Drawn here by the server, which
// is the only place phones can join through, so the page itself carries no QR code maker.
import { generate } from 'lean-qr';

const QUIET = 3;

export function qrSvg(text: string): string {
  const code = generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  const side = code.size + 2 * QUIET;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

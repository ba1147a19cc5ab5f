// A QR code drawn as one SVG path (lean-qr makes the modules), for a phone's camera to scan off
// the tablet's screen. Dark on white with the quiet zone scanners need around it.
import { generate } from 'lean-qr';
import { html, svg, type TemplateResult } from 'lit';

const QUIET = 3;

export function qrCode(text: string, label: string): TemplateResult {
  const code = generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  const side = code.size + 2 * QUIET;
  return html`<svg class="qr" viewBox="0 0 ${side} ${side}" role="img" aria-label=${label} shape-rendering="crispEdges">
    ${svg`<rect width=${side} height=${side} fill="#fff"></rect><path d=${d} fill="#000"></path>`}
  </svg>`;
}

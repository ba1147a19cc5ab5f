// A QR code drawn with text, to scan from the terminal: two rows of modules per line with half
// blocks. Light modules are drawn, dark ones left blank, so on the usual light-on-dark terminal
// the code comes out dark on light, with the quiet zone around it that scanners need.
import { generate } from 'lean-qr';

const QUIET = 2;

export function terminalQr(text: string): string {
  const code = generate(text);
  const light = (x: number, y: number) => x < 0 || y < 0 || x >= code.size || y >= code.size || !code.get(x, y);
  const lines: string[] = [];
  for (let y = -QUIET; y < code.size + QUIET; y += 2) {
    let line = '';
    for (let x = -QUIET; x < code.size + QUIET; x++) {
      const top = light(x, y);
      const bottom = light(x, y + 1);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(line);
  }
  return lines.join('\n');
}

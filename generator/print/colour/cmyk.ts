// sRGB to press CMYK for the print shops that want it (DriveThruCards): grey component
// replacement — the black plate carries the darkness, so dark browns and greys print from K rather
// than from three inks on top of each other — and a total ink limit (the shop's 240 %), above which
// the cyan, magenta and yellow give way and the black stays. Not colour-managed: the shop's own
// RIP converts to its press from the output intent the PDF declares (CGATS TR 001, SWOP coated).
export const INK_LIMIT = 240; // per cent, the four plates added up

/** [c, m, y, k] in per cent, within the ink limit. */
export function toCmyk(hex: string): [number, number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((x) => x / 255) as [number, number, number];
  const k = 1 - Math.max(r, g, b);
  if (k >= 1 - 1e-9) return [0, 0, 0, 100];
  let [c, m, y] = [r, g, b].map((x) => (1 - x - k) / (1 - k)) as [number, number, number];
  const total = (c + m + y + k) * 100;
  if (total > INK_LIMIT) {
    const room = INK_LIMIT / 100 - k;
    const scale = room / (c + m + y);
    c *= scale;
    m *= scale;
    y *= scale;
  }
  // Rounded down to a tenth of a per cent, so the rounding never takes a colour over the limit.
  const pct = (x: number) => Math.floor(x * 1000) / 10;
  return [pct(c), pct(m), pct(y), pct(k)];
}

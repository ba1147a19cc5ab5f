// Control and format characters (direction marks and overrides, zero-width joiners and spaces, a
// byte-order mark): refused even where a face has a glyph for them, since pasted in from
// elsewhere they print as gaps or turn text around. A line break and a soft hyphen (the
// typesetter's own mark) are not among them. Shared by validate (check-glyphs.ts) and the
// layouts (fonts.ts: missingGlyphs), so the two always agree.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export function isInvisible(char: string): boolean {
  return char !== '\n' && char !== '\u00ad' && INVISIBLE.test(char);
}

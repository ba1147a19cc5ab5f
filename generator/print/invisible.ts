// Control and format characters (direction marks and overrides, zero-width joiners and spaces, a
// byte-order mark): refused even where a face has a glyph for them, since pasted in from
// elsewhere they print as gaps or turn text around. A line break and a soft hyphen (the
// typesetter's own mark) are not among them. Shared by validate (check-glyphs.ts) and the
// layouts (fonts.ts: missingGlyphs), so the two always agree.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export function isInvisible(char: string): boolean {
  return char !== '\n' && char !== '\u00ad' && INVISIBLE.test(char);
}

/** What an invisible character is, and what to write instead: said so a teacher knows where it came from. */
export function invisibleHint(char: string): string {
  const code = codePoint(char);
  if (char === '\t') return `${code} is a tab, which a card cannot print: write a space instead`;
  if (/[\r\v\f\u0085\u2028\u2029]/.test(char)) return `${code} is a line or page break from another program, which a card cannot print: write a space instead`;
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(char)) return `${code} is an invisible direction mark (it can reverse or hide text): delete it`;
  if (/[\u200b-\u200d\u2060\ufeff]/.test(char))
    return `${code} is an invisible zero-width character, often pasted in with text from a web page or a word processor: delete it`;
  return `${code} is an invisible control character: delete it`;
}

/** A character's code point as a teacher is shown it: "U+200B". */
export function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

// Letters as the printed marks and codes take them: A–Z and 0–9 only. A teacher's "ÉA" or "Ærø"
// is folded to the nearest plain letters ("EA", "AERO"), for a default mark made from a name and
// for the mark suggested when one is refused.

/** Letters that no accent removal turns plain: written out as they are usually spelt without them. */
const SPELT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
};

/** The text with its accents taken off and its other letters spelt plainly; marks and spaces are kept. */
export function plainLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßẞÆæŒœØøŁłĐđÞþı]/g, (c) => SPELT[c]!);
}

/**
 * The mark nearest to one written with other signs: "ÉA" → "EA", "L.C." and "Lower Saxony" → "LC"
 * and "LS" (several words give their initials); empty when nothing plain is left ("中文").
 */
export function plainMark(text: string): string {
  const words = plainLetters(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return (words.length > 1 ? words.map((w) => w[0]!.toUpperCase()).join('') : (words[0] ?? '')).slice(0, 4);
}

/** A pack's default mark: the initials of its name's main words ("The Low Countries" → "LC", "École Élémentaire de Lyon" → "EEL"). */
export function initialsOf(name: string): string {
  const words = plainLetters(name)
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && !/^(the|a|an|of|and|de|la|le)$/i.test(w));
  return (words.map((w) => w[0]!.toUpperCase()).join('') || 'P').slice(0, 3);
}

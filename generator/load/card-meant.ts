// A card named by its title, or by part of its id, where its id belongs ("replaces: First Folio",
// "replaces: first-folio"): the card most likely meant, so the message can give the id to write.

export interface NamedCard {
  id: string;
  title: string;
}

/** Lower case, accents and punctuation gone, words separated by single spaces. */
function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The one card whose title or id is, or holds as whole words, what was written; undefined when none or several do. */
export function cardMeant(written: string, cards: readonly NamedCard[]): NamedCard | undefined {
  const w = fold(written);
  if (w === '') return undefined;
  const exact = cards.filter((c) => fold(c.title) === w || fold(c.title).replace(/^(the|a|an) /, '') === w || fold(c.id) === w);
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return undefined;
  const inside = cards.filter((c) => ` ${fold(c.title)} `.includes(` ${w} `) || ` ${fold(c.id)} `.includes(` ${w} `));
  return inside.length === 1 ? inside[0] : undefined;
}

/** The hint for a card written where its id belongs, or undefined. */
export function cardIdHint(written: string, cards: readonly NamedCard[]): string | undefined {
  const c = cardMeant(written, cards);
  return c ? `write '${c.id}': that is the id of the card “${c.title}”` : undefined;
}

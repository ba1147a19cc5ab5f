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

/**
 * The hint for a card's printed code written where its id belongs ("replaces: BK-GER-17-2"), in
 * any case; undefined when it does not look like one. Codes are given out in deck order when the
 * game is put together, so the command that lists them is named rather than a guess.
 */
export function codeHint(written: string): string | undefined {
  const w = written.trim();
  if (!/^[a-z]{1,4}(?:-[a-z0-9]{1,4})*-\d{1,3}$/i.test(w) || !/[a-z]-/i.test(w)) return undefined;
  return `'${w}' looks like the code printed on a card, not its id: run  codex-conquest cards ${w.toUpperCase()}  to see the card's id, and write that`;
}

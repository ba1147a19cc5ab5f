// Signs that a content file was cut short — a copy or a save that stopped part way. YAML cut
// between two cards, or inside a card's last value, can still be well formed, and the cards
// before the cut still valid; only what is missing gives it away:
// - a card's prose (note, text, or the last of its lines) that does not end as a sentence ends
//   with a full stop, a question or exclamation mark, an ellipsis, perhaps then a closing quote
//   or bracket;
// - the file's last card lacks a field that every other card of its kind in the file has.
// Both are warnings, at the place to look: the build can go on, the teacher should check.
import type { DiagnosticList } from './diagnostic.js';
import type { Layer, SourcedCard } from './layer.js';
import { placeAt } from './read-yaml.js';

/** Fields written as sentences in every card type that has them. */
const PROSE = ['note', 'text'] as const;
const ENDS_AS_SENTENCE = /[.!?…](["'”’»)\]]*)$/;
/** Below this many cards of a kind in a file, "every other card has it" says little. */
const MIN_CARDS_FOR_FIELDS = 5;

const linesOf = (card: SourcedCard): string[] =>
  Array.isArray(card.value.lines) ? (card.value.lines as unknown[]).filter((l): l is string => typeof l === 'string') : [];
/** A line ends as a sentence, Markdown's closing ** aside. */
const sentence = (line: string) => ENDS_AS_SENTENCE.test(line.trim().replace(/\*+$/, ''));

export function checkTruncation(layers: Layer[], diags: DiagnosticList): void {
  for (const layer of layers) {
    for (const card of layer.cards) {
      for (const field of PROSE) {
        const value = card.value[field];
        if (typeof value !== 'string' || ENDS_AS_SENTENCE.test(value.trim())) continue;
        const end = value.trim().split(/\s+/).slice(-3).join(' ');
        diags.warn(
          placeAt(card.file, [...card.path, field]),
          `this ${field} does not end as a sentence (“…${end}”): was the file cut short here?`,
          `finish the sentence with a full stop, and check that the rest of ${card.file.file} is there`,
        );
      }
      // A card written as lines (a reference card): where the file was cut, its last line is —
      // said when every other line of the file's cards ends as a sentence and this one does not.
      const lines = linesOf(card);
      const last = lines[lines.length - 1];
      if (last === undefined || sentence(last)) continue;
      const rest = [...lines.slice(0, -1), ...layer.cards.filter((c) => c !== card && c.file === card.file).flatMap(linesOf)];
      if (rest.length > 1 && rest.every(sentence)) {
        const end = last.trim().split(/\s+/).slice(-3).join(' ');
        diags.warn(
          placeAt(card.file, [...card.path, 'lines', (lines as unknown[]).length - 1]),
          `the last line of this card does not end as a sentence (“…${end}”): was the file cut short here?`,
          `finish the line with a full stop, and check that the rest of ${card.file.file} is there`,
        );
      }
    }
    // The last card of each kind in each file, against the other cards of that kind there.
    const byFileAndKind = new Map<string, SourcedCard[]>();
    for (const card of layer.cards) {
      const key = `${card.file.file}\u0000${card.def.key}`;
      byFileAndKind.set(key, [...(byFileAndKind.get(key) ?? []), card]);
    }
    for (const cards of byFileAndKind.values()) {
      if (cards.length < MIN_CARDS_FOR_FIELDS) continue;
      const last = cards[cards.length - 1]!;
      const others = cards.slice(0, -1);
      const missing = Object.keys(others[0]!.value).filter((f) => !(f in last.value) && others.every((c) => f in c.value));
      if (missing.length === 0) continue;
      const names = missing.map((f) => `'${f}'`).join(', ');
      diags.warn(
        placeAt(last.file, last.path),
        `the last ${last.def.label} of this file has no ${names}, which every other ${last.def.label} here has: was the file cut short?`,
        `add ${missing.length === 1 ? 'it' : 'them'} to '${last.value.id}', and check that no cards are missing after it`,
      );
    }
  }
}

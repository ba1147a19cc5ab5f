// Signs that a content file was cut short — a copy or a save that stopped part way. YAML cut
// between two cards, or inside a card's last value, can still be well formed, and the cards
// before the cut still valid; only what is missing gives it away:
// - a card's prose (note, text, or the last of its lines) that does not end as a sentence ends
//   with a full stop, a question or exclamation mark, an ellipsis, perhaps then a closing quote
//   or bracket;
// - the file's last card lacks a field that every other card of its kind in the file has, or has
//   a shorter list (effects, lines) than every other card of its kind there — a cut inside the list;
// - the file stops in the middle of a line (no line break after its last line) where every other
//   file of the folder ends with one: a cut inside a line always looks like that, even one that
//   happens to fall just after a full stop.
// All are warnings, at the place to look: the build can go on, the teacher should check. Decks
// smaller than the dice need (check-counts.ts) catch a cut between two cards of the chance deck.
import type { DiagnosticList } from './diagnostic.js';
import type { Layer, SourcedCard } from './layer.js';
import { placeAt, placeOf, type YamlFile } from './read-yaml.js';
import { holdsYaml } from './yaml-traps.js';

/** Fields written as sentences in every card type that has them. */
const PROSE = ['note', 'text'] as const;
const ENDS_AS_SENTENCE = /[.!?…](["'”’»)\]]*)$/;
/** Below this many cards of a kind in a file, "every other card has it" says little. */
const MIN_CARDS_FOR_FIELDS = 5;
/** Below this many other cards of a kind in a file, "every other card's list is longer" says little. */
const MIN_OTHERS_FOR_LISTS = 3;

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
      if (cards.length < MIN_CARDS_FOR_FIELDS) {
        if (cards.length > 1) shortList(cards.at(-1)!, cards.slice(0, -1), diags);
        continue;
      }
      const last = cards[cards.length - 1]!;
      const others = cards.slice(0, -1);
      const missing = Object.keys(others[0]!.value).filter((f) => !(f in last.value) && others.every((c) => f in c.value));
      if (missing.length === 0) {
        shortList(last, others, diags);
        continue;
      }
      const names = missing.map((f) => `'${f}'`).join(', ');
      diags.warn(
        placeAt(last.file, last.path),
        `the last ${last.def.label} of this file has no ${names}, which every other ${last.def.label} here has: was the file cut short?`,
        `add ${missing.length === 1 ? 'it' : 'them'} to '${last.value.id}', and check that no cards are missing after it`,
      );
    }
  }
  unfinishedLines(layers, diags);
}

/**
 * The last card's list (its effects, or a reference card's lines) shorter than that of every other
 * card of its kind in the file: the file cut inside the list, after a whole item. Reference cards
 * are compared with those of the same kind (order of play, objectives).
 */
function shortList(last: SourcedCard, others: SourcedCard[], diags: DiagnosticList): void {
  // A reference card is shaped like the other editions' card of its kind: one of them is enough.
  const alike = last.def.type === 'reference' ? others.filter((c) => c.value.kind === last.value.kind) : [];
  const compared = alike.length > 0 ? alike : others;
  if (alike.length === 0 && compared.length < MIN_OTHERS_FOR_LISTS) return;
  for (const field of ['effects', 'lines'] as const) {
    const mine = last.value[field];
    if (!Array.isArray(mine) || mine.length === 0) continue;
    const theirs = compared.map((c) => c.value[field]);
    if (!theirs.every(Array.isArray)) continue;
    const fewest = Math.min(...(theirs as unknown[][]).map((l) => l.length));
    if (mine.length >= fewest) continue;
    const item = field === 'effects' ? ['effect', 'effects'] : ['line', 'lines'];
    // "the other objectives card", "every other world event": as the cards are called.
    const kindName = alike.length > 0 ? `${last.value.kind === 'order' ? 'order of operations' : String(last.value.kind)} card` : last.def.label;
    const them = compared.length === 1 ? `the other ${kindName} here has ${fewest}` : `every other ${kindName} here has ${fewest} or more`;
    diags.warn(
      placeAt(last.file, [...last.path, field, mine.length - 1]),
      `the last ${last.def.label} of this file has ${mine.length} ${mine.length === 1 ? item[0] : item[1]}, where ${them}: was the file cut short after this line?`,
      `check that the rest of '${last.value.id}' and of ${last.file.file} is there`,
    );
  }
}

/**
 * A file that stops in the middle of a line, where every other file of its folder ends with a
 * line break: the way a file cut inside a line looks, wherever the cut fell. (A folder whose files
 * all end without one was written by an editor that leaves it off, and says nothing.)
 */
function unfinishedLines(layers: Layer[], diags: DiagnosticList): void {
  for (const layer of layers) {
    const ends = (f: YamlFile) => f.source.length === 0 || f.source.endsWith('\n');
    const open = layer.files.filter((f) => !ends(f));
    if (open.length !== 1 || layer.files.length < 3) continue;
    const f = open[0]!;
    const start = f.source.lastIndexOf('\n') + 1;
    const line = f.source.slice(start);
    if (!holdsYaml(line)) continue;
    const end = line.trim().split(/\s+/).slice(-3).join(' ');
    diags.warn(
      // From the line's first character to the end of the file: the last line, as far as it goes.
      placeOf(f, start + line.length - line.trimStart().length, f.source.length),
      `this file stops in the middle of its last line (“…${end}”), where every other file here ends with a line break: was it cut short here?`,
      `check that the rest of ${f.file} is there; if it is, press Enter at the end of this line and save`,
    );
  }
}

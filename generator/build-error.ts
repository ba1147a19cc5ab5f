// A problem the user can fix (a card that does not fit, a missing glyph, a picture that cannot be
// read): reported in plain words with a hint, never as a crash. It lives apart from the build so
// that every part that can find such a problem (loading, printing, the build itself) can raise it
// without importing the build, which imports them: arrows point one way only.
import type { Place } from './place.js';

/**
 * The part of a card a layout problem is in (a layout element's name), on which side, and of
 * which kind: too little room (text that does not fit, ink too near the trim, text running into
 * another — less text cures them all) or too little contrast (a colour cures it).
 */
export interface CardPart {
  element: string;
  /** Every field sharing the box that overflowed (a stack of title, date and text), first to last. */
  fields?: string[];
  side: 'face' | 'back';
  kind: 'room' | 'contrast';
  /** What is wrong, in words that follow the part's name ("its ink comes 3.20 mm from the trim…"). */
  reason: string;
}

export class BuildError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    /** The card or file the problem is about, when there is one. */
    readonly subject?: string,
    /** Where in the content the problem was written, when it is known. */
    readonly place?: Place,
    /** For a card that cannot be laid out: where on the card, and what kind of problem. */
    readonly part?: CardPart,
  ) {
    super(message);
  }
}

/** A build error as the terminal shows it: where, what, and the hint. */
export function buildErrorText(e: BuildError): string {
  const where = e.place ? `${e.place.file}:${e.place.line}:${e.place.col}: ` : '';
  return `${where}error: ${e.subject && !e.place ? `${e.subject}: ` : ''}${e.message}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`;
}

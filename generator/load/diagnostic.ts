// A diagnostic is one message about the content, pinned to a place in a file. Formatting follows
// compilers: `file:line:col error: message`, the line with a caret under the spot, then a hint.
import type { Place } from '../place.js';

export type { Place };
export type Severity = 'error' | 'warning';

export interface Diagnostic extends Partial<Place> {
  severity: Severity;
  message: string;
  /** What to write instead. */
  hint?: string;
  /** A second place worth showing, e.g. the first definition of a duplicate id. */
  related?: Place & { message: string };
}

export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  /** The text of every file read, kept for the code frames under messages. */
  readonly sources = new Map<string, string>();
  add(d: Diagnostic): void {
    this.items.push(d);
  }
  error(place: Partial<Place> | undefined, message: string, hint?: string, related?: Diagnostic['related']): void {
    this.add({ severity: 'error', message, hint, related, ...place });
  }
  warn(place: Partial<Place> | undefined, message: string, hint?: string): void {
    this.add({ severity: 'warning', message, hint, ...place });
  }
  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }
  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

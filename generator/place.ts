// A place in a content file, as messages show it (file:line:col). Shared by the content checks
// (load/) and by problems found later, while building (build-error.ts).
export interface Place {
  file: string;
  line: number;
  col: number;
  /** How many characters the caret underlines (at least 1). */
  length?: number;
}

/** Writes a generated pack of `n` cards into `dir` (pack.yaml, books-N.yaml, chance-N.yaml). */
export function writePack(dir: string, n: number): void;

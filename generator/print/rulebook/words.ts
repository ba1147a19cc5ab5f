// Numbers and lists the way a rule book writes them.
import { andList, NUMBER_WORDS } from '../../../engine/index.js';

/** 0–12 as words ("six books", "no books"), larger numbers as figures. */
export function numberWord(n: number): string {
  if (n === 0) return 'no';
  return Number.isInteger(n) && n > 0 && n < NUMBER_WORDS.length ? NUMBER_WORDS[n]! : String(n);
}

/** A score multiplier as a word: 2 → "double". */
export function timesWord(multiplier: number): string {
  return ({ 1: 'single', 2: 'double', 3: 'triple', 4: 'quadruple' } as Record<number, string>)[multiplier] ?? `${multiplier} times`;
}

/** Die faces as prose: [1, 6] → "1 or 6"; a run → "2 to 5". */
export function facesText(faces: number[], joiner = 'or'): string {
  const f = [...faces].sort((a, b) => a - b);
  const run = f.length > 2 && f.every((x, i) => i === 0 || x === f[i - 1]! + 1);
  return run ? `${f[0]} to ${f[f.length - 1]}` : andList(f.map(String), joiner);
}

// One history line as the sentence it reads as: "Italy passes 1 of …". The game's own lines
// ("Game" · "the 16th century begins") read better without the "Game".
import type { HistoryLine } from '../../../engine/index.js';

export function historySentence(l: HistoryLine): string {
  return l.who === 'Game' ? l.what.charAt(0).toUpperCase() + l.what.slice(1) : `${l.who} ${l.what}`;
}

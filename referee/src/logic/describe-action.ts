// A short sentence for a log entry, used for lines that are undone (the engine's history holds
// only what is in effect) and for undo and redo themselves.
import type { Game } from '../../../engine/game.js';
import type { Action } from '../../../engine/game/index.js';
import { cardByCode, cardTitle } from '../../../engine/table.js';
import { countryName, lotName } from '../../../engine/names.js';

const list = (game: Game, ids: readonly string[]) => ids.map((id) => cardTitle(game, id)).join(', ');

export function describeAction(game: Game, a: Action): string {
  const s = sentence(game, a);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function sentence(game: Game, a: Action): string {
  const n = (id: string) => countryName(game, id);
  switch (a.type) {
    case 'roll':
      return `${n(a.country)} rolls ${a.face}`;
    case 'play-card':
      return `${a.country ? `${n(a.country)} plays` : 'Played'} ${cardByCode(game, a.code)?.title ?? a.code} (${a.code})`;
    case 'choose-book':
      return `${n(a.country)} gives up ${list(game, a.cards)}`;
    case 'buy':
      return `${n(a.country)} buys ${cardTitle(game, a.card)}`;
    case 'sell':
      return `${n(a.country)} sells ${cardTitle(game, a.card)} back`;
    case 'trade':
      return `${n(a.a)} and ${n(a.b)} trade`;
    case 'settle':
      return `${n(a.debtor)} pays ${n(a.creditor)} back${a.credits ? ` ${a.credits}` : ''}${a.cards.length ? ` with ${list(game, a.cards)}` : ''}`;
    case 'auction':
      return `The auction of ${lotName(game, a.lot)} closes`;
    case 'transfer':
      return `${n(a.from)} pays ${n(a.to)} ${a.amount} (${a.note})`;
    case 'force-chance':
      return `${n(a.by)} makes ${n(a.target)} draw a chance card`;
    case 'end-turn':
      return 'Next turn';
    case 'undo':
      return 'Undo';
    case 'redo':
      return 'Redo';
    case 'undo-to':
      return a.seq === 0 ? 'Undo everything' : `Undo back to line ${a.seq}`;
  }
}

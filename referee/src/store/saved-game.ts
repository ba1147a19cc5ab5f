// A game as a file, on the tablet: "Export" writes the engine's saved-game format, "Import" reads
// it. An import replaces the game on screen only if the file is intact (its check code matches)
// and every action in it passes the same check it passed at the table, in order; otherwise it is
// refused with a sentence saying why, and the current game is left alone.
import { RULES_VERSION, parseSavedGame, setupProblem, tryStep, newGame, type Game, type GameState, type SavedGame } from '../../../engine/index.js';

export { toSavedGame, type SavedGame } from '../../../engine/index.js';

export type ImportResult = { ok: true; saved: SavedGame; state: GameState } | { ok: false; message: string };

/** What to do about a file that cannot be used: get a fresh copy from the tablet that played it. */
const EXPORT_AGAIN = 'On the tablet that played this game, open the Game tab, tap “Export this game to a file”, and import that new file here.';

function refuse(problem: string, todo: string = EXPORT_AGAIN): ImportResult {
  return { ok: false, message: `${problem} ${todo} Your current game has not been changed.` };
}

/** Reads an exported game and replays it under the rules; anything wrong is refused. */
export function readSavedGame(game: Game, text: string): ImportResult {
  const parsed = parseSavedGame(text);
  if (!parsed.ok) return refuse(parsed.message, `Check that you picked the file the referee saved (its name ends in .json). ${EXPORT_AGAIN}`);
  const saved = parsed.saved;
  if (!parsed.checkMatches) {
    return refuse(
      'This file has been changed or damaged since it was saved, so it was not loaded: the referee cannot tell what else in it was changed.',
      `${EXPORT_AGAIN} Do not open the file in another program before importing it.`,
    );
  }
  if (saved.game.id !== game.id) {
    return refuse(
      saved.game.name === game.name
        ? `This game was played with another game that has the same name, “${saved.game.name}” (its id is “${saved.game.id}”, this page’s is “${game.id}”).`
        : `This game was played with “${saved.game.name}”, not with ${game.name}.`,
      `Open it on the referee page of the game it was played with.`,
    );
  }
  if (saved.rules !== RULES_VERSION) {
    return refuse(
      `This game was recorded under version ${saved.rules} of the rules, and this page uses version ${RULES_VERSION}, so it cannot be replayed exactly.`,
      'Finish it on the referee page it was played with, or start a new game here.',
    );
  }
  const problem = setupProblem(game, saved.setup);
  if (problem) return refuse(problem, 'Open it on a referee page built with the same game and expansions as the one that saved it.');

  // Every action must pass the same check it passed at the table, in order.
  let state = newGame(game, saved.setup);
  for (const [i, entry] of saved.log.entries()) {
    if (entry.seq !== state.nextSeq) return refuse(`Action ${i + 1} in this file is out of order or missing, so the file is damaged.`);
    const r = tryStep(game, state, entry.action);
    if ('refusal' in r) {
      return refuse(`Action ${i + 1} in this file breaks the rules: ${r.refusal} The file was probably changed by hand or saved with other cards.`);
    }
    state = r.state;
  }
  return { ok: true, saved, state };
}

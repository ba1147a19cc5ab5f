// A game as a file, on the tablet: "Export" writes the engine's saved-game format, "Import" reads
// it. An import replaces the game on screen only if the file is intact (its check code matches)
// and every action in it passes the same check it passed at the table, in order; otherwise it is
// refused with a sentence saying why, and the current game is left alone.
//
// A file with a checkpoint (engine/game/checkpoint.ts) that can be used opens from it: only the
// actions after it are replayed here, and the whole log is replayed from the start afterwards, in
// the background (verifier.ts). The replay is done a piece at a time, so a long file shows its
// progress instead of freezing the page.
import {
  RULES_VERSION,
  parseSavedGame,
  restoreSaved,
  setupProblem,
  tryStep,
  newGame,
  type Game,
  type GameState,
  type SavedGame,
} from '../../../engine/index.js';
import { PIECE, type Progress, type Restored } from '../loading.js';
import { inSlices } from '../slices.js';

export { toSavedGame, type SavedGame } from '../../../engine/index.js';

export type ImportResult = { ok: true; saved: SavedGame; state: GameState; restored?: Restored } | { ok: false; message: string };

/** What to do about a file that cannot be used: get a fresh copy from the tablet that played it. */
const EXPORT_AGAIN = 'On the tablet that played this game, open the Game tab, tap “Export this game to a file”, and import that new file here.';

type Refusal = Extract<ImportResult, { ok: false }>;

function refuse(problem: string, todo: string = EXPORT_AGAIN): Refusal {
  return { ok: false, message: `${problem} ${todo} Your current game has not been changed.` };
}

/** The file read, its envelope checked, and where its replay starts (its checkpoint, or the first action). */
function readEnvelope(game: Game, text: string): ImportReplay | Refusal {
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
  // A checkpoint that counts an action as refused is not used: the file is refused for that action, with its reason.
  const from = restoreSaved(game, saved, parsed.logCodes);
  if (from.state && from.state.rejected.length === 0) return new ImportReplay(game, saved, from.state, from.done);
  return new ImportReplay(game, saved, newGame(game, saved.setup), 0);
}

/** Every action after the starting point must pass the same check it passed at the table, in order. */
class ImportReplay {
  private refusal: Refusal | undefined;
  private restored: Restored | undefined;

  constructor(
    private readonly game: Game,
    readonly saved: SavedGame,
    private state: GameState,
    public done: number,
  ) {
    this.restored = done > 0 ? { seq: done, entries: state.entries.length } : undefined;
  }

  /** Replays up to `count` more actions; true when every action is replayed or one was refused. */
  advance(count: number): boolean {
    const { log } = this.saved;
    const end = Math.min(log.length, this.done + count);
    for (; this.done < end; this.done++) {
      const entry = log[this.done]!;
      const i = this.done;
      const r = entry.seq === this.state.nextSeq ? tryStep(this.game, this.state, entry.action) : undefined;
      if (!r || 'refusal' in r) {
        // Started from a checkpoint: the checkpoint may be what is wrong (consistent in itself,
        // but not the game its log gives there). The log is the truth: replay it from the start,
        // and refuse the file only if it is refused from there too.
        if (this.restored) {
          this.restored = undefined;
          this.state = newGame(this.game, this.saved.setup);
          this.done = 0;
          return false;
        }
        this.refusal = refuse(
          r
            ? `Action ${i + 1} in this file breaks the rules: ${r.refusal} The file was probably changed by hand or saved with other cards.`
            : `Action ${i + 1} in this file is out of order or missing, so the file is damaged.`,
        );
        return true;
      }
      this.state = r.state;
    }
    return this.done === log.length;
  }

  result(): ImportResult {
    return this.refusal ?? { ok: true, saved: this.saved, state: this.state, ...(this.restored ? { restored: this.restored } : {}) };
  }
}

/** Reads an exported game and replays it under the rules; anything wrong is refused. */
export function readSavedGame(game: Game, text: string): ImportResult {
  const reading = readEnvelope(game, text);
  if (!(reading instanceof ImportReplay)) return reading;
  while (!reading.advance(Number.POSITIVE_INFINITY));
  return reading.result();
}

/** As `readSavedGame`, a slice at a time, saying how many actions are replayed. */
export async function importSavedGame(game: Game, text: string, onProgress?: (p: Progress) => void): Promise<ImportResult> {
  const reading = readEnvelope(game, text);
  if (!(reading instanceof ImportReplay)) return reading;
  const total = reading.saved.log.length;
  await inSlices(
    () => reading.advance(PIECE),
    () => onProgress?.({ done: reading.done, total }),
  );
  return reading.result();
}

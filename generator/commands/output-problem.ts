// The ways an output folder can refuse a writer, in words for a teacher: another build (or the
// referee) is writing it right now, it holds files this tool did not make, or it cannot be used
// as it stands (a file, a mount point, a lock no one can judge…: io/out-siblings.ts OutputRefused).
import { describeHolder, LockBusy } from '../io/lock.js';
import { ForeignFolder } from '../io/output.js';
import { OutputRefused } from '../io/out-siblings.js';

/** The message for a refused output folder, or undefined when `e` is some other error. */
export function outputProblemText(e: unknown, shownOut: string, command: 'build' | 'referee' | 'simulate'): string | undefined {
  const folder = `${shownOut.replace(/\/+$/, '')}/`;
  if (e instanceof LockBusy) {
    const who = describeHolder(e.holder);
    // A holder on another computer (or in another container) cannot be checked from here: it may be long gone.
    const hint = e.remote
      ? `if nothing is building there now (a container that was stopped, or this computer under an earlier name), delete the lock file ${e.lockFile} and run the command again; otherwise wait for it to finish${command === 'build' ? ', or add --wait to start as soon as it has' : ''}.`
      : `wait for it to finish, or ${command === 'build' ? 'add --wait to start as soon as it has, or use --out to build somewhere else' : command === 'referee' ? 'use --out to name another build folder' : 'use --out to put the report somewhere else'}.`;
    return (
      `error: ${who.charAt(0).toUpperCase()}${who.slice(1)} is writing to ${folder} right now.\n` +
      `  hint: ${hint}\n` +
      `✗ Nothing was written; ${folder} was left as it was.\n`
    );
  }
  if (e instanceof ForeignFolder) {
    return (
      `error: ${folder} holds files that codex-conquest did not make (${e.examples.join(', ')}), and each build replaces the whole folder.\n` +
      `  hint: build into a new or empty folder with --out, e.g. --out out-cards, or move your own files out of ${folder} first.\n` +
      '✗ Nothing was written.\n'
    );
  }
  if (e instanceof OutputRefused) return `error: ${e.message}\n  hint: ${e.hint}\n✗ Nothing was written.\n`;
  return undefined;
}

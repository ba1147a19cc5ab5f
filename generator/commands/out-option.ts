// The --out folder of `build` and `referee`. An empty name ("--out ''", or a script whose variable
// was never set) would mean the folder the command runs in, which a build would then replace.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { ownLinkName } from '../io/out-siblings.js';

export function parseOutDir(v: string): string {
  if (v.trim() === '') throw new InvalidArgumentError('--out needs the name of a folder to write into, e.g. --out out (it was empty)');
  // "." or ".." (or the path to either): the folder the command runs in, or one holding it. A build
  // replaces its folder whole, and the shell would be left in a folder that no longer exists.
  const cwd = process.cwd();
  const abs = resolve(v);
  if (abs === cwd || cwd.startsWith(abs.endsWith(sep) ? abs : abs + sep))
    throw new InvalidArgumentError(
      `--out ${v} names the folder you are working in${abs === cwd ? '' : ' (or one holding it)'}, which a build would replace whole; name a folder of its own, e.g. --out out`,
    );
  // "out/" and "out" are one folder; messages add their own slash ("Wrote 30 files to out/").
  return v.replace(/(?<=.)\/+$/, '');
}

/**
 * The folder a build really writes: `--out` with the user's links followed. A build replaces its
 * folder whole, beside it; through a user's link (out/ kept on another disk, say) it replaced the
 * link itself with a folder, and two builds naming the folder and the link took two locks. The
 * link a build keeps at the output's name (out → .out.build-…, io/output.ts) is not followed: it
 * is the output folder.
 */
export function outputFolder(given: string): string {
  let abs = resolve(given);
  // A link to a folder not made yet: the build writes where it points (followed link by link,
  // as the system would, up to its own limit of 40), never over the link. A link still there
  // after 40 leads round in a circle, which the build reports (io/output.ts).
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      if (!lstatSync(abs).isSymbolicLink()) break;
      target = readlinkSync(abs);
    } catch {
      break;
    }
    if (ownLinkName(abs, target) !== undefined) break;
    abs = resolve(dirname(abs), target);
  }
  // The folder it is in may itself be reached through links: one name for one place, so one lock.
  try {
    return join(realpathSync(dirname(abs)), basename(abs));
  } catch {
    return abs;
  }
}

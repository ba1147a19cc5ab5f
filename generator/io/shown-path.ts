// How a file or folder is named in messages: as the person who typed the command would write it.
import { relative, sep } from 'node:path';

/**
 * From the folder the command runs in, or in full when it lies more than one folder up from
 * there ("../../tmp/pack/pack.yaml" says less than "/tmp/pack/pack.yaml").
 */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') && rel.split(sep).filter((p) => p === '..').length > 1 ? path : rel;
}

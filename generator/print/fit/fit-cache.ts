// What validate's fit check found for each card, kept in .cache/fit/ so that a teacher who runs
// validate again after changing two cards waits only for those two. A card's entry is found by
// the hash of everything its layout can depend on: the card itself, the rest of the game but its
// card list (countries, centuries, lots, rules — what the layouts read through `game`), the
// layouts and theme, and the code that lays out (the files beside this one: in the bundled
// command, all of it). Change any of them and the card is laid out again.
// CODEX_CONQUEST_NO_CACHE=1 turns it off; a folder that cannot be written is simply not used.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Card, Game } from '../../../engine/index.js';
import { codeVersion } from '../../code-version.js';
import { projectRoot } from '../../paths.js';
import type { Looks } from '../layout/load.js';
import type { FitFailure } from './fit-cards.js';

/** What one card gave: its problems on each size and its picture's largest box. */
export interface CardFit {
  failures: FitFailure[];
  box?: { w: number; h: number };
}

const KEEP = 6; // cache files kept: one per game and code version recently validated

function cacheDir(): string {
  return process.env.CODEX_CONQUEST_FIT_CACHE_DIR ?? join(projectRoot, '.cache', 'fit');
}

/**
 * The laying-out code: in the bundled command, the files beside this one (all of its code); run
 * from tsc's output or the sources, every file of the generator.
 */
function layingOutCode(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(here) === 'fit' ? codeVersion(join(here, '..', '..'), true) : codeVersion(here);
}

export class FitCache {
  private readonly file: string | undefined;
  private readonly entries = new Map<string, CardFit>();
  private readonly gameKey: string;
  private changed = false;

  constructor(game: Game, looks: Looks) {
    const { cards: _cards, ...rest } = game;
    this.gameKey = createHash('sha256')
      .update(layingOutCode())
      .update(JSON.stringify(rest))
      .update(JSON.stringify({ theme: looks.theme, layouts: [...looks.layouts] }))
      .digest('hex')
      .slice(0, 32);
    if (process.env.CODEX_CONQUEST_NO_CACHE === '1') return;
    this.file = join(cacheDir(), `${this.gameKey}.json`);
    try {
      const saved = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, CardFit>;
      for (const [k, v] of Object.entries(saved)) this.entries.set(k, v);
    } catch {
      // Nothing kept yet, or a file another version wrote: start afresh.
    }
  }

  keyOf(card: Card): string {
    return createHash('sha256').update(this.gameKey).update(JSON.stringify(card)).digest('hex').slice(0, 32);
  }

  get(card: Card): CardFit | undefined {
    return this.entries.get(this.keyOf(card));
  }

  set(card: Card, fit: CardFit): void {
    this.entries.set(this.keyOf(card), fit);
    this.changed = true;
  }

  /** Keeps this game's entries (only the cards it still has) and drops the oldest files. */
  save(cards: readonly Card[]): void {
    if (!this.file || !this.changed) return;
    try {
      const keep: Record<string, CardFit> = {};
      for (const card of cards) {
        const k = this.keyOf(card);
        const v = this.entries.get(k);
        if (v) keep[k] = v;
      }
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(keep));
      renameSync(tmp, this.file);
      const files = readdirSync(dirname(this.file))
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({ f, t: statSync(join(dirname(this.file!), f)).mtimeMs }))
        .sort((a, b) => b.t - a.t);
      for (const { f } of files.slice(KEEP)) rmSync(join(dirname(this.file), f), { force: true });
    } catch {
      // A read-only install: validate works, only without remembering.
    }
  }
}

// The question asked before an imported game replaces the one on screen: what each of the two
// games is (rules, players, length, packs, actions), and plainly when they differ in their rules
// or in the expansion packs they were played with.
import { countryName, editionOf, isTime, savedGameNotes, type Game, type SavedGame, type Setup } from '../../../engine/index.js';
import type { View } from './base.js';
import type { PendingImport } from './app.js';
import { count } from './words.js';

export interface ImportQuestion {
  /** What the file holds and what is on screen, one sentence each. */
  file: string;
  screen: string;
  /** Differences worth a second look (another edition, another set of packs). */
  warnings: string[];
}

function packWords(game: Game, ids: readonly string[]): string {
  if (ids.length === 0) return 'no expansion packs';
  const names = ids.map((id) => game.packs.find((p) => p.id === id)?.name ?? id);
  return `the expansion ${ids.length === 1 ? 'pack' : 'packs'} ${names.join(', ')}`;
}

function describe(game: Game, setup: Setup, actions: number): string {
  const edition = editionOf(game, setup.edition);
  const seats = game.countries.slice(0, setup.players).map((c) => countryName(game, c.id));
  return `${edition.name} rules, ${setup.players} players (${seats.join(', ')}), ${setup.length} play, ${count(actions, 'action')} recorded`;
}

export function importQuestion(view: View, pending: PendingImport): ImportQuestion {
  const { game, state, log } = view;
  const theirs = pending.saved.setup;
  const warnings: string[] = [];
  if (theirs.edition !== state.setup.edition) {
    warnings.push(
      `This file is a game of another edition: ${editionOf(game, theirs.edition).name} rules, where the game on screen uses ${editionOf(game, state.setup.edition).name} rules.`,
    );
  }
  const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const built = game.packs.map((p) => p.id);
  if (!sameSet(theirs.packs, built)) {
    warnings.push(`This file was played with ${packWords(game, theirs.packs)}; this page was built with ${packWords(game, built)}, so some cards may differ.`);
  }
  // What the rules do not read but a person should know: the file was edited or written by another tool.
  for (const note of savedGameNotes(pending.saved)) warnings.push(`In this file, ${note}.`);
  const saved = pending.saved.saved;
  return {
    file: `The file: ${describe(game, theirs, pending.saved.log.length)}, ${isTime(saved) ? `saved ${new Date(saved).toLocaleString()}` : 'with no time of saving the page can read'}.`,
    screen: `On screen now: ${describe(game, state.setup, log.length)}.`,
    warnings,
  };
}

/**
 * Said once a game is imported (with no question asked, from the setup screen) when its file says
 * what `replay` would warn of: it was edited or written by another program.
 */
export function importedNote(saved: SavedGame): string | undefined {
  const notes = savedGameNotes(saved);
  return notes.length ? `The game is imported, but its file was edited or written by another program: ${notes.join('; ')}.` : undefined;
}

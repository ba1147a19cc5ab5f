import type { Game } from '../../engine/index.js';
import type { Output } from '../io/output.js';
import type { Progress } from '../progress.js';

/** The print shops the export knows: each one's pixel size, colour, page order and PDF flavour. */
export const PRESS_PROFILES = ['generic', 'tgc', 'mpc', 'dtc'] as const;
export type PressProfile = (typeof PRESS_PROFILES)[number];

export interface BuildOptions {
  contentDir: string;
  packs: string[];
  outDir: string;
  /** Paper sizes for home printing. */
  papers: ('a4' | 'letter')[];
  press: boolean;
  /** Print-shop profiles to export for (generic, tgc, mpc, dtc); only with `press`. */
  pressProfiles: PressProfile[];
  tts: boolean;
  /** Where the Tabletop Simulator images will be found online; a file:// address when not given. */
  ttsUrl?: string;
  frontsOnly: boolean;
  /** Back-page shift in mm for printers whose duplex drifts. */
  offset: { x: number; y: number };
  cardSize: 'poker' | 'bridge' | 'tarot' | 'mini';
  referee: boolean;
  quiet: boolean;
}

export interface BuildContext {
  game: Game;
  out: Output;
  progress: Progress;
  options: BuildOptions;
  /** Warnings collected during the build (shown in the summary and the preflight report). */
  warnings: string[];
  /** A failure of work running beside the stages (the printing thread): the build stops before its next stage. */
  failure?: unknown;
}

/** One part of the build. Stages run in order (build/stages.ts); each writes through ctx.out. */
export interface Stage {
  name: string;
  run(ctx: BuildContext): Promise<void>;
}

/** A problem the user can fix (a card that does not fit, a missing glyph): reported, not a crash. */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    /** The card or file the problem is about, when there is one. */
    readonly subject?: string,
  ) {
    super(message);
  }
}

/** A build error as the terminal shows it: what, where, and the hint. */
export function buildErrorText(e: BuildError): string {
  return `error: ${e.subject ? `${e.subject}: ` : ''}${e.message}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`;
}

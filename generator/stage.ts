// What a build stage is. A stage is handed exactly the inputs it names and returns exactly what
// it makes (typed), plus the environment every stage shares: where to write, how to report, the
// options, and the signal that another stage failed. The build (build/stages.ts) wires stages
// together by the names of what they need and make; nothing passes between stages any other way.
//
// Kept at the top of generator/, apart from build/, so that the parts a stage calls (print/,
// load/) never import the build that imports them.
import type { Output } from './io/output.js';
import type { Progress } from './progress.js';

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
  /** Wait for another build of the same folder to finish instead of refusing at once. */
  wait: boolean;
}

/** What every stage may use besides its own inputs. */
export interface StageEnv {
  out: Output;
  progress: Progress;
  options: BuildOptions;
  /** Warnings for the summary and the preflight report. */
  warn(message: string): void;
  /** Aborted when another stage has failed: a stage stops at its next step. */
  signal: AbortSignal;
}

/** One part of the build: typed inputs in, typed products out. */
export interface Stage<In, Out> {
  name: string;
  /**
   * Makes the product. A stage whose product is ready before its own work is done (the decks
   * are laid out long before their home-print PDFs are) may hand it over early with `early`,
   * so that the stages that need it start then; what it returns is that same product.
   */
  // A property, not a method, so that its input is checked strictly against what it is given.
  run: (input: In, env: StageEnv, early: (product: Out) => void) => Promise<Out>;
}

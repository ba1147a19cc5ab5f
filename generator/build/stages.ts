// The build, in order, and when each part runs. A new output is one stage added here.
//
// Each stage's code is imported just before it runs: the printing thread is handed its decks
// as soon as the content is checked, instead of after the rule book's, the aids' and the
// exports' code has loaded, and a build without the print-shop export never loads its code.
import type { BuildOptions, Stage } from './context.js';

export interface StageEntry {
  /** Whether the stage runs for these options. */
  when(options: BuildOptions): boolean;
  load(): Promise<Stage>;
}

const always = () => true;

export const STAGES: StageEntry[] = [
  { when: always, load: async () => (await import('./game-json.js')).gameJsonStage },
  { when: always, load: async () => (await import('../print/stage-sheets.js')).printSheetsStage },
  { when: (o) => o.referee, load: async () => (await import('./referee.js')).refereeStage },
  { when: always, load: async () => (await import('../print/rulebook/stage.js')).rulebookStage },
  { when: always, load: async () => (await import('../print/aids/stage.js')).aidsStage },
  { when: always, load: async () => (await import('../print/stage-sheets.js')).finishSheetsStage },
  { when: (o) => o.press, load: async () => (await import('../print/press/stage-press.js')).pressStage },
  { when: (o) => o.tts, load: async () => (await import('../print/press/stage-tts.js')).ttsStage },
];

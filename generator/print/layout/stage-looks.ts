// Build stage: the card layouts, the theme and the sheet words (templates/), read once for every
// stage on this thread that draws cards — the home-print sheets and the rule book's pictures.
import type { Stage } from '../../stage.js';
import { type Looks, loadLooks } from './load.js';

export const looksStage: Stage<Record<never, never>, Looks> = {
  name: 'card layouts',
  run: async () => loadLooks(),
};

// Build stage: the card layouts, the theme and the sheet words (templates/), read once for every
// stage on this thread that draws cards — the home-print sheets and the rule book's pictures.
// The printing thread, started before the content check, has usually read them by then
// (share-client.ts); otherwise, or if it could not, this thread reads them (and reports why not).
import type { Stage } from '../../stage.js';
import { printingThreadLooks } from '../share-client.js';
import { type Looks, loadLooks } from './load.js';

export const looksStage: Stage<Record<never, never>, Looks> = {
  name: 'card layouts',
  run: async () => (await printingThreadLooks()) ?? loadLooks(),
};

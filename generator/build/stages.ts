// The build, in order. A new output is one stage added here.
import type { Stage } from './context.js';
import { gameJsonStage } from './game-json.js';
import { refereeStage } from './referee.js';

export const STAGES: Stage[] = [gameJsonStage, refereeStage];

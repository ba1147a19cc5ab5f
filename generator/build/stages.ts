// The build, in order. A new output is one stage added here.
import type { Stage } from './context.js';
import { gameJsonStage } from './game-json.js';
import { rulebookStage } from '../print/rulebook/stage.js';
import { aidsStage } from '../print/aids/stage.js';
import { refereeStage } from './referee.js';
import { printSheetsStage, finishSheetsStage } from '../print/stage-sheets.js';
import { pressStage } from '../print/press/stage-press.js';
import { ttsStage } from '../print/press/stage-tts.js';

export const STAGES: Stage[] = [gameJsonStage, printSheetsStage, refereeStage, rulebookStage, aidsStage, finishSheetsStage, pressStage, ttsStage];

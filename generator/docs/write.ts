// npm run docs: regenerates the generated references in docs/.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { renderContentFormat } from './content-format.js';
import { renderSavedGameFormat } from './saved-game.js';

writeFileSync(join(projectRoot, 'docs', 'content-format.md'), renderContentFormat());
writeFileSync(join(projectRoot, 'docs', 'saved-game.md'), renderSavedGameFormat());
process.stderr.write('✓ Wrote docs/content-format.md and docs/saved-game.md\n');

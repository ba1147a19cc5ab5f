// npm run docs: regenerates docs/content-format.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { renderContentFormat } from './content-format.js';

writeFileSync(join(projectRoot, 'docs', 'content-format.md'), renderContentFormat());
process.stderr.write('✓ Wrote docs/content-format.md\n');

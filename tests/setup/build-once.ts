// Builds the base game once, with the real CLI, into tests/artifacts/out; the PDF and browser
// tests read what it wrote, exactly as a player would get it from `npm start`.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const ARTIFACTS = join(process.cwd(), 'tests', 'artifacts');
export const BUILT = join(ARTIFACTS, 'out');

export default function setup(): void {
  // For quick runs of a few unit tests while developing: CC_SKIP_BUILD=1 npx vitest run tests/unit
  if (process.env.CC_SKIP_BUILD) return;
  rmSync(BUILT, { recursive: true, force: true });
  execFileSync(process.execPath, ['bin/codex-conquest.js', 'build', '--out', BUILT, '--quiet'], { stdio: 'inherit' });
}

// Placeholder until the referee lands: explains rather than failing silently.
import type { Command } from 'commander';
import type { LoadResult } from '../load/index.js';

export function refereeCommand(program: Command, load: (dir: string, packs: string[]) => LoadResult): void {
  void load;
  program
    .command('referee')
    .description('Serve the tablet referee page on this computer and the local network.')
    .action(() => {
      process.stderr.write('The referee page is not part of this build yet.\n');
      process.exitCode = 1;
    });
}

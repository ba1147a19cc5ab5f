// The two options every content command shares: which content folder, and which packs on top.
import type { Command } from 'commander';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function contentOptions(cmd: Command): Command {
  return cmd
    .argument('[dir]', 'the content folder holding game.yaml', 'content')
    .option('-p, --pack <dir>', 'an expansion pack folder to layer on top (repeat for several)', collect, []);
}

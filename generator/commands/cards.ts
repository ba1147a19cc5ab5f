// codex-conquest cards [word]: the cards of the game (and any packs) with their ids, so a teacher
// writing "replaces:" or "remove:" in a pack can find the id to write without opening every file
// of content/. A word narrows the list: it is looked for in each card's id, code, title, gloss, author,
// printer, place, country, century, genre and deck, case and accents aside.
import type { Command } from 'commander';
import { cardTypes, type Card, type Game } from '../../engine/index.js';
import { cardPlaces } from '../balance/where.js';
import type { LoadResult } from '../load/index.js';
import { contentOptions, wordOrFolder } from './content-options.js';

/** Lower case without accents: "Española" is found by "espanola". */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function searchable(card: Card, game: Game): string {
  const c = card as Card & Record<string, unknown>;
  const name = (list: { id: string; name: string }[], id: unknown) => (typeof id === 'string' ? `${id} ${list.find((x) => x.id === id)?.name ?? ''}` : '');
  return folded(
    [
      c.id,
      c.code,
      c.title,
      // A teacher remembers a book by its English name, author or printer as often as by its title.
      ...(['gloss', 'author', 'printer', 'place'] as const).map((k) => (typeof c[k] === 'string' ? c[k] : '')),
      c.type,
      name(game.countries, c.country),
      name(game.centuries, c.century),
      name(game.genres, c.genre),
      typeof c.lot === 'string' ? c.lot : '',
    ].join(' '),
  );
}

export function cardsCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  contentOptions(
    program
      .command('cards')
      .description('List the cards with their ids (for "replaces:" and "remove:" in a pack), all of them or those matching a word.')
      .argument(
        '[word]',
        'a word to look for in the id, code, title, English title, author, printer, place, country, century, genre or deck, e.g. armada, kepler, england or 17th',
      ),
  )
    .option(
      '--type <type>',
      `only one kind of card: ${cardTypes()
        .map((t) => t.type)
        .join(', ')}`,
    )
    .addHelpText(
      'after',
      `
Each line gives the card's id (what "replaces:" and "remove:" take), its printed code, its title,
and the file and line it is written on.

Examples:
  $ codex-conquest cards                         every card, deck by deck
  $ codex-conquest cards armada                  the cards whose title, id … says "armada"
  $ codex-conquest cards england --type book     England's books
  $ codex-conquest cards --pack my-pack          the game as your pack leaves it`,
    )
    .action(async (wordArg: string | undefined, dirArg: string, opts: { pack: string[]; type?: string }) => {
      const { word, dir } = wordOrFolder(wordArg, dirArg);
      const out = (s: string) => process.stdout.write(`${s}\n`);
      const types = cardTypes();
      if (opts.type !== undefined && !types.some((t) => t.type === opts.type)) {
        process.stderr.write(`error: there is no card type "${opts.type}"\n  hint: write one of: ${types.map((t) => t.type).join(', ')}\n`);
        process.exitCode = 2;
        return;
      }
      const result = await load(dir, opts.pack);
      const game = result.game;
      if (!game) {
        const { printDiagnostics } = await import('../load/format-diagnostic.js');
        printDiagnostics(result);
        process.stderr.write('✗ The content has errors (above): fix them, then list the cards.\n');
        process.exitCode = 1;
        return;
      }
      const where = cardPlaces(result.layers);
      const wanted = word === undefined ? undefined : folded(word);
      const cards = game.cards.filter((c) => (!opts.type || c.type === opts.type) && (!wanted || searchable(c, game).includes(wanted)));
      if (cards.length === 0) {
        out(
          `No card matches${word ? ` "${word}"` : ''}${opts.type ? ` among the ${opts.type} cards` : ''}. Try a shorter word, or leave it out to list every card.`,
        );
        process.exitCode = 1;
        return;
      }
      const idWidth = Math.min(40, Math.max(...cards.map((c) => c.id.length)));
      const codeWidth = Math.max(...cards.map((c) => String(c.code ?? '').length));
      for (const type of types) {
        const ofType = cards.filter((c) => c.type === type.type);
        if (ofType.length === 0) continue;
        out(`\n${type.plural[0]!.toUpperCase()}${type.plural.slice(1)} (${ofType.length}):`);
        for (const c of ofType) out(`  ${c.id.padEnd(idWidth)}  ${String(c.code ?? '').padEnd(codeWidth)}  ${c.title}  — ${where.get(c.id) ?? '?'}`);
      }
      out(
        `\n${cards.length} card${cards.length === 1 ? '' : 's'}. In a pack, "replaces: <id>" puts a card in place of one of these, and "remove: [<id>]" takes cards out.`,
      );
    });
}

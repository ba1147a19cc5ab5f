// codex-conquest icons [word]: the emblem and genre icon names, offline. Without a word it shows
// the icons the game uses now and whose they are; with a word it searches the 4,000 icons of the
// set, draws the few best matches in the terminal, and with --png writes a contact sheet to look at.
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { whyNotWritten } from '../io/out-siblings.js';
import type { LoadResult } from '../load/index.js';
import { contentOptions, wordOrFolder } from './content-options.js';

const PREVIEW_PX = 24;

/** An icon drawn with half-block characters: two pixel rows per line of text. */
async function terminalPreview(name: string): Promise<string> {
  const { iconPath, ICON_SIZE } = await import('../print/icons.js');
  const sharp = (await import('sharp')).default;
  const d = iconPath(name);
  if (!d) return '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}" width="${PREVIEW_PX}" height="${PREVIEW_PX}"><path d="${d}" fill="#000"/></svg>`;
  const { data } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => (data[y * PREVIEW_PX + x] ?? 255) < 128;
  const rows: string[] = [];
  for (let y = 0; y < PREVIEW_PX; y += 2) {
    let line = '';
    for (let x = 0; x < PREVIEW_PX; x++) {
      const top = dark(x, y);
      const bottom = dark(x, y + 1);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    rows.push(`  ${line.replace(/\s+$/, '')}`);
  }
  return rows.join('\n');
}

/** A contact sheet: each icon above its name, the names drawn from the book's own typeface. */
async function contactSheet(names: string[], file: string): Promise<void> {
  const { iconPath, ICON_SIZE } = await import('../print/icons.js');
  const { fontFace } = await import('../print/fonts.js');
  const sharp = (await import('sharp')).default;
  const font = fontFace('serif');
  const cell = 160;
  const cols = Math.min(8, names.length);
  const rows = Math.ceil(names.length / cols);
  const label = (text: string, cx: number, y: number, size: number) => {
    const glyphs = [...text].map((ch) => font.glyphForCodePoint(ch.codePointAt(0)!));
    const advance = Math.max(
      1,
      glyphs.reduce((w, g) => w + g.advanceWidth, 0),
    );
    // The name's own size, or smaller when a long name would spill into the next cell.
    const scale = Math.min(size / font.unitsPerEm, (cell - 12) / advance);
    let x = cx - (advance * scale) / 2;
    return glyphs
      .map((g) => {
        const out = `<path transform="translate(${x.toFixed(1)} ${y}) scale(${scale.toFixed(4)} ${(-scale).toFixed(4)})" d="${g.path.toSVG()}"/>`;
        x += g.advanceWidth * scale;
        return out;
      })
      .join('');
  };
  const parts = names.map((name, i) => {
    const x = (i % cols) * cell;
    const y = Math.floor(i / cols) * cell;
    const icon = `<path transform="translate(${x + 40} ${y + 16}) scale(${80 / ICON_SIZE})" d="${iconPath(name) ?? ''}"/>`;
    return `${icon}<g fill="#333">${label(name, x + cell / 2, y + 128, 15)}</g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * cell}" height="${rows * cell}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  try {
    writeFileSync(file, png);
  } catch (e) {
    // A missing folder is the usual slip here, and worth naming; the rest as every command says them.
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? `the folder ${dirname(file)} does not exist` : whyNotWritten(e);
    throw new IconsProblem(`cannot write the picture ${file}: ${why}`);
  }
}

/** A picture of the icons that cannot be written where asked, in words. */
class IconsProblem extends Error {}

/** Writes the contact sheet, or says why it cannot (exit 1); true when written. */
async function sheetOrSay(names: string[], file: string): Promise<boolean> {
  try {
    await contactSheet(names, file);
    return true;
  } catch (e) {
    if (!(e instanceof IconsProblem)) throw e;
    process.stderr.write(`error: ${e.message}\n  hint: name a picture file in a folder that exists, e.g. --png icons.png\n`);
    process.exitCode = 1;
    return false;
  }
}

function columns(names: string[], width = Math.max(40, Math.min(process.stdout.columns ?? 100, 120))): string {
  const w = Math.max(...names.map((n) => n.length)) + 2;
  const per = Math.max(1, Math.floor(width / w));
  const lines: string[] = [];
  for (let i = 0; i < names.length; i += per)
    lines.push(
      `  ${names
        .slice(i, i + per)
        .map((n) => n.padEnd(w))
        .join('')
        .trimEnd()}`,
    );
  return lines.join('\n');
}

export function iconsCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  contentOptions(
    program
      .command('icons')
      .description('Find icon names for emblems and genres (offline): the ones in use, or search the whole set by a word.')
      .argument('[word]', 'a word to search for, e.g. windmill, book or crown'),
  )
    .option('--png <file>', 'also write a picture of the matching icons (up to 64) with their names')
    .option('--preview', 'draw every match in the terminal, not only the first few')
    .addHelpText(
      'after',
      `
An icon name goes in game.yaml or pack.yaml: a country's "emblem:" or a genre's "icon:".

Examples:
  $ codex-conquest icons                       the icons this game uses, and whose they are
  $ codex-conquest icons windmill              search, and draw the best matches here
  $ codex-conquest icons book --png books.png  a picture of every match to look through`,
    )
    .action(async (wordArg: string | undefined, dirArg: string, opts: { pack: string[]; png?: string; preview?: boolean }) => {
      const { word, dir } = wordOrFolder(wordArg, dirArg);
      const { searchIcons, iconNames } = await import('../print/icon-names.js');
      const out = (s: string) => process.stdout.write(`${s}\n`);
      if (!word) {
        const result = await load(dir, opts.pack);
        if (result.game) {
          out('Icons this game uses:');
          for (const c of result.game.countries) out(`  ${c.emblem.padEnd(22)} emblem of ${c.name}`);
          for (const g of result.game.genres) out(`  ${g.icon.padEnd(22)} genre ${g.name}`);
        }
        out(`\nThe set holds ${iconNames().length.toLocaleString('en')} icons. Search it with a word, e.g.  codex-conquest icons crown`);
        if (opts.png) {
          const used = result.game ? [...result.game.countries.map((c) => c.emblem), ...result.game.genres.map((g) => g.icon)] : [];
          if (await sheetOrSay(used, opts.png)) out(`✓ Wrote ${opts.png}`);
        }
        return;
      }
      const hits = searchIcons(word);
      if (hits.length === 0) {
        out(`No icon name contains "${word}". Try a simpler or related word (e.g. "book", "crown", "ship", "tower").`);
        process.exitCode = 1;
        return;
      }
      out(`${hits.length} icon${hits.length === 1 ? '' : 's'} matching "${word}":`);
      out(columns(hits.slice(0, 200)));
      if (hits.length > 200) out(`  … and ${hits.length - 200} more; use a longer word to narrow it down`);
      const show = opts.preview ? hits.slice(0, 24) : hits.slice(0, 3);
      for (const name of show) out(`\n${name}\n${await terminalPreview(name)}`);
      if (opts.png) {
        if (await sheetOrSay(hits.slice(0, 64), opts.png)) out(`\n✓ Wrote ${opts.png} (${Math.min(64, hits.length)} icons)`);
      }
      out('\nUse a name as a country\'s "emblem:" or a genre\'s "icon:" in game.yaml or pack.yaml.');
    });
}

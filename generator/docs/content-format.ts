// Writes docs/content-format.md, the reference for teachers, from templates/docs/content-format.md.hbs.
// Field tables come from the zod schemas, examples from the real content files, printed effect
// lines from the real renderer, and the mistakes section from running the real validator on the
// broken-input corpus — so the page cannot drift from what the tool does.
import Handlebars from 'handlebars';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { parse, parseDocument, isMap, isSeq } from 'yaml';
import { projectRoot } from '../paths.js';
import {
  AuctionLot,
  Century,
  Collection,
  Country,
  EFFECT_VERBS,
  Edition,
  GameFile,
  Genre,
  PackFile,
  cardTypes,
  effectRenderer,
  type Effect,
} from '../../engine/index.js';
import { loadGame, loadEffectTemplates } from '../load/index.js';
import { formatDiagnostic } from '../load/format-diagnostic.js';
import { prepareCase, readCase } from './broken-case.js';
import { GAME_WORDS } from '../load/game-words.js';

const OBJECTS: Record<string, z.ZodType> = {
  game: GameFile,
  country: Country,
  century: Century,
  genre: Genre,
  collection: Collection,
  edition: Edition,
  pack: PackFile,
  'auction-lot': AuctionLot,
  ...Object.fromEntries(cardTypes().map((t) => [t.type, t.schema])),
  ...Object.fromEntries(EFFECT_VERBS.map((v) => [`effect:${v.verb}`, v.schema])),
};

function typeName(json: Record<string, unknown>): string {
  if (json.enum) return (json.enum as unknown[]).map((v) => `\`${String(v)}\``).join(' / ');
  if (json.const !== undefined) return `\`${String(json.const)}\``;
  if (json.anyOf) {
    const options = json.anyOf as Record<string, unknown>[];
    const verbs = new Set<string>(EFFECT_VERBS.map((v) => v.verb));
    // The effect union: one form per verb, each explained in its own section.
    if (options.every((o) => o.type === 'object' && Object.keys((o.properties ?? {}) as object).some((k) => verbs.has(k))))
      return 'an effect (see *The effect language*)';
    return options.map(typeName).join(' or ');
  }
  switch (json.type) {
    case 'integer':
      return 'whole number';
    case 'number':
      return 'number';
    case 'string':
      return json.pattern === '^[a-z0-9]+(?:-[a-z0-9]+)*$' ? 'id' : 'text';
    case 'boolean':
      return 'true / false';
    case 'array': {
      const item = typeName((json.items ?? {}) as Record<string, unknown>);
      return item.startsWith('an effect') ? 'list of effects (see *The effect language*)' : `list of ${item}`;
    }
    case 'object': {
      // Name the fields inside, so a teacher need not open game.yaml to learn them.
      const inner = Object.keys((json.properties ?? {}) as object);
      if (inner.length) return `fields: ${inner.map((k) => `\`${k}\``).join(', ')}`;
      return json.additionalProperties ? 'a table of names and values' : 'fields';
    }
    case 'null':
      return 'null';
    default:
      return 'value';
  }
}

function fieldsTable(name: string): string {
  const schema = OBJECTS[name];
  if (!schema) throw new Error(`no schema called ${name}`);
  return fieldsTableOf(schema);
}

/** A Markdown table of a schema's fields: name, whether required, kind, and its description. */
export function fieldsTableOf(schema: z.ZodType, heading = 'what to write'): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const props = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json.required ?? []) as string[]);
  const rows = Object.entries(props).map(
    ([key, p]) => `| \`${key}\` | ${required.has(key) ? 'yes' : ''} | ${typeName(p)} | ${String(p.description ?? '').replace(/\|/g, '\\|')} |`,
  );
  return [`| field | required | kind | ${heading} |`, '|---|---|---|---|', ...rows].join('\n');
}

/** The YAML text of one card, cut from a real content file. */
function example(file: string, id: string): string {
  const source = readFileSync(join(projectRoot, file), 'utf8');
  const doc = parseDocument(source);
  if (!isMap(doc.contents)) throw new Error(`${file} is not a mapping`);
  for (const pair of doc.contents.items) {
    if (!isSeq(pair.value)) continue;
    for (const item of pair.value.items) {
      if (isMap(item) && String(item.get('id')) === id && item.range) {
        const start = source.lastIndexOf('\n', item.range[0]) + 1;
        const text = source.slice(start, item.range[1]).replace(/\s+$/, '');
        return `\`\`\`yaml\n# from ${file}\n${String(pair.key)}:\n${text}\n\`\`\``;
      }
    }
  }
  throw new Error(`no card ${id} in ${file}`);
}

function mistake(name: string): string {
  const c = readCase(name);
  const dir = prepareCase(c);
  const cwd = process.cwd();
  try {
    // Run from inside the damaged copy so the message shows short paths, as a teacher would see them.
    process.chdir(dir);
    const result = loadGame({ dir: '.', packs: c.pack ? ['pack'] : [] });
    // A case run with --strict shows its warning, as validate prints it without --strict.
    const d = result.diagnostics.find((x) => x.severity === 'error') ?? (c.strict ? result.diagnostics.find((x) => x.severity === 'warning') : undefined);
    if (!d) throw new Error(`broken case ${name} produced no error`);
    return `\`\`\`text\n$ codex-conquest validate\n${formatDiagnostic(d, result.source)}\n\`\`\``;
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
}

function effectExamples(): string {
  const game = loadGame({ dir: join(projectRoot, 'content') }).game;
  if (!game) throw new Error('the base content does not validate');
  const render = effectRenderer(loadEffectTemplates(), game);
  const samples = parse(readFileSync(join(projectRoot, 'templates', 'docs', 'effect-examples.yaml'), 'utf8')) as Effect[];
  const rows = samples.map((e) => `| \`${JSON.stringify(e).replace(/"/g, '').replace(/,/g, ', ').replace(/:/g, ': ')}\` | ${render(e)} |`);
  return ['| you write | the card prints |', '|---|---|', ...rows].join('\n');
}

export function renderContentFormat(): string {
  const hb = Handlebars.create();
  hb.registerHelper('fields', (name: string) => fieldsTable(name));
  hb.registerHelper('example', (file: string, id: string) => example(file, id));
  hb.registerHelper('mistake', (name: string) => mistake(name));
  hb.registerHelper('effectExamples', () => effectExamples());
  hb.registerHelper('gameWords', () =>
    ['| write | prints |', '|---|---|', ...Object.entries(GAME_WORDS).map(([name, w]) => `| \`{{${name}}}\` | ${w.means} |`)].join('\n'),
  );
  hb.registerHelper(
    'fixture',
    (path: string) =>
      `\`\`\`yaml\n# from ${path}\n${readFileSync(join(projectRoot, path), 'utf8')
        .replace(/^# yaml-language-server.*\n/, '')
        .trimEnd()}\n\`\`\``,
  );
  hb.registerHelper('cardTypes', () =>
    [
      '| kind | list key | code | what it is |',
      '|---|---|---|---|',
      ...cardTypes().map((t) => `| ${t.label} | \`${t.key}:\` | \`${t.codePrefix}-…\` | ${t.summary} |`),
    ].join('\n'),
  );
  const template = readFileSync(join(projectRoot, 'templates', 'docs', 'content-format.md.hbs'), 'utf8');
  const header = `<!-- Generated by \`npm run docs\` from ${relative(projectRoot, join(projectRoot, 'templates', 'docs', 'content-format.md.hbs'))}; edit the template, not this file. -->\n`;
  return header + hb.compile(template, { noEscape: true, strict: true })({});
}

// Turns diagnostics into the text a teacher reads in the terminal.
import type { Diagnostic } from './diagnostic.js';
import type { LoadResult } from './index.js';

export type SourceLookup = (file: string) => string | undefined;

const MAX_LINE = 160;

function codeFrame(source: string | undefined, line: number, col: number, length = 1): string[] {
  if (!source) return [];
  const lines = source.split(/\r?\n/);
  const text = lines[line - 1];
  if (text === undefined) return [];
  const gutter = String(line).length;
  let shown = text.replace(/\t/g, '→');
  let caretAt = col - 1;
  if (shown.length > MAX_LINE) {
    const start = Math.max(0, Math.min(caretAt - 40, shown.length - MAX_LINE));
    shown = `${(start > 0 ? '…' : '') + shown.slice(start, start + MAX_LINE)}…`;
    caretAt = caretAt - start + (start > 0 ? 1 : 0);
  }
  const width = Math.max(1, Math.min(length, shown.length - caretAt));
  return [`${' '.repeat(gutter)} |`, `${line} | ${shown}`, `${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, caretAt))}${'^'.repeat(width)}`];
}

/**
 * Control characters quoted from the content (a picture's name holding an escape, a NUL or a
 * line break) shown as codes: printed raw they would move the cursor, recolour the terminal or
 * split the message.
 */
function visible(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function formatDiagnostic(d: Diagnostic, source: SourceLookup): string {
  const where = d.file ? `${visible(d.file)}${d.line ? `:${d.line}:${d.col ?? 1}` : ''}: ` : '';
  const out = [`${where}${d.severity}: ${visible(d.message)}`];
  if (d.file && d.line) out.push(...codeFrame(source(d.file), d.line, d.col ?? 1, d.length));
  if (d.hint) out.push(`  hint: ${visible(d.hint)}`);
  if (d.related) out.push(`  note: ${visible(d.related.file)}:${d.related.line}:${d.related.col}: ${visible(d.related.message)}`);
  return out.join('\n');
}

/**
 * The order a teacher fixes them in: file by file (in the order the checks first met each file),
 * and down each file line by line. The checks find problems in their own order — the schema, then
 * names, then counts — which jumped back and forth in a file.
 */
export function readingOrder(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const fileRank = new Map<string, number>();
  for (const d of diagnostics) if (!fileRank.has(d.file ?? '')) fileRank.set(d.file ?? '', fileRank.size);
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        fileRank.get(a.d.file ?? '')! - fileRank.get(b.d.file ?? '')! || (a.d.line ?? 0) - (b.d.line ?? 0) || (a.d.col ?? 0) - (b.d.col ?? 0) || a.i - b.i,
    )
    .map(({ d }) => d);
}

/** Every diagnostic of a load, each with its code frame, for the terminal, in reading order. */
export function printDiagnostics(result: Pick<LoadResult, 'diagnostics' | 'source'>, stream: NodeJS.WritableStream = process.stderr): void {
  for (const d of readingOrder(result.diagnostics)) stream.write(`${formatDiagnostic(d, result.source)}\n\n`);
}

export function formatSummary(errors: number, warnings: number): string {
  const e = `${errors} error${errors === 1 ? '' : 's'}`;
  const w = `${warnings} warning${warnings === 1 ? '' : 's'}`;
  return `${e}, ${w}`;
}

// Messages are printed in the order a teacher fixes them: file by file, down each file.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { Diagnostic } from '../../generator/load/diagnostic.js';
import { printDiagnostics } from '../../generator/load/format-diagnostic.js';

describe('printed diagnostics', () => {
  it('go file by file, in the order the files were first met, and down each file by line and column', () => {
    const d = (file: string | undefined, line: number | undefined, col: number | undefined, message: string): Diagnostic => ({
      severity: 'error',
      message,
      ...(file ? { file } : {}),
      ...(line ? { line } : {}),
      ...(col ? { col } : {}),
    });
    const found = [
      d('books.yaml', 16, 5, 'b16'),
      d('pack.yaml', 3, 1, 'p3'),
      d('books.yaml', 10, 9, 'b10'),
      d('books.yaml', 10, 3, 'b10-earlier-column'),
      d('pack.yaml', 1, 1, 'p1'),
      d('books.yaml', 16, 5, 'b16-second'),
      d(undefined, undefined, undefined, 'nowhere'),
    ];
    let text = '';
    const out = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    printDiagnostics({ diagnostics: found, source: () => undefined }, out);
    const order = [...text.matchAll(/error: (\S+)/g)].map((m) => m[1]);
    expect(order).toEqual(['b10-earlier-column', 'b10', 'b16', 'b16-second', 'p1', 'p3', 'nowhere']);
  });

  it('show control characters quoted from the content as codes, never raw (an escape in a picture’s name recoloured the terminal)', () => {
    let text = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        text += chunk.toString();
        done();
      },
    });
    const message = 'the picture “a\u001b[31mred\u0000\nb.png” was not found';
    printDiagnostics({ diagnostics: [{ severity: 'error', message, hint: 'check\u0007 it' }], source: () => undefined }, sink);
    expect(text).toContain('the picture “a\\u001b[31mred\\u0000\\u000ab.png” was not found');
    expect(text).toContain('hint: check\\u0007 it');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them.
    expect(text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f]/);
  });
});

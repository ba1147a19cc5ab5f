// The print code's seven fast paths, each of which must give exactly the bytes the plain way
// gives (tests/print/fast-paths.test.ts builds both ways and compares every PDF):
// - the OpenType shaper (opentype/shaper.ts) in place of fontkit's layout engine;
// - the word cache, which shapes each word once per process (fonts.ts);
// - the raw text writer (paint/pdf-text.ts) in place of pdfkit's text(), which with the word
//   cache on also encodes each word from the cache rather than through pdfkit's encode();
// - the operators of a PDF object kept as text and turned into bytes once, when it ends
//   (paint/pdfkit-internals.ts), where pdfkit turns each into bytes as it comes;
// - the document's own lines (objects' numbers and dictionaries) turned into bytes natively and
//   handed straight to the collector (writeStraight), where pdfkit pushes each through a stream;
// - each colour's lines asked of pdfkit once and written again from a table (setColour), where
//   pdfkit works them out on every fillColor and strokeColor;
// - the justified line breaker's pruning of ways that cannot end in the lines left (layout/lines.ts).
// CC_PLAIN_PDFKIT=1 in the environment turns all seven off: the way to rule them out when
// something prints wrongly, and the baseline the test compares against.
const plain = process.env.CC_PLAIN_PDFKIT === '1';
const only = process.env.CC_PLAIN_ONLY ?? '';

export const fastPaths = {
  shaper: !plain && !only.includes('shaper'),
  wordCache: !plain && !only.includes('cache'),
  rawText: !plain && !only.includes('raw'),
  linePruning: !plain && !only.includes('prune'),
  streamText: !plain && !only.includes('stream'),
  straightWrites: !plain && !only.includes('write'),
  colourLines: !plain && !only.includes('colour'),
} as const;

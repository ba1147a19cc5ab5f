// The paper of the rule book and the play aids. Their documents come from paint/document.ts
// (newDocument with reading = true), like every other PDF the build writes.
import type { Doc } from '../paint/document.js';

export type { Doc };
export type Paper = 'a4' | 'letter';

/** Page sizes in points (1/72 in), portrait. */
export const PAPER_SIZE: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

export { MM } from '../paint/pdf.js';

export function addPaperPage(doc: Doc, paper: Paper): void {
  const { width, height } = PAPER_SIZE[paper];
  doc.addPage({ size: [width, height], margin: 0 });
}

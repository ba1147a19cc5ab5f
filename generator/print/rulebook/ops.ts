// The display list: what the typesetter decides and the painter draws. Keeping the two apart
// lets the book be laid out twice (once to learn where headings fall, once with the contents
// page numbers filled in) without drawing anything the first time.
import type { FontName } from '../fonts.js';
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';

export type Op =
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      font: FontName;
      size: number;
      colour: string;
      wordSpacing?: number;
      characterSpacing?: number;
      features?: string[];
    }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; lineWidth?: number; radius?: number }
  | { kind: 'dot'; x: number; y: number; r: number; colour: string }
  /** A card, drawn from its display list with its trim's top-left corner at (x, y), `scale` × its size; its pictures in `images`. */
  | { kind: 'card'; x: number; y: number; scale: number; list: DisplayList; images: Map<string, ProcessedImage>; frame: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; colour: string; dash?: number[] }
  | { kind: 'icon'; name: string; x: number; y: number; size: number; colour: string }
  | { kind: 'link'; x: number; y: number; w: number; h: number; dest: string }
  | { kind: 'dest'; name: string; y: number };

/** Moves ops down by dy (boxes are laid out at y = 0 and placed later). */
export function shift(ops: Op[], dx: number, dy: number): Op[] {
  return ops.map((op) => {
    switch (op.kind) {
      case 'line':
        return { ...op, x1: op.x1 + dx, x2: op.x2 + dx, y1: op.y1 + dy, y2: op.y2 + dy };
      case 'dest':
        return { ...op, y: op.y + dy };
      default:
        return { ...op, x: op.x + dx, y: op.y + dy };
    }
  });
}

// The rule book's look, read from templates/rulebook/style.yaml and checked, so a typo in the
// style file is a clear message rather than a mangled PDF.
import { join } from 'node:path';
import { z } from 'zod';
import { FONT_FILES, type FontName } from '../font-files.js';
import { templatesDir } from '../../paths.js';
import { readTemplate } from '../../load/read-template.js';
import { cached } from '../memo.js';
import { HyphenRules } from '../hyphenate.js';

const Face = z.enum(Object.keys(FONT_FILES) as [FontName, ...FontName[]]);
const Pt = z.number().min(0).max(1000);
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A share of the page: 0.14 is 14 %. */
const Share = z.number().min(0).max(1);
const Heading = z.strictObject({ face: Face, size: Pt, leading: Pt, space_before: Pt, space_after: Pt, kicker_size: Pt.optional() });

export const Style = z.strictObject({
  page: z.strictObject({ margin_top: Pt, margin_bottom: Pt, measure: Pt, head_offset: Pt, folio_offset: Pt, min_tail_lines: z.number().min(0).max(20) }),
  colours: z.strictObject({ ink: Colour, rubric: Colour, muted: Colour, rule: Colour, panel: Colour, header_fill: Colour }),
  text: z.strictObject({
    body: z.strictObject({ face: Face, size: Pt, leading: Pt }),
    bold: Face,
    italic: Face,
    bold_italic: Face,
    paragraph_space: Pt,
    list_indent: Pt,
    list_space: Pt,
    justify: z.boolean(),
    max_word_gap: z.number().min(0).max(3),
    /** Justified text may break a word of at least min_word letters, keeping `before` letters and carrying `after`. */
    hyphenate: HyphenRules,
  }),
  headings: z.strictObject({ h1: Heading, h2: Heading, h3: Heading }),
  table: z.strictObject({ size: Pt, leading: Pt, pad_x: Pt, pad_y: Pt, space: Pt }),
  figure: z.strictObject({
    space: Pt,
    label_size: Pt,
    label_leading: Pt,
    caption_size: Pt,
    caption_leading: Pt,
    anatomy_scale: z.number().positive().max(2),
    row_card_width: Pt,
    row_gap: Pt,
    table_card_width: Pt,
    line: Pt,
  }),
  panel: z.strictObject({ pad: Pt, rule: Pt, space: Pt }),
  contents: z.strictObject({ title: z.string().min(1), chapter_size: Pt, section_size: Pt, leading: Pt, section_leading: Pt, gap: Pt }),
  running: z.strictObject({ size: Pt }),
  cover: z.strictObject({
    frame: z.strictObject({ inset: Pt, rule: Pt, inner_inset: Pt, inner_rule: Pt }),
    kicker: z.strictObject({ size: Pt, tracking: z.number(), at: Share }),
    title: z.strictObject({ size: Pt, leading: Pt, at: Share, margin: Pt }),
    ornament: z.strictObject({ glyph: z.string().min(1), size: Pt, rise: Pt, rule: Pt, rule_lift: Pt, rule_from: Pt, rule_to: Pt }),
    subtitle: z.strictObject({ size: Pt, leading: Pt, measure: Pt, below: Pt }),
    book: z.strictObject({ icon: z.string().min(1), size: Pt, at_most: Share, below: Pt }),
    countries: z.strictObject({ emblem: Pt, slot: Pt, margin: Pt, name_size: Pt, name_below: Pt, below: Pt, at_least: Share }),
    foot: z.strictObject({ size: Pt, leading: Pt, margin: Pt, above: Pt }),
  }),
});
export type Style = z.infer<typeof Style>;

const styles = new Map<string, Style>();
/** The style, read once per process (the rule book, the aids and the tokens all ask for it). */
export function loadStyle(dir = join(templatesDir, 'rulebook')): Style {
  const file = join(dir, 'style.yaml');
  return cached(styles, file, () => readTemplate(file, Style, 'rule book style', 'compare it with the comments at the top of style.yaml'));
}

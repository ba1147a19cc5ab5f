// The shape of a card layout (templates/layouts/<type>.yaml) and of the theme
// (templates/theme.yaml). A restyle is an edit to those files, never to code.
import { z } from 'zod';
import { FONT_NAMES } from '../font-files.js';
import { HyphenRules } from '../hyphenate.js';

const mm = z.number();
/** [x, y, width, height] in mm from the card's top-left corner, on the design size. */
const Box = z.tuple([mm, mm, mm, mm]);
const Point = z.tuple([mm, mm]);
/** A theme colour name, "#rrggbb", or a template such as "{{country.colour}}". */
const Colour = z.string().min(1);
const Font = z.enum(FONT_NAMES as [string, ...string[]]);
const CardSize = z.enum(['poker', 'bridge', 'tarot', 'mini']);

const Conditions = {
  /** A name for messages, and for a layout that `extends` this one to replace or remove the element. */
  name: z.string().optional(),
  /** Draw only when this path of the card's context is present and not false/empty ("gloss", "card.mvb"). */
  if: z.string().optional(),
  /** Draw only when this path is absent, false or empty. */
  unless: z.string().optional(),
  /** Card sizes on which the element is left out (small cards cannot hold everything). */
  omit_on: z.array(CardSize).optional(),
};

const Shape = {
  fill: Colour.optional(),
  stroke: Colour.optional(),
  /** Stroke width, pt. */
  line: z.number().positive().optional(),
  /** Mix the colours this far towards the paper (0 = as given, 0.9 = a pale wash). */
  tint: z.number().min(0).max(1).optional(),
  dash: z.tuple([z.number(), z.number()]).optional(),
};

export const TextStyle = z.strictObject({
  font: Font,
  /** Design size, pt. */
  size: z.number().positive(),
  /** The readable floor: text shrinks towards this size before the card is reported as too full. */
  min: z.number().positive().optional(),
  colour: Colour.optional(),
  align: z.enum(['left', 'center', 'right', 'justify']).optional(),
  /** Line height as a multiple of the size. */
  leading: z.number().positive().optional(),
  /** OpenType features, e.g. [smcp] for small capitals, [onum] for old-style figures. */
  features: z.array(z.string()).optional(),
  /** Letter-spacing in thousandths of an em. */
  tracking: z.number().optional(),
  case: z.enum(['upper', 'lower']).optional(),
  max_lines: z.number().int().positive().optional(),
  /** Even out the lines of centred text. */
  balance: z.boolean().optional(),
  /**
   * In a stack, keep the design size while the other blocks shrink to fit, and shrink only when
   * they are at their floors: a deck's titles then stand at one size on every card.
   */
  keep_size: z.boolean().optional(),
  /** Read `**bold**` and `*italic*` in the text. */
  rich: z.boolean().optional(),
  /** Faces for rich text. */
  bold: Font.optional(),
  italic: Font.optional(),
});

const TextBlock = z.strictObject({
  ...Conditions,
  kind: z.literal('text').optional(),
  /** The name used in messages ("title", "note"). */
  name: z.string(),
  /** Handlebars over the card: "{{title}}", "{{or year_label year}}". */
  text: z.string(),
  /** Repeat the block for every entry of this list ("effects_text", "lines"); {{item}} is the entry. */
  each: z.string().optional(),
  /** Space above the block, mm. */
  space_before: z.number().optional(),
  /** Space between repeated paragraphs, mm. */
  paragraph_gap: z.number().optional(),
  /** A character set before each repeated paragraph, e.g. "•". */
  bullet: z.string().optional(),
  style: TextStyle,
});

const RuleBlock = z.strictObject({
  ...Conditions,
  kind: z.literal('rule'),
  /** Length of the rule, mm. */
  width: z.number().positive(),
  /** Height the rule takes in the stack, mm. */
  height: z.number().positive(),
  space_before: z.number().optional(),
  line: z.number().positive(),
  colour: Colour,
  /** A glyph in the middle of the rule, e.g. "❦". */
  ornament: z.string().optional(),
  ornament_size: z.number().positive().optional(),
  /**
   * The ornament's colour (the rule's when not given). An ornament is set as type: under 9 pt on a
   * smaller card it needs 4.5 : 1 against its ground, which a pale hairline colour does not give.
   */
  ornament_colour: Colour.optional(),
});

export const StackBlock = z.union([RuleBlock, TextBlock]);

const Rect = z.strictObject({ ...Conditions, ...Shape, kind: z.literal('rect'), box: Box, radius: z.number().optional(), bleed: z.boolean().optional() });
const Circle = z.strictObject({ ...Conditions, ...Shape, kind: z.literal('circle'), centre: Point, r: z.number().positive() });
const Line = z.strictObject({ ...Conditions, ...Shape, kind: z.literal('line'), from: Point, to: Point });
const Icon = z.strictObject({
  ...Conditions,
  kind: z.literal('icon'),
  /** A game-icons name or a template giving one: "{{country.emblem}}". */
  icon: z.string(),
  box: Box,
  fill: Colour,
  tint: z.number().min(0).max(1).optional(),
  rotate: z.number().optional(),
});
const Image = z.strictObject({ ...Conditions, kind: z.literal('image'), box: Box, frame: Colour.optional(), line: z.number().optional() });
/**
 * What an event or chance card does, as a line of symbols per effect — who pays, an arrow, the
 * coins with their numeral, who receives — and the effect's words beneath it. The symbols are
 * game-icons named in the theme's `effect_icons`.
 */
const Effects = z.strictObject({
  ...Conditions,
  kind: z.literal('effects'),
  name: z.string(),
  box: Box,
  /** Height of a symbol, mm. */
  icon: z.number().positive(),
  /** The colour of symbols that are not a country's emblem. */
  colour: Colour,
  /** The numerals (amounts) beside the coins: at least 11 pt so they read across a table. */
  numeral: TextStyle,
  /** The effect's words under its symbols. */
  caption: TextStyle,
  /** Space between one effect and the next, mm. */
  gap: z.number().nonnegative().default(1.2),
});
const Text = z.strictObject({
  ...Conditions,
  kind: z.literal('text'),
  name: z.string(),
  text: z.string(),
  each: z.string().optional(),
  paragraph_gap: z.number().optional(),
  bullet: z.string().optional(),
  box: Box,
  valign: z.enum(['top', 'middle', 'bottom']).optional(),
  style: TextStyle,
});
const Stack = z.strictObject({
  ...Conditions,
  kind: z.literal('stack'),
  name: z.string(),
  box: Box,
  valign: z.enum(['top', 'middle', 'bottom']).optional(),
  items: z.array(StackBlock).min(1),
});

export const Element = z.discriminatedUnion('kind', [Rect, Circle, Line, Icon, Image, Text, Stack, Effects]);

const Face = z.strictObject({
  /** Colour of the whole face, running into the bleed. */
  background: Colour,
  elements: z.array(Element),
});

export const Layout = z.strictObject({
  /** The card type this layout draws (engine/cards). */
  type: z.string(),
  /** The deck (and file name) its cards are printed in. */
  deck: z.string(),
  /** Printed copies of each card: a number, or "players" for one per player at the largest table. */
  copies: z.union([z.number().int().positive(), z.literal('players')]).default(1),
  /** Order of the cards in the deck: context paths compared in turn ("century.index"). */
  sort: z.array(z.string()).default([]),
  /** The size the boxes were drawn for, mm; other card sizes scale them. */
  design: z.tuple([z.number(), z.number()]).default([63.5, 88.9]),
  face: Face,
  back: Face.extend({
    /** Cards whose backs give the same id share one back image: "books-{{century.code}}". */
    id: z.string(),
  }),
  /** The face and back as drawn on another card size, where the layout changes them (see LayoutFile's `sizes`). */
  sizes: z.partialRecord(CardSize, z.strictObject({ face: Face, back: Face.extend({ id: z.string() }) })).optional(),
});

export type Layout = z.infer<typeof Layout>;

/** In a layout that `extends` another: take out the parent's element of this name. */
const Removal = z.strictObject({ remove: z.string().describe("the name of the parent's element to leave out") });
/** An element of a layout that extends another: it replaces the parent's element of the same name, or is added after `after` (or at the end). */
const PatchElement = z.union([Removal, ...Element.options.map((o) => o.extend({ after: z.string().optional() }))]);
const PatchFace = z.strictObject({ background: Colour.optional(), id: z.string().optional(), elements: z.array(PatchElement).optional() });

/**
 * A layout file as written: a whole layout, or `extends: <file>` (another file in
 * templates/layouts/, or in its common/ folder) and only what differs from it.
 */
export const LayoutFile = z.strictObject({
  /** The layout this one starts from, e.g. "book.yaml" or "common/event.yaml". */
  extends: z.string().optional(),
  type: z.string().optional(),
  deck: z.string().optional(),
  copies: z.union([z.number().int().positive(), z.literal('players')]).optional(),
  sort: z.array(z.string()).optional(),
  design: z.tuple([z.number(), z.number()]).optional(),
  face: PatchFace.optional(),
  back: PatchFace.optional(),
  /**
   * What changes on another card size: for each size, face and back patches like the ones above
   * (elements replacing the one of the same name, added, or removed), in the same design mm. A
   * smaller card scaled from poker keeps its 6 mm bands along the edges but has less room inside, so a box may
   * move or an ornament go. Layouts that extend this one inherit these changes too.
   */
  sizes: z.partialRecord(CardSize, z.strictObject({ face: PatchFace.optional(), back: PatchFace.optional() })).optional(),
});
export type LayoutFile = z.infer<typeof LayoutFile>;
export type Element = z.infer<typeof Element>;
export type StackBlock = z.infer<typeof StackBlock>;
export type TextStyle = z.infer<typeof TextStyle>;

/** How text is set on every card: where words may take a hyphen, and when a column is too narrow to justify. */
const TypesettingSchema = z.strictObject({
  /** Justified text may hyphenate a word of at least min_word letters, keeping `before` letters on the line and carrying at least `after`. */
  hyphenate: HyphenRules,
  /** A justified column narrower than this many ems of its type is set ragged right instead. */
  justify_min_ems: z.number().positive(),
});
export type Typesetting = z.infer<typeof TypesettingSchema>;

export const Theme = z.strictObject({
  colours: z.record(z.string(), z.string().regex(/^#[0-9a-fA-F]{6}$/)),
  /** Extra art beyond the trim for the print-shop export, mm (1/8 in). */
  bleed: z.number().nonnegative(),
  card_sizes: z.record(CardSize, z.tuple([z.number().positive(), z.number().positive()])),
  typesetting: TypesettingSchema,
  /** The game-icons that stand for the parts of an effect on the cards' symbol lines. */
  effect_icons: z.strictObject({
    bank: z.string(),
    coins: z.string(),
    you: z.string(),
    each: z.string(),
    lead: z.string(),
    richest: z.string(),
    poorest: z.string(),
    book: z.string(),
    market: z.string(),
    chance: z.string(),
    skip: z.string(),
    lot: z.string(),
  }),
  sheet: z.strictObject({
    /** Nothing is printed closer than this to the paper's edge, mm. */
    unprintable: z.number().nonnegative(),
    /** Space between neighbouring cards where the paper leaves room, mm. */
    gutter: z.number().nonnegative(),
    /** How far the fronts run past the trim on the grid's outer edges, mm. */
    bleed: z.number().nonnegative(),
    crop_marks: z.strictObject({ gap: z.number(), length: z.number(), min_length: z.number().positive(), line: z.number(), colour: Colour }),
    /** How far the backs run past the outer edge of the grid, mm, to hide duplex drift. */
    back_overprint: z.number().nonnegative(),
    /** The small line beside the cards that keeps the sheets in order: its face, largest size (pt) and colour. */
    label: z.strictObject({ font: Font, size: z.number().positive(), colour: Colour }),
  }),
});

export type Theme = z.infer<typeof Theme>;

/** Handlebars text: one line, or several. */
const Words = z.string().min(1);

/** The words of templates/sheets.yaml (see the comments there for what each may use). */
export const SheetWords = z.strictObject({
  sheets: z.strictObject({
    title: Words,
    subject_duplex: Words,
    subject_fronts_only: Words,
    label_fronts: Words,
    label_backs: Words,
  }),
  press: z.strictObject({
    title: Words,
    subject: Words,
    /** The subject of a file whose backs come before their faces, in CMYK (DriveThruCards). */
    subject_back_first: Words,
  }),
  calibration: z.strictObject({
    title: Words,
    front: z.array(Words).min(1),
    back: z.array(Words).min(1),
  }),
});

export type SheetWords = z.infer<typeof SheetWords>;

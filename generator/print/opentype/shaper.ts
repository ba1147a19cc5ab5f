// Shapes a run of Latin text the way fontkit does — same features, same lookups in the same
// order, same results (tests/print/shaping.test.ts compares the two on every text of the game,
// the rule book and random strings) — but from the plain maps of tables.ts, so a word costs
// microseconds instead of tens of them. It covers what EB Garamond's Latin needs: single,
// ligature and chained-context substitution, and pair kerning. A run it cannot shape exactly
// (marks, fraction slashes, invisible characters, other scripts, a lookup kind it does not
// read) returns null, and the caller asks fontkit.
//
// The spec: https://learn.microsoft.com/typography/opentype/spec/chapter2 ("OpenType Layout Common Table Formats") for how features pick
// lookups and lookups apply in LookupList order; https://learn.microsoft.com/typography/opentype/spec/gsub and https://learn.microsoft.com/typography/opentype/spec/gpos for
// the subtables; https://learn.microsoft.com/typography/opentype/spec/featuretags for what each feature tag is for.
import { readFontTables, Unsupported, type FontTables, type Lookup, type LayoutTable, type Subtable, type ValueRecord } from './tables.js';

export interface ShapedGlyph {
  id: number;
  codePoints: number[];
}

export interface ShapedPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface ShapedRun {
  glyphs: ShapedGlyph[];
  positions: ShapedPosition[];
}

// fontkit's default shaping plan: these features always, then the caller's (featuretags: rvrn
// required variation alternates, ltra/ltrm left-to-right alternates and mirrored forms, ccmp glyph
// composition, locl localized forms, rlig required ligatures, mark/mkmk mark positioning, calt
// contextual alternates, clig contextual ligatures, liga standard ligatures, rclt required
// contextual alternates, curs cursive positioning, kern kerning). The fraction features apply
// only around U+2044, which this path leaves to fontkit.
const PLAN = ['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'];

interface Plan {
  substitutions: Lookup[];
  positionings: Lookup[];
}

const COMMON = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const LATIN = /\p{Script=Latin}/u;

/** fontkit's script for a run: the first character that belongs to one; Latin or none only. */
function scriptOf(text: string): 'latn' | 'DFLT' | null {
  for (const ch of text) {
    if (COMMON.test(ch)) continue;
    return LATIN.test(ch) ? 'latn' : null;
  }
  return 'DFLT';
}

/** Characters fontkit hides (soft hyphen, joiners, variation selectors …) or treats specially. */
function needsFontkit(cp: number): boolean {
  return (
    cp === 0x2044 ||
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    (cp >= 0x17b4 && cp <= 0x17b5) ||
    (cp >= 0x180b && cp <= 0x180e) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    cp > 0xffff
  );
}

export class Shaper {
  private readonly plans = new Map<string, Plan | null>();
  /** Glyphs that some mark-positioning lookup would move: runs with them go to fontkit. */
  private readonly markGlyphs = new Set<number>();

  private constructor(private readonly t: FontTables) {}

  /** A shaper for the font's bytes, or null when the font needs more than this path reads. */
  static for(data: Uint8Array): Shaper | null {
    try {
      return new Shaper(readFontTables(data));
    } catch (e) {
      if (e instanceof Unsupported) return null;
      throw e;
    }
  }

  glyphFor(codePoint: number): number | undefined {
    return this.t.cmap.get(codePoint);
  }

  /** Every character the font maps, with its glyph. */
  get characters(): ReadonlyMap<number, number> {
    return this.t.cmap;
  }

  advanceOf(glyph: number): number {
    return this.t.advances[glyph] ?? 0;
  }

  /** The shaped run, or null when fontkit must shape it. */
  shape(text: string, features: readonly string[] = []): ShapedRun | null {
    const script = scriptOf(text);
    if (!script) return null;
    const plan = this.planFor(script, features);
    if (!plan) return null;
    const glyphs: ShapedGlyph[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const id = this.t.cmap.get(cp);
      if (id === undefined || needsFontkit(cp)) return null;
      glyphs.push({ id, codePoints: [cp] });
    }
    for (const lookup of plan.substitutions) {
      for (let i = 0; i < glyphs.length; i++) this.substituteAt(lookup, glyphs, i);
    }
    // GDEF glyph class 3 is a mark: runs with marks are left to fontkit's mark positioning.
    for (const g of glyphs) if (this.t.glyphClass.get(g.id) === 3 || this.markGlyphs.has(g.id)) return null;
    const positions = glyphs.map((g) => ({ xAdvance: this.t.advances[g.id] ?? 0, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    for (const lookup of plan.positionings) {
      for (let i = 0; i < glyphs.length; i++) {
        for (const sub of lookup.subtables) if (positionAt(sub, glyphs, positions, i)) break;
      }
    }
    return { glyphs, positions };
  }

  /**
   * The lookups for a script and feature set, in lookup order as fontkit applies them: chapter2,
   * "Feature List Table" — "lookups are applied in the order of the LookupList", whatever order
   * the features were asked for in.
   */
  private planFor(script: string, features: readonly string[]): Plan | null {
    const key = `${script}|${features.join(',')}`;
    if (this.plans.has(key)) return this.plans.get(key)!;
    let plan: Plan | null;
    try {
      const tags = [...new Set([...PLAN, ...features])];
      plan = { substitutions: this.lookupsOf(this.t.GSUB, script, tags), positionings: this.lookupsOf(this.t.GPOS, script, tags) };
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      plan = null;
    }
    this.plans.set(key, plan);
    return plan;
  }

  private lookupsOf(table: LayoutTable | undefined, script: string, tags: string[]): Lookup[] {
    if (!table) return [];
    const available = table.features(script);
    const indexes = tags.flatMap((tag) => available.get(tag) ?? []).sort((a, b) => a - b);
    const lookups = indexes.map((i) => table.lookup(i));
    // Mark positioning is read only as far as which glyphs it would move.
    for (const l of lookups) for (const s of l.subtables) if (s.kind === 'marks') for (const g of s.coverage) this.markGlyphs.add(g);
    // Nested lookups of contextual rules are read now, so an unsupported one is found up front.
    for (const l of lookups) for (const s of l.subtables) if (s.kind === 'chain') for (const r of s.records) table.lookup(r.lookup);
    return lookups.filter((l) => l.subtables.some((s) => s.kind !== 'marks'));
  }

  /** Applies the first subtable of `lookup` that matches at glyph i. */
  private substituteAt(lookup: Lookup, glyphs: ShapedGlyph[], i: number): boolean {
    for (const sub of lookup.subtables) if (this.substitute(sub, glyphs, i)) return true;
    return false;
  }

  private substitute(sub: Subtable, glyphs: ShapedGlyph[], i: number): boolean {
    const g = glyphs[i]!;
    switch (sub.kind) {
      case 'single': {
        const to = sub.map.get(g.id);
        if (to === undefined) return false;
        glyphs[i] = { id: to, codePoints: g.codePoints };
        return true;
      }
      case 'ligature': {
        for (const lig of sub.sets.get(g.id) ?? []) {
          if (!lig.components.every((c, k) => glyphs[i + 1 + k]?.id === c)) continue;
          const parts = glyphs.splice(i, lig.components.length + 1);
          glyphs.splice(i, 0, { id: lig.glyph, codePoints: parts.flatMap((p) => p.codePoints) });
          return true;
        }
        return false;
      }
      case 'chain': {
        // Chained context format 3 (chapter2): the spec lists backtrack coverages nearest glyph
        // first; fontkit matches them forwards from i - count, and so does this, to agree with it.
        const from = i - sub.backtrack.length;
        if (from < 0 || i + sub.input.length + sub.lookahead.length > glyphs.length) return false;
        const covered = (list: Map<number, number>[], start: number) => list.every((c, k) => c.has(glyphs[start + k]!.id));
        if (!covered(sub.backtrack, from) || !covered(sub.input, i) || !covered(sub.lookahead, i + sub.input.length)) return false;
        for (const r of sub.records) {
          if (i + r.sequence < glyphs.length) this.substituteAt(this.t.GSUB!.lookup(r.lookup), glyphs, i + r.sequence);
        }
        return true;
      }
      default:
        return false; // positioning subtables never reach here
    }
  }
}

/** GPOS pair adjustment (Lookup Type 2) at glyph i and the next: the first matching subtable wins. */
function positionAt(sub: Subtable, glyphs: ShapedGlyph[], positions: ShapedPosition[], i: number): boolean {
  const next = glyphs[i + 1];
  if (!next) return false;
  const id = glyphs[i]!.id;
  if (sub.kind !== 'pair') return false;
  const pair = sub.match(id, next.id);
  if (!pair) return false;
  adjust(positions[i]!, pair.first);
  adjust(positions[i + 1]!, pair.next);
  return true;
}

function adjust(p: ShapedPosition, v: ValueRecord): void {
  if (v.xAdvance !== undefined) p.xAdvance += v.xAdvance;
  if (v.yAdvance !== undefined) p.yAdvance += v.yAdvance;
  if (v.xPlacement !== undefined) p.xOffset += v.xPlacement;
  if (v.yPlacement !== undefined) p.yOffset += v.yPlacement;
}

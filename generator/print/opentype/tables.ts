// Reads the parts of a TrueType/OpenType font that shaping Latin text needs — the character
// map, advance widths, GDEF glyph classes and the GSUB/GPOS lookups — straight from the bytes,
// into plain maps. fontkit parses the same tables through a general object decoder and walks
// coverage tables with linear searches; for the few thousand words of a build that was the
// largest cost of printing. Anything this reader does not understand throws `Unsupported`,
// and the caller shapes with fontkit instead.
//
// Each reader below names the part of the Microsoft OpenType specification it follows
// (https://learn.microsoft.com/typography/opentype/spec/), by table and section, so that a reader can be checked against the
// spec field by field. Offsets are in bytes; every number is big-endian, as the spec's
// "Data types" section says.

/** A font feature or table this fast path does not handle; fontkit takes over. */
export class Unsupported extends Error {}

class Bytes {
  private readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  u16 = (at: number) => this.view.getUint16(at);
  i16 = (at: number) => this.view.getInt16(at);
  u32 = (at: number) => this.view.getUint32(at);
  tag = (at: number) => String.fromCharCode(this.data[at]!, this.data[at + 1]!, this.data[at + 2]!, this.data[at + 3]!);
}

/** Offsets of the font's tables by tag: the table directory (OpenType spec, "The OpenType font file" (otff), Table Directory: numTables at 4, table records of 16 bytes from 12, each tag, checksum, offset, length). */
function tableDirectory(b: Bytes): Map<string, number> {
  const tables = new Map<string, number>();
  const count = b.u16(4);
  for (let i = 0; i < count; i++) tables.set(b.tag(12 + i * 16), b.u32(12 + i * 16 + 8));
  return tables;
}

// ── cmap ──────────────────────────────────────────────────────────────────────────────────
// https://learn.microsoft.com/typography/opentype/spec/cmap — "cmap Header" and "Encoding records and encodings": a list of (platformID,
// encodingID, offset) records, each pointing at a subtable.

// fontkit's order of preference among cmap subtables, so both pick the same one.
const CMAP_PREFERENCE: [number, number][] = [
  [3, 10],
  [0, 6],
  [0, 4],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

function readCmap(b: Bytes, at: number): Map<number, number> {
  const records = new Map<string, number>();
  for (let i = 0, n = b.u16(at + 2); i < n; i++) {
    const r = at + 4 + i * 8;
    const key = `${b.u16(r)},${b.u16(r + 2)}`;
    if (!records.has(key)) records.set(key, at + b.u32(r + 4));
  }
  const chosen = CMAP_PREFERENCE.map(([p, e]) => records.get(`${p},${e}`)).find((x) => x !== undefined);
  if (chosen === undefined) throw new Unsupported('no Unicode cmap');
  const map = new Map<number, number>();
  const format = b.u16(chosen);
  // "Format 4: Segment mapping to delta values": segCountX2 at 6, then endCode[], a reserved pad,
  // startCode[], idDelta[], idRangeOffset[]; a zero idRangeOffset means glyph = (c + idDelta) mod 65536,
  // otherwise the glyph is read from glyphIdArray at the offset the spec's formula gives.
  if (format === 4) {
    const segs = b.u16(chosen + 6) / 2;
    const ends = chosen + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    for (let s = 0; s < segs; s++) {
      const start = b.u16(starts + s * 2);
      const end = b.u16(ends + s * 2);
      const delta = b.i16(deltas + s * 2);
      const rangeOffset = b.u16(ranges + s * 2);
      for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
        let gid: number;
        if (rangeOffset === 0) gid = (cp + delta) & 0xffff;
        else {
          const g = b.u16(ranges + s * 2 + rangeOffset + (cp - start) * 2);
          gid = g === 0 ? 0 : (g + delta) & 0xffff;
        }
        if (gid !== 0) map.set(cp, gid);
      }
    }
  } else if (format === 12) {
    // "Format 12: Segmented coverage": numGroups at 12, then (startCharCode, endCharCode, startGlyphID) groups of 12 bytes.
    for (let i = 0, n = b.u32(chosen + 12); i < n; i++) {
      const g = chosen + 16 + i * 12;
      const start = b.u32(g);
      const end = b.u32(g + 4);
      const first = b.u32(g + 8);
      for (let cp = start; cp <= end; cp++) map.set(cp, first + cp - start);
    }
  } else throw new Unsupported(`cmap format ${format}`);
  return map;
}

// ── shared OpenType layout structures ─────────────────────────────────────────────────────
// https://learn.microsoft.com/typography/opentype/spec/chapter2 — "OpenType Layout Common Table Formats": the script, feature and lookup
// lists that GSUB and GPOS share, and the coverage and class definition tables.

/** Coverage table: glyph → coverage index ("Coverage Table": format 1 lists glyph IDs, format 2 lists ranges of them with a start coverage index). */
function readCoverage(b: Bytes, at: number): Map<number, number> {
  const out = new Map<number, number>();
  const format = b.u16(at);
  if (format === 1) {
    for (let i = 0, n = b.u16(at + 2); i < n; i++) out.set(b.u16(at + 4 + i * 2), i);
  } else if (format === 2) {
    for (let i = 0, n = b.u16(at + 2); i < n; i++) {
      const r = at + 4 + i * 6;
      const start = b.u16(r);
      const end = b.u16(r + 2);
      const index = b.u16(r + 4);
      for (let g = start; g <= end; g++) out.set(g, index + g - start);
    }
  } else throw new Unsupported(`coverage format ${format}`);
  return out;
}

/** Class definition table: glyph → class, absent meaning class 0 ("Class Definition Table": format 1 a start glyph and a class per glyph, format 2 class ranges). */
function readClassDef(b: Bytes, at: number): Map<number, number> {
  const out = new Map<number, number>();
  const format = b.u16(at);
  if (format === 1) {
    const first = b.u16(at + 2);
    for (let i = 0, n = b.u16(at + 4); i < n; i++) out.set(first + i, b.u16(at + 6 + i * 2));
  } else if (format === 2) {
    for (let i = 0, n = b.u16(at + 2); i < n; i++) {
      const r = at + 4 + i * 6;
      for (let g = b.u16(r), end = b.u16(r + 2), c = b.u16(r + 4); g <= end; g++) out.set(g, c);
    }
  } else throw new Unsupported(`class definition format ${format}`);
  return out;
}

export interface ValueRecord {
  xPlacement?: number;
  yPlacement?: number;
  xAdvance?: number;
  yAdvance?: number;
}

/**
 * A value record (https://learn.microsoft.com/typography/opentype/spec/gpos, "Value Record"): which of its fields are present is given by
 * the subtable's valueFormat bits — 0x1 xPlacement, 0x2 yPlacement, 0x4 xAdvance, 0x8 yAdvance; the
 * device-table offsets (0x10–0x80) only matter for hinting at small pixel sizes and are not read.
 */
function readValue(b: Bytes, at: number, format: number): ValueRecord {
  const v: ValueRecord = {};
  let p = at;
  if (format & 0x1) {
    v.xPlacement = b.i16(p);
    p += 2;
  }
  if (format & 0x2) {
    v.yPlacement = b.i16(p);
    p += 2;
  }
  if (format & 0x4) {
    v.xAdvance = b.i16(p);
    p += 2;
  }
  if (format & 0x8) {
    v.yAdvance = b.i16(p);
    p += 2;
  }
  return v;
}
const valueSize = (format: number) => 2 * bitCount(format & 0xff);
function bitCount(n: number): number {
  let c = 0;
  for (let x = n; x; x >>= 1) c += x & 1;
  return c;
}

// ── lookups ───────────────────────────────────────────────────────────────────────────────
// A lookup ("Lookup Table" in chapter2): lookupType, lookupFlag, then offsets to its subtables.

export type Subtable =
  | { kind: 'single'; map: Map<number, number> }
  | { kind: 'ligature'; sets: Map<number, { components: number[]; glyph: number }[]> }
  | {
      kind: 'chain';
      backtrack: Map<number, number>[];
      input: Map<number, number>[];
      lookahead: Map<number, number>[];
      records: { sequence: number; lookup: number }[];
    }
  /** Pair kerning: the adjustments of a first glyph and the next, or null when this subtable has none. */
  | { kind: 'pair'; match(first: number, second: number): { first: ValueRecord; next: ValueRecord } | null }
  /** Mark attachment, read only as far as the glyphs it would move. */
  | { kind: 'marks'; coverage: Set<number> };

export interface Lookup {
  subtables: Subtable[];
}

// lookupFlag bit 0x0008 is IGNORE_MARKS ("Lookup Table", lookupFlag bit enumeration). Kerning
// skips marks; the shaper leaves every run with a mark to fontkit, so that flag is moot.
const FLAG_IGNORE_MARKS = 0x8;

/**
 * A GSUB or GPOS table: which lookups each feature of a script's default language uses. The
 * header (GSUB and GPOS "Header, version 1.0") gives offsets to the ScriptList, FeatureList and
 * LookupList; a script table's defaultLangSys offset leads to a LangSys table whose
 * featureIndices pick FeatureRecords (a tag and a Feature table listing lookup indices).
 */
export class LayoutTable {
  private readonly lookups = new Map<number, Lookup>();
  private readonly lookupList: number;
  private readonly scripts = new Map<string, Map<string, number[]>>();

  constructor(
    private readonly b: Bytes,
    at: number,
    private readonly kind: 'GSUB' | 'GPOS',
  ) {
    const scriptList = at + b.u16(at + 4);
    const featureList = at + b.u16(at + 6);
    this.lookupList = at + b.u16(at + 8);
    for (let i = 0, n = b.u16(scriptList); i < n; i++) {
      const tag = b.tag(scriptList + 2 + i * 6);
      const script = scriptList + b.u16(scriptList + 2 + i * 6 + 4);
      const defaultLang = b.u16(script);
      const features = new Map<string, number[]>();
      if (defaultLang !== 0) {
        const lang = script + defaultLang;
        for (let k = 0, m = b.u16(lang + 4); k < m; k++) {
          const index = b.u16(lang + 6 + k * 2);
          const record = featureList + 2 + index * 6;
          const feature = featureList + b.u16(record + 4);
          const lookups: number[] = [];
          for (let l = 0, c = b.u16(feature + 2); l < c; l++) lookups.push(b.u16(feature + 4 + l * 2));
          features.set(b.tag(record), lookups);
        }
      }
      this.scripts.set(tag, features);
    }
  }

  /** The features of a script's default language, as fontkit picks the script. */
  features(script: string): Map<string, number[]> {
    return this.scripts.get(script) ?? this.scripts.get('DFLT') ?? this.scripts.get('dflt') ?? this.scripts.get('latn') ?? new Map();
  }

  lookup(index: number): Lookup {
    let l = this.lookups.get(index);
    if (!l) {
      l = this.readLookup(index);
      this.lookups.set(index, l);
    }
    return l;
  }

  private readLookup(index: number): Lookup {
    const b = this.b;
    const at = this.lookupList + b.u16(this.lookupList + 2 + index * 2);
    const lookupType = b.u16(at);
    const flags = b.u16(at + 2);
    const extension = this.kind === 'GSUB' ? 7 : 9;
    const subtables: Subtable[] = [];
    for (let i = 0, n = b.u16(at + 4); i < n; i++) {
      let sub = at + b.u16(at + 6 + i * 2);
      let type = lookupType;
      // An extension subtable only points (32-bit) at the real one, for tables over 64 KB: GSUB
      // "Lookup Type 7: Extension Substitution", GPOS "Lookup Type 9: Extension Positioning".
      if (type === extension) {
        type = b.u16(sub + 2);
        sub += b.u32(sub + 4);
      }
      subtables.push(this.kind === 'GSUB' ? this.readSubstitution(type, sub) : this.readPositioning(type, sub));
    }
    // Other flags (skip ligatures, mark filtering sets …) change which glyphs a lookup sees;
    // they only matter here if the lookup does more than move marks.
    if (flags & ~FLAG_IGNORE_MARKS && subtables.some((s) => s.kind !== 'marks')) throw new Unsupported(`lookup ${index} flags ${flags}`);
    return { subtables };
  }

  private readSubstitution(type: number, at: number): Subtable {
    const b = this.b;
    const format = b.u16(at);
    const coverage = () => readCoverage(b, at + b.u16(at + 2));
    // https://learn.microsoft.com/typography/opentype/spec/gsub, "Lookup Type 1: Single Substitution Subtable": format 1 adds deltaGlyphID
    // to every covered glyph (mod 65536); format 2 lists the substitute for each coverage index.
    if (type === 1 && format === 1) {
      const delta = b.i16(at + 4);
      return { kind: 'single', map: new Map([...coverage().keys()].map((g) => [g, (g + delta) & 0xffff])) };
    }
    if (type === 1 && format === 2) {
      return { kind: 'single', map: new Map([...coverage()].map(([g, i]) => [g, b.u16(at + 6 + i * 2)])) };
    }
    // "Lookup Type 4: Ligature Substitution Subtable": per covered first glyph a LigatureSet of
    // Ligature tables (the ligature glyph, componentCount, then the components after the first).
    if (type === 4 && format === 1) {
      const sets = new Map<number, { components: number[]; glyph: number }[]>();
      for (const [g, i] of coverage()) {
        const set = at + b.u16(at + 6 + i * 2);
        const ligatures: { components: number[]; glyph: number }[] = [];
        for (let k = 0, n = b.u16(set); k < n; k++) {
          const lig = set + b.u16(set + 2 + k * 2);
          const components: number[] = [];
          for (let c = 1, count = b.u16(lig + 2); c < count; c++) components.push(b.u16(lig + 4 + (c - 1) * 2));
          ligatures.push({ components, glyph: b.u16(lig) });
        }
        sets.set(g, ligatures);
      }
      return { kind: 'ligature', sets };
    }
    // "Lookup Type 6: Chained Contexts Substitution Subtable", format 3 (chapter2 "Chained
    // Sequence Context Format 3: coverage-based glyph contexts"): backtrack, input and lookahead
    // coverage lists, then SequenceLookupRecords (sequenceIndex, lookupListIndex).
    if (type === 6 && format === 3) {
      let p = at + 2;
      const coverages = () => {
        const list: Map<number, number>[] = [];
        for (let i = 0, n = b.u16(p); i < n; i++) list.push(readCoverage(b, at + b.u16(p + 2 + i * 2)));
        p += 2 + list.length * 2;
        return list;
      };
      const backtrack = coverages();
      const input = coverages();
      const lookahead = coverages();
      const records: { sequence: number; lookup: number }[] = [];
      for (let i = 0, n = b.u16(p); i < n; i++) records.push({ sequence: b.u16(p + 2 + i * 4), lookup: b.u16(p + 4 + i * 4) });
      return { kind: 'chain', backtrack, input, lookahead, records };
    }
    throw new Unsupported(`GSUB lookup type ${type} format ${format}`);
  }

  private readPositioning(type: number, at: number): Subtable {
    const b = this.b;
    const format = b.u16(at);
    // https://learn.microsoft.com/typography/opentype/spec/gpos, "Lookup Type 4: Mark-to-Base", "5: Mark-to-Ligature" and "6: Mark-to-Mark
    // Attachment Positioning Subtable" all start with the marks' coverage.
    if (type >= 4 && type <= 6) return { kind: 'marks', coverage: new Set(readCoverage(b, at + b.u16(at + 2)).keys()) };
    // "Lookup Type 2: Pair Adjustment Positioning Subtable": coverage of the first glyph, then
    // valueFormat1 and valueFormat2 for the two glyphs' value records.
    if (type !== 2) throw new Unsupported(`GPOS lookup type ${type}`);
    const coverage = readCoverage(b, at + b.u16(at + 2));
    const f1 = b.u16(at + 4);
    const f2 = b.u16(at + 6);
    // Kerning tables hold thousands of pairs, of which a build meets a few hundred: each pair
    // is read from the bytes when it is asked for.
    // "Pair Adjustment Positioning Format 1: Adjustments for Glyph Pairs": per covered first glyph a
    // PairSet of PairValueRecords (secondGlyph, valueRecord1, valueRecord2).
    if (format === 1) {
      const size = 2 + valueSize(f1) + valueSize(f2);
      return {
        kind: 'pair',
        match: (first, second) => {
          const index = coverage.get(first);
          if (index === undefined) return null;
          const set = at + b.u16(at + 10 + index * 2);
          for (let k = 0, n = b.u16(set); k < n; k++) {
            const r = set + 2 + k * size;
            if (b.u16(r) === second) return { first: readValue(b, r + 2, f1), next: readValue(b, r + 2 + valueSize(f1), f2) };
          }
          return null;
        },
      };
    }
    // "Pair Adjustment Positioning Format 2: Class Pair Adjustment": classDef1, classDef2,
    // class1Count and class2Count, then a class1-major matrix of (valueRecord1, valueRecord2).
    if (format === 2) {
      const class1 = readClassDef(b, at + b.u16(at + 8));
      const class2 = readClassDef(b, at + b.u16(at + 10));
      const count1 = b.u16(at + 12);
      const count2 = b.u16(at + 14);
      const size = valueSize(f1) + valueSize(f2);
      return {
        kind: 'pair',
        match: (first, second) => {
          if (!coverage.has(first)) return null;
          const c1 = class1.get(first) ?? 0;
          const c2 = class2.get(second) ?? 0;
          if (c1 >= count1 || c2 >= count2) return null;
          const r = at + 16 + (c1 * count2 + c2) * size;
          return { first: readValue(b, r, f1), next: readValue(b, r + valueSize(f1), f2) };
        },
      };
    }
    throw new Unsupported(`GPOS pair format ${format}`);
  }
}

/** Everything the shaper reads from one font. */
export interface FontTables {
  /** character → glyph */
  cmap: Map<number, number>;
  /** glyph → advance width in font units */
  advances: Uint16Array;
  /** GDEF glyph class: 1 base, 2 ligature, 3 mark, 4 component (absent: none given) */
  glyphClass: Map<number, number>;
  GSUB?: LayoutTable;
  GPOS?: LayoutTable;
}

export function readFontTables(data: Uint8Array): FontTables {
  const b = new Bytes(data);
  const dir = tableDirectory(b);
  const need = (tag: string) => {
    const at = dir.get(tag);
    if (at === undefined) throw new Unsupported(`no ${tag} table`);
    return at;
  };
  if (dir.has('fvar') || dir.has('morx') || dir.has('CFF2')) throw new Unsupported('variable or AAT font');
  // https://learn.microsoft.com/typography/opentype/spec/maxp numGlyphs (at 4); hhea numberOfHMetrics (at 34); hmtx longHorMetric records
  // (advanceWidth, lsb) of 4 bytes, the last advance repeating for the glyphs after them.
  const maxp = need('maxp');
  const hhea = need('hhea');
  const hmtx = need('hmtx');
  const glyphs = b.u16(maxp + 4);
  const metrics = b.u16(hhea + 34);
  const advances = new Uint16Array(glyphs);
  let last = 0;
  for (let g = 0; g < glyphs; g++) {
    if (g < metrics) last = b.u16(hmtx + g * 4);
    advances[g] = last;
  }
  // https://learn.microsoft.com/typography/opentype/spec/gdef, "GDEF Header": glyphClassDefOffset at 4, a class definition table of
  // "Glyph Class Definition Table" classes (1 base, 2 ligature, 3 mark, 4 component).
  const gdef = dir.get('GDEF');
  const classOffset = gdef === undefined ? 0 : b.u16(gdef + 4);
  return {
    cmap: readCmap(b, need('cmap')),
    advances,
    glyphClass: classOffset ? readClassDef(b, gdef! + classOffset) : new Map(),
    ...(dir.has('GSUB') ? { GSUB: new LayoutTable(b, dir.get('GSUB')!, 'GSUB') } : {}),
    ...(dir.has('GPOS') ? { GPOS: new LayoutTable(b, dir.get('GPOS')!, 'GPOS') } : {}),
  };
}

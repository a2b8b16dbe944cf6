/**
 * A TrueType font as PDF documents embed it (ISO 32000-1 §9.7: a Type0 font with a CIDFontType2 descendant,
 * Identity-H encoding, CID = glyph index of the embedded subset, a ToUnicode CMap so text can be extracted).
 *
 * fontkit parses the font once; character metrics are kept per code point; the TrueType subset of a set of glyphs
 * (fontkit's subsetter) is kept per set, since most payslips use the same characters. Subset glyphs are numbered
 * in the order of their glyph index in the font, so the same set always gives the same bytes.
 */
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type { FontkitFont } from 'fontkit';

let fontkitModule: typeof Fontkit | null = null;

/**
 * fontkit is loaded with the first font, not with every command: loading it builds Unicode property tables, a
 * noticeable part of the CLI's start-up (issue 19 "instant start"). Same package and version, its CommonJS build.
 */
function fontkit(): typeof Fontkit {
  return (fontkitModule ??= createRequire(import.meta.url)('fontkit') as typeof Fontkit);
}

export interface Glyph {
  /** Glyph index in the full font. */
  id: number;
  /** Advance in thousandths of the font size. */
  advance: number;
  codePoint: number;
}

export interface FontSubset {
  /** Subset glyph index (the CID) of a full-font glyph index. */
  cid: Map<number, number>;
  /** Advance per CID, CID 0 first. */
  widths: number[];
  /** Unicode code point per CID (CID 0: none). */
  unicode: (number | null)[];
  /** The TrueType file of the subset. */
  bytes: Uint8Array;
  /** Six capital letters naming the subset (ISO 32000-1 §9.6.4), derived from its glyphs. */
  tag: string;
  /** Anything the document layer makes once per subset (its compressed streams). */
  memo: Map<string, Uint8Array>;
}

const SUBSET_CACHE_LIMIT = 2_000;

export class EmbeddedFont {
  readonly font: FontkitFont;
  readonly scale: number;
  private readonly glyphs = new Map<number, Glyph>();
  private readonly subsets = new Map<string, FontSubset>();

  constructor(bytes: Uint8Array) {
    this.font = fontkit().create(bytes);
    this.scale = 1000 / this.font.unitsPerEm;
  }

  get postscriptName(): string {
    return this.font.postscriptName.replace(/[^A-Za-z0-9-]/g, '');
  }

  /** Ascent above the baseline, in thousandths of the font size. */
  get ascent(): number {
    return this.font.ascent * this.scale;
  }

  glyphOf(codePoint: number): Glyph {
    let g = this.glyphs.get(codePoint);
    if (g === undefined) {
      const glyph = this.font.glyphForCodePoint(codePoint);
      g = { id: glyph.id, advance: glyph.advanceWidth * this.scale, codePoint };
      this.glyphs.set(codePoint, g);
    }
    return g;
  }

  glyphsOf(text: string): Glyph[] {
    const out: Glyph[] = [];
    for (const ch of text) out.push(this.glyphOf(ch.codePointAt(0) as number));
    return out;
  }

  /** Width of the text at `size` points (advances only: the embedded faces carry no kerning). */
  widthOf(text: string, size: number): number {
    let width = 0;
    for (const ch of text) width += this.glyphOf(ch.codePointAt(0) as number).advance;
    return (width * size) / 1000;
  }

  /** The subset holding `used` (full-font glyph index → the code point it shows). */
  subset(used: ReadonlyMap<number, number>): FontSubset {
    const ids = [...used.keys()].sort((a, b) => a - b);
    const key = ids.join(',');
    let subset = this.subsets.get(key);
    if (subset !== undefined) return subset;
    const s = this.font.createSubset();
    const cid = new Map<number, number>();
    for (const id of ids) cid.set(id, s.includeGlyph(id));
    const count = ids.length + 1;
    const widths = new Array<number>(count).fill(0);
    const unicode = new Array<number | null>(count).fill(null);
    widths[0] = round(this.font.glyphForCodePoint(0).advanceWidth * this.scale);
    for (const id of ids) {
      const at = cid.get(id) as number;
      const codePoint = used.get(id) as number;
      widths[at] = round(this.glyphOf(codePoint).advance);
      unicode[at] = codePoint;
    }
    subset = { cid, widths, unicode, bytes: s.encode(), tag: tagOf(`${this.postscriptName}:${key}`), memo: new Map() };
    if (this.subsets.size >= SUBSET_CACHE_LIMIT) this.subsets.clear();
    this.subsets.set(key, subset);
    return subset;
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function tagOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i += 1) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) ^ Math.imul(h, 31);
    h >>>= 0;
  }
  return tag;
}

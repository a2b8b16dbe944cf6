/**
 * The part of fontkit the PDF layer calls: parsing a TrueType font once, its metrics, the glyph of a character,
 * and subsetting (the glyphs a document uses, as a TrueType file to embed). fontkit ships no type declarations.
 */
declare module 'fontkit' {
  export interface FontkitGlyph {
    id: number;
    advanceWidth: number;
  }
  export interface FontkitSubset {
    includeGlyph(glyph: number): number;
    encode(): Uint8Array;
  }
  export interface FontkitFont {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    italicAngle: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    glyphForCodePoint(codePoint: number): FontkitGlyph;
    createSubset(): FontkitSubset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}

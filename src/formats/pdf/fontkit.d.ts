/**
 * The part of fontkit (the font engine pdfkit uses) the PDF layer calls: parsing a TrueType font once and handing
 * pdfkit the parsed font. fontkit ships no type declarations of its own.
 */
declare module 'fontkit' {
  export interface FontkitGlyphRun {
    glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
    positions: Record<string, number>[];
    advanceWidth: number;
  }
  export interface FontkitFont {
    postscriptName: string;
    unitsPerEm: number;
    layout(text: string, features?: unknown): FontkitGlyphRun;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}

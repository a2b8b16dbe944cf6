/**
 * The fonts every generated PDF embeds (assets/fonts: DejaVu Sans, its licence beside it), read once per process.
 * Resolved from this module: src/service/outputs/ and dist/service/outputs/ both sit three levels below the
 * package root, so the sources under test, dist/ and an installed package find them alike.
 */
import { readFileSync } from 'node:fs';
import type { PdfFonts } from '../../formats/pdf/document.js';

const DIR = new URL('../../../assets/fonts/', import.meta.url);

let fonts: PdfFonts | null = null;

export function documentFonts(): PdfFonts {
  fonts ??= {
    regular: new Uint8Array(readFileSync(new URL('DejaVuSans.ttf', DIR))),
    bold: new Uint8Array(readFileSync(new URL('DejaVuSans-Bold.ttf', DIR))),
  };
  return fonts;
}

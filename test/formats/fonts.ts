/** The fonts the service embeds (assets/fonts), read once for the format tests. */
import { readFileSync } from 'node:fs';
import type { PdfFonts } from '../../src/formats/pdf/document.js';

const dir = new URL('../../assets/fonts/', import.meta.url);
export const FONTS: PdfFonts = {
  regular: new Uint8Array(readFileSync(new URL('DejaVuSans.ttf', dir))),
  bold: new Uint8Array(readFileSync(new URL('DejaVuSans-Bold.ttf', dir))),
};

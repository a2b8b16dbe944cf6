/**
 * A4 PDF documents with a real text layer (ISO 32000-1, PDF 1.7), written directly and byte for byte the same
 * for the same input: the metadata dates are the document's own issue time (never the clock), the file identifier
 * is a digest of its title, subject and issue time, and the fonts are embedded from the bytes the caller hands in
 * (assets/fonts, DejaVu Sans) as subsets of the glyphs used (embedded-font.ts), streams compressed with Flate.
 * Nothing here reads a file or the clock.
 *
 * Why not pdfkit (decision OUT2, docs/decisions.md): the payslip bench's target is 500 PDFs a
 * second for a 10,000-employee run; pdfkit spent 6–8 ms of CPU on each payslip (text shaping, a new font subset
 * per document), this writer well under 1 ms with the same text layer, fonts and pages.
 */
import { zlibSync } from 'fflate';
import { EmbeddedFont, type Glyph } from './embedded-font.js';

/** The TrueType bytes of the two faces a document uses. */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface PdfMeta {
  title: string;
  /** What the document is about (ids): part of the file identifier, so two documents never share one. */
  subject: string;
  author: string;
  /** ISO 8601 instant: CreationDate and ModDate. */
  issuedAt: string;
  /** BCP 47 tag of the document's language (the catalogue's /Lang), e.g. en-GB, de-DE. */
  language: string;
}

/** A4 in points (ISO 216: 210 × 297 mm). */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface TextOptions {
  bold?: boolean;
  size?: number;
  /** right: `x` is the right edge; centre: `x` is the centre. */
  align?: 'left' | 'right' | 'centre';
  /** Grey level 0 (black) to 1 (white). */
  grey?: number;
}

/** What a renderer draws with: text at a position, rules and boxes; coordinates from the top left, in points. */
export interface PdfCanvas {
  /** Text whose line box starts at `y` (the baseline sits the font's ascent below). */
  text(x: number, y: number, text: string, options?: TextOptions): void;
  /** The width the text takes (to fit or truncate it). */
  widthOf(text: string, options?: TextOptions): number;
  line(x1: number, y1: number, x2: number, y2: number, options?: { width?: number; grey?: number }): void;
  box(x: number, y: number, width: number, height: number, options?: { fillGrey?: number; strokeGrey?: number }): void;
  newPage(): void;
}

const DEFAULT_SIZE = 9;

const parsed = new WeakMap<Uint8Array, EmbeddedFont>();

function fontOf(bytes: Uint8Array): EmbeddedFont {
  let font = parsed.get(bytes);
  if (font === undefined) {
    font = new EmbeddedFont(bytes);
    parsed.set(bytes, font);
  }
  return font;
}

/** A page's content: operators, with the text runs kept as glyphs until the subsets are known. */
type Part = string | { face: 0 | 1; glyphs: Glyph[] };

const n = (v: number): string => {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Renders one document: `draw` puts everything on the pages. */
export function renderPdf(meta: PdfMeta, fonts: PdfFonts, draw: (canvas: PdfCanvas) => void): Promise<Uint8Array> {
  try {
    return Promise.resolve(writePdf(meta, fonts, draw));
  } catch (error) {
    return Promise.reject(error);
  }
}

function writePdf(meta: PdfMeta, fonts: PdfFonts, draw: (canvas: PdfCanvas) => void): Uint8Array {
  const issued = pdfDate(meta.issuedAt);
  const faces = [fontOf(fonts.regular), fontOf(fonts.bold)] as const;
  const used: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  const pages: Part[][] = [[]];
  let page = pages[0] as Part[];

  const canvas: PdfCanvas = {
    text(x, y, text, options) {
      const size = options?.size ?? DEFAULT_SIZE;
      const face = options?.bold ? 1 : 0;
      const font = faces[face];
      const glyphs = font.glyphsOf(text);
      for (const g of glyphs) if (!used[face].has(g.id)) used[face].set(g.id, g.codePoint);
      let left = x;
      if (options?.align === 'right' || options?.align === 'centre') {
        let width = 0;
        for (const g of glyphs) width += g.advance;
        width = (width * size) / 1000;
        left = options.align === 'right' ? x - width : x - width / 2;
      }
      const baseline = A4.height - y - (font.ascent * size) / 1000;
      page.push(`BT /F${face + 1} ${n(size)} Tf ${n(options?.grey ?? 0)} g 1 0 0 1 ${n(left)} ${n(baseline)} Tm `, { face, glyphs }, ' Tj ET\n');
    },
    widthOf(text, options) {
      return faces[options?.bold ? 1 : 0].widthOf(text, options?.size ?? DEFAULT_SIZE);
    },
    line(x1, y1, x2, y2, options) {
      page.push(`q ${n(options?.width ?? 0.5)} w ${n(options?.grey ?? 0)} G ${n(x1)} ${n(A4.height - y1)} m ${n(x2)} ${n(A4.height - y2)} l S Q\n`);
    },
    box(x, y, width, height, options) {
      const rect = `${n(x)} ${n(A4.height - y - height)} ${n(width)} ${n(height)} re`;
      if (options?.fillGrey !== undefined && options.strokeGrey !== undefined) page.push(`q 0.5 w ${n(options.fillGrey)} g ${n(options.strokeGrey)} G ${rect} B Q\n`);
      else if (options?.fillGrey !== undefined) page.push(`q ${n(options.fillGrey)} g ${rect} f Q\n`);
      else page.push(`q 0.5 w ${n(options?.strokeGrey ?? 0)} G ${rect} S Q\n`);
    },
    newPage() {
      page = [];
      pages.push(page);
    },
  };
  draw(canvas);

  // Objects: 1 catalogue, 2 page tree, 3 information, then fonts, then per page its content and the page.
  const objects: Uint8Array[] = [];
  const add = (body: Uint8Array | string): number => {
    objects.push(typeof body === 'string' ? ascii(body) : body);
    return objects.length;
  };
  const reserve = (): number => add('');
  const catalogue = reserve();
  const tree = reserve();
  const info = add(`<< /Title ${textString(meta.title)} /Subject ${textString(meta.subject)} /Author ${textString(meta.author)} /Creator (payroll) /Producer (payroll) /CreationDate (${issued}) /ModDate (${issued}) >>`);

  const subsets = faces.map((font, i) => (used[i as 0 | 1].size > 0 ? font.subset(used[i as 0 | 1]) : null));
  const fontRefs: string[] = [];
  subsets.forEach((subset, i) => {
    if (!subset) return;
    const font = faces[i as 0 | 1];
    const name = `${subset.tag}+${font.postscriptName}`;
    // The subset's streams are compressed once and reused by every document with the same glyphs.
    const once = (key: string, make: () => Uint8Array): Uint8Array => {
      let made = subset.memo.get(key);
      if (made === undefined) {
        made = make();
        subset.memo.set(key, made);
      }
      return made;
    };
    const file = add(once('file', () => stream(subset.bytes, `/Length1 ${subset.bytes.byteLength}`)));
    const bbox = font.font.bbox;
    const s = font.scale;
    const descriptor = add(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${n(bbox.minX * s)} ${n(bbox.minY * s)} ${n(bbox.maxX * s)} ${n(bbox.maxY * s)}] /ItalicAngle ${n(font.font.italicAngle)} /Ascent ${n(font.font.ascent * s)} /Descent ${n(font.font.descent * s)} /CapHeight ${n((font.font.capHeight || font.font.ascent) * s)} /StemV 80 /FontFile2 ${file} 0 R >>`,
    );
    const cid = add(`<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW 1000 /W [0 [${subset.widths.map(n).join(' ')}]] >>`);
    const toUnicode = add(once('cmap', () => stream(ascii(unicodeCMap(subset.unicode)))));
    const type0 = add(`<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
    fontRefs.push(`/F${i + 1} ${type0} 0 R`);
  });
  const resources = `<< /Font << ${fontRefs.join(' ')} >> >>`;

  const kids: number[] = [];
  for (const parts of pages) {
    let content = '';
    for (const part of parts) {
      if (typeof part === 'string') content += part;
      else {
        const map = (subsets[part.face] as NonNullable<(typeof subsets)[number]>).cid;
        let hex = '<';
        for (const g of part.glyphs) hex += (map.get(g.id) as number).toString(16).padStart(4, '0');
        content += `${hex}>`;
      }
    }
    const contents = add(stream(ascii(content)));
    kids.push(add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources ${resources} /Contents ${contents} 0 R >>`));
  }
  objects[tree - 1] = ascii(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  objects[catalogue - 1] = ascii(`<< /Type /Catalog /Pages ${tree} 0 R /Lang ${textString(meta.language)} /ViewerPreferences << /DisplayDocTitle true >> >>`);

  const id = digest(`${meta.title}\n${meta.subject}\n${meta.issuedAt}\n${meta.author}`);
  return assemble(objects, `<< /Size ${objects.length + 1} /Root ${catalogue} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>`);
}

/** The file: header, the numbered objects, the cross-reference table and the trailer (ISO 32000-1 §7.5). */
function assemble(objects: readonly Uint8Array[], trailer: string): Uint8Array {
  // The header, then a comment of four bytes above 127 that marks the file as binary (§7.5.2).
  const chunks: Uint8Array[] = [new Uint8Array([...ascii('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  let offset = (chunks[0] as Uint8Array).byteLength;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const head = ascii(`${i + 1} 0 obj\n`);
    const tail = ascii('\nendobj\n');
    chunks.push(head, body, tail);
    offset += head.byteLength + body.byteLength + tail.byteLength;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  chunks.push(ascii(`${xref}trailer\n${trailer}\nstartxref\n${offset}\n%%EOF\n`));
  let length = 0;
  for (const c of chunks) length += c.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A Flate-compressed stream object. */
function stream(data: Uint8Array, extra = ''): Uint8Array {
  const packed = zlibSync(data, { level: 6 });
  const head = ascii(`<< /Length ${packed.byteLength} /Filter /FlateDecode${extra ? ` ${extra}` : ''} >>\nstream\n`);
  const tail = ascii('\nendstream');
  const out = new Uint8Array(head.byteLength + packed.byteLength + tail.byteLength);
  out.set(head, 0);
  out.set(packed, head.byteLength);
  out.set(tail, head.byteLength + packed.byteLength);
  return out;
}

function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** A text string: plain ASCII in parentheses (escaped), anything else as UTF-16BE with its byte order mark (§7.9.2.2). */
function textString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = '<FEFF';
  for (let i = 0; i < value.length; i += 1) hex += value.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${hex}>`;
}

/** "2025-11-03T09:15:00.000Z" → "D:20251103091500Z" (§7.9.4). */
function pdfDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z$/.exec(iso);
  if (!m) throw new Error(`issuedAt must be an ISO 8601 instant in UTC, not "${iso}"`);
  return `D:${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6]}Z`;
}

/** The ToUnicode CMap (§9.10.3): each CID to the character it shows, so readers extract the real text. */
function unicodeCMap(unicode: readonly (number | null)[]): string {
  const entries: string[] = [];
  unicode.forEach((cp, cid) => {
    if (cp === null) return;
    const units = cp > 0xffff ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)] : [cp];
    entries.push(`<${cid.toString(16).padStart(4, '0')}> <${units.map((u) => u.toString(16).padStart(4, '0')).join('')}>`);
  });
  let body = '';
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n${body}endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`;
}

/** 128 bits of FNV-1a over the text in four lanes: the file identifier (§14.4), the same for the same document. */
function digest(text: string): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  return seeds
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
      return h.toString(16).padStart(8, '0');
    })
    .join('');
}

/** Shortens text to fit `width` (with an ellipsis), so a long name never runs into the next column. */
export function fit(canvas: PdfCanvas, text: string, width: number, options?: TextOptions): string {
  if (canvas.widthOf(text, options) <= width) return text;
  let cut = text;
  while (cut.length > 1 && canvas.widthOf(`${cut}…`, options) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

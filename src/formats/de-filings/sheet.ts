/**
 * A small A4 page writer over pdfkit for the printable German filings: headings, label/value blocks, tables with
 * right-aligned amounts, notes, and a footer on every page. Byte for byte the same for the same input: the metadata
 * dates are the document's own date (never the clock) and pdfkit's file identifier is derived from them. The standard
 * Helvetica faces (WinAnsi: umlauts, ß and € print) need no font file.
 */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

let pdfkitModule: typeof PDFKitDocument | null = null;

/** pdfkit is loaded with the first filing printed, not with every command (issue 19 "instant start"). */
function pdfDocument(): typeof PDFKitDocument {
  return (pdfkitModule ??= createRequire(import.meta.url)('pdfkit') as typeof PDFKitDocument);
}

export interface SheetMeta {
  title: string;
  subject: string;
  author: string;
  /** ISO 8601 instant: CreationDate and ModDate. */
  issuedAt: string;
}

export interface Column {
  header: string;
  /** Width in points. */
  width: number;
  align?: 'left' | 'right';
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BOTTOM = A4.height - 60;
const LINE = 13;

export class Sheet {
  private readonly doc: PDFKit.PDFDocument;
  private y = MARGIN;
  private page = 1;

  constructor(
    meta: SheetMeta,
    private readonly footer: string,
  ) {
    const issued = new Date(meta.issuedAt);
    if (Number.isNaN(issued.getTime())) throw new Error(`issuedAt must be an ISO 8601 instant, not "${meta.issuedAt}"`);
    const PDFDocument = pdfDocument();
    this.doc = new PDFDocument({
      size: [A4.width, A4.height],
      margin: 0,
      compress: true,
      lang: 'de-DE',
      info: { Title: meta.title, Subject: meta.subject, Author: meta.author, Creator: 'payroll', Producer: 'payroll (pdfkit)', CreationDate: issued, ModDate: issued },
    });
    this.doc.font('Helvetica');
    this.drawFooter();
  }

  get width(): number {
    return A4.width - 2 * MARGIN;
  }

  newPage(): void {
    this.doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    this.page += 1;
    this.y = MARGIN;
    this.drawFooter();
  }

  private drawFooter(): void {
    this.doc.font('Helvetica').fontSize(7).fillColor('#555555');
    this.doc.text(`${this.footer} · Seite ${this.page}`, MARGIN, A4.height - 36, { width: this.width, align: 'center', lineBreak: false });
    this.doc.fillColor('black');
  }

  private room(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  title(text: string, subtitle?: string): void {
    this.room(40);
    this.doc.font('Helvetica-Bold').fontSize(15).text(text, MARGIN, this.y, { width: this.width, lineBreak: false });
    this.y += 20;
    if (subtitle) {
      this.doc.font('Helvetica').fontSize(9).fillColor('#333333').text(subtitle, MARGIN, this.y, { width: this.width });
      this.y = this.doc.y + 4;
      this.doc.fillColor('black');
    }
    this.rule();
  }

  heading(text: string): void {
    this.room(30);
    this.y += 6;
    this.doc.font('Helvetica-Bold').fontSize(10).text(text, MARGIN, this.y, { width: this.width, lineBreak: false });
    this.y += LINE + 2;
  }

  rule(): void {
    this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(0.5).strokeColor('#888888').stroke();
    this.y += 6;
  }

  /** Label/value pairs in two columns. */
  fields(pairs: readonly [string, string][]): void {
    const half = this.width / 2;
    for (let i = 0; i < pairs.length; i += 2) {
      this.room(LINE * 2);
      const row = pairs.slice(i, i + 2);
      let height = LINE;
      row.forEach(([label, value], j) => {
        const x = MARGIN + j * half;
        this.doc.font('Helvetica').fontSize(7).fillColor('#555555').text(label, x, this.y, { width: half - 8, lineBreak: false });
        this.doc.font('Helvetica').fontSize(9).fillColor('black').text(value || '–', x, this.y + 8, { width: half - 8 });
        height = Math.max(height, this.doc.y - this.y + 2);
      });
      this.y += height + 2;
    }
  }

  /** A table; `strong` rows print bold (totals). */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], strong: ReadonlySet<number> = new Set()): void {
    const header = (): void => {
      this.room(LINE * 2);
      let x = MARGIN;
      this.doc.font('Helvetica-Bold').fontSize(8);
      for (const c of columns) {
        this.doc.text(c.header, x + 2, this.y, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false });
        x += c.width;
      }
      this.y += LINE - 2;
      this.rule();
    };
    header();
    rows.forEach((row, index) => {
      this.doc.font(strong.has(index) ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      const heights = columns.map((c, j) => this.doc.heightOfString(row[j] ?? '', { width: c.width - 4 }));
      const height = Math.max(LINE - 2, ...heights) + 2;
      if (this.y + height > BOTTOM) {
        this.newPage();
        header();
        this.doc.font(strong.has(index) ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      }
      let x = MARGIN;
      columns.forEach((c, j) => {
        this.doc.text(row[j] ?? '', x + 2, this.y, { width: c.width - 4, align: c.align ?? 'left' });
        x += c.width;
      });
      this.y += height;
      if (strong.has(index)) {
        this.doc.moveTo(MARGIN, this.y - 1).lineTo(MARGIN + this.width, this.y - 1).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
      }
    });
    this.y += 4;
  }

  /** Small-print notes (what could not be checked or is missing). */
  notes(title: string, lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.heading(title);
    this.doc.font('Helvetica').fontSize(7.5);
    for (const line of lines) {
      this.room(LINE * 2);
      this.doc.text(`• ${line}`, MARGIN, this.y, { width: this.width });
      this.y = this.doc.y + 2;
    }
  }

  /** Monospaced lines (a fixed-length record), wrapped at `width` characters. */
  mono(text: string, width = 95): void {
    this.doc.font('Courier').fontSize(6.5);
    for (let i = 0; i < text.length; i += width) {
      this.room(LINE);
      this.doc.text(text.slice(i, i + width).replace(/ /g, '\u00b7'), MARGIN, this.y, { lineBreak: false });
      this.y += 8;
    }
    this.y += 4;
  }

  /** The bytes once pdfkit has written them. */
  finish(): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    return new Promise<Uint8Array>((resolve, reject) => {
      this.doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
      this.doc.on('end', () => {
        const total = chunks.reduce((n, c) => n + c.length, 0);
        const out = new Uint8Array(total);
        let offset = 0;
        for (const c of chunks) {
          out.set(c, offset);
          offset += c.length;
        }
        resolve(out);
      });
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}

/** 1234.5 → "1.234,50" (German number format, euros). */
export function euro(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** YYYY-MM-DD → TT.MM.JJJJ. */
export function germanDate(iso: string | null): string {
  if (!iso) return '–';
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** 'YYYY-MM' → "März 2026". */
export function germanMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}

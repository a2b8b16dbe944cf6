/**
 * The page furniture both payslips share: a cursor down A4 pages, section headings, rows of label and amount
 * columns, and a new page when the next block would not fit above the footer.
 */
import { A4, fit, type PdfCanvas, type TextOptions } from '../pdf/document.js';

export const LEFT = 42;
export const RIGHT = A4.width - 42;
const BOTTOM = A4.height - 64;
export const ROW = 13;

export interface Column {
  /** Left edge (left-aligned) or right edge (right-aligned). */
  x: number;
  align: 'left' | 'right';
  /** Widest the text may be (left-aligned columns are cut to it). */
  width?: number;
}

export class Sheet {
  y = 40;
  page = 1;

  constructor(
    readonly canvas: PdfCanvas,
    private readonly footer: (canvas: PdfCanvas, page: number) => void,
  ) {}

  /** Room for `height` more points on this page, or a new page. */
  need(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.footer(this.canvas, this.page);
    this.canvas.newPage();
    this.page += 1;
    this.y = 40;
  }

  finish(): void {
    this.footer(this.canvas, this.page);
  }

  /** A shaded heading bar across the page, with optional column titles. */
  heading(title: string, columns: { title: string; column: Column }[] = []): void {
    this.need(16 + ROW * 2);
    this.canvas.box(LEFT, this.y, RIGHT - LEFT, 16, { fillGrey: 0.9 });
    this.canvas.text(LEFT + 4, this.y + 4, title, { bold: true, size: 9.5 });
    for (const { title: t, column } of columns) this.canvas.text(column.align === 'right' ? column.x : column.x, this.y + 4.5, t, { size: 8, align: column.align, grey: 0.25 });
    this.y += 20;
  }

  /** One row of cells, each in its column. */
  row(cells: (string | null)[], columns: Column[], options: TextOptions = {}): void {
    this.need(ROW);
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (cell === null || cell === '' || column === undefined) return;
      const text = column.align === 'left' && column.width !== undefined ? fit(this.canvas, cell, column.width, options) : cell;
      this.canvas.text(column.x, this.y, text, { ...options, align: column.align });
    });
    this.y += ROW;
  }

  rule(from = LEFT, to = RIGHT, grey = 0.6): void {
    this.canvas.line(from, this.y - 3, to, this.y - 3, { grey });
  }

  gap(points: number): void {
    this.y += points;
  }
}

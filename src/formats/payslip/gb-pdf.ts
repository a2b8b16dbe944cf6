/**
 * The GB payslip as a PDF (view: gb-view.ts): an itemised pay statement under the Employment Rights Act 1996 s8,
 * in English, A4, with every amount in pounds.
 */
import { Decimal } from '../../domain/money.js';
import { type PdfCanvas, type PdfFonts, renderPdf } from '../pdf/document.js';
import { gbDate, gbp, gbpRate } from '../text/amounts.js';
import type { GbPayslipView } from './gb-view.js';
import { type Column, LEFT, RIGHT, ROW, Sheet } from './sheet.js';

const FREQUENCY: Readonly<Record<string, string>> = { weekly: 'Week', fortnightly: 'Fortnight', four_weekly: 'Four-week period', monthly: 'Month' };

/** "AB123456C" → "AB 12 34 56 C", as HMRC prints it. */
export function spacedNiNumber(ni: string): string {
  const compact = ni.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{6}[A-D]$/.test(compact) ? `${compact.slice(0, 2)} ${compact.slice(2, 4)} ${compact.slice(4, 6)} ${compact.slice(6, 8)} ${compact.slice(8)}` : ni;
}

const PAYMENT_COLUMNS: Column[] = [
  { x: LEFT + 4, align: 'left', width: 270 },
  { x: 370, align: 'right' },
  { x: 450, align: 'right' },
  { x: RIGHT - 4, align: 'right' },
];
const AMOUNT_COLUMNS: Column[] = [
  { x: LEFT + 4, align: 'left', width: 400 },
  { x: RIGHT - 4, align: 'right' },
];

export function renderGbPayslipPdf(view: GbPayslipView, fonts: PdfFonts): Promise<Uint8Array> {
  const periodName = `${FREQUENCY[view.period.frequency] ?? 'Period'} ${view.period.periodNumber}`;
  const meta = {
    title: `Payslip ${view.employee.name} – ${periodName} ${view.period.taxYear}`,
    subject: `payslip ${view.payslipId}`,
    author: view.employer.name,
    issuedAt: view.issuedAt,
    language: 'en-GB',
  };
  return renderPdf(meta, fonts, (canvas) => {
    const footer = (c: PdfCanvas, page: number) => {
      const y = 800;
      c.line(LEFT, y, RIGHT, y, { grey: 0.7 });
      c.text(LEFT, y + 5, `Issued by ${view.employer.name} for the pay date ${gbDate(view.period.payDate)}. Keep this statement: it shows your pay, tax and National Insurance for the period.`, { size: 6.5, grey: 0.35 });
      c.text(LEFT, y + 14, `Pay period ${view.period.start} to ${view.period.end} (tax year ${view.period.taxYear}, ${periodName.toLowerCase()}), paid on ${view.period.payDate}.`, { size: 6.5, grey: 0.35 });
      c.text(RIGHT, y + 23, `Payslip ${view.payslipId} · page ${page}`, { size: 6.5, grey: 0.35, align: 'right' });
    };
    const sheet = new Sheet(canvas, footer);
    header(sheet, view, periodName);
    payments(sheet, view);
    deductions(sheet, view);
    if (view.benefits.length > 0) {
      sheet.heading('Benefits in kind taxed through payroll (not paid in cash)', [{ title: '£', column: AMOUNT_COLUMNS[1] as Column }]);
      for (const b of view.benefits) sheet.row([b.description, gbp(b.amount)], AMOUNT_COLUMNS);
      sheet.gap(4);
    }
    summary(sheet, view);
    employerCosts(sheet, view);
    yearToDate(sheet, view);
    if (view.notes.length > 0) {
      sheet.heading('Notes');
      for (const note of view.notes) sheet.row([note], [{ x: LEFT + 4, align: 'left', width: RIGHT - LEFT - 8 }], { size: 8 });
    }
    sheet.finish();
  });
}

function header(sheet: Sheet, view: GbPayslipView, periodName: string): void {
  const c = sheet.canvas;
  c.text(LEFT, 40, 'Payslip', { bold: true, size: 20 });
  c.text(LEFT, 64, 'Itemised pay statement', { size: 8.5, grey: 0.4 });
  c.text(RIGHT, 40, view.employer.name, { bold: true, size: 11, align: 'right' });
  let y = 55;
  for (const line of view.employer.address) {
    c.text(RIGHT, y, line, { size: 8, align: 'right', grey: 0.2 });
    y += 10;
  }
  if (view.employer.payeReference) {
    c.text(RIGHT, y, `Employer PAYE reference ${view.employer.payeReference}`, { size: 8, align: 'right', grey: 0.2 });
    y += 10;
  }
  sheet.y = Math.max(y, 80) + 6;
  c.line(LEFT, sheet.y, RIGHT, sheet.y, { grey: 0.5, width: 0.8 });
  sheet.y += 10;

  const left: [string, string][] = [
    ['Employee', view.employee.name],
    ['Payroll number', view.employee.payrollNumber ?? '–'],
    ['NI number', view.employee.niNumber ? spacedNiNumber(view.employee.niNumber) : 'not known'],
    ['NI category', view.employee.niCategory],
  ];
  view.employee.address.forEach((line, i) => left.push([i === 0 ? 'Address' : '', line]));
  const right: [string, string][] = [
    ['Tax code', view.tax.code],
    ['Tax basis', view.tax.basis === 'cumulative' ? 'Cumulative' : 'Week 1/Month 1 (non-cumulative)'],
    ['Pay period', `${periodName}, tax year ${view.period.taxYear}`],
    ['Period', `${gbDate(view.period.start)} – ${gbDate(view.period.end)}`],
    ['Pay date', gbDate(view.period.payDate)],
  ];
  const top = sheet.y;
  left.forEach(([label, value], i) => {
    c.text(LEFT, top + i * ROW, label, { size: 8, grey: 0.4 });
    c.text(LEFT + 78, top + i * ROW, value, { size: 9, bold: i === 0 });
  });
  right.forEach(([label, value], i) => {
    c.text(318, top + i * ROW, label, { size: 8, grey: 0.4 });
    c.text(385, top + i * ROW, value, { size: 9, bold: i === 0 });
  });
  sheet.y = top + Math.max(left.length, right.length) * ROW + 10;
}

function payments(sheet: Sheet, view: GbPayslipView): void {
  sheet.heading('Payments', [
    { title: 'Hours', column: PAYMENT_COLUMNS[1] as Column },
    { title: 'Rate £', column: PAYMENT_COLUMNS[2] as Column },
    { title: 'Amount £', column: PAYMENT_COLUMNS[3] as Column },
  ]);
  let total = new Decimal(0);
  for (const p of view.payments) {
    sheet.row([p.description, p.hours, p.rate === null ? null : gbpRate(p.rate), gbp(p.amount)], PAYMENT_COLUMNS);
    total = total.plus(p.amount);
  }
  sheet.gap(2);
  sheet.rule(300);
  sheet.row(['Total payments', null, null, gbp(total.toFixed(2))], [{ x: 310, align: 'left' }, ...PAYMENT_COLUMNS.slice(1)], { bold: true });
  sheet.gap(6);
}

function deductions(sheet: Sheet, view: GbPayslipView): void {
  sheet.heading('Deductions', [{ title: 'Amount £', column: AMOUNT_COLUMNS[1] as Column }]);
  for (const d of view.deductions) sheet.row([d.description, gbp(d.amount)], AMOUNT_COLUMNS);
  sheet.gap(2);
  sheet.rule(300);
  sheet.row(['Total deductions', gbp(view.totalDeductions)], [{ x: 310, align: 'left' }, AMOUNT_COLUMNS[1] as Column], { bold: true });
  sheet.gap(6);
}

function summary(sheet: Sheet, view: GbPayslipView): void {
  sheet.need(50);
  const c = sheet.canvas;
  const top = sheet.y;
  const width = (RIGHT - LEFT) / 3;
  const cells: [string, string, boolean][] = [
    ['Gross pay', view.grossPay, false],
    ['Total deductions', view.totalDeductions, false],
    ['Net pay', view.netPay, true],
  ];
  cells.forEach(([label, amount, strong], i) => {
    const x = LEFT + i * width;
    c.box(x, top, width, 40, strong ? { fillGrey: 0.85, strokeGrey: 0.5 } : { strokeGrey: 0.6 });
    c.text(x + 8, top + 7, label, { size: 8.5, grey: 0.25, bold: strong });
    c.text(x + width - 8, top + 20, `£${gbp(amount)}`, { size: strong ? 14 : 12, bold: strong, align: 'right' });
  });
  sheet.y = top + 52;
}

function employerCosts(sheet: Sheet, view: GbPayslipView): void {
  sheet.heading('Paid by your employer on top of your pay', [{ title: 'Amount £', column: AMOUNT_COLUMNS[1] as Column }]);
  sheet.row(['Employer National Insurance', gbp(view.employerCosts.employerNi)], AMOUNT_COLUMNS);
  sheet.row(['Employer pension contribution', gbp(view.employerCosts.employerPension)], AMOUNT_COLUMNS);
  sheet.gap(6);
}

function yearToDate(sheet: Sheet, view: GbPayslipView): void {
  const leftColumns: Column[] = [{ x: LEFT + 4, align: 'left', width: 180 }, { x: 290, align: 'right' }];
  const rightColumns: Column[] = [{ x: 318, align: 'left', width: 170 }, { x: RIGHT - 4, align: 'right' }];
  sheet.heading(`Year to date, tax year ${view.period.taxYear} (this employment)`);
  const half = Math.ceil(view.ytd.length / 2);
  for (let i = 0; i < half; i += 1) {
    sheet.need(ROW);
    const a = view.ytd[i];
    const b = view.ytd[i + half];
    const y = sheet.y;
    if (a) sheet.row([a.label, gbp(a.amount)], leftColumns);
    if (b) {
      sheet.y = y;
      sheet.row([b.label, gbp(b.amount)], rightColumns);
    }
  }
  sheet.gap(6);
}

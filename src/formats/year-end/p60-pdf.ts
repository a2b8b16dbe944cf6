/**
 * The P60 as a PDF (view: view.ts), in the layout of HMRC's P60 "End of Year Certificate": pay and income tax
 * in previous employment(s), in this employment and in total, the final tax code, the NI contributions by NI letter
 * (earnings at the LEL, above the LEL up to the PT, above the PT up to the UEL, employee contributions above the PT),
 * student and postgraduate loan deductions, statutory payments, and the employer's details (PAYE Regs 2003 reg 67).
 */
import { renderPdf, type PdfFonts } from '../pdf/document.js';
import { gbp } from '../text/amounts.js';
import { spacedNiNumber } from '../payslip/gb-pdf.js';
import { type Column, LEFT, RIGHT, ROW, Sheet } from '../payslip/sheet.js';
import type { P60View, YearEndEmployee, YearEndEmployer } from './view.js';

const AMOUNT: Column[] = [
  { x: LEFT + 4, align: 'left', width: 330 },
  { x: 420, align: 'right' },
  { x: RIGHT - 4, align: 'right' },
];
const NI: Column[] = [
  { x: LEFT + 4, align: 'left' },
  { x: 190, align: 'right' },
  { x: 290, align: 'right' },
  { x: 400, align: 'right' },
  { x: RIGHT - 4, align: 'right' },
];

export function identityRows(employee: YearEndEmployee): [string, string][] {
  return [
    ['Surname', employee.surname],
    ['Forenames or initials', employee.forenames],
    ['National Insurance number', employee.niNumber ? spacedNiNumber(employee.niNumber) : 'not known'],
    ['Employee\u2019s payroll number', employee.payrollNumber ?? '\u2013'],
  ];
}

export function employerBlock(sheet: Sheet, employer: YearEndEmployer): void {
  sheet.heading('Employer');
  const labelled: [string, string][] = [['Employer name', employer.name], ...employer.address.map((line, i): [string, string] => [i === 0 ? 'Address' : '', line]), ['Employer PAYE reference', employer.payeReference ?? 'not set']];
  for (const [label, value] of labelled) sheet.row([label, value], [{ x: LEFT + 4, align: 'left' }, { x: 200, align: 'left', width: RIGHT - 204 }], { size: 9 });
  sheet.gap(6);
}

export function renderP60Pdf(view: P60View, fonts: PdfFonts): Promise<Uint8Array> {
  const meta = { title: `P60 ${view.employee.name} \u2013 tax year ${view.taxYear}`, subject: `P60 ${view.id}`, author: view.employer.name, issuedAt: view.issuedAt, language: 'en-GB' };
  return renderPdf(meta, fonts, (canvas) => {
    const sheet = new Sheet(canvas, (c, page) => {
      c.line(LEFT, 800, RIGHT, 800, { grey: 0.7 });
      c.text(LEFT, 805, 'This is a printed copy of an eP60. Keep it safe: you may need it to claim tax credits or a tax refund, or to check your tax.', { size: 6.5, grey: 0.35 });
      c.text(RIGHT, 814, `P60 ${view.taxYear} \u00b7 page ${page}`, { size: 6.5, grey: 0.35, align: 'right' });
    });
    canvas.text(LEFT, 40, 'P60 End of Year Certificate', { bold: true, size: 18 });
    canvas.text(LEFT, 62, `Tax year to ${view.yearEnd}`, { size: 10 });
    canvas.text(RIGHT, 40, 'To the employee:', { size: 8, align: 'right', grey: 0.3 });
    canvas.text(RIGHT, 50, 'please keep this certificate in a safe place', { size: 8, align: 'right', grey: 0.3 });
    sheet.y = 84;
    sheet.heading('Employee details');
    for (const [label, value] of identityRows(view.employee)) sheet.row([label, value], [{ x: LEFT + 4, align: 'left' }, { x: 200, align: 'left', width: RIGHT - 204 }], { size: 9 });
    sheet.gap(6);

    sheet.heading('Pay and Income Tax details', [
      { title: 'Pay \u00a3', column: AMOUNT[1] as Column },
      { title: 'Tax deducted \u00a3', column: AMOUNT[2] as Column },
    ]);
    sheet.row(['In previous employment(s)', gbp(view.previousEmployment.pay), gbp(view.previousEmployment.tax)], AMOUNT);
    sheet.row(['In this employment', gbp(view.thisEmployment.pay), gbp(view.thisEmployment.tax)], AMOUNT);
    sheet.rule(330);
    sheet.row(['Total for year', gbp(view.total.pay), gbp(view.total.tax)], AMOUNT, { bold: true });
    sheet.row(['Final tax code', `${view.taxCode}${view.week1Month1 ? ' (Week 1/Month 1)' : ''}`], [AMOUNT[0] as Column, { x: 420, align: 'right' }], { bold: true });
    sheet.gap(6);

    sheet.heading('National Insurance contributions in this employment');
    sheet.row(['NIC letter', 'Earnings at the LEL \u00a3', 'Above LEL up to PT \u00a3', 'Above PT up to UEL \u00a3', 'Employee NIC above PT \u00a3'], NI, { size: 7.5, grey: 0.25 });
    for (const row of view.ni) sheet.row([row.letter, gbp(row.atLel), gbp(row.lelToPt), gbp(row.ptToUel), gbp(row.employeeContributions)], NI);
    sheet.row(['LEL: Lower Earnings Limit; PT: Primary Threshold; UEL: Upper Earnings Limit (as reported to HMRC on the FPS).'], [{ x: LEFT + 4, align: 'left', width: RIGHT - LEFT - 8 }], { size: 7, grey: 0.35 });
    sheet.gap(6);

    sheet.heading('Statutory payments and loan deductions in this employment', [{ title: '\u00a3', column: AMOUNT[2] as Column }]);
    const two: Column[] = [AMOUNT[0] as Column, AMOUNT[2] as Column];
    for (const s of view.statutory) sheet.row([s.label, gbp(s.amount)], two);
    sheet.row(['Student Loan deductions (whole \u00a3 only)', gbp(view.studentLoan)], two);
    sheet.row(['Postgraduate Loan deductions (whole \u00a3 only)', gbp(view.postgraduateLoan)], two);
    sheet.gap(6);

    employerBlock(sheet, view.employer);
    for (const line of ['Certificate by Employer/Paying Office: this form shows your total pay for Income Tax purposes in this employment for the year.', 'Any overtime, bonus, commission etc., Statutory Sick Pay and statutory payments are included.']) {
      sheet.row([line], [{ x: LEFT + 4, align: 'left', width: RIGHT - LEFT - 8 }], { size: 7, grey: 0.3 });
    }
    sheet.gap(ROW);
    sheet.finish();
  });
}

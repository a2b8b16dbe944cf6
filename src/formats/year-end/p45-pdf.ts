/**
 * The P45 as a PDF (view: view.ts): "Details of employee leaving work", parts 1A (the employee's copy), 2 and 3
 * (for the new employer) in one document, each with the figures HMRC's form carries (PAYE Regs 2003 reg 36):
 * the employer PAYE reference, NI number, name, leaving date, tax code at leaving with Week 1/Month 1, the last
 * week or month the figures were worked to, total pay and tax to date (not on Week 1/Month 1), pay and tax in this
 * employment, and whether student and postgraduate loan deductions continue.
 */
import { gbDate, gbp } from '../text/amounts.js';
import { renderPdf, type PdfFonts } from '../pdf/document.js';
import { type Column, LEFT, RIGHT, Sheet } from '../payslip/sheet.js';
import { employerBlock, identityRows } from './p60-pdf.js';
import type { P45View } from './view.js';

const PARTS: readonly [string, string][] = [
  ['Part 1A', 'Copy for the employee: keep it safe, copies are not available.'],
  ['Part 2', 'For the new employer: give parts 2 and 3 to your new employer, or to Jobcentre Plus if you claim benefits.'],
  ['Part 3', 'New employer: keep this part; the employee\u2019s figures to use on the FPS and for the starting tax code.'],
];

const LABEL: Column = { x: LEFT + 4, align: 'left' };
const VALUE: Column = { x: 260, align: 'left', width: RIGHT - 264 };

function rows(view: P45View): [string, string][] {
  const out: [string, string][] = [
    ['Employer PAYE reference', view.employer.payeReference ?? 'not set'],
    ...identityRows(view.employee),
    ['Leaving date', gbDate(view.leavingDate)],
    ['Tax code at leaving date', view.taxCode],
    ['Week 1/Month 1 basis', view.week1Month1 ? 'Yes (non-cumulative)' : 'No'],
    ['Last entries made in', view.taxPeriod],
    ['Total pay to date \u00a3', view.totalPayToDate === null ? 'not given (Week 1/Month 1)' : gbp(view.totalPayToDate)],
    ['Total tax to date \u00a3', view.totalTaxToDate === null ? 'not given (Week 1/Month 1)' : gbp(view.totalTaxToDate)],
    ['Pay in this employment \u00a3', gbp(view.payThisEmployment)],
    ['Tax in this employment \u00a3', gbp(view.taxThisEmployment)],
    ['Student Loan deductions to continue', view.studentLoanContinues ? 'Yes' : 'No'],
    ['Postgraduate Loan deductions to continue', view.postgraduateLoanContinues ? 'Yes' : 'No'],
  ];
  if (view.employee.dateOfBirth) out.splice(5, 0, ['Date of birth', gbDate(view.employee.dateOfBirth)]);
  return out;
}

export function renderP45Pdf(view: P45View, fonts: PdfFonts): Promise<Uint8Array> {
  const meta = { title: `P45 ${view.employee.name} \u2013 leaving ${view.leavingDate}`, subject: `P45 ${view.id}`, author: view.employer.name, issuedAt: view.issuedAt, language: 'en-GB' };
  return renderPdf(meta, fonts, (canvas) => {
    const sheet = new Sheet(canvas, (c, page) => {
      c.line(LEFT, 800, RIGHT, 800, { grey: 0.7 });
      c.text(LEFT, 805, `P45 Details of employee leaving work \u00b7 tax year ${view.taxYear}`, { size: 6.5, grey: 0.35 });
      c.text(RIGHT, 814, `page ${page}`, { size: 6.5, grey: 0.35, align: 'right' });
    });
    PARTS.forEach(([part, note], i) => {
      if (i > 0) {
        sheet.finish();
        canvas.newPage();
        sheet.page += 1;
      }
      canvas.text(LEFT, 40, `P45 ${part}`, { bold: true, size: 18 });
      canvas.text(LEFT, 62, 'Details of employee leaving work', { size: 10 });
      canvas.text(LEFT, 76, note, { size: 8, grey: 0.3 });
      sheet.y = 96;
      sheet.heading('Employee and figures at leaving');
      for (const [label, value] of rows(view)) sheet.row([label, value], [LABEL, VALUE], { size: 9 });
      sheet.gap(6);
      employerBlock(sheet, view.employer);
    });
    sheet.finish();
  });
}

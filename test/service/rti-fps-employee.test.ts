/**
 * One FPS employee from stored payslips (service/rti/fps-employee.ts): the items the year-to-date block does not
 * split (NI figures per letter after a change of letter, pension contributions by method, statutory payments by
 * kind), net pay's parts, the address and hours band, and the refusals naming the field.
 */
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../src/domain/errors.js';
import type { GbPayslipFiguresV1 } from '../../src/store/gb-payslip-figures.js';
import type { EmployeeTable } from '../../src/store/schema.js';
import { fpsAddress, fpsEmployee, hoursBand } from '../../src/service/rti/fps-employee.js';
import type { StoredPayslip } from '../../src/service/rti/payslip-history.js';
import { employmentChain } from '../../src/service/rti/payslip-history.js';

function employee(gb: Record<string, unknown>, extra: Partial<EmployeeTable> = {}): EmployeeTable {
  return {
    id: 'e1', org_id: 'o1', country: 'GB', payroll_number: 'P1', first_name: 'Mary Jane', last_name: 'Watson', email: null, date_of_birth: '1980-01-01',
    start_date: '2025-04-10', leave_date: null, status: 'active', address: '1 Road, Town, AB1 2CD', pay_json: null, statutory_json: JSON.stringify(gb), row_version: 0, created_at: '', updated_at: '', ...extra,
  };
}

function payslip(id: string, base: string | null, payDate: string, f: Partial<GbPayslipFiguresV1>): StoredPayslip {
  const figures = {
    taxPeriod: 1, taxCode: '1257L', week1Month1: false, niCategory: 'A', grossPay: '2000.00', payrolledBenefits: '0.00', taxablePay: '2000.00', taxablePayToDate: '2000.00', tax: '190.40', taxPaidToDate: '190.40',
    regulatoryLimitApplied: false, niablePay: '2000.00', employeeNi: '116.64', employerNi: '218.70', niEarningsAtLel: '542.00', niEarningsLelToPt: '506.00', niEarningsPtToUel: '952.00', studentLoan: '0.00', postgraduateLoan: '0.00',
    pensionableEarnings: null, pensionEmployeeGross: null, pensionEmployeeDeduction: null, pensionEmployer: null, salarySacrifice: null, netPay: '1692.96', studentLoanPlanApplied: null, taxBasis: 'cumulative',
    ytdThisEmployment: {}, previousEmploymentPayUsed: '0', previousEmploymentTaxUsed: '0', isLeaver: false, isAfterLeaving: false, irregularPayment: false, correction: null, pension: null, pensionRefund: null,
    employerCosts: { employerNi: '0', employerPension: '0', total: '0' }, lines: [], p45: null, warnings: [], executionHistory: null, ...f,
  } as GbPayslipFiguresV1;
  return { row: { id, run_id: `r-${id}`, employee_id: 'e1', tax_year: '2025-26', pay_date: payDate, ytd_base_payslip_id: base, figures_json: '', figures_version: 1 }, figures };
}

const run = { taxYear: '2025-26', frequency: 'monthly', payDate: '2025-06-05' };

describe('FPS employee from stored payslips', () => {
  it('splits NI by letter after a change of letter in the year, each letter with its own periods', () => {
    const p1 = payslip('p1', null, '2025-05-05', { niCategory: 'A' });
    const p2 = payslip('p2', 'p1', '2025-06-05', { niCategory: 'M', taxPeriod: 2, employeeNi: '0.00', niablePay: '1500.00', niEarningsPtToUel: '452.00', employerNi: '0.00' });
    const chain = employmentChain(new Map([['p1', p1], ['p2', p2]]), p2, '2025-04-10');
    expect(chain.map((p) => p.row.id)).toEqual(['p1', 'p2']);
    const e = fpsEmployee(employee({ gender: 'F', ni_number: 'AB123456C' }), p2, chain, run, false, '2025-04-06');
    expect(e.niLetters).toEqual([
      { letter: 'A', grossEarningsInPeriod: '0', grossEarningsYtd: '2000.00', atLelYtd: '542.00', lelToPtYtd: '506.00', ptToUelYtd: '952.00', employerNicInPeriod: '0', employerNicYtd: '218.70', employeeNicInPeriod: '0', employeeNicYtd: '116.64' },
      { letter: 'M', grossEarningsInPeriod: '1500.00', grossEarningsYtd: '1500.00', atLelYtd: '542.00', lelToPtYtd: '506.00', ptToUelYtd: '452.00', employerNicInPeriod: '0.00', employerNicYtd: '0.00', employeeNicInPeriod: '0.00', employeeNicYtd: '0.00' },
    ]);
    expect(e.forenames).toEqual(['Mary', 'Jane']);
    expect(e.payment.period).toEqual({ kind: 'month', number: 2 });
  });

  it('reports relief-at-source contributions and post-tax deductions from net pay, and statutory pay by kind to date', () => {
    const ras = { pension: { schemeId: 's', membershipId: 'm', method: 'relief_at_source', wageTypeCode: 'UK-P-002', autoEnrolled: true }, pensionEmployeeDeduction: '40.00' };
    const p1 = payslip('p1', null, '2025-05-05', { ...ras, lines: [{ section: 'earnings', wageTypeCode: 'UK-S-002', name: 'SMP', amount: '300.00' }] });
    const p2 = payslip('p2', 'p1', '2025-06-05', {
      ...ras,
      netPay: '1600.00',
      lines: [
        { section: 'earnings', wageTypeCode: 'UK-S-002', name: 'SMP', amount: '200.00' },
        { section: 'earnings', wageTypeCode: 'UK-S-001', name: 'SSP', amount: '50.00' },
        { section: 'deductions', wageTypeCode: 'UK-D-001', name: 'Attachment', amount: '25.00' },
        { section: 'reimbursements', wageTypeCode: 'UK-R-001', name: 'Expenses', amount: '12.00' },
      ],
    });
    const e = fpsEmployee(employee({ gender: 'F', ni_number: 'AB123456C' }), p2, [p1, p2], run, false, '2025-04-06');
    expect(e.ytd).toMatchObject({ pensionNetPay: '0.00', pensionNotNetPay: '80.00' });
    expect(e.payment).toMatchObject({ pensionNotNetPay: '40.00', deductionsFromNetPay: '65.00', nonTaxOrNicPayments: '12.00', payAfterStatutoryDeductions: '1653.00' });
    // SSP is taxable pay, not an FPS statutory item; SMP to date is both payslips'.
    expect(e.payment.statutoryYtd).toEqual({ smp: '500.00', spp: '0.00', sap: '0.00', shpp: '0.00', spbp: '0.00', sncp: '0.00' });
  });

  it('a starter with a P45 and no declaration goes on the FPS with statement B; without either the FPS is refused', () => {
    const p1 = payslip('p1', null, '2025-05-05', {});
    const withP45 = fpsEmployee(employee({ gender: 'M', ni_number: 'AB123456C', p45: { leaving_date: '2025-04-01' }, student_loan_plans: ['1'] }), p1, [p1], run, true, '2025-04-06');
    expect(withP45.starter).toEqual({ startDate: '2025-04-10', declaration: 'B', studentLoan: true, postgraduateLoan: false });
    const fail = (gb: Record<string, unknown>, extra: Partial<EmployeeTable> = {}) => {
      try {
        fpsEmployee(employee(gb, extra), p1, [p1], run, true, '2025-04-06');
      } catch (error) {
        if (isDomainError(error)) return error.issues[0]?.loc.join('.');
        throw error;
      }
      return 'accepted';
    };
    expect(fail({ gender: 'M', ni_number: 'AB123456C' })).toBe('employees.e1.gb.starter_declaration');
    expect(fail({ ni_number: 'AB123456C', starter_declaration: 'A' })).toBe('employees.e1.gb.gender');
    expect(fail({ gender: 'M', starter_declaration: 'A' }, { address: 'Somewhere' })).toBe('employees.e1.address');
    const freeport = payslip('f1', null, '2025-05-05', { niCategory: 'F' });
    expect(() => fpsEmployee(employee({ gender: 'M', ni_number: 'AB123456C' }), freeport, [freeport], run, false, '2025-04-06')).toThrow(/workplace postcode/);
    expect(fpsEmployee(employee({ gender: 'M', ni_number: 'AB123456C', workplace_postcode: 'DN31 3LL' }), freeport, [freeport], run, false, '2025-04-06').workplacePostcode).toBe('DN31 3LL');
  });

  it('reads the one-line address and the hours band', () => {
    expect(fpsAddress('12 High Street, Little Snoring, Fakenham NR21 0AA')).toEqual({ lines: ['12 High Street', 'Little Snoring', 'Fakenham'], ukPostcode: 'NR21 0AA', foreignCountry: null });
    expect(fpsAddress('3 Mill Lane\nFakenham\nnr218ab')).toEqual({ lines: ['3 Mill Lane', 'Fakenham'], ukPostcode: 'NR21 8AB', foreignCountry: null });
    expect(fpsAddress('Rue de la Paix 1, Paris')).toEqual({ lines: ['Rue de la Paix 1', 'Paris'], ukPostcode: null, foreignCountry: null });
    expect(fpsAddress(null)).toBeNull();
    expect(['15.99', '16', '23.99', '24', '29.99', '30', null].map(hoursBand)).toEqual(['A', 'B', 'B', 'C', 'C', 'D', 'E']);
  });

  it('ends the chain at the current employment: a payslip of an earlier employment in the year is not added', () => {
    const old = payslip('p0', null, '2025-04-05', { niCategory: 'A' });
    const p1 = payslip('p1', 'p0', '2025-05-05', {});
    expect(employmentChain(new Map([['p0', old], ['p1', p1]]), p1, '2025-04-10').map((p) => p.row.id)).toEqual(['p1']);
  });
});

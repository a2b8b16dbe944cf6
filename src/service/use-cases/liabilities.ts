/**
 * What a British employer owes HMRC per tax month (the P32 view, issue 16 point 2): the approved and paid payslips
 * of the tax year, each counted in the tax month of the day it was paid (a correction: the payment date it is
 * reported with), summed and run through domain/gb/statutory/employer-liabilities.ts with the organization's `gb`
 * settings (Employment Allowance claim, small employers' relief, levy connection).
 */
import { Decimal, money, ZERO } from '../../domain/money.js';
import type { GbTaxYear } from '../../domain/gb/editions.js';
import { gbParams } from '../../domain/gb/params/index.js';
import { calculateEmployerLiabilities, type LiabilityMonthInput, STATUTORY_PAYMENT_TYPES, type StatutoryPaymentType } from '../../domain/gb/statutory/employer-liabilities.js';
import { gbTaxMonth } from '../../domain/pay-periods.js';
import { addDays } from '../../domain/gb/run/dates.js';
import { type LiabilitiesResponse, liabilitiesQuery, type LiabilityMonthWire } from '../contracts/liabilities.js';
import type { GbEmployerSettings } from '../contracts/organization.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { parseJson, requireScope, type ServiceContext } from '../context.js';
import { requireGbOrg } from './pensions.js';
import { readGbPayslipFigures } from '../../store/gb-payslip-figures.js';
import { settledPayslipsOfTaxYear } from '../../store/repositories/payroll-runs.js';

export interface LiabilityUseCases {
  /** Extension: what the organization owes HMRC for each tax month of a tax year (query tax_year, optional month). */
  getGbLiabilities(orgId: string, query: Record<string, unknown>): Promise<LiabilitiesResponse>;
}

interface MonthSums {
  payslips: number;
  paye: Decimal;
  employeeNi: Decimal;
  employerNi: Decimal;
  studentLoans: Decimal;
  postgraduateLoans: Decimal;
  payBill: Decimal;
  statutory: Record<StatutoryPaymentType, Decimal>;
}

const perType = (value: (type: StatutoryPaymentType) => Decimal): Record<StatutoryPaymentType, Decimal> =>
  Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, value(t)])) as Record<StatutoryPaymentType, Decimal>;
const wirePerType = (values: Readonly<Record<StatutoryPaymentType, Decimal>>): Record<string, string> => Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, money(values[t])]));

function emptyMonth(): MonthSums {
  return { payslips: 0, paye: ZERO, employeeNi: ZERO, employerNi: ZERO, studentLoans: ZERO, postgraduateLoans: ZERO, payBill: ZERO, statutory: perType(() => ZERO) };
}

/** First and last day of tax month `month` of the tax year starting in `startYear` (6th to 5th). */
function monthBounds(startYear: number, month: number): { start: string; end: string } {
  const m = 3 + month; // 4 = April
  const year = startYear + Math.floor((m - 1) / 12);
  const calendarMonth = ((m - 1) % 12) + 1;
  const start = `${year}-${String(calendarMonth).padStart(2, '0')}-06`;
  const nextYear = calendarMonth === 12 ? year + 1 : year;
  const next = calendarMonth === 12 ? 1 : calendarMonth + 1;
  return { start, end: `${nextYear}-${String(next).padStart(2, '0')}-05` };
}

export function liabilityUseCases(ctx: ServiceContext): LiabilityUseCases {
  return {
    async getGbLiabilities(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const q = parseOrThrow(liabilitiesQuery, query, ['query']);
      const taxYear = q.tax_year as GbTaxYear;
      const db = ctx.store.db;
      const org = await requireGbOrg(ctx, db, orgId);
      const settings = parseJson<GbEmployerSettings>(org.gb_json);
      const months = Array.from({ length: 12 }, emptyMonth);
      for (const row of await settledPayslipsOfTaxYear(db, orgId, taxYear)) {
        const f = readGbPayslipFigures(row.figures_json, row.figures_version);
        const paid = f.correction?.reportedPaymentDate ?? row.pay_date;
        const m = months[gbTaxMonth(paid) - 1] as MonthSums;
        m.payslips += 1;
        m.paye = m.paye.plus(row.tax);
        m.employeeNi = m.employeeNi.plus(row.employee_ni);
        m.employerNi = m.employerNi.plus(row.employer_ni);
        m.studentLoans = m.studentLoans.plus(f.studentLoan);
        m.postgraduateLoans = m.postgraduateLoans.plus(f.postgraduateLoan);
        // The levy's pay bill: earnings subject to Class 1 secondary NICs (Finance Act 2016 s.101), NIable pay.
        m.payBill = m.payBill.plus(f.niablePay);
        for (const s of f.statutoryPayments) {
          const type = s.type as StatutoryPaymentType;
          if (type in m.statutory) m.statutory[type] = m.statutory[type].plus(s.amount);
        }
      }
      // The employer's settings for this tax year (the organization's gb block, as the EPS reports them).
      const claim = settings?.employment_allowance_claims?.find((c) => c.tax_year === taxYear);
      const eaClaimed = claim !== undefined;
      const eaFrom = claim?.from_month ?? 1;
      const smallEmployer = settings?.small_employers_relief_years?.includes(taxYear) === true;
      const shareRow = settings?.levy_allowance_shares?.find((s) => s.tax_year === taxYear);
      const share = shareRow ? new Decimal(shareRow.annual_allowance) : null;
      const yearAllowance = gbParams(taxYear).statutoryPayments.apprenticeshipLevy.annualAllowance;
      const levyAllowance = share !== null && share.lt(yearAllowance) ? share : yearAllowance;
      const inputs: LiabilityMonthInput[] = months.map((m, index) => ({
        month: index + 1,
        paye: m.paye,
        employeeNi: m.employeeNi,
        employerNi: m.employerNi,
        studentLoans: m.studentLoans,
        postgraduateLoans: m.postgraduateLoans,
        payBill: m.payBill,
        statutoryPaid: m.statutory,
      }));
      const result = calculateEmployerLiabilities({ taxYear, smallEmployer, employmentAllowanceClaimed: eaClaimed, employmentAllowanceFromMonth: eaFrom, levyAnnualAllowance: levyAllowance, months: inputs });
      const startYear = Number(taxYear.slice(0, 4));
      const lastPaid = months.reduce((last, m, index) => (m.payslips > 0 ? index + 1 : last), 1);
      const wanted = q.month !== undefined ? [q.month] : Array.from({ length: lastPaid }, (_, i) => i + 1);
      const wire: LiabilityMonthWire[] = wanted.map((n) => {
        const r = result[n - 1]!;
        const m = months[n - 1]!;
        const { start, end } = monthBounds(startYear, n);
        return {
          month: n,
          period_start: start,
          period_end: end,
          payment_due_date: addDays(end, 17),
          payslips: m.payslips,
          paye: money(m.paye),
          student_loans: money(m.studentLoans),
          postgraduate_loans: money(m.postgraduateLoans),
          employee_ni: money(m.employeeNi),
          employer_ni: money(m.employerNi),
          employment_allowance_used: money(r.employmentAllowanceUsed),
          employment_allowance_used_ytd: money(r.employmentAllowanceUsedYtd),
          statutory_paid: wirePerType(m.statutory),
          statutory_recovered: wirePerType(r.recovered),
          nic_compensation: wirePerType(r.compensation),
          statutory_recovered_total: money(r.recoveredTotal),
          nic_compensation_total: money(r.compensationTotal),
          pay_bill: money(m.payBill),
          pay_bill_ytd: money(r.payBillYtd),
          levy_due_ytd: money(r.levyDueYtd),
          levy_due: money(r.levyDueMonth),
          amount_due: money(r.amountDue),
          amount_due_ytd: money(r.amountDueYtd),
        };
      });
      return {
        organization_id: orgId,
        tax_year: taxYear,
        settings: { employment_allowance_claimed: eaClaimed, employment_allowance_from_month: eaFrom, small_employers_relief: smallEmployer, levy_allowance: money(levyAllowance) },
        months: wire,
      };
    },
  };
}

/**
 * The EPS of a tax month from the tax year's settled payslips: each month's PAYE, NICs, loans, pay bill and
 * statutory payments go through the employer-liabilities engine (domain/gb/statutory/employer-liabilities.ts:
 * Employment Allowance, levy year to date with the monthly allowance, recovery and NIC compensation on year-to-date
 * amounts; SSP is not recoverable), and the EPS reports the year to date at the month asked for. A month in which
 * no payslip was paid is a month with no payment (NoPaymentForPeriod).
 */
import { Decimal, ZERO } from '../../domain/money.js';
import { gbTaxMonth } from '../../domain/pay-periods.js';
import { isGbTaxYear } from '../../domain/gb/editions.js';
import { gbParams } from '../../domain/gb/params/index.js';
import { calculateEmployerLiabilities, type LiabilityMonthInput, STATUTORY_PAYMENT_TYPES, type StatutoryPaymentType } from '../../domain/gb/statutory/index.js';
import { wageTypeOn } from '../../domain/gb/wage-types/lookup.js';
import { fieldError } from '../../domain/errors.js';
import { EPS_RECOVERABLE, type EpsInput, type EpsRecoverable, type StateAidSector } from '../../formats/rti/index.js';
import type { GbEmployerSettings } from '../contracts/organization.js';
import type { StoredPayslip } from './payslip-history.js';

const BY_RTI_ITEM: Record<string, StatutoryPaymentType> = { SMPYTD: 'smp', SPPYTD: 'spp', SAPYTD: 'sap', ShPPYTD: 'shpp', SPBPYTD: 'spbp', SNCPYTD: 'sncp' };
/** SSP is reported in taxable pay on the FPS; the catalogue names it by its code. */
const SSP_CODE = 'UK-S-001';

function statutoryPaid(p: StoredPayslip): Record<StatutoryPaymentType, Decimal> {
  const out = Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, ZERO])) as Record<StatutoryPaymentType, Decimal>;
  for (const line of p.figures.lines) {
    if (!line.wageTypeCode || line.section !== 'earnings') continue;
    const type = line.wageTypeCode === SSP_CODE ? 'ssp' : BY_RTI_ITEM[wageTypeOn(line.wageTypeCode, p.row.pay_date)?.rti_payment_type ?? ''];
    if (type) out[type] = out[type].plus(line.amount);
  }
  return out;
}

/** Tax months 1 to `upTo` with what was paid in each (months without a payslip hold zeros). */
export function liabilityMonths(payslips: readonly StoredPayslip[], upTo: number): { months: LiabilityMonthInput[]; paidMonths: Set<number> } {
  const months = Array.from({ length: upTo }, (_, i) => ({
    month: i + 1,
    paye: ZERO,
    employeeNi: ZERO,
    employerNi: ZERO,
    studentLoans: ZERO,
    postgraduateLoans: ZERO,
    payBill: ZERO,
    statutoryPaid: Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, ZERO])) as Record<StatutoryPaymentType, Decimal>,
  }));
  const paidMonths = new Set<number>();
  for (const p of payslips) {
    const month = gbTaxMonth(p.row.pay_date);
    if (month > upTo) continue;
    paidMonths.add(month);
    const m = months[month - 1]!;
    const f = p.figures;
    m.paye = m.paye.plus(f.tax);
    m.employeeNi = m.employeeNi.plus(f.employeeNi);
    m.employerNi = m.employerNi.plus(f.employerNi);
    m.studentLoans = m.studentLoans.plus(f.studentLoan);
    m.postgraduateLoans = m.postgraduateLoans.plus(f.postgraduateLoan);
    // The levy's pay bill: earnings subject to Class 1 secondary NICs (Finance Act 2016 s.101), i.e. NIable pay.
    m.payBill = m.payBill.plus(f.niablePay);
    const paid = statutoryPaid(p);
    for (const t of STATUTORY_PAYMENT_TYPES) m.statutoryPaid[t] = m.statutoryPaid[t].plus(paid[t]);
  }
  return { months, paidMonths };
}

/** 6th of the tax month's first calendar month to the 5th of the next: the month's dates (NoPaymentDates). */
export function taxMonthDates(taxYear: string, month: number): { from: string; to: string } {
  const first = Number(taxYear.slice(0, 4));
  const calendar = (offset: number) => {
    const index = 3 + offset; // April is index 3
    const year = first + Math.floor(index / 12);
    return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return { from: `${calendar(month - 1)}-06`, to: `${calendar(month)}-05` };
}

export type EpsFigures = Pick<EpsInput, 'noPayment' | 'employmentAllowance' | 'stateAidSector' | 'recoverable' | 'apprenticeshipLevy'>;

export function epsFigures(taxYear: string, month: number, payslips: readonly StoredPayslip[], settings: GbEmployerSettings | null): EpsFigures {
  if (!isGbTaxYear(taxYear)) throw fieldError(['query', 'tax_year'], `tax year ${taxYear} has no figures in this build`, 'tax_year_unsupported');
  const claim = settings?.employment_allowance_claims.find((c) => c.tax_year === taxYear) ?? null;
  const share = settings?.levy_allowance_shares.find((s) => s.tax_year === taxYear) ?? null;
  const annualAllowance = share ? new Decimal(share.annual_allowance) : gbParams(taxYear).statutoryPayments.apprenticeshipLevy.annualAllowance;
  const { months, paidMonths } = liabilityMonths(payslips, month);
  const result = calculateEmployerLiabilities({
    taxYear,
    smallEmployer: settings?.small_employers_relief_years.includes(taxYear) ?? false,
    employmentAllowanceClaimed: claim !== null,
    employmentAllowanceFromMonth: claim?.from_month ?? 1,
    levyAnnualAllowance: annualAllowance,
    months,
  });
  const ytd = (pick: (m: (typeof result)[number]) => Decimal) => result.reduce((total, m) => total.plus(pick(m)), ZERO).toFixed(2);
  const recovered = Object.fromEntries(EPS_RECOVERABLE.map((t) => [t, ytd((m) => m.recovered[t])])) as Record<EpsRecoverable, string>;
  const compensation = Object.fromEntries(EPS_RECOVERABLE.map((t) => [t, ytd((m) => m.compensation[t])])) as Record<EpsRecoverable, string>;
  const anyRecovery = EPS_RECOVERABLE.some((t) => !new Decimal(recovered[t]).isZero() || !new Decimal(compensation[t]).isZero());
  const levyDueYtd = result.at(-1)?.levyDueYtd ?? ZERO;
  return {
    noPayment: paidMonths.has(month) ? null : taxMonthDates(taxYear, month),
    employmentAllowance: claim !== null && month >= claim.from_month ? true : null,
    stateAidSector: (claim?.state_aid_sector ?? null) as StateAidSector | null,
    recoverable: anyRecovery ? { taxMonth: month, recovered, compensation } : null,
    // Only employers with levy to pay report it (HMRC: an employer whose pay bill stays under the allowance does not).
    apprenticeshipLevy: levyDueYtd.isZero() ? null : { taxMonth: month, levyDueYtd: levyDueYtd.toFixed(2), annualAllowance: annualAllowance.toFixed(2) },
  };
}

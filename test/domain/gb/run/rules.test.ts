import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { parseTaxCode } from '../../../../src/domain/gb/tax-code.js';
import { addMonths } from '../../../../src/domain/gb/run/dates.js';
import { afterLeavingCode, directorWeeks, isLastPeriodOfYear, p45For, previousEmploymentUsed } from '../../../../src/domain/gb/run/employment.js';
import { isRefundDue, optOutWindowEnd, refuseEnrolment, refuseOptOut } from '../../../../src/domain/gb/run/membership.js';
import { classifyPay, periodAmount } from '../../../../src/domain/gb/run/pay-items.js';
import { decideAutoEnrolment, membershipOn, type Membership, type SchemeTerms, termsFor } from '../../../../src/domain/gb/run/pension-terms.js';
import { penceText, textPence } from '../../../../src/domain/gb/run/pence-text.js';
import { refundOf } from '../../../../src/domain/gb/run/refund.js';
import { ytdFromJson, ytdToJson, zeroYtd } from '../../../../src/domain/gb/run/ytd.js';

const d = (v: string) => new Decimal(v);

const scheme: SchemeTerms = {
  schemeId: 's1', version: 0, validFrom: '2025-04-06', validTo: null, method: 'net_pay', basis: 'qualifying_earnings',
  employeeRate: d('0.05'), employerRate: d('0.03'), employeeCap: null, employerCap: null, postponementMonths: 0, entitledWorkerEmployerContributes: false, reEnrolmentDate: null, wageTypeCode: 'UK-P-001',
};
const active = (over: Partial<Membership> = {}): Membership => ({
  id: 'm0', version: 0, status: 'ACTIVE', validFrom: '2025-05-01', validTo: null, workerCategory: 'ELIGIBLE_JOBHOLDER', enrolmentDate: '2025-05-01', optOutDate: null,
  enrolmentCommunicationDate: '2025-05-01', schemeId: null, employeeRate: null, employerRate: null, employeeCap: null, employerCap: null, method: null, wageTypeCode: null, ...over,
});

describe('membership transitions and the opt-out window', () => {
  it('allows NOT_ENROLLED → ACTIVE, OPTED_OUT → ACTIVE, ACTIVE → OPTED_OUT only', () => {
    expect(refuseEnrolment(null, '2025-05-01')).toBeNull();
    expect(refuseEnrolment({ status: 'ACTIVE', validFrom: '2025-05-01', enrolmentDate: '2025-05-01', optOutDate: null }, '2025-06-01')?.code).toBe('PENSION.ALREADY_ACTIVE');
    expect(refuseEnrolment({ status: 'OPTED_OUT', validFrom: '2025-06-01', enrolmentDate: '2025-05-01', optOutDate: '2025-06-01' }, '2025-07-01')).toBeNull();
    expect(refuseEnrolment({ status: 'OPTED_OUT', validFrom: '2025-06-01', enrolmentDate: '2025-05-01', optOutDate: '2025-06-01' }, '2025-05-31')?.code).toBe('PENSION.DATE_BEFORE_HISTORY');
    expect(refuseOptOut(null, '2025-06-01')?.code).toBe('PENSION.NOT_ENROLLED');
    expect(refuseOptOut({ status: 'OPTED_OUT', validFrom: '2025-06-01', enrolmentDate: '2025-05-01', optOutDate: '2025-06-01' }, '2025-07-01')?.code).toBe('PENSION.ALREADY_OPTED_OUT');
    expect(refuseOptOut({ status: 'ACTIVE', validFrom: '2025-05-01', enrolmentDate: '2025-05-01', optOutDate: null }, '2025-04-30')?.code).toBe('PENSION.OPT_OUT_BEFORE_ENROLMENT');
    expect(refuseOptOut({ status: 'ACTIVE', validFrom: '2025-05-01', enrolmentDate: '2025-05-01', optOutDate: null }, '2025-05-01')).toBeNull();
  });

  it('runs one month from the later of enrolment and the letter (corresponding date, month ends clamped)', () => {
    expect(optOutWindowEnd('2025-01-31', '2025-01-15')).toBe('2025-02-28');
    expect(optOutWindowEnd('2025-05-01', '2025-05-10')).toBe('2025-06-10');
    expect(optOutWindowEnd('2025-05-01', null)).toBeNull();
    expect(isRefundDue('2025-06-10', '2025-05-01', '2025-05-10')).toBe(true);
    expect(isRefundDue('2025-06-11', '2025-05-01', '2025-05-10')).toBe(false);
    expect(isRefundDue('2026-01-01', '2025-05-01', null)).toBe(true);
    expect(addMonths('2028-05-31', -3)).toBe('2028-02-29');
  });
});

describe('pension terms and automatic enrolment', () => {
  it('takes the membership in force on the pay date and its overrides over the scheme', () => {
    const history = [active({ validTo: '2025-08-01' }), active({ id: 'm1', version: 1, status: 'OPTED_OUT', validFrom: '2025-08-01', optOutDate: '2025-08-01' })];
    expect(membershipOn(history, '2025-07-31')?.id).toBe('m0');
    expect(membershipOn(history, '2025-08-01')?.id).toBe('m1');
    expect(membershipOn(history, '2025-04-30')).toBeNull();
    const terms = termsFor(active({ employeeRate: d('0.08'), employeeCap: d('100.00'), method: 'relief_at_source', wageTypeCode: 'UK-P-002' }), scheme);
    expect(terms.method).toBe('relief_at_source');
    expect(terms.wageTypeCode).toBe('UK-P-002');
    expect(terms.arrangement.employeeRate.toString()).toBe('0.08');
    expect(terms.arrangement.employeeCap?.toString()).toBe('100');
    expect(termsFor(active({ workerCategory: 'ENTITLED_WORKER' }), scheme).arrangement.employerRate.toString()).toBe('0');
    expect(termsFor(active({ workerCategory: 'ENTITLED_WORKER' }), { ...scheme, entitledWorkerEmployerContributes: true }).arrangement.employerRate.toString()).toBe('0.03');
  });

  it('enrols an eligible jobholder with no membership; postpones; re-enrols at the cyclical date only after 12 months out', () => {
    const base = { taxYear: '2025-26' as const, frequency: 'monthly' as const, payDate: '2025-06-30', dateOfBirth: '1985-06-15', startDate: '2020-01-06', earnings: d('3000'), history: [] as Membership[], defaultScheme: { schemeId: 's1', firstValidFrom: '2025-04-06', version: scheme } };
    expect(decideAutoEnrolment(base)).toMatchObject({ action: 'enrol', category: 'ELIGIBLE_JOBHOLDER' });
    expect(decideAutoEnrolment({ ...base, earnings: d('833') })).toEqual({ action: 'none' });
    expect(decideAutoEnrolment({ ...base, earnings: d('833.01') })).toMatchObject({ action: 'enrol' });
    expect(decideAutoEnrolment({ ...base, dateOfBirth: '2005-01-01' })).toEqual({ action: 'none' });
    expect(decideAutoEnrolment({ ...base, defaultScheme: null })).toEqual({ action: 'no_scheme' });
    expect(decideAutoEnrolment({ ...base, dateOfBirth: null })).toEqual({ action: 'no_date_of_birth' });
    expect(decideAutoEnrolment({ ...base, startDate: '2025-05-15', defaultScheme: { ...base.defaultScheme, version: { ...scheme, postponementMonths: 3 } } })).toEqual({ action: 'postponed', until: '2025-08-15' });
    const optedOut = [active({ validTo: '2025-05-20' }), active({ id: 'm1', version: 1, status: 'OPTED_OUT', validFrom: '2025-05-20', optOutDate: '2025-05-20' })];
    expect(decideAutoEnrolment({ ...base, history: optedOut })).toEqual({ action: 'none' });
    const reScheme = { ...base.defaultScheme, version: { ...scheme, reEnrolmentDate: '2026-06-01' } };
    expect(decideAutoEnrolment({ ...base, payDate: '2026-06-30', history: optedOut, defaultScheme: reScheme })).toMatchObject({ action: 'enrol', reEnrolment: true });
    const recent = [active({ validTo: '2025-09-20' }), active({ id: 'm1', version: 1, status: 'OPTED_OUT', validFrom: '2025-09-20', optOutDate: '2025-09-20' })];
    expect(decideAutoEnrolment({ ...base, payDate: '2026-06-30', history: recent, defaultScheme: reScheme })).toEqual({ action: 'none' });
  });
});

describe('refunds', () => {
  it('returns each contribution the way it was taken', () => {
    expect(refundOf([])).toBeNull();
    const refund = refundOf([
      { method: 'net_pay', employeeDeduction: '124.00', salarySacrifice: '0.00', employer: '74.40' },
      { method: 'relief_at_source', employeeDeduction: '99.20', salarySacrifice: '0.00', employer: '74.40' },
      { method: 'salary_sacrifice', employeeDeduction: '0.00', salarySacrifice: '124.00', employer: '198.40' },
    ]);
    expect(refund && Object.fromEntries(Object.entries(refund).map(([k, v]) => [k, v.toFixed(2)]))).toEqual({ netPay: '124.00', reliefAtSource: '99.20', salarySacrifice: '124.00', employer: '223.20' });
  });
});

describe('starters, leavers, directors', () => {
  const p45 = { leavingDate: '2025-11-30', payToDate: d('33859.61'), taxToDate: d('8303.48') };
  it('uses this year’s P45 figures only on a cumulative code', () => {
    expect(previousEmploymentUsed(p45, '2025-26', true).pay.toFixed(2)).toBe('33859.61');
    expect(previousEmploymentUsed(p45, '2025-26', false).pay.isZero()).toBe(true);
    expect(previousEmploymentUsed({ ...p45, leavingDate: '2025-03-31' }, '2025-26', true).pay.isZero()).toBe(true);
    expect(previousEmploymentUsed(null, '2025-26', true).tax.isZero()).toBe(true);
  });

  it('taxes payments after leaving on 0T week 1/month 1 keeping the region', () => {
    expect(afterLeavingCode(parseTaxCode('S1257L'))).toMatchObject({ code: 'S0T', week1Month1: true });
    expect(afterLeavingCode(parseTaxCode('C1257L'))).toMatchObject({ code: 'C0T', week1Month1: true });
    expect(afterLeavingCode(parseTaxCode('K475'))).toMatchObject({ code: '0T', region: 'rUK' });
  });

  it('counts a director’s weeks from the week of appointment', () => {
    expect(directorWeeks(null, '2025-26')).toBe(52);
    expect(directorWeeks('2019-01-01', '2025-26')).toBe(52);
    expect(directorWeeks('2025-04-06', '2025-26')).toBe(52);
    expect(directorWeeks('2025-04-13', '2025-26')).toBe(51);
    expect(directorWeeks('2025-05-04', '2025-26')).toBe(48);
    expect(isLastPeriodOfYear('monthly', 12)).toBe(true);
    expect(isLastPeriodOfYear('weekly', 51)).toBe(false);
  });

  it('leaves the P45 totals blank on a week 1/month 1 code', () => {
    const base = { frequency: 'monthly' as const, leavingDate: '2025-11-20', taxPeriod: 8, taxablePayToDate: d('19305.32'), taxPaidToDate: d('3995.08'), payThisEmployment: d('19305.32'), taxThisEmployment: d('3995.08'), studentLoan: true, postgraduateLoan: false };
    expect(p45For({ ...base, code: parseTaxCode('SK30'), week1Month1: true })).toMatchObject({ tax_code: 'SK30', week1_month1: true, total_pay_to_date: null, total_tax_to_date: null, pay_this_employment: '19305.32' });
    expect(p45For({ ...base, code: parseTaxCode('1257L'), week1Month1: false })).toMatchObject({ total_pay_to_date: '19305.32', total_tax_to_date: '3995.08' });
  });
});

describe('pay lines', () => {
  it('converts amounts quoted for another frequency; lump sums as they are', () => {
    expect(periodAmount(d('36000'), 'YEAR', 'monthly', false).toFixed(2)).toBe('3000.00');
    expect(periodAmount(d('1000'), 'MONTH', 'weekly', false).toFixed(2)).toBe('230.77');
    expect(periodAmount(d('1000'), 'MONTH', 'weekly', true).toFixed(2)).toBe('1000.00');
    expect(periodAmount(d('500'), 'WEEK', 'four_weekly', false).toFixed(2)).toBe('2000.00');
    expect(periodAmount(d('500'), null, 'monthly', false).toFixed(2)).toBe('500.00');
  });

  it('values a payrolled benefit at the higher of its cash equivalent and the pay foregone, less made good', () => {
    const pay = classifyPay({ earnings: [], benefits: [{ wage_type_code: 'UK-B-001', amount: '100.00', foregone_amount: '150.00', make_good_amount: '20.00' }], deductions: [], reimbursements: [] }, '2025-06-30', 'monthly');
    expect(pay.issues).toEqual([]);
    expect(pay.amounts.payrolledBenefits.toFixed(2)).toBe('130.00');
  });

  it('takes salary sacrifice before tax and NI only where the wage type allows it', () => {
    const ok = classifyPay({ earnings: [{ wage_type_code: 'UK-E-001', amount: '3000', is_lumpsum: false, sacrificed_amount: '100', earning_type: 'AMOUNT' }], benefits: [], deductions: [{ wage_type_code: 'UK-D-007', amount: '50' }], reimbursements: [] }, '2025-06-30', 'monthly');
    expect(ok.amounts.salarySacrifice.toFixed(2)).toBe('150.00');
    expect(ok.amounts.aeQualifying.toFixed(2)).toBe('2850.00');
    const refused = classifyPay({ earnings: [{ wage_type_code: 'UK-S-001', amount: '100', is_lumpsum: false, sacrificed_amount: '10', earning_type: 'AMOUNT' }], benefits: [], deductions: [], reimbursements: [] }, '2025-06-30', 'monthly');
    expect(refused.issues[0]).toMatchObject({ loc: ['pay_details', 'earnings', 0, 'sacrificed_amount'], type: 'sacrifice_not_allowed' });
  });

  it('pays an HOUR earning as hours × rate under the hourly wage type and names every broken rule', () => {
    const line = (over: Record<string, unknown>) => ({ earnings: [{ wage_type_code: 'UK-E-002', amount: '12.50', earning_frequency: 'HOUR' as const, hours: '160', is_lumpsum: false, earning_type: 'AMOUNT' as const, ...over }], benefits: [], deductions: [], reimbursements: [] });
    const paid = classifyPay(line({}), '2026-04-30', 'monthly');
    expect(paid.issues).toEqual([]);
    expect(paid.lines).toEqual([{ section: 'earnings', wage_type_code: 'UK-E-002', name: 'Hourly pay', amount: '2000.00', hours: '160.00', rate: '12.50' }]);
    expect(paid.amounts.taxableNiable.toFixed(2)).toBe('2000.00');
    // 37.33 h × £12.21 = £455.7993 → £455.80 (half up to the penny).
    expect(classifyPay(line({ amount: '12.21', hours: '37.33' }), '2026-04-30', 'weekly').lines[0]?.amount).toBe('455.80');
    expect(classifyPay(line({ hours: undefined }), '2026-04-30', 'monthly').issues[0]).toMatchObject({ loc: ['pay_details', 'earnings', 0, 'hours'], type: 'required' });
    expect(classifyPay(line({ hours: '169' }), '2026-04-30', 'weekly').issues[0]).toMatchObject({ loc: ['pay_details', 'earnings', 0, 'hours'], msg: expect.stringContaining('at most 168') });
    expect(classifyPay(line({ hours: '0' }), '2026-04-30', 'monthly').issues[0]?.msg).toMatch(/more than 0/);
    expect(classifyPay(line({ wage_type_code: 'UK-E-001' }), '2026-04-30', 'monthly').issues[0]).toMatchObject({ loc: ['pay_details', 'earnings', 0, 'earning_frequency'], type: 'frequency_not_allowed' });
    expect(classifyPay(line({ earning_frequency: 'PERIOD' }), '2026-04-30', 'monthly').issues[0]).toMatchObject({ loc: ['pay_details', 'earnings', 0, 'hours'], type: 'not_allowed' });
  });

  it('refuses a wage type outside its validity or status', () => {
    const ssp2627 = classifyPay({ earnings: [{ wage_type_code: 'UK-S-001', amount: '123.25', is_lumpsum: false, earning_type: 'AMOUNT' }], benefits: [], deductions: [], reimbursements: [] }, '2027-05-01', 'monthly');
    expect(ssp2627.issues[0]?.type).toBe('wage_type_not_in_force');
  });
});

describe('year-to-date figures in whole pence', () => {
  it('formats and parses pence exactly and round-trips the stored form', () => {
    expect(penceText(0)).toBe('0.00');
    expect(penceText(-5)).toBe('-0.05');
    expect(penceText(123450)).toBe('1234.50');
    expect(textPence('1234.5')).toBe(123450);
    expect(textPence('-0.05')).toBe(-5);
    expect(() => textPence('1.005')).toThrow();
    const ytd = zeroYtd();
    ytd.figures.tax = 31840;
    ytd.director.niablePay = 1000000;
    ytd.leaver = { payslipId: 'p', payDate: '2025-12-05' };
    expect(ytdFromJson(ytdToJson(ytd))).toEqual(ytd);
  });
});

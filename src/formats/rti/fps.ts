/**
 * The Full Payment Submission (HMRC RTI FPS schema of the tax year, FullPaymentSubmission-2026-v1-0.xsd for
 * 2025-26 and -2027-v1-0.xsd for 2026-27; the data items of HMRC's RTI specification, RTI-specDoc-v1-0): one
 * message per payment run, the employer's references and, per employee paid, the employee's details, starter and
 * leaver information, the year-to-date figures of the employment, this payment, and the NI letters with their
 * band figures. Element order follows the schema's sequences. The input is what the payslips hold; this module
 * only writes it, in the formats the schema fixes (values.ts), and refuses what the year's schema cannot carry.
 */
import { fieldError } from '../../domain/errors.js';
import { type Channel, govTalkMessage, keys } from './govtalk.js';
import { withIrmark, type Irmark } from './irmark.js';
import { addressLine, amount, isNonZero, isoDate, nameText, type Path, payrollId, wholePounds } from './values.js';
import { el, optional, xmlDocument, type XmlElement } from './xml.js';
import { rtiYear, type RtiYear } from './years.js';

export type RtiSender = 'Employer' | 'Company' | 'Agent' | 'Bureau' | 'Partnership' | 'Trust' | 'Individual' | 'Government' | 'Acting in Capacity' | 'Other';

export interface RtiEmployer {
  /** HMRC office number: the three digits before the slash of the employer PAYE reference. */
  readonly officeNumber: string;
  /** The employer PAYE reference after the slash. */
  readonly payeReference: string;
  /** Accounts Office reference, e.g. 123PA00045678 (`[0-9]{3}P[A-Z][0-9]{7}[0-9X]`). */
  readonly accountsOfficeReference: string;
  readonly saUtr: string | null;
  readonly corporationTaxReference: string | null;
  readonly sender: RtiSender;
}

export type PayFrequencyCode = 'W1' | 'W2' | 'W4' | 'M1' | 'M3' | 'M6' | 'MA' | 'IO' | 'IR';
export type StudentLoanPlanType = '01' | '02' | '04' | '05';
export type HoursBand = 'A' | 'B' | 'C' | 'D' | 'E';

export interface FpsNiLetter {
  readonly letter: string;
  readonly grossEarningsInPeriod: string;
  readonly grossEarningsYtd: string;
  readonly atLelYtd: string;
  readonly lelToPtYtd: string;
  readonly ptToUelYtd: string;
  /** TotalEmpNICInPd / YTD: the employer's contributions. */
  readonly employerNicInPeriod: string;
  readonly employerNicYtd: string;
  /** EmpeeContribnsInPd / YTD: the employee's contributions. */
  readonly employeeNicInPeriod: string;
  readonly employeeNicYtd: string;
}

export interface FpsStatutoryYtd {
  readonly smp: string;
  readonly spp: string;
  readonly sap: string;
  readonly shpp: string;
  readonly spbp: string;
  readonly sncp: string;
}

export interface FpsEmployee {
  readonly nino: string | null;
  readonly forenames: readonly string[];
  readonly surname: string;
  readonly address: { readonly lines: readonly string[]; readonly ukPostcode: string | null; readonly foreignCountry: string | null } | null;
  readonly birthDate: string | null;
  readonly gender: 'M' | 'F';
  readonly director: { readonly nicBasis: 'AN' | 'AL'; readonly appointedInTaxWeek: number | null } | null;
  readonly starter: { readonly startDate: string; readonly declaration: 'A' | 'B' | 'C'; readonly studentLoan: boolean; readonly postgraduateLoan: boolean } | null;
  readonly workplacePostcode: string | null;
  readonly payrollId: string | null;
  readonly irregularEmployment: boolean;
  readonly leavingDate: string | null;
  readonly ytd: {
    readonly taxablePay: string;
    readonly tax: string;
    /** Null when the employee has no plan and nothing was recovered this year. */
    readonly studentLoans: string | null;
    readonly postgraduateLoans: string | null;
    readonly benefitsTaxedViaPayroll: string;
    readonly pensionNetPay: string;
    readonly pensionNotNetPay: string;
  };
  readonly payment: {
    readonly frequency: PayFrequencyCode;
    readonly paymentDate: string;
    /** WeekNo for weekly, 2-weekly and 4-weekly pay; MonthNo for monthly pay. */
    readonly period: { readonly kind: 'week' | 'month'; readonly number: number };
    readonly periodsCovered: number;
    readonly afterLeaving: boolean;
    readonly hours: HoursBand;
    readonly taxCode: string;
    readonly week1Month1: boolean;
    readonly taxablePay: string;
    readonly nonTaxOrNicPayments: string;
    readonly deductionsFromNetPay: string;
    readonly payAfterStatutoryDeductions: string;
    readonly benefitsTaxedViaPayroll: string;
    readonly pensionNetPay: string;
    readonly pensionNotNetPay: string;
    readonly studentLoan: { readonly plan: StudentLoanPlanType | null; readonly amount: string };
    readonly postgraduateLoan: string;
    readonly taxDeductedOrRefunded: string;
    readonly statutoryYtd: FpsStatutoryYtd;
  };
  readonly niLetters: readonly FpsNiLetter[];
}

export interface FpsInput {
  readonly taxYear: string;
  readonly employer: RtiEmployer;
  readonly employees: readonly FpsEmployee[];
  /** The last FPS of the year (FinalSubmission/ForYear), or of a PAYE scheme that ceased on the date. */
  readonly finalSubmission: { readonly forYear: boolean; readonly schemeCeasedOn: string | null } | null;
  readonly gatewayTest: boolean;
  readonly channel: Channel;
}

export interface RtiMessage {
  readonly xml: string;
  readonly irmark: Irmark;
}

/** Tax code and its attributes (data item 56): an S or C prefix is the TaxRegime attribute, W1/M1 BasisNonCumulative. */
function taxCodeElement(code: string, week1Month1: boolean, path: Path): XmlElement {
  const upper = code.trim().toUpperCase();
  const regime = /^[SC](?=[0-9DKBN])/.test(upper) ? upper[0]! : null;
  const bare = regime ? upper.slice(1) : upper;
  if (!/^(([1-9][0-9]{0,5}[LMNPTY])|BR|0T|NT|D[0-8]|K[1-9][0-9]{0,5})$/.test(bare)) throw fieldError(path, `tax code ${code} cannot go on an FPS (data item 56)`, 'rti_tax_code');
  const attributes: Record<string, string> = {};
  if (week1Month1) attributes.BasisNonCumulative = 'yes';
  if (regime) attributes.TaxRegime = regime;
  return el('TaxCode', attributes, bare);
}

function addressElement(address: NonNullable<FpsEmployee['address']>): XmlElement | null {
  const lines = address.lines.map(addressLine).filter((line): line is string => line !== null).slice(0, 4);
  const postcode = address.ukPostcode?.replace(/[^A-Za-z0-9 ]/g, '').trim().toUpperCase().slice(0, 10) || null;
  const country = address.foreignCountry ? addressLine(address.foreignCountry) : null;
  if (lines.length === 0 && !postcode) return null;
  return el('Address', [...lines.map((line) => el('Line', line)), postcode ? el('UKPostcode', postcode) : country ? el('ForeignCountry', country) : null]);
}

function employeeElement(year: RtiYear, e: FpsEmployee, path: Path): XmlElement {
  const p = e.payment;
  const pay = (value: string, field: string, options: { min?: string; max?: string } = {}) => amount(value, [...path, 'payment', field], options);
  const ytd = (value: string, field: string) => amount(value, [...path, 'ytd', field], { min: '0' });
  if (p.paymentDate < year.firstDay || p.paymentDate > year.lastDay) throw fieldError([...path, 'payment', 'payment_date'], `payment date ${p.paymentDate} is outside tax year ${year.taxYear} (${year.firstDay} to ${year.lastDay})`, 'rti_payment_date');
  const plan = p.studentLoan.plan;
  if (plan !== null && !year.studentLoanPlanTypes.includes(plan)) throw fieldError([...path, 'payment', 'student_loan_plan'], `student loan plan type ${plan} is not on the ${year.taxYear} FPS (plan types ${year.studentLoanPlanTypes.join(', ')})`, 'rti_student_loan_plan');
  if (isNonZero(p.studentLoan.amount) && plan === null) throw fieldError([...path, 'payment', 'student_loan_plan'], 'a student loan deduction needs its plan type on the FPS (StudentLoanRecovered/@PlanType)', 'required');
  if (p.afterLeaving && !e.leavingDate) throw fieldError([...path, 'leaving_date'], 'a payment after leaving needs the leaving date on the FPS (RTI rule 7847)', 'required');
  const s = p.statutoryYtd;
  const statutory = (name: string, value: string, field: string) => (isNonZero(value) ? el(name, amount(value, [...path, 'payment', 'statutory_ytd', field], { min: '0', max: '999999.99' })) : null);
  const forenames = e.forenames.map((name, i) => nameText(name, [...path, 'first_name', i])).slice(0, 2);

  const employment = el('Employment', [
    e.director ? el('DirectorsNIC', e.director.nicBasis) : null,
    e.director?.appointedInTaxWeek ? el('TaxWkOfApptOfDirector', String(e.director.appointedInTaxWeek)) : null,
    e.starter
      ? el('Starter', [
          el('StartDate', isoDate(e.starter.startDate, [...path, 'start_date'])),
          el('StartDec', e.starter.declaration),
          e.starter.studentLoan ? el('StudentLoan', 'yes') : null,
          e.starter.postgraduateLoan ? el('PostgradLoan', 'yes') : null,
        ])
      : null,
    optional('EmployeeWorkplacePostcode', e.workplacePostcode),
    e.payrollId ? el('PayId', payrollId(e.payrollId, [...path, 'payroll_number'])) : null,
    e.irregularEmployment ? el('IrrEmp', 'yes') : null,
    e.leavingDate ? el('LeavingDate', isoDate(e.leavingDate, [...path, 'leaving_date'])) : null,
    el('FiguresToDate', [
      el('TaxablePay', ytd(e.ytd.taxablePay, 'taxable_pay')),
      el('TotalTax', amount(e.ytd.tax, [...path, 'ytd', 'tax'])),
      e.ytd.studentLoans !== null ? el('StudentLoansTD', wholePounds(e.ytd.studentLoans, [...path, 'ytd', 'student_loans'], { min: '0', max: '99999' })) : null,
      e.ytd.postgraduateLoans !== null ? el('PostgradLoansTD', wholePounds(e.ytd.postgraduateLoans, [...path, 'ytd', 'postgraduate_loans'], { min: '0', max: '99999' })) : null,
      isNonZero(e.ytd.benefitsTaxedViaPayroll) ? el('BenefitsTaxedViaPayrollYTD', ytd(e.ytd.benefitsTaxedViaPayroll, 'benefits_taxed_via_payroll')) : null,
      isNonZero(e.ytd.pensionNetPay) ? el('EmpeePenContribnsPaidYTD', ytd(e.ytd.pensionNetPay, 'pension_net_pay')) : null,
      isNonZero(e.ytd.pensionNotNetPay) ? el('EmpeePenContribnsNotPaidYTD', ytd(e.ytd.pensionNotNetPay, 'pension_not_net_pay')) : null,
    ]),
    el('Payment', [
      el('PayFreq', p.frequency),
      el('PmtDate', p.paymentDate),
      el(p.period.kind === 'week' ? 'WeekNo' : 'MonthNo', String(p.period.number)),
      el('PeriodsCovered', String(p.periodsCovered)),
      p.afterLeaving ? el('PmtAfterLeaving', 'yes') : null,
      el('HoursWorked', p.hours),
      taxCodeElement(p.taxCode, p.week1Month1, [...path, 'payment', 'tax_code']),
      el('TaxablePay', pay(p.taxablePay, 'taxable_pay')),
      isNonZero(p.nonTaxOrNicPayments) ? el('NonTaxOrNICPmt', pay(p.nonTaxOrNicPayments, 'non_tax_or_nic_payments')) : null,
      isNonZero(p.deductionsFromNetPay) ? el('DednsFromNetPay', pay(p.deductionsFromNetPay, 'deductions_from_net_pay')) : null,
      el('PayAfterStatDedns', pay(p.payAfterStatutoryDeductions, 'pay_after_statutory_deductions')),
      isNonZero(p.benefitsTaxedViaPayroll) ? el('BenefitsTaxedViaPayroll', pay(p.benefitsTaxedViaPayroll, 'benefits_taxed_via_payroll')) : null,
      isNonZero(p.pensionNetPay) ? el('EmpeePenContribnsPaid', pay(p.pensionNetPay, 'pension_net_pay')) : null,
      isNonZero(p.pensionNotNetPay) ? el('EmpeePenContribnsNotPaid', pay(p.pensionNotNetPay, 'pension_not_net_pay')) : null,
      isNonZero(p.studentLoan.amount) ? el('StudentLoanRecovered', { PlanType: plan! }, wholePounds(p.studentLoan.amount, [...path, 'payment', 'student_loan'], { min: '-99999', max: '99999' })) : null,
      isNonZero(p.postgraduateLoan) ? el('PostgradLoanRecovered', wholePounds(p.postgraduateLoan, [...path, 'payment', 'postgraduate_loan'], { min: '-99999', max: '99999' })) : null,
      el('TaxDeductedOrRefunded', pay(p.taxDeductedOrRefunded, 'tax')),
      statutory('SMPYTD', s.smp, 'smp'),
      statutory('SPPYTD', s.spp, 'spp'),
      statutory('SAPYTD', s.sap, 'sap'),
      statutory('ShPPYTD', s.shpp, 'shpp'),
      statutory('SPBPYTD', s.spbp, 'spbp'),
      statutory('SNCPYTD', s.sncp, 'sncp'),
    ]),
    ...e.niLetters.map((n, i) => {
      const at = [...path, 'ni_letters', i];
      return el('NIlettersAndValues', [
        el('NIletter', n.letter),
        el('GrossEarningsForNICsInPd', amount(n.grossEarningsInPeriod, [...at, 'gross_earnings_in_period'])),
        el('GrossEarningsForNICsYTD', amount(n.grossEarningsYtd, [...at, 'gross_earnings_ytd'], { min: '0' })),
        el('AtLELYTD', wholePounds(n.atLelYtd, [...at, 'at_lel_ytd'], { min: '0', max: '9999' })),
        el('LELtoPTYTD', amount(n.lelToPtYtd, [...at, 'lel_to_pt_ytd'], { min: '0', max: '9999.99' })),
        el('PTtoUELYTD', amount(n.ptToUelYtd, [...at, 'pt_to_uel_ytd'], { min: '0', max: '99999.99' })),
        el('TotalEmpNICInPd', amount(n.employerNicInPeriod, [...at, 'employer_nic_in_period'])),
        el('TotalEmpNICYTD', amount(n.employerNicYtd, [...at, 'employer_nic_ytd'], { min: '0' })),
        el('EmpeeContribnsInPd', amount(n.employeeNicInPeriod, [...at, 'employee_nic_in_period'])),
        el('EmpeeContribnsYTD', amount(n.employeeNicYtd, [...at, 'employee_nic_ytd'], { min: '0' })),
      ]);
    }),
  ]);

  return el('Employee', [
    el('EmployeeDetails', [
      optional('NINO', e.nino),
      el('Name', [...forenames.map((name) => el('Fore', name)), el('Sur', nameText(e.surname, [...path, 'last_name']))]),
      e.address ? addressElement(e.address) : null,
      optional('BirthDate', e.birthDate),
      el('Gender', e.gender),
    ]),
    employment,
  ]);
}

export function irHeader(year: RtiYear, employer: RtiEmployer): XmlElement {
  return el('IRheader', [
    keys(employer.officeNumber, employer.payeReference),
    el('PeriodEnd', year.lastDay),
    el('DefaultCurrency', 'GBP'),
    // Filled in by withIrmark: the element's content is not part of the digest.
    el('IRmark', { Type: 'generic' }, ''),
    el('Sender', employer.sender),
  ]);
}

export function empRefs(employer: RtiEmployer, withSaUtr: boolean): XmlElement {
  return el('EmpRefs', [
    el('OfficeNo', employer.officeNumber),
    el('PayeRef', employer.payeReference),
    el('AORef', employer.accountsOfficeReference),
    // The FPS takes one of SAUTR and COTAXRef (RTI rule: SAUTR only without COTAXRef); the EPS only COTAXRef.
    withSaUtr && !employer.corporationTaxReference ? optional('SAUTR', employer.saUtr) : null,
    optional('COTAXRef', employer.corporationTaxReference),
  ]);
}

export function finalSubmissionElement(year: RtiYear, final: FpsInput['finalSubmission'], path: Path): XmlElement | null {
  if (!final || (!final.forYear && !final.schemeCeasedOn)) return null;
  if (final.schemeCeasedOn && (final.schemeCeasedOn < year.firstDay || final.schemeCeasedOn > year.lastDay)) {
    throw fieldError([...path, 'scheme_ceased_on'], `the scheme's end ${final.schemeCeasedOn} is outside tax year ${year.taxYear}`, 'rti_date_range');
  }
  return el('FinalSubmission', [
    final.schemeCeasedOn ? el('BecauseSchemeCeased', 'yes') : null,
    final.schemeCeasedOn ? el('DateSchemeCeased', final.schemeCeasedOn) : null,
    final.forYear ? el('ForYear', 'yes') : null,
  ]);
}

/** The complete GovTalk message of an FPS, with its IRmark. */
export function fullPaymentSubmission(input: FpsInput): RtiMessage {
  const year = rtiYear(input.taxYear);
  if (input.employees.length === 0 && !input.finalSubmission) throw fieldError(['employees'], 'an FPS reports at least one employee paid (or is the final submission)', 'rti_fps_empty');
  const body = el('IRenvelope', { xmlns: year.fpsNamespace }, [
    irHeader(year, input.employer),
    el('FullPaymentSubmission', [
      empRefs(input.employer, true),
      el('RelatedTaxYear', year.relatedTaxYear),
      ...input.employees.map((e, i) => employeeElement(year, e, ['employees', i])),
      finalSubmissionElement(year, input.finalSubmission, ['final_submission']),
    ]),
  ]);
  const message = govTalkMessage({ messageClass: 'HMRC-PAYE-RTI-FPS', officeNumber: input.employer.officeNumber, officeReference: input.employer.payeReference, gatewayTest: input.gatewayTest, channel: input.channel, irEnvelope: body });
  return withIrmark(xmlDocument(message));
}

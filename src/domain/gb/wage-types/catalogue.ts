/**
 * The GB wage-type catalogue (spec endpoint 19) for the tax years 2025-26 and 2026-27: pure data.
 *
 * Codes are `UK-<category letter>-<nnn>`: E earnings, S statutory payments, B payrolled benefits, P pension,
 * D deductions, R reimbursements, C employer contributions, A adjustments (UK-P-001..003 are fixed by the spec).
 * A code whose statutory figures change between tax years has one version per year (valid_from inclusive,
 * valid_to exclusive, as every versioned record of the spec); its `id` is per version and never reused.
 * Figures: fixtures/reference/gb/params-2025-26.md, params-2026-27.md (§5 statutory payments) and the sources named
 * in each `legislative_source`. `last_reviewed_at` is the date the entry was last checked against its source.
 */
import type { DeductionTaxTreatment, RequestSection, WageType, WageTypeCategory, WageTypeStatus, WageTypeThresholds } from './types.js';

const Y2526 = { valid_from: '2025-04-06', valid_to: '2026-04-06' } as const;
const Y2627 = { valid_from: '2026-04-06', valid_to: '2027-04-06' } as const;
const OPEN = { valid_from: '2025-04-06', valid_to: null } as const;

const OWNER = 'payroll-engineering (GB)';
const REVIEWER = 'payroll-compliance (GB)';
/** Holiday pay reference period: 52 weeks with pay (Employment Rights Act 1996 s224, as amended from 6 April 2020). */
const HOLIDAY_WINDOW = 52;

interface Entry {
  id: number;
  code: string;
  name: string;
  description: string;
  category: WageTypeCategory;
  rti: string;
  source: string;
  validity: { valid_from: string; valid_to: string | null };
  reviewed: string;
  status?: WageTypeStatus;
  taxable?: boolean;
  niable?: boolean;
  class1a?: boolean;
  aeQualifying?: boolean;
  aeBands?: boolean;
  pensionable?: boolean;
  holiday?: boolean;
  sacrifice?: boolean;
  officialRate?: boolean;
  variants?: readonly string[];
  thresholds?: WageTypeThresholds;
  regularityWeeks?: number | null;
  regularityPeriods?: number | null;
  grossUp?: boolean;
  notional?: boolean;
  deduction?: DeductionTaxTreatment | null;
  section?: RequestSection;
}

/** Defaults by category: what a line of that kind normally is for tax, NI, auto-enrolment and the request. */
const DEFAULTS: Readonly<Record<WageTypeCategory, Omit<Required<Entry>, 'id' | 'code' | 'name' | 'description' | 'category' | 'rti' | 'source' | 'validity' | 'reviewed'>>> = {
  earnings: { status: 'approved', taxable: true, niable: true, class1a: false, aeQualifying: true, aeBands: true, pensionable: true, holiday: false, sacrifice: true, officialRate: false, variants: ['amount'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: null, section: 'earnings' },
  statutory: { status: 'approved', taxable: true, niable: true, class1a: false, aeQualifying: true, aeBands: true, pensionable: false, holiday: false, sacrifice: false, officialRate: false, variants: ['amount'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: null, section: 'earnings' },
  benefits: { status: 'approved', taxable: true, niable: false, class1a: true, aeQualifying: false, aeBands: false, pensionable: false, holiday: false, sacrifice: true, officialRate: false, variants: ['cash_equivalent'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: true, deduction: null, section: 'benefits' },
  pension: { status: 'approved', taxable: false, niable: false, class1a: false, aeQualifying: false, aeBands: true, pensionable: false, holiday: false, sacrifice: false, officialRate: false, variants: [], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: null, section: 'none' },
  deductions: { status: 'approved', taxable: false, niable: false, class1a: false, aeQualifying: false, aeBands: false, pensionable: false, holiday: false, sacrifice: false, officialRate: false, variants: ['fixed_amount'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: 'post_tax', section: 'deductions' },
  reimbursements: { status: 'approved', taxable: false, niable: false, class1a: false, aeQualifying: false, aeBands: false, pensionable: false, holiday: false, sacrifice: false, officialRate: false, variants: ['amount'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: null, section: 'reimbursements' },
  contributions: { status: 'approved', taxable: false, niable: false, class1a: false, aeQualifying: false, aeBands: false, pensionable: false, holiday: false, sacrifice: false, officialRate: false, variants: ['calculated'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: true, deduction: null, section: 'none' },
  adjustments: { status: 'approved', taxable: true, niable: true, class1a: false, aeQualifying: true, aeBands: true, pensionable: true, holiday: false, sacrifice: false, officialRate: false, variants: ['signed_amount'], thresholds: {}, regularityWeeks: null, regularityPeriods: null, grossUp: false, notional: false, deduction: null, section: 'earnings' },
};

function wageType(e: Entry): WageType {
  const d = DEFAULTS[e.category];
  return {
    id: e.id,
    wage_type_code: e.code,
    name: e.name,
    description: e.description,
    category: e.category,
    status: e.status ?? d.status,
    rti_payment_type: e.rti,
    is_taxable: e.taxable ?? d.taxable,
    ni_employee_applies: e.niable ?? d.niable,
    is_class_1a_applicable: e.class1a ?? d.class1a,
    is_ae_qualifying: e.aeQualifying ?? d.aeQualifying,
    uses_ae_bands: e.aeBands ?? d.aeBands,
    is_pensionable: e.pensionable ?? d.pensionable,
    is_holiday_pay_included: e.holiday ?? d.holiday,
    is_salary_sacrifice_allowed: e.sacrifice ?? d.sacrifice,
    uses_official_interest_rate: e.officialRate ?? d.officialRate,
    valid_from: e.validity.valid_from,
    valid_to: e.validity.valid_to,
    calculation_variants: e.variants ?? d.variants,
    thresholds: e.thresholds ?? d.thresholds,
    regularity_window_weeks: e.regularityWeeks === undefined ? d.regularityWeeks : e.regularityWeeks,
    regularity_threshold_periods: e.regularityPeriods === undefined ? d.regularityPeriods : e.regularityPeriods,
    legislative_source: e.source,
    owner: OWNER,
    reviewer: REVIEWER,
    last_reviewed_at: e.reviewed,
    is_gross_up: e.grossUp ?? d.grossUp,
    is_notional: e.notional ?? d.notional,
    deduction_tax_treatment: e.deduction === undefined ? d.deduction : e.deduction,
    request_section: e.section ?? d.section,
  };
}

const R2526 = '2025-04-01';
const R2627 = '2026-04-01';

// ---------------------------------------------------------------------------------------------------------------
// Statutory payments: one version per tax year (the weekly rates change each April).

/** SMP-family standard rate and the lower earnings limit for entitlement (params-2026-27.md §5). */
const STATUTORY_YEARS = [
  { validity: Y2526, reviewed: R2526, weeklyRate: '187.18', lel: '125.00', ssp: '118.75', sspLel: '125.00' as string | null, waitingDays: 3, idBase: 0 },
  { validity: Y2627, reviewed: R2627, weeklyRate: '194.32', lel: '129.00', ssp: '123.25', sspLel: null, waitingDays: 0, idBase: 1 },
] as const;

function statutoryEntries(): Entry[] {
  const out: Entry[] = [];
  for (const y of STATUTORY_YEARS) {
    out.push(
      {
        id: 201 + y.idBase,
        code: 'UK-S-001',
        name: 'Statutory Sick Pay (SSP)',
        description:
          y.idBase === 0
            ? 'SSP for qualifying days after three waiting days, for employees earning at least the lower earnings limit; at most 28 weeks in a period of incapacity.'
            : 'SSP from the first qualifying day (waiting days abolished) at the weekly rate or 80% of average weekly earnings if lower; no lower earnings limit test; at most 28 weeks.',
        category: 'statutory',
        rti: 'TaxablePay',
        source: y.idBase === 0 ? 'Social Security Contributions and Benefits Act 1992 Part XI; Statutory Sick Pay (General) Regulations 1982' : 'Social Security Contributions and Benefits Act 1992 Part XI as amended by the Employment Rights Act 2025 (from 6 April 2026)',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: y.idBase === 0 ? ['daily_rate_by_qualifying_days'] : ['daily_rate_by_qualifying_days', 'percentage_of_awe'],
        thresholds: { weekly_rate: y.ssp, lower_earnings_limit_weekly: y.sspLel, waiting_days: y.waitingDays, max_weeks: 28, awe_percentage: y.idBase === 0 ? null : '0.80' },
      },
      {
        id: 211 + y.idBase,
        code: 'UK-S-002',
        name: 'Statutory Maternity Pay (SMP)',
        description: 'SMP: 90% of average weekly earnings for the first 6 weeks, then the weekly rate or 90% of AWE if lower, up to 39 weeks.',
        category: 'statutory',
        rti: 'SMPYTD',
        source: 'Social Security Contributions and Benefits Act 1992 Part XII; Statutory Maternity Pay (General) Regulations 1986',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['earnings_related_first_weeks', 'weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', earnings_related_weeks: 6, max_weeks: 39, lower_earnings_limit_weekly: y.lel },
      },
      {
        id: 221 + y.idBase,
        code: 'UK-S-003',
        name: 'Statutory Paternity Pay (SPP)',
        description: 'SPP: the weekly rate or 90% of average weekly earnings if lower, for one or two weeks.',
        category: 'statutory',
        rti: 'SPPYTD',
        source: 'Social Security Contributions and Benefits Act 1992 Part 12ZA; Statutory Paternity Pay and Statutory Adoption Pay (General) Regulations 2002',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', max_weeks: 2, lower_earnings_limit_weekly: y.lel },
      },
      {
        id: 231 + y.idBase,
        code: 'UK-S-004',
        name: 'Statutory Shared Parental Pay (ShPP)',
        description: 'ShPP: the weekly rate or 90% of average weekly earnings if lower, for the weeks the parents share (at most 37).',
        category: 'statutory',
        rti: 'ShPPYTD',
        source: 'Social Security Contributions and Benefits Act 1992 Part 12ZC; Statutory Shared Parental Pay (General) Regulations 2014',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', max_weeks: 37, lower_earnings_limit_weekly: y.lel },
      },
      {
        id: 241 + y.idBase,
        code: 'UK-S-005',
        name: 'Statutory Adoption Pay (SAP)',
        description: 'SAP: 90% of average weekly earnings for the first 6 weeks, then the weekly rate or 90% of AWE if lower, up to 39 weeks.',
        category: 'statutory',
        rti: 'SAPYTD',
        source: 'Social Security Contributions and Benefits Act 1992 Part 12ZB; Statutory Paternity Pay and Statutory Adoption Pay (General) Regulations 2002',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['earnings_related_first_weeks', 'weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', earnings_related_weeks: 6, max_weeks: 39, lower_earnings_limit_weekly: y.lel },
      },
      {
        id: 251 + y.idBase,
        code: 'UK-S-006',
        name: 'Statutory Parental Bereavement Pay (SPBP)',
        description: 'SPBP: the weekly rate or 90% of average weekly earnings if lower, for one or two weeks within 56 weeks of the death.',
        category: 'statutory',
        rti: 'SPBPYTD',
        source: 'Parental Bereavement (Leave and Pay) Act 2018; Social Security Contributions and Benefits Act 1992 Part 12ZD',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', max_weeks: 2, lower_earnings_limit_weekly: y.lel },
      },
      {
        id: 261 + y.idBase,
        code: 'UK-S-007',
        name: 'Statutory Neonatal Care Pay (SNCP)',
        description: 'SNCP (from 6 April 2025): the weekly rate or 90% of average weekly earnings if lower, for each week a baby is in neonatal care, up to 12 weeks.',
        category: 'statutory',
        rti: 'SNCPYTD',
        source: 'Neonatal Care (Leave and Pay) Act 2023; Social Security Contributions and Benefits Act 1992 Part 12ZE; Statutory Neonatal Care Pay (General) Regulations 2024',
        validity: y.validity,
        reviewed: y.reviewed,
        variants: ['weekly_rate'],
        thresholds: { weekly_rate: y.weeklyRate, awe_percentage: '0.90', max_weeks: 12, lower_earnings_limit_weekly: y.lel },
      },
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

const ENTRIES: Entry[] = [
  // Earnings ----------------------------------------------------------------------------------------------------
  { id: 101, code: 'UK-E-001', name: 'Basic salary', description: 'Contractual salary for the pay period.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62; Social Security Contributions and Benefits Act 1992 s3', validity: OPEN, reviewed: R2627, holiday: true, variants: ['amount', 'annual_salary_prorated'] },
  { id: 102, code: 'UK-E-002', name: 'Hourly pay', description: 'Hours worked at the hourly rate.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62; National Minimum Wage Act 1998', validity: OPEN, reviewed: R2627, holiday: true, variants: ['amount', 'hours_times_rate'] },
  { id: 103, code: 'UK-E-003', name: 'Overtime', description: 'Overtime pay; regular overtime counts towards holiday pay.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62; Working Time Regulations 1998 reg 16 (Bear Scotland v Fulton [2014])', validity: OPEN, reviewed: R2627, holiday: true, pensionable: false, variants: ['amount', 'hours_times_rate'], regularityWeeks: HOLIDAY_WINDOW, regularityPeriods: 3 },
  { id: 104, code: 'UK-E-004', name: 'Bonus', description: 'Bonus or other one-off performance payment.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62', validity: OPEN, reviewed: R2627, pensionable: false, variants: ['amount', 'lump_sum'] },
  { id: 105, code: 'UK-E-005', name: 'Commission', description: 'Sales commission; regular commission counts towards holiday pay.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62; Lock v British Gas [2014]', validity: OPEN, reviewed: R2627, holiday: true, pensionable: false, regularityWeeks: HOLIDAY_WINDOW, regularityPeriods: 3 },
  { id: 106, code: 'UK-E-006', name: 'Holiday pay', description: 'Pay for statutory or contractual annual leave taken.', category: 'earnings', rti: 'TaxablePay', source: 'Working Time Regulations 1998 regs 13, 13A, 16; Employment Rights Act 1996 ss221–224', validity: OPEN, reviewed: R2627, variants: ['amount', 'average_weekly_pay_52_weeks'], regularityWeeks: HOLIDAY_WINDOW },
  { id: 107, code: 'UK-E-007', name: 'Accrued holiday pay on leaving', description: 'Payment in lieu of untaken holiday when employment ends.', category: 'earnings', rti: 'TaxablePay', source: 'Working Time Regulations 1998 reg 14', validity: OPEN, reviewed: R2627, pensionable: false, variants: ['lump_sum'] },
  { id: 108, code: 'UK-E-008', name: 'Shift allowance', description: 'Allowance for unsocial hours or shift work.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62', validity: OPEN, reviewed: R2627, holiday: true },
  { id: 109, code: 'UK-E-009', name: 'Back pay (arrears)', description: 'Pay owed for earlier periods and paid now; taxed in the period it is paid.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s18 (receipts basis)', validity: OPEN, reviewed: R2627, variants: ['lump_sum'] },
  { id: 110, code: 'UK-E-010', name: 'Payment in lieu of notice (PILON)', description: 'Post-employment notice pay: fully taxable and subject to Class 1 NI.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 ss402A–402E', validity: OPEN, reviewed: R2627, pensionable: false, aeQualifying: false, sacrifice: false, variants: ['lump_sum'] },
  { id: 111, code: 'UK-E-011', name: 'Termination award above £30,000', description: 'The part of a termination award above the £30,000 exemption: taxable, not Class 1 NI (employer Class 1A instead).', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 ss401–404; Social Security Contributions and Benefits Act 1992 s9C', validity: OPEN, reviewed: R2627, niable: false, class1a: true, aeQualifying: false, pensionable: false, sacrifice: false, variants: ['excess_over_threshold'], thresholds: { tax_free_amount: '30000.00' } },
  { id: 112, code: 'UK-E-012', name: "Director's fees", description: "Fees voted to a company director; NI on the director's annual earnings period.", category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s5; Social Security (Contributions) Regulations 2001 reg 8', validity: OPEN, reviewed: R2627, pensionable: false },
  { id: 113, code: 'UK-E-013', name: 'Tronc payments', description: 'Tips shared through an independent troncmaster: taxable, not subject to NI.', category: 'earnings', rti: 'TaxablePay', source: 'Social Security (Contributions) Regulations 2001 Sch 3 Part X para 5; Employment (Allocation of Tips) Act 2023', validity: OPEN, reviewed: R2627, niable: false, aeQualifying: false, pensionable: false, sacrifice: false },
  { id: 114, code: 'UK-E-014', name: 'Occupational sick pay', description: 'Company sick pay (on top of or instead of SSP).', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s221', validity: OPEN, reviewed: R2627 },
  { id: 115, code: 'UK-E-015', name: 'Occupational maternity pay', description: 'Company maternity pay topping up SMP.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 s62', validity: OPEN, reviewed: R2627 },
  { id: 116, code: 'UK-E-016', name: 'Mileage above the approved rates', description: 'Mileage allowance paid above the approved amounts (45p / 25p a mile): the excess is taxable and NIable.', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Earnings and Pensions) Act 2003 ss229–232', validity: OPEN, reviewed: R2627, aeQualifying: false, pensionable: false, sacrifice: false, thresholds: { car_rate_first_10000_miles: '0.45', car_rate_above_10000_miles: '0.25' } },
  { id: 117, code: 'UK-E-017', name: 'Grossed-up net payment', description: 'A payment agreed net of tax and NI; the run would gross it up (not supported yet: enter the gross).', category: 'earnings', rti: 'TaxablePay', source: 'Income Tax (Pay As You Earn) Regulations 2003 reg 62 (notional payments)', validity: OPEN, reviewed: R2627, status: 'draft', grossUp: true, pensionable: false, variants: ['gross_up'] },

  // Statutory payments --------------------------------------------------------------------------------------------
  ...statutoryEntries(),

  // Payrolled benefits in kind ------------------------------------------------------------------------------------
  { id: 301, code: 'UK-B-001', name: 'Company car (payrolled)', description: 'Cash equivalent of a company car taxed through payroll: taxable, Class 1A, not paid.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss114–148; Income Tax (PAYE) Regulations 2003 regs 61A–61M', validity: OPEN, reviewed: R2627, variants: ['cash_equivalent', 'optional_remuneration_higher_of'] },
  { id: 302, code: 'UK-B-002', name: 'Car fuel (payrolled)', description: 'Car fuel benefit taxed through payroll.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss149–153', validity: OPEN, reviewed: R2627, sacrifice: false },
  { id: 303, code: 'UK-B-003', name: 'Van (payrolled)', description: 'Van benefit taxed through payroll.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss154–159', validity: OPEN, reviewed: R2627 },
  { id: 304, code: 'UK-B-004', name: 'Van fuel (payrolled)', description: 'Van fuel benefit taxed through payroll.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss160–164', validity: OPEN, reviewed: R2627, sacrifice: false },
  { id: 305, code: 'UK-B-005', name: 'Private medical insurance (payrolled)', description: 'Medical or dental insurance taxed through payroll.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 s201', validity: OPEN, reviewed: R2627 },
  { id: 306, code: 'UK-B-006', name: 'Gym membership (payrolled)', description: 'Gym or other membership paid by the employer and taxed through payroll.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 s201', validity: OPEN, reviewed: R2627 },
  { id: 307, code: 'UK-B-007', name: 'Other payrolled benefit', description: 'Any other benefit registered for payrolling with HMRC.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (PAYE) Regulations 2003 regs 61A–61M', validity: OPEN, reviewed: R2627 },
  { id: 308, code: 'UK-B-008', name: 'Beneficial loan (payrolled)', description: 'Interest-free or cheap loan above £10,000, valued at the official rate of interest. Payrolling of loans starts with mandatory payrolling (April 2027): draft until then.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss173–191; mandatory payrolling of benefits from 6 April 2027 (Autumn Budget 2024)', validity: { valid_from: '2027-04-06', valid_to: null }, reviewed: R2627, status: 'draft', officialRate: true, sacrifice: false, variants: ['official_rate_averaging'], thresholds: { small_loan_exemption: '10000.00', official_rate: null } },
  { id: 309, code: 'UK-B-009', name: 'Living accommodation (payrolled)', description: 'Employer-provided accommodation taxed through payroll from mandatory payrolling (April 2027): draft until then.', category: 'benefits', rti: 'BenefitsTaxedViaPayroll', source: 'Income Tax (Earnings and Pensions) Act 2003 ss97–113; mandatory payrolling of benefits from 6 April 2027', validity: { valid_from: '2027-04-06', valid_to: null }, reviewed: R2627, status: 'draft', officialRate: true, sacrifice: false },

  // Pension (the scheme's deduction line; UK-P-001..003 fixed by the spec) ------------------------------------------
  { id: 401, code: 'UK-P-001', name: 'Pension contribution (net pay arrangement)', description: 'Employee contribution deducted before income tax (not before NI).', category: 'pension', rti: 'EmpeePenContribnsPaid', source: 'Finance Act 2004 s193 (net pay arrangements); Pensions Act 2008', validity: OPEN, reviewed: R2627, deduction: 'pre_tax', variants: ['qualifying_earnings', 'pensionable_pay'], thresholds: { minimum_total_rate: '0.08', minimum_employer_rate: '0.03' } },
  { id: 402, code: 'UK-P-002', name: 'Pension contribution (relief at source)', description: 'Employee contribution less basic-rate relief (80%) taken from net pay; the scheme claims the relief.', category: 'pension', rti: 'EmpeePenContribnsNotPaid', source: 'Finance Act 2004 s192 (relief at source); Pensions Act 2008', validity: OPEN, reviewed: R2627, deduction: 'post_tax', variants: ['qualifying_earnings', 'pensionable_pay'], thresholds: { relief_at_source_rate: '0.20', minimum_total_rate: '0.08', minimum_employer_rate: '0.03' } },
  { id: 403, code: 'UK-P-003', name: 'Pension contribution (salary sacrifice)', description: 'Pay given up in return for an employer contribution: reduces pay before tax, NI and student loans.', category: 'pension', rti: 'none', source: 'Income Tax (Earnings and Pensions) Act 2003 s228A (pension contributions outside optional remuneration rules); s308', validity: OPEN, reviewed: R2627, deduction: 'salary_sacrifice', variants: ['qualifying_earnings', 'pensionable_pay'] },
  { id: 404, code: 'UK-P-004', name: 'Pension contribution refund (opt-out)', description: 'Refund of every contribution taken when a jobholder opts out within one month; written by the run.', category: 'pension', rti: 'TaxablePay', source: 'Occupational and Personal Pension Schemes (Automatic Enrolment) Regulations 2010 regs 9–11', validity: OPEN, reviewed: R2627, variants: ['refund'] },

  // Deductions from pay -----------------------------------------------------------------------------------------
  { id: 501, code: 'UK-D-001', name: 'Attachment of earnings order', description: 'Court order deduction from net earnings, respecting the protected earnings rate.', category: 'deductions', rti: 'DednsFromNetPay', source: 'Attachment of Earnings Act 1971', validity: OPEN, reviewed: R2627, variants: ['fixed_amount', 'percentage_table'] },
  { id: 502, code: 'UK-D-002', name: 'Council tax attachment of earnings', description: 'Deduction for unpaid council tax at the statutory percentage of net earnings.', category: 'deductions', rti: 'DednsFromNetPay', source: 'Council Tax (Administration and Enforcement) Regulations 1992 reg 37, Sch 4', validity: OPEN, reviewed: R2627, variants: ['percentage_table'] },
  { id: 503, code: 'UK-D-003', name: 'Direct earnings attachment (DWP)', description: 'DWP deduction to recover a benefit overpayment.', category: 'deductions', rti: 'DednsFromNetPay', source: 'Social Security (Overpayments and Recovery) Regulations 2013 Part 6', validity: OPEN, reviewed: R2627, variants: ['percentage_table'] },
  { id: 504, code: 'UK-D-004', name: 'Deduction from earnings order (child maintenance)', description: 'Child Maintenance Service deduction order.', category: 'deductions', rti: 'DednsFromNetPay', source: 'Child Support Act 1991 s31; Child Support (Collection and Enforcement) Regulations 1992', validity: OPEN, reviewed: R2627 },
  { id: 505, code: 'UK-D-005', name: 'Trade union subscription', description: 'Union fees deducted with the member’s consent (check-off).', category: 'deductions', rti: 'DednsFromNetPay', source: 'Trade Union and Labour Relations (Consolidation) Act 1992 s68', validity: OPEN, reviewed: R2627 },
  { id: 506, code: 'UK-D-006', name: 'Give As You Earn (payroll giving)', description: 'Charitable giving through an approved agency, deducted before income tax (not before NI).', category: 'deductions', rti: 'none', source: 'Income Tax (Earnings and Pensions) Act 2003 ss713–715', validity: OPEN, reviewed: R2627, deduction: 'pre_tax' },
  { id: 507, code: 'UK-D-007', name: 'Cycle to work (salary sacrifice)', description: 'Pay given up for a cycle hired under the cycle-to-work exemption: before tax and NI.', category: 'deductions', rti: 'none', source: 'Income Tax (Earnings and Pensions) Act 2003 s244', validity: OPEN, reviewed: R2627, deduction: 'salary_sacrifice', sacrifice: true },
  { id: 508, code: 'UK-D-008', name: 'Employee loan repayment', description: 'Repayment of a loan from the employer (season ticket, advance).', category: 'deductions', rti: 'DednsFromNetPay', source: 'Employment Rights Act 1996 s13 (authorised deductions)', validity: OPEN, reviewed: R2627 },
  { id: 509, code: 'UK-D-009', name: 'Salary overpayment recovery', description: 'Recovery of pay overpaid in an earlier period, from net pay.', category: 'deductions', rti: 'DednsFromNetPay', source: 'Employment Rights Act 1996 s14(1)', validity: OPEN, reviewed: R2627 },
  { id: 510, code: 'UK-D-010', name: 'Childcare vouchers (salary sacrifice)', description: 'Closed to new joiners since 4 October 2018; existing members only.', category: 'deductions', rti: 'none', source: 'Income Tax (Earnings and Pensions) Act 2003 s270A (closed by Finance Act 2017 to new entrants from 4 October 2018)', validity: OPEN, reviewed: R2627, status: 'deprecated', deduction: 'salary_sacrifice', sacrifice: true },

  // Reimbursements (not taxable, not NIable) ----------------------------------------------------------------------
  { id: 601, code: 'UK-R-001', name: 'Business expenses', description: 'Repayment of business expenses the employee paid.', category: 'reimbursements', rti: 'NonTaxOrNICPmt', source: 'Income Tax (Earnings and Pensions) Act 2003 s289A (paid and reimbursed expenses exemption)', validity: OPEN, reviewed: R2627 },
  { id: 602, code: 'UK-R-002', name: 'Mileage allowance (approved rates)', description: 'Business mileage at or below the approved amounts.', category: 'reimbursements', rti: 'NonTaxOrNICPmt', source: 'Income Tax (Earnings and Pensions) Act 2003 ss229–236', validity: OPEN, reviewed: R2627, variants: ['miles_times_rate'], thresholds: { car_rate_first_10000_miles: '0.45', car_rate_above_10000_miles: '0.25', motorcycle_rate: '0.24', bicycle_rate: '0.20', passenger_rate: '0.05' } },
  { id: 603, code: 'UK-R-003', name: 'Homeworking allowance', description: 'Allowance for household costs of working from home, up to £6 a week (£26 a month) without evidence.', category: 'reimbursements', rti: 'NonTaxOrNICPmt', source: 'Income Tax (Earnings and Pensions) Act 2003 s316A', validity: OPEN, reviewed: R2627, thresholds: { weekly_limit: '6.00', monthly_limit: '26.00' } },
  { id: 604, code: 'UK-R-004', name: 'Subsistence (benchmark scale rates)', description: 'Meal allowance while travelling on business within HMRC benchmark rates.', category: 'reimbursements', rti: 'NonTaxOrNICPmt', source: 'Income Tax (Earnings and Pensions) Act 2003 s289A; HMRC EIM05231', validity: OPEN, reviewed: R2627 },

  // Employer contributions (written by the run) -----------------------------------------------------------------
  { id: 701, code: 'UK-C-001', name: 'Employer Class 1 NI', description: 'Secondary Class 1 contributions on the period’s earnings.', category: 'contributions', rti: 'none', source: 'Social Security Contributions and Benefits Act 1992 s9', validity: OPEN, reviewed: R2627 },
  { id: 702, code: 'UK-C-002', name: 'Employer pension contribution', description: 'The employer’s contribution to the workplace pension (the sacrificed amount included under salary sacrifice).', category: 'contributions', rti: 'none', source: 'Pensions Act 2008 s20; Occupational and Personal Pension Schemes (Automatic Enrolment) Regulations 2010', validity: OPEN, reviewed: R2627 },
  { id: 703, code: 'UK-C-003', name: 'Class 1A NI on payrolled benefits', description: 'Employer Class 1A on benefits in kind (paid annually; accrued per period for costing).', category: 'contributions', rti: 'none', source: 'Social Security Contributions and Benefits Act 1992 s10', validity: OPEN, reviewed: R2627, thresholds: { rate: '0.15' } },
  { id: 704, code: 'UK-C-004', name: 'Apprenticeship Levy', description: '0.5% of the pay bill above the £15,000 annual allowance.', category: 'contributions', rti: 'none', source: 'Finance Act 2016 Part 6', validity: OPEN, reviewed: R2627, thresholds: { rate: '0.005', annual_allowance: '15000.00' } },

  // Adjustments -----------------------------------------------------------------------------------------------------
  { id: 801, code: 'UK-A-001', name: 'Unpaid absence', description: 'Pay withheld for unpaid leave or absence: a negative amount reducing taxable and NIable pay.', category: 'adjustments', rti: 'TaxablePay', source: 'Employment Rights Act 1996 s13', validity: OPEN, reviewed: R2627, variants: ['signed_amount', 'days_times_daily_rate'] },
  { id: 802, code: 'UK-A-002', name: 'Pay correction (earlier period)', description: 'Signed correction of pay for an earlier period, paid or recovered now (cumulative PAYE settles the tax).', category: 'adjustments', rti: 'TaxablePay', source: 'Income Tax (PAYE) Regulations 2003 reg 67B (FPS corrections in a later period)', validity: OPEN, reviewed: R2627 },
  { id: 803, code: 'UK-A-003', name: 'Salary advance recovery', description: 'Recovery of a salary advance paid earlier, from net pay.', category: 'adjustments', rti: 'DednsFromNetPay', source: 'Employment Rights Act 1996 s14(1)', validity: OPEN, reviewed: R2627, taxable: false, niable: false, aeQualifying: false, aeBands: false, pensionable: false, deduction: 'post_tax', section: 'deductions' },
];

/** Every version of every wage type, ordered by id. Frozen: the catalogue is data, not state. */
export const WAGE_TYPE_CATALOGUE: readonly WageType[] = Object.freeze(ENTRIES.map(wageType).sort((a, b) => a.id - b.id));

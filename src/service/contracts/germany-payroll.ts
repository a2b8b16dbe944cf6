/**
 * Wire contract of endpoint 20, `POST /germany/payroll` (spec "Germany payroll"), with the extension
 * fields of fixtures/reference/README.md (date_of_birth, tax_class, health_insurance_additional_rate,
 * private_care_insurance_monthly, is_parent, u1_rate, u2_rate). The single source of truth: the
 * server validates with these schemas and generates OpenAPI from them, so no schema here transforms
 * (the use case normalizes after parsing) and every field is described.
 *
 * Amounts: the spec types some as `number` and others as decimal strings; every amount and rate is
 * accepted as either (a JSON number goes through its shortest round-trip text, never through float
 * arithmetic) and every amount in the response is a decimal string with two places.
 */
import { z } from 'zod';
import { AMOUNT_BOUND_MESSAGE, numberToDecimalString, withinAmountBound } from './common.js';
import { DECIMAL_STRING_PATTERN, Decimal } from '../../domain/money.js';
import { STATE_INPUT_VALUES, STATE_NAMES, STATE_CODES } from '../../domain/de/params/index.js';
import { DE_DEFAULT_YEAR, deTaxYear, yearsText } from './editions.js';

// ---------------------------------------------------------------------------------------------
// Building blocks

export const PAY_CYCLES = ['Year', 'Month', 'Week', 'Day'] as const;

/** Decimal text of a JSON number or decimal string (numbers via their shortest round-trip text). */
export function decimalText(value: number | string): string {
  return typeof value === 'string' ? value.trim() : numberToDecimalString(value);
}

function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

interface DecimalRule {
  /** Inclusive minimum. */
  min?: number;
  /** Exclusive minimum. */
  gt?: number;
  /** Inclusive maximum. */
  max?: number;
  /** Exclusive maximum. */
  lt?: number;
  /** Most decimal places allowed. */
  places?: number;
  /** The value must be a multiple of this step (e.g. 0.5). */
  step?: string;
}

/** Unsigned, at most 9 digits before and 6 after the point: at most 15 significant digits. */
const PLAIN_DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;

/** A plain decimal (PLAIN_DECIMAL) in whole millionths: at most 15 digits, an exact integer. */
function millionths(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return Number(text) * 1e6;
  return Number(text.slice(0, dot)) * 1e6 + Number(text.slice(dot + 1).padEnd(6, '0'));
}

/**
 * A decimal accepted as a JSON number or a decimal string, checked by `rule`. Failures are custom
 * issues whose `params.type` names the rule (the spec's `type` of the validation detail).
 */
export function decimalInput(description: string, rule: DecimalRule = {}) {
  return z
    .union([z.number(), z.string()], { error: 'must be a number or a decimal string, e.g. "1234.50"' })
    .superRefine((value, ctx) => {
      const text = decimalText(value);
      // A plain decimal of at most 15 digits (most amounts and rates) is within the bound and compares exactly as a
      // double: decimals of at most 15 significant digits are distinct doubles in the same order, and the bounds are
      // such decimals too. Anything else is checked through Decimal.
      const plain = PLAIN_DECIMAL.test(text);
      if (!plain) {
        if (typeof value === 'number' ? !Number.isFinite(value) : !DECIMAL_STRING_PATTERN.test(text)) {
          ctx.addIssue({ code: 'custom', message: 'must be a decimal number, e.g. "1234.50"', params: { type: 'decimal_parsing' } });
          return;
        }
        // The wire's bound on every decimal (common.ts): 1e308 would otherwise reach the engine.
        if (!withinAmountBound(text)) {
          ctx.addIssue({ code: 'custom', message: AMOUNT_BOUND_MESSAGE, params: { type: 'decimal_max_digits' } });
          return;
        }
      }
      // Compared as a Decimal (or as the exact double of a plain decimal): a JS number of more digits would round the amount before the comparison.
      const n = plain ? Number(text) : new Decimal(text);
      const lt = (bound: number): boolean => (typeof n === 'number' ? n < bound : n.lt(bound));
      const gt = (bound: number): boolean => (typeof n === 'number' ? n > bound : n.gt(bound));
      if (rule.min !== undefined && lt(rule.min)) ctx.addIssue({ code: 'custom', message: `must be greater than or equal to ${rule.min}`, params: { type: 'greater_than_equal' } });
      if (rule.gt !== undefined && !gt(rule.gt)) ctx.addIssue({ code: 'custom', message: `must be greater than ${rule.gt}`, params: { type: 'greater_than' } });
      if (rule.max !== undefined && gt(rule.max)) ctx.addIssue({ code: 'custom', message: `must be less than or equal to ${rule.max}`, params: { type: 'less_than_equal' } });
      if (rule.lt !== undefined && !lt(rule.lt)) ctx.addIssue({ code: 'custom', message: `must be less than ${rule.lt}`, params: { type: 'less_than' } });
      // Trailing zeros are not significant: "2100.500" has two decimal places.
      if (rule.places !== undefined && decimalPlaces(text.includes('.') ? text.replace(/0+$/, '') : text) > rule.places) {
        ctx.addIssue({ code: 'custom', message: `must have at most ${rule.places} decimal places`, params: { type: 'decimal_max_places' } });
      }
      if (rule.step !== undefined) {
        // A plain decimal and a plain step are whole millionths below 2^53: the remainder is exact in integers.
        const step = plain && PLAIN_DECIMAL.test(rule.step) ? millionths(rule.step) : 0;
        const multiple = step > 0 ? millionths(text) % step === 0 : new Decimal(text).mod(rule.step).isZero();
        if (!multiple) ctx.addIssue({ code: 'custom', message: `must be a multiple of ${rule.step}`, params: { type: 'multiple_of' } });
      }
    })
    .describe(description);
}

const money = (description: string) => decimalInput(description, { min: 0, places: 2 });
const percent = (description: string) => decimalInput(`${description} In percent (2.5 = 2.5 %).`, { min: 0, max: 100, places: 4 });
const isoDate = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });

// ---------------------------------------------------------------------------------------------
// Request

export const miniJobDetails = z
  .object({
    pension_exemption: z.boolean().default(false).describe('Exempt from pension insurance on application (§ 6 Abs. 1b SGB VI): no employee RV top-up.'),
    flat_rate_paid_by_employee: z.boolean().default(false).describe('The 2 % flat tax is passed on to the employee and deducted from net wages.'),
  })
  .describe('Minijob details; only read when is_mini_job is true.');

export const employeeDetails = z
  .object({
    employee_id: z.string({ error: 'is required' }).min(1, { error: 'must not be empty' }).max(64, { error: 'must be at most 64 characters' }).describe('The employee this payslip is for.'),
    year_of_birth: z.int({ error: 'must be an integer year' }).min(1900, { error: 'must be 1900 or later' }).max(2100, { error: 'must be 2100 or earlier' }).nullish().describe('Year of birth (PV childless surcharge from 23, ALTER1/AJAHR of the PAP).'),
    date_of_birth: isoDate.nullish().describe('Extension: exact date of birth (YYYY-MM-DD); when given it decides ages, year_of_birth must agree with it.'),
    is_mini_job: z.boolean().default(false).describe('Minijob (geringfügige Beschäftigung): employer flat rates, 2 % flat tax, no PAP run.'),
    mini_job_details: miniJobDetails.nullish(),
    agreed_work_hours_per_week: decimalInput('Agreed weekly hours; only used to check the statutory minimum wage.', { gt: 0, max: 168, places: 2 }).nullish(),
  })
  .describe('Who the employee is.');

export const TAX_STATE_VALUES = STATE_INPUT_VALUES as [string, ...string[]];

export const taxAttributes = z
  .object({
    tax_class: z
      .int({ error: 'must be an integer from 1 to 6' })
      .min(1, { error: 'must be a tax class from 1 to 6' })
      .max(6, { error: 'must be a tax class from 1 to 6' })
      .nullish()
      .describe('Extension: Steuerklasse 1–6 (ELStAM). Absent: class 1 with a warning.'),
    is_factor: z.boolean().default(false).describe('Factor method (Faktorverfahren, tax class 4 only).'),
    factor: decimalInput('The factor (three decimals, greater than 0 and less than 1); required when is_factor is true.', { gt: 0, lt: 1, places: 3 }).nullish(),
    child_allowances: decimalInput('Number of child allowances (Kinderfreibeträge) in steps of 0.5; counts in tax classes 1–4 only.', { min: 0, max: 99, step: '0.5' })
      .default('0'),
    is_church_member: z.boolean().default(false).describe('Member of a church levying church tax (8 % in Bayern and Baden-Württemberg, 9 % elsewhere).'),
    tax_state: z
      .enum(TAX_STATE_VALUES, { error: `must be a German federal state: ${STATE_CODES.map((c) => STATE_NAMES[c]).join(', ')}` })
      .nullish()
      .describe('Federal state of the workplace by its German name (English names and ISO 3166-2 codes accepted): church-tax rate and the Saxony care-insurance split.'),
  })
  .describe('Wage-tax attributes (ELStAM).');

export const insuranceDetails = z
  .object({
    health_insurer_agency_code: z
      .string()
      .regex(/^\d{8}$/, { error: 'must be the insurer’s 8-digit Betriebsnummer' })
      .nullish()
      .describe('Betriebsnummer of the statutory health insurer; chooses its Zusatzbeitrag (and U1/U2 where known). Unknown codes fall back to the average Zusatzbeitrag with a warning.'),
    health_insurance_additional_rate: decimalInput('Extension: the insurer’s Zusatzbeitragssatz in percent (2.5 = 2.5 %); overrides the insurer table.', { min: 0, max: 10, places: 4 }).nullish(),
    private_insurance_monthly: money('Monthly private health-insurance premium; above 0 the employee is privately insured (no statutory KV/PV; employer subsidy per § 257 SGB V).').default('0'),
    private_care_insurance_monthly: money('Extension: monthly private care-insurance premium (employer subsidy per § 61 SGB XI).').default('0'),
    care_insurance_children: z.int({ error: 'must be a whole number of children' }).min(0, { error: 'must be 0 or more' }).max(99, { error: 'must be at most 99' }).default(0).describe('Children under 25 (care-insurance reductions from the 2nd child).'),
    is_parent: z.boolean().nullish().describe('Extension: parent status (no childless surcharge), also when no child is under 25 any more.'),
    is_midi_job: z.boolean().default(false).describe('Employment in the Übergangsbereich (midijob): reduced contribution bases.'),
    u1_rate: percent('Extension: U1 levy rate (sick pay); overrides the insurer table (minijobs: Minijob-Zentrale rate).').nullish(),
    u2_rate: percent('Extension: U2 levy rate (maternity); overrides the insurer table (minijobs: Minijob-Zentrale rate).').nullish(),
  })
  .describe('Social-insurance attributes.');

export const earningItem = z
  .object({
    earning_type: z.string().max(64).default('salary').describe('Kind of earning, e.g. salary, bonus; "severance" taxes a one-off payment as compensation (§ 24 Nr. 1 EStG) and frees it from SV.'),
    amount: money('Amount for earning_frequency; with do_grossup, the net amount to be reached.'),
    earning_frequency: z.enum(PAY_CYCLES, { error: `must be one of ${PAY_CYCLES.join(', ')}` }).nullish().describe('The period the amount refers to (default: pay_cycle); converted to the pay cycle by SV days.'),
    is_lumpsum: z.boolean().default(false).describe('One-off payment (sonstiger Bezug): taxed via SONSTB/JRE4.'),
    do_grossup: z.boolean().default(false).describe('amount is a net target: the gross adding exactly this net is solved.'),
  })
  .describe('An earning of the pay period.');

export const benefitItem = z
  .object({
    name: z.string().max(120).default('benefit').describe('Name of the benefit in kind.'),
    value: money('Taxable and contributory value of the benefit for the pay period.'),
    additional_payments: money('Employee co-payments for the benefit; reduce its taxable value.').nullish(),
    private_trip: money('Value of private use (e.g. private trips with a company car); added to the taxable value.').nullish(),
  })
  .describe('A benefit in kind: part of gross, not paid out.');

export const deductionItem = z
  .object({
    name: z.string().max(120).default('deduction').describe('Name of the deduction.'),
    amount: money('Amount deducted from net pay.'),
  })
  .describe('A deduction from net pay.');

export const reimbursementItem = z
  .object({
    name: z.string().max(120).default('reimbursement').describe('Name of the reimbursement.'),
    amount: money('Tax- and contribution-free amount added to net pay.'),
  })
  .describe('A tax-free reimbursement added to net pay.');

export const payDetails = z
  .object({
    earnings: z.array(earningItem).max(200).default([]),
    benefits: z.array(benefitItem).max(200).default([]),
    deductions: z.array(deductionItem).max(200).default([]),
    reimbursements: z.array(reimbursementItem).max(200).default([]),
  })
  .describe('What the employee earns, receives in kind, has deducted and is reimbursed.');

export const payrollGroupItem = z
  .object({
    employee_details: employeeDetails,
    tax_attributes: taxAttributes.default({ is_factor: false, child_allowances: '0', is_church_member: false }),
    insurance_details: insuranceDetails.default({
      private_insurance_monthly: '0',
      private_care_insurance_monthly: '0',
      care_insurance_children: 0,
      is_midi_job: false,
    }),
    pay_details: payDetails.default({ earnings: [], benefits: [], deductions: [], reimbursements: [] }),
  })
  .superRefine((item, ctx) => {
    const employee = item.employee_details;
    if (employee.date_of_birth && employee.year_of_birth !== undefined && employee.year_of_birth !== null && Number(employee.date_of_birth.slice(0, 4)) !== employee.year_of_birth) {
      ctx.addIssue({ code: 'custom', path: ['employee_details', 'year_of_birth'], message: 'must be the year of date_of_birth', params: { type: 'value_error' } });
    }
    const tax = item.tax_attributes;
    if (tax.is_factor) {
      if (tax.factor === undefined || tax.factor === null) {
        ctx.addIssue({ code: 'custom', path: ['tax_attributes', 'factor'], message: 'is required when is_factor is true', params: { type: 'missing' } });
      }
      if (tax.tax_class !== 4) {
        ctx.addIssue({ code: 'custom', path: ['tax_attributes', 'tax_class'], message: 'must be 4 when is_factor is true (the factor method exists only in tax class IV)', params: { type: 'value_error' } });
      }
    }
  })
  .describe('One employee of the payroll.');

/** Employees in one request (payroll:write; a caller with only payroll:read gets fewer, see the use case). */
export const MAX_EMPLOYEES = 10_000;
/** Employees in one request for a caller holding only payroll:read (why: germany-payroll-service.ts). */
export const READ_SCOPE_MAX_EMPLOYEES = 500;

export const germanPayrollRequest = z
  .object({
    pay_cycle: z.enum(PAY_CYCLES, { error: `must be one of ${PAY_CYCLES.join(', ')}` }).describe('The wage payment period (PAP LZZ: Year 1, Month 2, Week 3, Day 4).'),
    pay_date: isoDate
      .refine((value) => deTaxYear.safeParse(Number(/^(\d{4})-/.exec(value)?.[1])).success, { error: `must fall in ${yearsText([...deTaxYear.values])} (the years with figures)`, params: { type: 'date_out_of_range' } })
      .nullish()
      .describe(`Pay date: chooses the year’s figures and dates the ages (default: the ${DE_DEFAULT_YEAR} figures, with a warning).`),
    payroll_group: z
      .array(payrollGroupItem)
      .min(1, { error: 'must hold at least one employee' })
      .max(MAX_EMPLOYEES, { error: 'must hold at most 10,000 employees' })
      .meta({ 'x-unique-property': 'employee_details.employee_id' })
      .superRefine((items, ctx) => {
        const seen = new Map<string, number>();
        items.forEach((item, index) => {
          const id = item.employee_details.employee_id;
          if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index, 'employee_details', 'employee_id'], message: `duplicates the employee_id of payroll_group item ${seen.get(id)}`, params: { type: 'duplicate' } });
          else seen.set(id, index);
        });
      })
      .describe(`The employees to compute (at most ${MAX_EMPLOYEES}; at most ${READ_SCOPE_MAX_EMPLOYEES} for a caller holding only the payroll:read scope); each payslip depends only on its own item.`),
  })
  .meta({ id: 'GermanPayrollRequest', description: 'POST /germany/payroll: compute German payslips and the employer summary.' });

export type GermanPayrollRequest = z.output<typeof germanPayrollRequest>;
export type GermanPayrollRequestInput = z.input<typeof germanPayrollRequest>;
export type PayrollGroupItem = z.output<typeof payrollGroupItem>;

// ---------------------------------------------------------------------------------------------
// Response

const amount = (description: string) => z.string().regex(/^-?\d+\.\d{2}$/).describe(description);

export const employeeTotals = z.object({
  total_gross_wages: amount('Gross wages of the period: earnings and benefits in kind.'),
  taxable_gross_wages: amount('Taxable gross: current wage (RE4) plus one-off payments (SONSTB); the flat-taxed wage of a minijob.'),
  net_wages: amount('Gross − wage tax − solidarity surcharge − church tax − employee insurance (− minijob flat tax when passed on).'),
  total_deductions: amount('Sum of the deductions.'),
  total_reimbursements: amount('Sum of the reimbursements.'),
  net_pay: amount('Paid out: net wages − benefits in kind − deductions + reimbursements + private-insurance subsidy.'),
  benefits_in_kind: amount('Extension: benefits in kind contained in gross and not paid out.'),
  private_insurance_subsidy: amount('Extension: employer subsidy to private health and care premiums, paid out with net pay.'),
});

export const employeeTaxes = z.object({
  income_tax_assessment_base: amount('Taxable wage the wage tax is assessed on (RE4 + SONSTB).'),
  solidarity_tax_assessment_base: amount('The PAP base of solidarity surcharge and church tax for the period (BK + BKS: wage tax with child allowances).'),
  income_tax: amount('Wage tax (LSTLZZ + STS).'),
  church_tax: amount('Church tax: BK (+ BKS) × 8 % or 9 %, fractions of a cent dropped.'),
  solidarity_tax: amount('Solidarity surcharge (SOLZLZZ + SOLZS).'),
  flat_rate_tax_mini_job: amount('Extension: minijob 2 % flat tax passed on to the employee.'),
  total_tax: amount('Wage tax + church tax + solidarity surcharge + minijob flat tax passed on.'),
});

export const employeeInsurance = z.object({
  insurance_assessment_base: amount('KV/PV contribution base (the reduced base BE in the Übergangsbereich; 0 when privately insured).'),
  pension_assessment_base: amount('RV/ALV contribution base (BE in the Übergangsbereich; at least 175 € for a minijob with RV top-up).'),
  health_insurance_additional_rate: z.string().describe('Zusatzbeitragssatz applied, in percent.'),
  pension_insurance: amount('Employee RV share.'),
  unemployment_insurance: amount('Employee ALV share.'),
  health_insurance: amount('Employee KV share (general rate and Zusatzbeitrag).'),
  care_insurance: amount('Employee PV share (with surcharge or reductions).'),
  total_insurance: amount('Sum of the employee shares.'),
});

export const namedAmount = z.object({ name: z.string(), amount: amount('Amount.') });

export const employerBlock = z
  .object({
    pension_contribution: amount('Employer RV (minijob: 15 % flat rate).'),
    health_insurance_contribution: amount('Employer KV (minijob: 13 % flat rate).'),
    care_insurance_contribution: amount('Employer PV.'),
    unemployment_insurance_contribution: amount('Employer ALV.'),
    sick_pay_insurance_contribution: amount('U1 levy.'),
    maternity_pay_insurance_contribution: amount('U2 levy.'),
    insolvency_insurance_contribution: amount('U3 levy (Insolvenzgeldumlage).'),
    flat_rate_tax_mini_job: amount('Minijob 2 % flat tax borne by the employer.'),
    private_insurance_subsidy: amount('Extension: § 257 SGB V / § 61 SGB XI subsidy to private premiums.'),
    total_burden: amount('Every employer amount above (contributions, levies, flat tax, subsidy), gross pay excluded.'),
  })
  .meta({ id: 'GermanPayrollEmployer' });

export const payslipWarning = z.object({ code: z.string().describe('Stable code, e.g. TAX_CLASS_DEFAULTED.'), message: z.string() });

export const executionStep = z.object({ flow: z.string().describe('The program: Lohnsteuer2025/Lohnsteuer2026 (PAP), SV, PAYSLIP.'), node: z.string().describe('The step taken.') });

export const germanPayslip = z
  .object({
    employee_id: z.string(),
    payment_period: z.string().describe('"2025-03" (Month), "2025" (Year), "2025-W13" (Week), "2025-03-31" (Day).'),
    current_pay_period: z.object({
      employee: z.object({
        totals: employeeTotals,
        taxes: employeeTaxes,
        insurance: employeeInsurance,
        deductions: z.array(namedAmount),
        reimbursements: z.array(namedAmount),
      }),
      employer: employerBlock,
    }),
    employment: z.enum(['regular', 'midijob', 'minijob']).describe('Extension: the contribution regime applied.'),
    parameters: z.object({ year: z.int(), edition: z.string() }).describe('Extension: the figures used.'),
    warnings: z.array(payslipWarning).describe('Extension: assumptions made for this payslip.'),
    execution_history: z.array(executionStep).optional().describe('The steps taken; present when X-Include-Execution-History is true.'),
  })
  .meta({ id: 'GermanPayslip' });

export const germanPayrollResponse = z
  .object({
    payslips: z.array(germanPayslip),
    summary: z.object({ employer: employerBlock }).optional().describe('Sum of the payslips’ employer blocks.'),
  })
  .meta({ id: 'GermanPayrollResponse' });

export type GermanPayslip = z.infer<typeof germanPayslip>;
export type GermanPayrollResponse = z.infer<typeof germanPayrollResponse>;

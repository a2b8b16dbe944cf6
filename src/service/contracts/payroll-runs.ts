import { z } from 'zod';
import { EARNING_FREQUENCIES } from '../../domain/gb/run/pay-items.js';
import { decimalString, id, isoDate, isoDateTime, moneyInput, numberToDecimalString } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * GB payroll runs: endpoint 18 (`POST /gb/organizations/{organization_id}/payrolls`) and the run's lifecycle
 * extensions (read, list, approve, mark paid, discard). Decisions: docs/decisions.md R2–R12.
 */

/** Money at most to the penny, as a JSON number or a decimal string; becomes a decimal string. */
const amount = moneyInput.refine((v) => !/\.\d{3,}$/.test(v), { error: 'must be an amount in pounds and pence (at most 2 decimal places)', params: { type: 'decimal_places' } });
const optionalAmount = amount.nullable().optional();
const code = z.string({ error: 'is required: a wage type code from GET /gb/wage-types' }).trim().min(1, { error: 'is required' }).transform((v) => v.toUpperCase());

export const earningItem = z
  .object({
    wage_type_code: code,
    amount,
    /** Only AMOUNT (the amount for the frequency below) is defined (decision R6). */
    earning_type: z.enum(['AMOUNT'], { error: 'must be AMOUNT' }).default('AMOUNT'),
    earning_frequency: z.enum(EARNING_FREQUENCIES, { error: `must be one of ${EARNING_FREQUENCIES.join(', ')}` }).nullable().optional(),
    /** Extension (decision R6): hours worked this period with earning_frequency HOUR; amount is then the rate per hour. */
    hours: z.union([z.number().finite(), decimalString]).transform((v) => (typeof v === 'number' ? numberToDecimalString(v) : v)).nullable().optional(),
    is_lumpsum: z.boolean({ error: 'must be true or false' }).default(false),
    sacrificed_amount: optionalAmount,
  })
  .strict();

export const benefitItem = z
  .object({
    wage_type_code: code,
    amount,
    make_good_amount: optionalAmount,
    foregone_amount: optionalAmount,
    cash_alternative_amount: optionalAmount,
  })
  .strict();

export const deductionItem = z
  .object({
    name: z.string().max(200).nullable().optional(),
    amount,
    wage_type_code: code,
    sacrificed_amount: optionalAmount,
  })
  .strict();

export const reimbursementItem = z.object({ wage_type_code: code, amount }).strict();

export const payDetails = z
  .object({
    earnings: z.array(earningItem).default([]),
    benefits: z.array(benefitItem).default([]),
    deductions: z.array(deductionItem).default([]),
    reimbursements: z.array(reimbursementItem).default([]),
  })
  .strict();

/** Employees one GB run pays at most (issue 19: runs stream in batches, so the cap is no longer memory; decision PS1). */
export const PAYROLL_GROUP_MAX = 250_000;

export const payrollGroupItem = z
  .object({
    employee_id: id,
    pay_details: payDetails.default({ earnings: [], benefits: [], deductions: [], reimbursements: [] }),
    /** NIable earnings already paid in the same earnings period (aggregated for NI). */
    nic_prior_period_niable_earnings: z.array(amount).default([]),
    /** Extension: an irregular payment after leaving (NI and loans as a weekly payment); default: every earning is a lump sum. */
    irregular_payment: z.boolean().nullable().optional(),
  })
  .strict();

export const gbPayrollRequest = z
  .object({
    payroll_group: z.array(payrollGroupItem, { error: 'is required: an array of employees to pay' }).min(1, { error: 'give at least one employee' }).max(PAYROLL_GROUP_MAX, { error: `at most ${PAYROLL_GROUP_MAX} employees per run` }).meta({ 'x-unique-property': 'employee_id', description: 'one item per employee: employee_id must not repeat' }),
    pay_group_id: id,
    pay_calendar_id: id,
    external_ref: z.string().max(200).nullable().optional(),
    /** Extension (decision R3): the run's period, by its pay date … (neither: the pay group's next unrun period) */
    pay_date: isoDate.optional(),
    /** … or by its number in a tax year ("2025-26"). */
    period_number: z.number().int().min(1).max(56).optional(),
    tax_year: z.string().regex(/^\d{4}-\d{2}$/, { error: 'must be a tax year such as 2025-26' }).optional(),
    /** Extension (decision R9): a supplementary run correcting an approved run of the same pay group and period. */
    corrects_run_id: id.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Map<string, number>();
    value.payroll_group.forEach((item, index) => {
      const first = seen.get(item.employee_id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['payroll_group', index, 'employee_id'], message: `repeats employee ${item.employee_id} (already at index ${first}); one item per employee`, params: { type: 'duplicate' } });
      else seen.set(item.employee_id, index);
    });
    // Neither pay_date nor period_number (the spec's own body): the service takes the pay group's next unrun period.
    if (value.tax_year !== undefined && value.period_number === undefined && value.pay_date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['period_number'], message: 'is required with tax_year (or leave both out to run the pay group\'s next unrun period)', params: { type: 'required' } });
    }
    if (value.pay_date !== undefined && value.period_number !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['period_number'], message: 'give pay_date or period_number, not both', params: { type: 'conflict' } });
    }
    if (value.period_number !== undefined && value.tax_year === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tax_year'], message: 'is required with period_number (e.g. 2025-26)', params: { type: 'required' } });
    }
  })
  .meta({ id: 'GbPayrollRequest' });

export const RUN_STATUSES = ['processing', 'draft', 'approved', 'paid', 'failed', 'discarded'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Endpoint 18 answer (spec "Payroll run result (GB)"). */
export const gbPayrollRunResult = z
  .object({
    task_id: z.string(),
    status: z.enum(['draft', 'processing', 'approved', 'paid']),
    payroll_status_id: z.string().describe('the run id: read, approve, pay or discard it with this'),
  })
  .meta({ id: 'GbPayrollRunResult' });

const moneyText = decimalString;

export const payslipResponse = z
  .object({
    id: z.string(),
    run_id: z.string(),
    employee_id: z.string(),
    tax_year: z.string(),
    period_number: z.number().int(),
    tax_period: z.number().int(),
    pay_date: z.string(),
    tax_code: z.string(),
    week1_month1: z.boolean(),
    ni_category: z.string(),
    gross_pay: moneyText,
    taxable_pay: moneyText,
    tax: moneyText,
    employee_ni: moneyText,
    employer_ni: moneyText,
    net_pay: moneyText,
    tax_basis: z.string(),
    ytd_this_employment: z.record(z.string(), z.string()),
    /** hours and rate (extension): only on pay for time worked, paid as hours × rate. */
    lines: z.array(z.object({ section: z.string(), wage_type_code: z.string().nullable(), name: z.string(), amount: moneyText, hours: z.string().optional(), rate: z.string().optional() })),
    p45: z.record(z.string(), z.unknown()).nullable(),
    warnings: z.array(z.string()),
    execution_history: z.array(z.object({ flow: z.string(), node: z.string() })).optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'GbPayslip' });

/**
 * What every country's run shows of its lifecycle after its own period fields (GB and German runs; the service
 * fills them with runs/read.ts lifecycleWire).
 */
export const runLifecycleFields = {
  period_start: z.string(),
  period_end: z.string(),
  pay_date: z.string(),
  status: z.enum(RUN_STATUSES),
  corrects_run_id: z.string().nullable(),
  external_ref: z.string().nullable(),
  task_id: z.string(),
  employee_count: z.number().int(),
  totals: z.record(z.string(), z.string()).nullable(),
  warnings: z.array(z.object({ employee_id: z.string().nullable(), message: z.string() })),
  failure_reason: z.string().nullable(),
  created_at: isoDateTime,
  created_by: z.string().nullable(),
  calculated_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_by: z.string().nullable(),
  discarded_at: z.string().nullable(),
  discarded_by: z.string().nullable(),
};

export const payrollRunResponse = z
  .object({
    id: z.string(),
    org_id: z.string(),
    pay_group_id: z.string(),
    pay_calendar_id: z.string(),
    frequency: z.string(),
    tax_year: z.string(),
    period_number: z.number().int(),
    tax_period: z.number().int(),
    ...runLifecycleFields,
    payslips: z.array(payslipResponse).optional(),
  })
  .meta({ id: 'GbPayrollRun' });

export const payrollRunPage = pageEnvelope(payrollRunResponse).meta({ id: 'GbPayrollRunPage' });

export type GbPayrollRequest = z.output<typeof gbPayrollRequest>;
export type GbPayrollRunResult = z.infer<typeof gbPayrollRunResult>;
export type PayrollRun = z.infer<typeof payrollRunResponse>;
export type Payslip = z.infer<typeof payslipResponse>;

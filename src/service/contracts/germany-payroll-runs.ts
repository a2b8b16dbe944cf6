/**
 * German payroll runs (issue 14): the stored monthly run of a German organization and its lifecycle extensions
 * under `/germany/organizations/{organization_id}/payrolls` (create a draft for a month, list, show with payslips,
 * approve, mark paid, discard; a correction is a new run naming the corrected one), and the payroll account
 * (Lohnkonto, § 41 EStG, § 4 LStDV) of one employee and year. The spec's stateless `POST /germany/payroll`
 * (germany-payroll.ts) is not changed by any of this.
 */
import { z } from 'zod';
import { id, isoDate } from './common.js';
import { decimalInput, germanPayslip } from './germany-payroll.js';
import { pageEnvelope } from './pagination.js';
import { runLifecycleFields } from './payroll-runs.js';

/** Employees in one German run (as endpoint 20 with payroll:write). */
export const DE_RUN_MAX_EMPLOYEES = 10_000;

const euros = (description: string) => decimalInput(description, { min: 0, places: 2 });
const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month in the form YYYY-MM' });

export const deRunEarning = z
  .object({
    earning_type: z.string({ error: 'is required: what the payment is, e.g. christmas_bonus, holiday_bonus, bonus, overtime' }).trim().min(1, { error: 'must not be empty' }).max(64),
    amount: euros('The amount paid this month, in euros.'),
    is_lumpsum: z.boolean({ error: 'must be true or false' }).default(false).describe('A one-off payment (sonstiger Bezug, § 39b Abs. 3 EStG; einmalig gezahltes Arbeitsentgelt, § 23a SGB IV): Weihnachtsgeld, Urlaubsgeld, a bonus. false: extra current pay of this month (e.g. overtime).'),
  })
  .strict()
  .describe('Pay beyond the stored standing pay, this month only.');

export const deRunBenefit = z
  .object({
    name: z.string().trim().min(1).max(120).default('benefit'),
    value: euros('Value of the benefit in kind this month.'),
    additional_payments: euros('Employee co-payments; reduce the taxable value.').nullish(),
    private_trip: euros('Value of private use; added to the taxable value.').nullish(),
  })
  .strict();

export const deRunNamedAmount = z
  .object({
    name: z.string({ error: 'is required' }).trim().min(1, { error: 'must not be empty' }).max(120),
    amount: euros('Amount, in euros.'),
  })
  .strict();

/** One employee's monthly inputs beyond the standing pay (the CLI's `--input items.json` holds a list of these). */
export const deRunItem = z
  .object({
    employee_id: id,
    earnings: z.array(deRunEarning).max(200).default([]),
    benefits: z.array(deRunBenefit).max(200).default([]),
    deductions: z.array(deRunNamedAmount).max(200).default([]).describe('Deducted from net pay (e.g. an advance).'),
    reimbursements: z.array(deRunNamedAmount).max(200).default([]).describe('Tax- and contribution-free, added to net pay.'),
    // Issue 18 (decision K9): this month's regular pay instead of the standing pay, as a clerk changes it for one month.
    regular_pay: euros('This month’s regular pay (laufendes Gehalt) instead of the standing pay; taken as it is (no pro rata).').nullish(),
    hours: decimalInput('Hours worked this month by an hourly employee: the regular pay is hours × hourly_rate (half up to the cent) instead of the standing hours_per_week × 13/3.', { gt: 0, max: 744, places: 2 }).nullish(),
    hourly_rate: euros('The rate per hour for `hours` (default: the employee’s stored hourly_rate).').nullish(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.regular_pay != null && value.hours != null) ctx.addIssue({ code: 'custom', path: ['hours'], message: 'give regular_pay or hours, not both', params: { type: 'conflict' } });
    if (value.hourly_rate != null && value.hours == null) ctx.addIssue({ code: 'custom', path: ['hourly_rate'], message: 'is only taken with hours', params: { type: 'required_with' } });
  })
  .meta({ id: 'GermanPayrollRunItem' });

export const germanPayrollRunRequest = z
  .object({
    period: monthText.describe('The month paid (YYYY-MM): every employee employed in it is paid, with their standing pay (pro rata in the month of entry or exit).'),
    pay_date: isoDate.optional().describe('Pay date within the month (default its last day).'),
    external_ref: z.string().max(200).nullable().optional(),
    corrects_run_id: id.nullable().optional().describe('A correction: the approved or paid run of the same month it corrects; its payslips replace that run’s for the months after and the payroll account.'),
    employee_ids: z.array(id).min(1).max(DE_RUN_MAX_EMPLOYEES).optional().describe('Corrections only: the employees whose month is corrected (default: those of the corrected run).'),
    items: z.array(deRunItem).max(DE_RUN_MAX_EMPLOYEES).default([]).meta({ 'x-unique-property': 'employee_id', description: 'Monthly inputs beyond the standing pay, one item per employee who has any (employee_id must not repeat).' }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Map<string, number>();
    value.items.forEach((item, index) => {
      const first = seen.get(item.employee_id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['items', index, 'employee_id'], message: `repeats employee ${item.employee_id} (already at items.${first}); one item per employee`, params: { type: 'duplicate' } });
      else seen.set(item.employee_id, index);
    });
    if (value.pay_date !== undefined && value.pay_date.slice(0, 7) !== value.period) {
      ctx.addIssue({ code: 'custom', path: ['pay_date'], message: `must be a day of ${value.period} (the month paid)`, params: { type: 'date_out_of_period' } });
    }
    if (value.employee_ids !== undefined && !value.corrects_run_id) {
      ctx.addIssue({ code: 'custom', path: ['employee_ids'], message: 'is for corrections only (with corrects_run_id); a month’s run pays everyone employed in it', params: { type: 'correction_only' } });
    }
  })
  .meta({ id: 'GermanPayrollRunRequest' });

/** A stored German payslip: endpoint 20's payslip, plus where it belongs and the payroll account's month figures. */
export const germanRunPayslip = germanPayslip
  .extend({
    id: z.string(),
    run_id: z.string(),
    month: z.string(),
    pay_date: z.string(),
    figures: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).describe('The month’s figures of the payroll account by the de-run vectors’ keys (`employee.taxes.income_tax`, `sv_days`, `one_off.*`, `ytd.*` …).'),
  })
  .meta({ id: 'GermanRunPayslip' });

export const germanPayrollRun = z
  .object({
    id: z.string(),
    org_id: z.string(),
    month: z.string(),
    tax_year: z.string(),
    period_number: z.number().int(),
    ...runLifecycleFields,
    payslips: z.array(germanRunPayslip).optional(),
  })
  .meta({ id: 'GermanPayrollRun' });

export const germanPayrollRunPage = pageEnvelope(germanPayrollRun).meta({ id: 'GermanPayrollRunPage' });

export const germanPayrollRunResult = z
  .object({
    task_id: z.string(),
    status: z.enum(['draft']),
    payroll_status_id: z.string().describe('the run id: read, approve, pay or discard it with this'),
  })
  .meta({ id: 'GermanPayrollRunResult' });

/** The payroll account's columns: each a month figure key, and whether it is summed into the running totals. */
import { PAYROLL_ACCOUNT_FIELDS } from './choices.js';

export { PAYROLL_ACCOUNT_FIELDS };

const accountFigures = z.record(z.string(), z.union([z.string(), z.number()]));

export const payrollAccountMonth = z.object({
  month: z.string(),
  run_id: z.string(),
  payslip_id: z.string(),
  status: z.enum(['approved', 'paid']),
  corrects_run_id: z.string().nullable().describe('Set when this month’s figures come from a correction run (it replaces the corrected run’s month).'),
  pay_date: z.string(),
  figures: accountFigures.describe('The month’s figures (PAYROLL_ACCOUNT_FIELDS; KV/PV base "0.00" when privately insured).'),
  totals: accountFigures.describe('Running totals of the year up to and including this month.'),
});

export const payrollAccount = z
  .object({
    organization_id: z.string(),
    employee_id: z.string(),
    year: z.number().int(),
    fields: z.array(z.string()).describe('The figure keys, in the order of the account’s columns.'),
    months: z.array(payrollAccountMonth).describe('Every approved or paid month of the year, oldest first (a corrected month shows its correction).'),
    totals: accountFigures.describe('The year’s totals so far.'),
  })
  .meta({ id: 'GermanPayrollAccount' });

export const payrollAccountQuery = z.object({ year: z.string().regex(/^\d{4}$/, { error: 'must be a calendar year such as 2026' }) }).meta({ id: 'GermanPayrollAccountQuery' });

export type GermanPayrollRunRequest = z.output<typeof germanPayrollRunRequest>;
export type GermanPayrollRunItem = z.output<typeof deRunItem>;
export type GermanPayrollRun = z.infer<typeof germanPayrollRun>;
export type GermanRunPayslip = z.infer<typeof germanRunPayslip>;
export type GermanPayrollRunResult = z.infer<typeof germanPayrollRunResult>;
export type PayrollAccount = z.infer<typeof payrollAccount>;
export type PayrollAccountMonth = z.infer<typeof payrollAccountMonth>;

export { monthText };

import { z } from 'zod';
import { GB_TAX_YEARS } from '../../domain/gb/editions.js';
import { STATUTORY_PAYMENT_TYPES } from '../../domain/gb/statutory/employer-liabilities.js';
import { decimalString } from './common.js';

/**
 * What a British employer owes HMRC per tax month (issue 16 point 2; the P32 view): from the approved and paid runs
 * of the tax year and the organization's `gb` settings. Extension endpoint
 * `GET /gb/organizations/{organization_id}/liabilities?tax_year=2026-27[&month=N]`.
 */
export const liabilitiesQuery = z
  .object({
    tax_year: z.enum(GB_TAX_YEARS as unknown as [string, ...string[]], { error: `must be a tax year this build calculates (${GB_TAX_YEARS.join(', ')})` }),
    month: z.coerce.number({ error: 'must be a tax month 1 to 12' }).int({ error: 'must be a tax month 1 to 12' }).min(1, { error: 'must be a tax month 1 to 12' }).max(12, { error: 'must be a tax month 1 to 12' }).optional(),
  })
  .strict()
  .meta({ id: 'GbLiabilitiesQuery' });

const money = decimalString;
const perPayment = z.object(Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, money]))).meta({ id: 'GbStatutoryAmounts' });

export const liabilityMonth = z
  .object({
    month: z.number().int().describe('tax month: 1 is 6 April – 5 May'),
    period_start: z.string(),
    period_end: z.string(),
    /** Electronic payment reaches HMRC by the 22nd after the tax month (Income Tax (PAYE) Regulations 2003 regs 69, 199). */
    payment_due_date: z.string(),
    payslips: z.number().int(),
    paye: money,
    student_loans: money,
    postgraduate_loans: money,
    employee_ni: money,
    employer_ni: money,
    employment_allowance_used: money,
    employment_allowance_used_ytd: money,
    statutory_paid: perPayment,
    statutory_recovered: perPayment,
    nic_compensation: perPayment,
    statutory_recovered_total: money,
    nic_compensation_total: money,
    pay_bill: money,
    pay_bill_ytd: money,
    levy_due_ytd: money,
    levy_due: money,
    amount_due: money.describe('PAYE + loans + employee and employer NICs − Employment Allowance − recovered statutory payments − NIC compensation + levy; negative: a credit'),
    amount_due_ytd: money,
  })
  .meta({ id: 'GbLiabilityMonth' });

export const liabilitiesResponse = z
  .object({
    organization_id: z.string(),
    tax_year: z.string(),
    settings: z.object({
      employment_allowance_claimed: z.boolean(),
      employment_allowance_from_month: z.number().int(),
      small_employers_relief: z.boolean(),
      levy_allowance: money.describe('the annual apprenticeship levy allowance used: the year’s, or a connected employer’s share'),
    }),
    /** The month asked for, or every month from 1 to the last with a payment (at least month 1). */
    months: z.array(liabilityMonth),
  })
  .meta({ id: 'GbLiabilities' });

export type LiabilitiesResponse = z.infer<typeof liabilitiesResponse>;
export type LiabilityMonthWire = z.infer<typeof liabilityMonth>;

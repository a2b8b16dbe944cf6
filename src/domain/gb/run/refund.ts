/**
 * Refund after an opt-out inside the one-month window (Automatic Enrolment Regulations 2010 reg 11; TPR detailed
 * guidance 7): every contribution taken is returned, the employee's part through the next payroll, the employer's
 * own part back to the employer. Each contribution is refunded the way it was taken:
 * - net pay: it was deducted before tax, so the refund is taxable pay (not NIable: NI was paid on it);
 * - relief at source: what came off net pay is returned; no tax effect (the scheme repays the relief to HMRC);
 * - salary sacrifice: the pay given up is restored as pay, taxable and NIable; the employer keeps its own part.
 */
import { Decimal } from '../../money.js';
import type { RefundInput } from './payslip.js';

export interface TakenContribution {
  method: string;
  employeeDeduction: string;
  salarySacrifice: string;
  employer: string;
}

const ZERO = new Decimal(0);

/** The refund of these contributions, or null when nothing was taken. */
export function refundOf(taken: readonly TakenContribution[]): RefundInput | null {
  let netPay = ZERO;
  let reliefAtSource = ZERO;
  let salarySacrifice = ZERO;
  let employer = ZERO;
  for (const c of taken) {
    const deduction = new Decimal(c.employeeDeduction);
    const sacrifice = new Decimal(c.salarySacrifice);
    if (c.method === 'net_pay') netPay = netPay.plus(deduction);
    else if (c.method === 'relief_at_source') reliefAtSource = reliefAtSource.plus(deduction);
    salarySacrifice = salarySacrifice.plus(sacrifice);
    // Under salary sacrifice the employer figure includes the sacrificed pay, which goes back to the employee.
    employer = employer.plus(new Decimal(c.employer)).minus(sacrifice);
  }
  if (netPay.isZero() && reliefAtSource.isZero() && salarySacrifice.isZero() && employer.isZero()) return null;
  return { netPay, reliefAtSource, salarySacrifice, employer };
}

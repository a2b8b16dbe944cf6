/**
 * A GB payslip between the store and the wire: what is stored of it and how it is shown.
 */
import { Decimal } from '../../../domain/money.js';
import type { GbPayslipTable } from '../../../store/schema.js';
import type { Payslip } from '../../contracts/payroll-runs.js';

/** The NIable pay of a stored payslip (a supplementary run of the same period aggregates with it). */
export function niablePayOf(row: Pick<GbPayslipTable, 'detail_json'>): Decimal {
  return new Decimal((JSON.parse(row.detail_json) as { niable_pay: string }).niable_pay);
}

export function payslipWire(row: Pick<GbPayslipTable, 'id' | 'run_id' | 'detail_json'>): Payslip {
  return { id: row.id, run_id: row.run_id, ...(JSON.parse(row.detail_json) as object) } as Payslip;
}

/**
 * Step 4 of a run: ONE transaction writes every payslip and turns the run into a `draft` holding its slot (the pay
 * group's period, the German organization's month; slot_key, unique). Of two attempts for the same slot the unique
 * key lets exactly one commit.
 */
import { conflict } from '../../domain/errors.js';
import type { PayrollRunRow } from '../../store/schema.js';
import { insertPayslips, moveRun, runStatus } from '../../store/repositories/payroll-runs.js';
import { inTransaction, nowIso, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import type { CalculatedPayslip, Jurisdiction, Prepared, RunItem } from './jurisdiction.js';
import type { Calculated } from './calculate.js';

export async function commit<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip>(
  ctx: ServiceContext,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  prepared: Prepared<Request, Item, Pay>,
  run: PayrollRunRow,
  result: Calculated<Inputs, Slip>,
): Promise<void> {
  const now = nowIso(ctx);
  const t = jurisdiction.tables;
  const warnings: { employee_id: string | null; message: string }[] = [];
  const newId = () => ctx.ids.next();
  const rows = result.calculations.map((calculation, i) => {
    for (const message of calculation.payslip.warnings) warnings.push({ employee_id: calculation.payslip.employeeId, message });
    return jurisdiction.payslipRow({ id: result.ids[i] as string, run, calculation, inputs: result.inputs, newId, now });
  });
  const totals = jurisdiction.totals(result.calculations.map((c) => c.payslip));
  await inTransaction(ctx, async (trx) => {
    const current = await runStatus(trx, t, run.id);
    if (current !== 'processing') throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${current ?? 'missing'} while it was being calculated; run the period again`);
    await insertPayslips(trx, t, rows);
    // The check above is only an early exit: another attempt for this period may take the run for abandoned and
    // mark it failed while the payslips are written (finding F4). The status condition makes the update and the
    // check one statement; when it changes nothing, throwing rolls the payslips back with it, so a run reported
    // failed ("nothing of it was saved") never comes back as a draft holding the period.
    const done = await moveRun(trx, t, run.id, 'processing', { status: 'draft', slot_key: prepared.slot, totals_json: JSON.stringify(totals), warnings_json: JSON.stringify(warnings), calculated_at: now, updated_at: now });
    if (!done) {
      const marked = await runStatus(trx, t, run.id);
      throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${marked ?? 'missing'} while its payslips were being written (another attempt took it for abandoned); none of its payslips were saved; run the period again`, { run_id: run.id, status: marked });
    }
    // One row per run, not per payslip (decision AU4): the run becomes a draft here, with its counts.
    await audit(ctx, trx, { orgId: run.org_id, resourceType: 'payroll_run', resourceId: run.id, action: run.corrects_run_id ? 'correct' : 'create', detail: { country: t.runs === 'de_payroll_runs' ? 'DE' : 'GB', tax_year: run.tax_year, period_number: run.period_number, payslips: rows.length, warnings: warnings.length, corrects_run_id: run.corrects_run_id } });
  });
}

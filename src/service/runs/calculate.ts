/**
 * Step 3 of a run: every payslip in memory, through the country's calculation. Nothing is written; a payslip the
 * statute cannot compute is a validation error located at its item of the request.
 */
import { isDomainError, validationError } from '../../domain/errors.js';
import type { EmployeeTable } from '../../store/schema.js';
import { type ServiceContext } from '../context.js';
import type { CalculatedPayslip, Jurisdiction, PayslipCalculation, Prepared, RunItem, RunScope } from './jurisdiction.js';

export interface Calculated<Inputs, Slip extends CalculatedPayslip> {
  inputs: Inputs;
  ids: string[];
  calculations: PayslipCalculation<Slip>[];
}

export interface CalculateOptions {
  includeExecutionHistory?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export function scopeOf(orgId: string, prepared: Prepared<unknown, RunItem, unknown>): RunScope {
  return { orgId, period: prepared.period, correction: prepared.correction };
}

export async function calculate<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip>(
  ctx: ServiceContext,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  orgId: string,
  prepared: Prepared<Request, Item, Pay>,
  options: CalculateOptions,
): Promise<Calculated<Inputs, Slip>> {
  const scope = scopeOf(orgId, prepared);
  const inputs = await jurisdiction.loadInputs(ctx.store.db, scope, prepared);
  const calculations: PayslipCalculation<Slip>[] = [];
  const ids: string[] = [];
  const total = prepared.items.length;
  for (let index = 0; index < total; index += 1) {
    const item = prepared.items[index] as Item;
    const payslipId = ctx.ids.next();
    try {
      calculations.push(
        jurisdiction.calculate({
          payslipId,
          scope,
          item,
          employee: prepared.employees.get(item.employee_id) as EmployeeTable,
          pay: prepared.pay[index] as Pay,
          inputs,
          trace: options.includeExecutionHistory === true,
        }),
      );
    } catch (error) {
      // A country whose calculation locates its own issues (locOf gives no prefix) throws them as they are.
      if (isDomainError(error) && error.kind === 'validation' && prepared.locOf(index).length > 0) {
        throw validationError(
          error.issues.map((issue) => ({ ...issue, loc: [...prepared.locOf(index), ...issue.loc] })),
          jurisdiction.uncomputableCode,
        );
      }
      throw error;
    }
    ids.push(payslipId);
    if (options.onProgress && (index % 250 === 249 || index === total - 1)) {
      options.onProgress(index + 1, total);
      // Yield so a progress bar (and a kill signal) is served during a long calculation.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { inputs, ids, calculations };
}

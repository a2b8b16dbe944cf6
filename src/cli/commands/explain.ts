import type { Command } from 'commander';
import type { PayrollService, PayslipExplanation } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireValue } from '../prompt.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll explain RUN_ID --employee ID [--figure F]` (issue 18 point 7): why a figure of a stored payslip is what it
 * is, step by step from the engine's trace stored with the payslip (never a second calculation): for GB the tax
 * code, taxable pay to date, free pay, the band and rate, tax due less tax paid, the overriding limit; NI thresholds
 * and rates; loan thresholds; pension qualifying earnings. For Germany the PAP's variables by their BMF names (ZRE4J,
 * ZVE, X, ST, LSTLZZ, SOLZLZZ, BK …) and the SV bases, ceilings (BBG) and rates. Works locally and remotely.
 */

export const EXPLANATION_COLUMNS: Column[] = [
  { header: 'step', value: 'step' },
  { header: 'name', value: 'name' },
  { header: 'value', value: (s) => s.value ?? '' },
  { header: 'meaning', value: 'meaning' },
  { header: 'rule', value: 'rule' },
];

async function countryOf(service: PayrollService, orgId: string): Promise<string> {
  return (await service.getOrganization(orgId)).country;
}

export function registerExplainCommand(program: Command): void {
  program
    .command('explain')
    .description('why a payslip figure is what it is: the calculation step by step with the figures used and the rule each step applies, from the stored run')
    .argument('<run-id>', 'run id (payroll_status_id)')
    .option('--org <id>', 'organization id')
    .option('--employee <id>', 'employee id or payroll number')
    .option('--figure <name>', 'GB: tax (default), ni, student_loan, postgraduate_loan, pension; Germany: wage_tax (default), soli, church_tax, kv, pv, rv, av, levies')
    .action(
      withRuntime(async (runtime, runId: string, options: { org?: string; employee?: string; figure?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const employee = await requireValue(runtime, options.employee, '--employee', 'Employee id or payroll number');
        const service = await runtime.service();
        const query = options.figure === undefined ? {} : { figure: options.figure };
        const explanation: PayslipExplanation =
          (await countryOf(service, org)) === 'DE' ? await service.explainGermanPayslip(org, runId, employee, query) : await service.explainPayslip(org, runId, employee, query);
        if (runtime.format !== 'table' && runtime.format !== 'csv') {
          runtime.print(explanation);
          return;
        }
        if (runtime.format === 'table') {
          const who = explanation.payroll_number ? `${explanation.payroll_number} (${explanation.employee_id})` : explanation.employee_id;
          runtime.info(`${explanation.figure} of employee ${who} in run ${explanation.run_id}: ${explanation.payslip_value} on the payslip`);
        }
        if (!explanation.explained) {
          runtime.info(explanation.message ?? 'no explanation stored for this payslip');
          return;
        }
        runtime.print(explanation.steps as unknown as Record<string, unknown>[], EXPLANATION_COLUMNS);
      }),
    );
}

import type { Command } from 'commander';
import { ENTRY_ROUTES, type Page, PENSION_CODE_FOR, PROVIDERS, TAX_TREATMENTS, type TaxTreatment, WORKER_CATEGORIES } from '../../service/ports.js';
import { addListOptions, bodyFrom, listQuery, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireValue } from '../prompt.js';
import type { Runtime } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/** `payroll pension scheme create|list|show|history|version|set-default`, `payroll pension enrol|opt-out|status` (endpoints 15–17). */

const SCHEME_COLUMNS: Column[] = [
  { header: 'scheme id', value: 'scheme_id' },
  { header: 'version', value: 'version' },
  { header: 'name', value: 'scheme_name' },
  { header: 'default', value: 'is_default' },
  { header: 'tax treatment', value: 'tax_treatment' },
  { header: 'earnings', value: 'pensionable_earnings_definition' },
  { header: 'employee', value: 'employee_rate' },
  { header: 'employer', value: 'employer_rate' },
  { header: 'valid from', value: 'valid_from' },
  { header: 'valid to', value: 'valid_to' },
];

const MEMBERSHIP_COLUMNS: Column[] = [
  { header: 'version', value: 'version' },
  { header: 'status', value: 'status' },
  { header: 'valid from', value: 'valid_from' },
  { header: 'valid to', value: 'valid_to' },
  { header: 'route', value: 'entry_route' },
  { header: 'category', value: 'worker_category' },
  { header: 'scheme', value: 'scheme_id' },
  { header: 'refund due', value: 'refund_due' },
  { header: 'by', value: 'created_by' },
];

async function pages<T>(runtime: Runtime, options: Record<string, unknown>, fetch: (query: Record<string, unknown>) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let page = options.page === undefined ? 1 : Number(options.page);
  for (;;) {
    const result = await fetch({ ...listQuery(options), page });
    items.push(...result.items);
    if (!options.all || !result.meta.has_next) {
      if (!options.all && result.meta.has_next) runtime.info(`page ${result.meta.page} of ${result.meta.pages}; next: --page ${result.meta.page + 1}, or --all`);
      return items;
    }
    page += 1;
  }
}

function schemeOptions(command: Command): Command {
  return command
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--input <file>', 'request body as JSON (the spec’s pension scheme request, e.g. fixtures/examples/pension-scheme.json); - for stdin')
    .option('--valid-from <date>', 'date from which this configuration is effective')
    .option('--name <name>', 'scheme name')
    .option('--provider <provider>', PROVIDERS.join(' or '))
    .option('--tax-treatment <treatment>', TAX_TREATMENTS.join(', '))
    .option('--earnings <definition>', 'QUALIFYING_EARNINGS or PENSIONABLE_PAY')
    .option('--employee-rate <rate>', 'employee rate as a fraction, 0.05 to 1 (e.g. 0.05)')
    .option('--employer-rate <rate>', 'employer rate as a fraction, 0.03 to 1 (e.g. 0.03)')
    .option('--wage-type <code>', 'deduction line: UK-P-001 net pay, UK-P-002 relief at source, UK-P-003 salary sacrifice (default: the one for the tax treatment)')
    .option('--employee-cap <amount>', 'most the employee pays per period')
    .option('--employer-cap <amount>', 'most the employer pays per period')
    .option('--postponement <months>', 'postponement of automatic enrolment, 0 to 3 months')
    .option('--entitled-workers-employer-contributes', 'the employer also contributes for entitled workers')
    .option('--re-enrolment-date <date>', 'cyclical re-enrolment date (the window is 3 months either side)');
}

async function schemeBody(runtime: Runtime, options: Record<string, string | boolean | undefined>): Promise<Record<string, unknown>> {
  const body = bodyFrom(options as { input?: string }, {
    valid_from: options.validFrom,
    scheme_name: options.name,
    provider: options.provider,
    tax_treatment: options.taxTreatment,
    pensionable_earnings_definition: options.earnings,
    employee_rate: options.employeeRate,
    employer_rate: options.employerRate,
    wage_type_code: options.wageType,
    employee_cap: options.employeeCap,
    employer_cap: options.employerCap,
    postponement_period_months: options.postponement === undefined ? undefined : Number(options.postponement),
    entitled_worker_employer_contributes: options.entitledWorkersEmployerContributes ? true : undefined,
    re_enrolment_date: options.reEnrolmentDate,
  });
  body.valid_from = await requireValue(runtime, body.valid_from, '--valid-from', 'Effective from (YYYY-MM-DD)', { check: (c) => c.date });
  body.scheme_name = await requireValue(runtime, body.scheme_name, '--name', 'Scheme name');
  body.provider = await requireValue(runtime, body.provider, '--provider', 'Provider', { choices: PROVIDERS });
  body.tax_treatment = await requireValue(runtime, body.tax_treatment, '--tax-treatment', 'Tax treatment', { choices: TAX_TREATMENTS });
  body.pensionable_earnings_definition = await requireValue(runtime, body.pensionable_earnings_definition, '--earnings', 'Pensionable earnings', { choices: ['QUALIFYING_EARNINGS', 'PENSIONABLE_PAY'] });
  body.employee_rate = await requireValue(runtime, body.employee_rate, '--employee-rate', 'Employee rate (0.05–1)');
  body.employer_rate = await requireValue(runtime, body.employer_rate, '--employer-rate', 'Employer rate (0.03–1)');
  if (body.wage_type_code === undefined) body.wage_type_code = PENSION_CODE_FOR[body.tax_treatment as TaxTreatment] ?? body.wage_type_code;
  return body;
}

export function registerPensionCommands(program: Command): void {
  const pension = program.command('pension').alias('pensions').description('GB workplace pensions: schemes, enrolment, opt-out');
  const scheme = pension.command('scheme').alias('schemes').description('pension schemes (versioned; one default per organization)');

  schemeOptions(scheme.command('create').description('create a pension scheme (the organization’s first one becomes its default)')).action(
    withRuntime(async (runtime, options: Record<string, string | boolean | undefined>) => {
      const org = await orgIdFrom(runtime, options);
      const body = await schemeBody(runtime, options);
      const service = await runtime.service();
      const created = await service.createPensionScheme(org, body);
      runtime.wrote();
      runtime.print(created);
    }),
  );

  schemeOptions(scheme.command('version').description('a new configuration of a scheme from a later --valid-from (closes the current version)').argument('<scheme-id>', 'scheme id')).action(
    withRuntime(async (runtime, schemeId: string, options: Record<string, string | boolean | undefined>) => {
      const org = await orgIdFrom(runtime, options);
      const body = await schemeBody(runtime, options);
      const service = await runtime.service();
      const created = await service.createPensionSchemeVersion(org, schemeId, body);
      runtime.wrote();
      runtime.print(created);
    }),
  );

  addListOptions(scheme.command('list').description('list the schemes, current version each').option('--org <id>', 'organization id')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const org = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      runtime.print(await pages(runtime, options, (query) => service.listPensionSchemes(org, query)), SCHEME_COLUMNS);
    }),
  );

  scheme
    .command('show')
    .description('a scheme’s current version (or the one in force on --valid-on)')
    .argument('<scheme-id>', 'scheme id')
    .option('--org <id>', 'organization id')
    .option('--valid-on <date>', 'the version in force on this date')
    .action(
      withRuntime(async (runtime, schemeId: string, options: { org?: string; validOn?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getPensionScheme(org, schemeId, options.validOn ? { valid_on: options.validOn } : {}));
      }),
    );

  scheme
    .command('history')
    .description('every version of a scheme, oldest first')
    .argument('<scheme-id>', 'scheme id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, schemeId: string, options: { org?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getPensionSchemeHistory(org, schemeId), SCHEME_COLUMNS);
      }),
    );

  scheme
    .command('set-default')
    .description('make the scheme the organization’s default (new eligible jobholders are enrolled into it)')
    .argument('<scheme-id>', 'scheme id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, schemeId: string, options: { org?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        const result = await service.setDefaultPensionScheme(org, schemeId);
        runtime.wrote();
        runtime.print(result);
      }),
    );

  pension
    .command('enrol')
    .description('enrol an employee (automatic enrolment, opt-in or joining)')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'request body as JSON (the spec’s enrolment request, e.g. fixtures/examples/pension-enrol.json); - for stdin')
    .option('--date <date>', 'enrolment date: the day the membership becomes active')
    .option('--route <route>', ENTRY_ROUTES.join(', '))
    .option('--category <category>', WORKER_CATEGORIES.join(', '))
    .option('--communication-date <date>', 'date the enrolment letter was given (starts the one-month opt-out window)')
    .option('--scheme <scheme-id>', 'scheme (default: the organization’s default scheme when calculating)')
    .option('--employee-rate <rate>', 'override, 0 to 1')
    .option('--employer-rate <rate>', 'override, 0 to 1')
    .option('--employee-cap <amount>', 'override, 0 or more')
    .option('--employer-cap <amount>', 'override, 0 or more')
    .option('--tax-treatment <treatment>', `override: ${TAX_TREATMENTS.join(', ')} (needs --wage-type)`)
    .option('--wage-type <code>', 'override of the deduction line’s wage type')
    .action(
      withRuntime(async (runtime, employeeId: string, options: Record<string, string | undefined>) => {
        const org = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, {
          enrolment_date: options.date,
          entry_route: options.route,
          worker_category: options.category,
          enrolment_communication_date: options.communicationDate,
          scheme_id: options.scheme,
          employee_rate: options.employeeRate,
          employer_rate: options.employerRate,
          employee_cap: options.employeeCap,
          employer_cap: options.employerCap,
          tax_treatment: options.taxTreatment,
          wage_type_code: options.wageType,
        });
        body.enrolment_date = await requireValue(runtime, body.enrolment_date, '--date', 'Enrolment date (YYYY-MM-DD)');
        body.entry_route = await requireValue(runtime, body.entry_route, '--route', 'Entry route', { choices: ENTRY_ROUTES });
        body.worker_category = await requireValue(runtime, body.worker_category, '--category', 'Worker category', { choices: WORKER_CATEGORIES });
        const service = await runtime.service();
        const membership = await service.enrolEmployee(org, employeeId, body);
        runtime.wrote();
        runtime.print(membership);
      }),
    );

  pension
    .command('opt-out')
    .description('opt an active member out (inside the one-month window every contribution is refunded by the next run)')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .option('--date <date>', 'date the opt-out takes effect')
    .action(
      withRuntime(async (runtime, employeeId: string, options: { org?: string; date?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const date = await requireValue(runtime, options.date, '--date', 'Opt-out date (YYYY-MM-DD)');
        const service = await runtime.service();
        const membership = await service.optOutEmployee(org, employeeId, { opt_out_date: date });
        runtime.wrote();
        runtime.print(membership);
        if (membership.refund_due) runtime.info('inside the opt-out window: the next payroll run refunds every contribution taken');
      }),
    );

  pension
    .command('letter')
    .description('record the date the enrolment information was given (starts the one-month opt-out window)')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .option('--date <date>', 'date the enrolment information was given')
    .action(
      withRuntime(async (runtime, employeeId: string, options: { org?: string; date?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const date = await requireValue(runtime, options.date, '--date', 'Date the enrolment information was given (YYYY-MM-DD)');
        const service = await runtime.service();
        const membership = await service.recordEnrolmentCommunication(org, employeeId, { enrolment_communication_date: date });
        runtime.wrote();
        runtime.print(membership);
      }),
    );

  pension
    .command('status')
    .description('an employee’s pension status and membership history')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, employeeId: string, options: { org?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        const status = await service.getPensionStatus(org, employeeId);
        if (runtime.format === 'table') {
          runtime.info(`status: ${status.status}${status.opt_out_window_end ? `; opt-out window ends ${status.opt_out_window_end}` : ''}`);
          runtime.print(status.history, MEMBERSHIP_COLUMNS);
        } else runtime.print(status);
      }),
    );

}

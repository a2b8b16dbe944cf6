import type { Command } from 'commander';
import { type Employee, STATE_OFFICIAL_NAMES } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import { collectPageItems, listFlag, orgIdFrom } from '../org-scope.js';
import type { Column } from '../output/format.js';
import { confirmStep, optionalValue, requireField, requireValue } from '../prompt.js';
import { type Runtime, usageError } from '../runtime.js';

function integerFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw usageError(`${flag} must be a whole number (got "${value}")`);
  return Number(value);
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

// ---- employees ----

export const EMPLOYEE_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'payroll no.', value: 'payroll_number' },
  { header: 'name', value: (e) => `${String(e.first_name)} ${String(e.last_name)}` },
  { header: 'status', value: 'status' },
  { header: 'started', value: 'start_date' },
  { header: 'left', value: 'leave_date' },
  { header: 'tax', value: (e) => ((e.gb as Record<string, unknown> | null)?.tax_code ?? ((e.gb as Record<string, unknown> | null)?.starter_declaration ? `starter ${String((e.gb as Record<string, unknown>).starter_declaration)}` : (e.de as Record<string, unknown> | null) ? `class ${String((e.de as Record<string, unknown>).tax_class)}` : '')) },
  { header: 'pay group', value: 'pay_group_id' },
];

interface StatutoryFlags {
  niNumber?: string;
  taxCode?: string;
  starterDeclaration?: string;
  niCategory?: string;
  studentLoans?: string;
  postgraduateLoan?: boolean;
  taxId?: string;
  taxClass?: string;
  factor?: string;
  federalState?: string;
  healthInsurer?: string;
  church?: boolean;
  svNumber?: string;
  children?: string;
  careChildren?: string;
  parent?: boolean;
  zusatzbeitrag?: string;
  miniJob?: boolean;
  midiJob?: boolean;
  u1Rate?: string;
  u2Rate?: string;
  previousEmploymentPay?: string;
  previousEmploymentMonths?: string;
}

function gbFlags(o: StatutoryFlags): Record<string, unknown> {
  return withoutUndefined({ ni_number: o.niNumber, tax_code: o.taxCode, ni_category: o.niCategory?.toUpperCase(), student_loan_plans: listFlag(o.studentLoans), postgraduate_loan: o.postgraduateLoan, starter_declaration: o.starterDeclaration?.toUpperCase() });
}

function deFlags(o: StatutoryFlags): Record<string, unknown> {
  const careChildren = integerFlag('--care-children', o.careChildren);
  return withoutUndefined({
    tax_id: o.taxId,
    tax_class: integerFlag('--tax-class', o.taxClass),
    factor: o.factor,
    federal_state: o.federalState,
    health_insurer_agency_code: o.healthInsurer,
    is_church_member: o.church,
    social_insurance_number: o.svNumber,
    child_allowances: o.children,
    care_insurance_children: careChildren,
    is_parent: o.parent ?? (careChildren !== undefined && careChildren > 0 ? true : undefined),
    health_insurance_additional_rate: o.zusatzbeitrag,
    is_mini_job: o.miniJob,
    is_midi_job: o.midiJob,
    u1_rate: o.u1Rate,
    u2_rate: o.u2Rate,
    previous_employment_pay: o.previousEmploymentPay === undefined ? undefined : o.previousEmploymentPay.toLowerCase() === 'unknown' ? null : o.previousEmploymentPay,
    previous_employment_months: integerFlag('--previous-employment-months', o.previousEmploymentMonths),
  });
}

const FLAG_OF: Record<string, string> = {
  ni_number: '--ni-number', tax_code: '--tax-code', ni_category: '--ni-category', student_loan_plans: '--student-loans', postgraduate_loan: '--postgraduate-loan',
  starter_declaration: '--starter-declaration',
  tax_id: '--tax-id', tax_class: '--tax-class', factor: '--factor', federal_state: '--federal-state', health_insurer_agency_code: '--health-insurer', is_church_member: '--church',
  social_insurance_number: '--sv-number', child_allowances: '--children', care_insurance_children: '--care-children', is_parent: '--parent',
  health_insurance_additional_rate: '--zusatzbeitrag', is_mini_job: '--mini-job', is_midi_job: '--midi-job', u1_rate: '--u1-rate', u2_rate: '--u2-rate',
  previous_employment_pay: '--previous-employment-pay', previous_employment_months: '--previous-employment-months',
};

function addStatutoryOptions(command: Command): Command {
  return command
    .option('--ni-number <nino>', 'GB: National Insurance number, e.g. AB123456C')
    .option('--tax-code <code>', 'GB: HMRC tax code, e.g. 1257L, S1257L, K475, BR, 1257L W1')
    .option('--starter-declaration <A|B|C>', 'GB: starter checklist statement of a starter without a P45; without --tax-code it decides the code (A emergency code, B emergency code week 1/month 1, C BR week 1/month 1)')
    .option('--ni-category <letter>', 'GB: NI category letter (A, B, C, H, J, M, Z, ...)')
    .option('--student-loans <plans>', 'GB: student loan plans, comma separated (1, 2, 4, 5)')
    .option('--postgraduate-loan', 'GB: repays a postgraduate loan')
    .option('--tax-id <id>', 'DE: steuerliche Identifikationsnummer (11 digits)')
    .option('--tax-class <1-6>', 'DE: Steuerklasse')
    .option('--factor <0.xxx>', 'DE: Faktor (tax class 4 only)')
    .option('--federal-state <name>', 'DE: Bundesland of the worksite, e.g. Berlin, Bayern')
    .option('--health-insurer <betriebsnummer>', 'DE: Betriebsnummer of the health insurer (8 digits)')
    .option('--church', 'DE: member of a church that levies church tax')
    .option('--sv-number <number>', 'DE: Sozialversicherungsnummer (Rentenversicherungsnummer, e.g. 65170839J003)')
    .option('--children <n>', 'DE: Kinderfreibeträge on the tax card (0, 0.5, 1, 1.5, ...)')
    .option('--care-children <n>', 'DE: children under 25 for care insurance (implies --parent)')
    .option('--parent', 'DE: has children (no childless surcharge in care insurance)')
    .option('--zusatzbeitrag <percent>', 'DE: the health insurer’s Zusatzbeitrag in percent, overriding the insurer table, e.g. 2.9')
    .option('--mini-job', 'DE: a minijob (Minijob-Zentrale, flat rates)')
    .option('--midi-job', 'DE: a midijob (Übergangsbereich)')
    .option('--u1-rate <percent>', 'DE: U1 levy rate of the insurer at the employer’s refund option, e.g. 2.4')
    .option('--u2-rate <percent>', 'DE: U2 levy rate of the insurer, e.g. 0.44')
    .option('--previous-employment-pay <amount|unknown>', 'DE: pay from earlier employers this year; "unknown" when not presented (§ 39b Abs. 3 EStG)')
    .option('--previous-employment-months <n>', 'DE: months with earlier employers this year (used when their pay is unknown)');
}

/** Standing pay flags: a salary, or an hourly rate with the usual weekly hours. */
function addPayOptions(command: Command): Command {
  return command
    .option('--salary <annual>', 'standing pay: annual salary, e.g. 54000.00')
    .option('--hourly-rate <rate>', 'standing pay: hourly rate, e.g. 13.90 (with --hours-per-week)')
    .option('--hours-per-week <hours>', 'standing pay: usual weekly hours of hourly pay, e.g. 25');
}

interface PayFlags {
  salary?: string;
  hourlyRate?: string;
  hoursPerWeek?: string;
}

/** The `pay` block from the pay flags (currency by the organization's country), or undefined when none is given. */
function payFlags(o: PayFlags, country: string): Record<string, unknown> | undefined {
  if (o.salary === undefined && o.hourlyRate === undefined && o.hoursPerWeek === undefined) return undefined;
  if (o.salary !== undefined && (o.hourlyRate !== undefined || o.hoursPerWeek !== undefined)) throw usageError('give --salary, or --hourly-rate with --hours-per-week, not both');
  const currency = country === 'DE' ? 'EUR' : 'GBP';
  if (o.salary !== undefined) return { basis: 'salary', annual_salary: o.salary, currency };
  return withoutUndefined({ basis: 'hourly', hourly_rate: o.hourlyRate, hours_per_week: o.hoursPerWeek, currency });
}

interface EmployeeFlags extends StatutoryFlags, PayFlags {
  org?: string;
  input?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  startDate?: string;
  payrollNumber?: string;
  email?: string;
  rowVersion?: string;
}

const NI_CATEGORY_CHOICES = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'] as const;

/**
 * The essentials of the country block, asked on a terminal when missing: GB NI number, tax code and
 * NI category; DE tax ID, tax class, federal state and health insurer. Off a terminal the contract's
 * defaults apply (tax code 1257L, category A) and a missing required value is the service's
 * validation error naming the field (body.de.tax_class, ...).
 */
async function askStatutory(runtime: Runtime, country: string, block: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!runtime.interactive) return block;
  const next = { ...block };
  if (country === 'GB') {
    if (next.ni_number === undefined) {
      const ni = await optionalValue(runtime, undefined, 'NI number (leave empty if not known yet)', { check: (c) => c.niNumber });
      if (ni) next.ni_number = ni;
    }
    if (next.tax_code === undefined && next.starter_declaration === undefined) next.tax_code = await requireValue(runtime, undefined, '--tax-code', 'Tax code (e.g. 1257L; 1257L W1 for week 1/month 1)', { check: (c) => c.taxCode });
    if (next.ni_category === undefined) next.ni_category = await requireValue(runtime, undefined, '--ni-category', 'NI category', { choices: NI_CATEGORY_CHOICES });
  } else {
    if (next.tax_id === undefined) {
      const taxId = await optionalValue(runtime, undefined, 'Tax ID (11 digits; leave empty if not known yet)', { check: (c) => c.germanTaxId });
      if (taxId) next.tax_id = taxId;
    }
    if (next.tax_class === undefined) next.tax_class = Number(await requireValue(runtime, undefined, '--tax-class', 'Tax class', { choices: ['1', '2', '3', '4', '5', '6'] }));
    if (next.federal_state === undefined) next.federal_state = await requireValue(runtime, undefined, '--federal-state', 'Federal state of the worksite', { choices: STATE_OFFICIAL_NAMES });
    if (next.health_insurer_agency_code === undefined) {
      const insurer = await optionalValue(runtime, undefined, 'Health insurer Betriebsnummer (8 digits; empty if privately insured)', { check: (c) => c.healthInsurerCode });
      if (insurer) next.health_insurer_agency_code = insurer;
    }
  }
  return next;
}

export function registerEmployeeCommands(program: Command): void {
  const employees = program.command('employees').alias('employee').description('employees: create, get, list, update, leave');

  addPayOptions(
  addStatutoryOptions(
    employees
      .command('create')
      .description('create an employee with the statutory data of the organization’s country (gb or de block)')
      .option('--org <id>', 'organization id')
      .option('--input <file>', 'request body as JSON (the Employee shape, with a gb or de block; e.g. fixtures/examples/employee-de.json or employee-gb.json); - for stdin')
      .option('--first-name <name>', 'first name')
      .option('--last-name <name>', 'last name')
      .option('--date-of-birth <date>', 'date of birth (YYYY-MM-DD)')
      .option('--start-date <date>', 'first day of employment (YYYY-MM-DD)')
      .option('--payroll-number <no>', 'your payroll number (unique in the organization)')
      .option('--email <address>', 'e-mail address'),
  ),
  ).action(
    withRuntime(async (runtime, options: EmployeeFlags) => {
      const orgId = await orgIdFrom(runtime, options);
      const body = bodyFrom(options, { first_name: options.firstName, last_name: options.lastName, date_of_birth: options.dateOfBirth, start_date: options.startDate, payroll_number: options.payrollNumber, email: options.email });
      body.first_name = await requireField(runtime, body.first_name, '--first-name', 'First name', { check: (c) => c.personName });
      body.last_name = await requireField(runtime, body.last_name, '--last-name', 'Last name', { check: (c) => c.personName });
      body.date_of_birth = await requireField(runtime, body.date_of_birth, '--date-of-birth', 'Date of birth (YYYY-MM-DD)', { check: (c) => c.date });
      const born = typeof body.date_of_birth === 'string' ? body.date_of_birth : null;
      // The contract's order rule (employeeInput: start_date must be after date_of_birth), asked again rather than refused at the end.
      body.start_date = await requireField(runtime, body.start_date, '--start-date', 'Start date (YYYY-MM-DD)', { check: (c) => c.date, validate: (v) => (born && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) && v.trim() < born ? `must be after date_of_birth (${born})` : true) });
      const service = await runtime.service();
      const org = await service.getOrganization(orgId);
      const key = org.country === 'DE' ? 'de' : 'gb';
      const given = (body[key] as Record<string, unknown> | undefined) ?? {};
      const flags = key === 'gb' ? gbFlags(options) : deFlags(options);
      const otherFlags = key === 'gb' ? deFlags(options) : gbFlags(options);
      if (Object.keys(otherFlags).length > 0) throw usageError(`${Object.keys(otherFlags).map((f) => FLAG_OF[f] ?? f).join(', ')}: organization ${orgId} is ${org.country}; give the ${org.country} flags instead (see --help)`);
      body[key] = await askStatutory(runtime, org.country, { ...given, ...flags });
      const pay = payFlags(options, org.country);
      if (pay) body.pay = pay;
      const created = await service.createEmployee(orgId, body);
      runtime.wrote();
      runtime.print(created);
    }),
  );

  employees
    .command('get')
    .alias('show')
    .description('show an employee with bank accounts and pay group')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, employeeId: string, options: { org?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getEmployee(orgId, employeeId));
      }),
    );

  addListOptions(
    employees
      .command('list')
      .description('list employees (page style: --page, --size, --sort-by last_name|first_name|start_date|payroll_number|created_at, --search)')
      .option('--org <id>', 'organization id')
      .option('--status <status>', 'active or left')
      .option('--include <parts>', 'bank_accounts'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const items = await collectPageItems<Employee>(runtime, options, (query) => service.listEmployees(orgId, query), withoutUndefined({ status: options.status, include: options.include }));
      runtime.print(items, EMPLOYEE_COLUMNS);
    }),
  );

  addPayOptions(
  addStatutoryOptions(
    employees
      .command('update')
      .description('change an employee; statutory flags change single fields of the gb/de block')
      .argument('<employee-id>', 'employee id')
      .option('--org <id>', 'organization id')
      .option('--input <file>', 'fields to change as JSON; - for stdin')
      .option('--first-name <name>', 'first name')
      .option('--last-name <name>', 'last name')
      .option('--date-of-birth <date>', 'date of birth')
      .option('--start-date <date>', 'start date')
      .option('--payroll-number <no>', 'payroll number')
      .option('--email <address>', 'e-mail address')
      .option('--row-version <n>', 'fail with a conflict if someone changed the employee since you read this version'),
  ),
  ).action(
    withRuntime(async (runtime, employeeId: string, options: EmployeeFlags) => {
      const orgId = await orgIdFrom(runtime, options);
      const body = bodyFrom(options, {
        first_name: options.firstName,
        last_name: options.lastName,
        date_of_birth: options.dateOfBirth,
        start_date: options.startDate,
        payroll_number: options.payrollNumber,
        email: options.email,
        row_version: integerFlag('--row-version', options.rowVersion),
      });
      for (const [key, flags] of [['gb', gbFlags(options)], ['de', deFlags(options)]] as const) {
        if (Object.keys(flags).length > 0) body[key] = { ...((body[key] as Record<string, unknown> | undefined) ?? {}), ...flags };
      }
      const service = await runtime.service();
      if (options.salary !== undefined || options.hourlyRate !== undefined || options.hoursPerWeek !== undefined) body.pay = payFlags(options, (await service.getOrganization(orgId)).country);
      const updated = await service.updateEmployee(orgId, employeeId, body);
      runtime.wrote();
      runtime.print(updated);
    }),
  );

  employees
    .command('leave')
    .description('record that an employee leaves (once; cannot be undone through the CLI)')
    .argument('<employee-id>', 'employee id')
    .option('--org <id>', 'organization id')
    .option('--leave-date <date>', 'last day of employment (YYYY-MM-DD)')
    .action(
      withRuntime(async (runtime, employeeId: string, options: { org?: string; leaveDate?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const leaveDate = await requireValue(runtime, options.leaveDate, '--leave-date', 'Last day of employment (YYYY-MM-DD)', { check: (c) => c.date });
        await confirmStep(runtime, `Record that employee ${employeeId} leaves on ${leaveDate}`);
        const service = await runtime.service();
        const left = await service.leaveEmployee(orgId, employeeId, { leave_date: leaveDate });
        runtime.wrote();
        runtime.print(left);
      }),
    );
}

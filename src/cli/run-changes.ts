/**
 * Per-employee changes of a run built from stored pay (issue 18 point 1): `--changes FILE` (CSV or JSON) and repeated
 * `--earning EMPLOYEE=CODE=AMOUNT`. Every row is read with strict types (a name or code must be text, an amount or
 * hours a decimal string: nothing is coerced) and checked before anything is sent, and each refusal names the file,
 * the row, the field and the rule. Decisions K8–K12 (docs/decisions.md).
 *
 * Row shape, in both countries: `employee_id` or `payroll_number` (one of them), `wage_type`, `amount`, `hours`
 * (optional). GB wage types are the catalogue's codes (`payroll wage-types list`); German ones the short list
 * DE_CHANGE_TYPES below (the German run has no code catalogue: its earnings are named).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { classifyPay, Decimal, DomainError, type Employee, type FieldIssue, hoursProblem, type PayFrequency, type PayPeriodItem, type PayrollService } from '../service/ports.js';
import { readStdinBytes, usageError } from './runtime.js';

/** One change as read, before it is checked against the store. */
export interface ChangeRow {
  /** Where it was read, as errors name it: "changes.csv line 3", "changes.json item 2", "--earning GB-001=UK-E-004=500". */
  where: string;
  employee_id: string | null;
  payroll_number: string | null;
  /** --earning KEY=…: an employee id or a payroll number. */
  either: string | null;
  wage_type: string;
  amount: string | null;
  hours: string | null;
  /** What is wrong with the row's shape (reported with the store's refusals of the other rows, all at once). */
  problems: RowProblem[];
}

/** A refusal: where, which field, the rule (machine name) and what is wrong. */
export interface RowProblem {
  where: string;
  field: string;
  rule: string;
  message: string;
}

/** Every refusal at once, nothing sent (exit 3, as any file that breaks a rule). */
export function changesRefused(problems: RowProblem[]): DomainError {
  const issues: FieldIssue[] = problems.map((p) => ({ loc: [`${p.where}, ${p.field}`], msg: p.message, type: p.rule }));
  const head = problems.length === 1 ? `${problems[0]?.where}, ${problems[0]?.field}: ${problems[0]?.message}` : `${problems.length} changes refused`;
  return new DomainError('validation', 'RUN.CHANGES_INVALID', `${head} (nothing was stored)`, { issues, details: { rows: problems } });
}

const AMOUNT = /^-?(\d+(\.\d{1,2})?|\.\d{1,2})$/;
const HOURS = /^(\d+(\.\d{1,2})?|\.\d{1,2})$/;

/** The columns (CSV) and fields (JSON) a change may have. */
const FIELDS = ['employee_id', 'payroll_number', 'wage_type', 'amount', 'hours'] as const;
/** The API's own name for the code is taken too. */
const ALIASES: Readonly<Record<string, (typeof FIELDS)[number]>> = { wage_type_code: 'wage_type' };

function fieldName(raw: string): (typeof FIELDS)[number] | null {
  const name = raw.trim().toLowerCase();
  return (FIELDS as readonly string[]).includes(name) ? (name as (typeof FIELDS)[number]) : (ALIASES[name] ?? null);
}

/** RFC 4180 CSV (quotes, doubled quotes, CRLF), comma or semicolon separated (a German spreadsheet writes `;`). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readText(path: string): string {
  try {
    return path === '-' ? readStdinBytes().toString('utf8') : readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`--changes ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** A value of a JSON change: text only (decision K11: a number is never taken as a name, nor text as a number). */
function jsonText(value: unknown, where: string, field: string, problems: RowProblem[], kind: 'name' | 'decimal'): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  const example = field === 'hours' ? '"160"' : field === 'amount' ? '"500.00"' : field === 'payroll_number' ? '"GB-001"' : '"UK-E-004"';
  const why = kind === 'decimal' ? 'amounts and hours are written as text so no digit is lost' : 'a number is not taken as a name or code';
  problems.push({ where, field, rule: 'string_type', message: `must be a string such as ${example}, not ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `the ${typeof value} ${JSON.stringify(value)}`} (${why})` });
  return null;
}

/** `--changes FILE`: JSON (`{"changes": […]}` or a bare list) when it starts with `{` or `[`, CSV with a header row otherwise. */
export function readChangesFile(path: string): ChangeRow[] {
  const text = readText(path);
  const name = path === '-' ? 'stdin' : basename(path);
  const problems: RowProblem[] = [];
  const rows: ChangeRow[] = [];
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(start);
    } catch (error) {
      throw changesRefused([{ where: name, field: 'file', rule: 'json_invalid', message: `not valid JSON (${(error as Error).message})` }]);
    }
    const list = Array.isArray(parsed) ? parsed : parsed !== null && typeof parsed === 'object' && Object.keys(parsed).length === 1 && Array.isArray((parsed as { changes?: unknown }).changes) ? (parsed as { changes: unknown[] }).changes : null;
    if (!list) throw changesRefused([{ where: name, field: 'file', rule: 'shape', message: 'must be {"changes": [ … ]} or a list of changes, each {"payroll_number" or "employee_id", "wage_type", "amount", "hours"?}' }]);
    list.forEach((item, index) => {
      const where = `${name} item ${index + 1}`;
      const own: RowProblem[] = [];
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        own.push({ where, field: 'item', rule: 'object_type', message: 'must be an object {"payroll_number" or "employee_id", "wage_type", "amount", "hours"?}' });
        rows.push({ where, employee_id: null, payroll_number: null, either: null, wage_type: '', amount: null, hours: null, problems: own });
        return;
      }
      const values: Partial<Record<(typeof FIELDS)[number], string | null>> = {};
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
        const field = fieldName(key);
        if (!field || key !== key.trim()) {
          own.push({ where, field: key, rule: 'unknown_field', message: `is not a field of a change (fields: ${FIELDS.join(', ')})` });
          continue;
        }
        values[field] = jsonText(value, where, field, own, field === 'amount' || field === 'hours' ? 'decimal' : 'name');
      }
      rows.push(rowOf(where, values, own));
    });
  } else {
    // Line numbers as an editor shows them: the header (the first line with a cell) is line 1 of a plain file.
    const lines = parseCsv(text);
    const headerIndex = lines.findIndex((r) => r.some((cell) => cell.trim() !== ''));
    const header = lines[headerIndex];
    if (!header) throw changesRefused([{ where: name, field: 'file', rule: 'empty', message: `has no rows; the first line names the columns (${FIELDS.join(',')})` }]);
    const columns = header.map((cell, index) => {
      const field = fieldName(cell);
      if (!field) problems.push({ where: `${name} line ${headerIndex + 1}`, field: cell.trim() || `column ${index + 1}`, rule: 'unknown_column', message: `is not a column of a change (columns: ${FIELDS.join(', ')})` });
      return field;
    });
    if (!columns.includes('wage_type') || (!columns.includes('employee_id') && !columns.includes('payroll_number'))) {
      problems.push({ where: `${name} line ${headerIndex + 1}`, field: 'header', rule: 'columns_missing', message: `must name the columns wage_type, amount and employee_id or payroll_number (optional: hours); found: ${header.join(', ')}` });
    }
    if (problems.length > 0) throw changesRefused(problems);
    lines.forEach((cells, index) => {
      if (index <= headerIndex || !cells.some((cell) => cell.trim() !== '')) return;
      const where = `${name} line ${index + 1}`;
      const own: RowProblem[] = [];
      if (cells.length > columns.length) own.push({ where, field: `column ${columns.length + 1}`, rule: 'extra_column', message: `has ${cells.length} cells; the header names ${columns.length} columns` });
      const values: Partial<Record<(typeof FIELDS)[number], string | null>> = {};
      columns.forEach((field, i) => {
        if (field) values[field] = cells[i]?.trim() ? (cells[i] as string).trim() : null;
      });
      rows.push(rowOf(where, values, own));
    });
  }
  if (problems.length > 0) throw changesRefused(problems);
  if (rows.length === 0) throw changesRefused([{ where: name, field: 'file', rule: 'empty', message: 'holds no changes' }]);
  return rows;
}

/** Shape checks that need no store: one employee reference, a code, amount and hours as decimals. */
function rowOf(where: string, values: Partial<Record<(typeof FIELDS)[number], string | null>>, problems: RowProblem[]): ChangeRow {
  const employeeId = values.employee_id ?? null;
  const payrollNumber = values.payroll_number ?? null;
  if (!employeeId && !payrollNumber) problems.push({ where, field: 'payroll_number', rule: 'required', message: 'is required (or employee_id): who the change is for' });
  if (employeeId && payrollNumber) problems.push({ where, field: 'employee_id', rule: 'conflict', message: 'give employee_id or payroll_number, not both' });
  const wageType = values.wage_type ?? null;
  if (!wageType) problems.push({ where, field: 'wage_type', rule: 'required', message: 'is required: the wage type code (GB: e.g. UK-E-004; Germany: e.g. bonus)' });
  const amount = values.amount ?? null;
  if (amount !== null && !AMOUNT.test(amount)) problems.push({ where, field: 'amount', rule: 'decimal', message: amountRule(amount) });
  const hours = values.hours ?? null;
  if (hours !== null && !HOURS.test(hours)) problems.push({ where, field: 'hours', rule: 'decimal', message: `"${hours}" must be a number of hours with at most 2 decimal places, e.g. 160 or 37.5` });
  return { where, employee_id: employeeId, payroll_number: payrollNumber, either: null, wage_type: wageType ?? '', amount, hours, problems };
}

function amountRule(amount: string): string {
  if (/^-?\d{1,3}(\.\d{3})*,\d{1,2}$|^-?\d+,\d{1,2}$/.test(amount)) return `"${amount}": write the amount with a decimal point and no thousands separator, e.g. 1234.56`;
  return `"${amount}" must be an amount with at most 2 decimal places, e.g. 500 or 125.50`;
}

/** `--earning EMPLOYEE=CODE=AMOUNT` (employee: payroll number or id), repeated. */
export function parseEarningFlags(values: readonly string[]): ChangeRow[] {
  return values.map((value) => {
    const where = `--earning ${value}`;
    const parts = value.split('=').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => p === '')) {
      return { where, employee_id: null, payroll_number: null, either: null, wage_type: '', amount: null, hours: null, problems: [{ where, field: 'value', rule: 'format', message: 'write PAYROLL_NO=CODE=AMOUNT (or EMPLOYEE_ID=CODE=AMOUNT), e.g. --earning GB-001=UK-E-004=500' }] };
    }
    const [employee, code, amount] = parts as [string, string, string];
    const problems: RowProblem[] = AMOUNT.test(amount) ? [] : [{ where, field: 'amount', rule: 'decimal', message: amountRule(amount) }];
    return { where, employee_id: null, payroll_number: null, either: employee, wage_type: code, amount, hours: null, problems };
  });
}

/** Every employee of the organization (leavers too: a change may name one). */
export async function allEmployees(service: PayrollService, orgId: string): Promise<Employee[]> {
  const out: Employee[] = [];
  for (let page = 1; ; page += 1) {
    const result = await service.listEmployees(orgId, { size: 100, page });
    out.push(...result.items);
    if (!result.meta.has_next) return out;
  }
}

export function labelOf(employee: Pick<Employee, 'first_name' | 'last_name' | 'payroll_number' | 'id'>): string {
  return `${employee.first_name} ${employee.last_name} (${employee.payroll_number ?? employee.id})`;
}

/** The employee a row names, or a refusal naming the row. */
function employeeOf(row: ChangeRow, byId: Map<string, Employee>, byNumber: Map<string, Employee>, problems: RowProblem[]): Employee | null {
  if (row.either !== null) {
    const found = byNumber.get(row.either) ?? byId.get(row.either);
    if (!found) problems.push({ where: row.where, field: 'employee', rule: 'employee_unknown', message: `no employee with payroll number or id "${row.either}" in this organization` });
    return found ?? null;
  }
  if (row.employee_id !== null) {
    const found = byId.get(row.employee_id);
    if (!found) problems.push({ where: row.where, field: 'employee_id', rule: 'employee_unknown', message: `no employee ${row.employee_id} in this organization` });
    return found ?? null;
  }
  if (row.payroll_number !== null) {
    const found = byNumber.get(row.payroll_number);
    if (!found) problems.push({ where: row.where, field: 'payroll_number', rule: 'employee_unknown', message: `no employee with payroll number "${row.payroll_number}" in this organization` });
    return found ?? null;
  }
  return null;
}

function indexEmployees(employees: readonly Employee[]): { byId: Map<string, Employee>; byNumber: Map<string, Employee> } {
  return { byId: new Map(employees.map((e) => [e.id, e])), byNumber: new Map(employees.filter((e) => e.payroll_number).map((e) => [e.payroll_number as string, e])) };
}

interface StoredPay {
  basis?: string;
  annual_salary?: string | null;
  hourly_rate?: string | null;
  hours_per_week?: string | null;
}

export const payOf = (employee: Employee): StoredPay => (employee.pay ?? {}) as StoredPay;

type Line = Record<string, unknown>;
interface PayDetails {
  earnings: Line[];
  benefits: Line[];
  deductions: Line[];
  reimbursements: Line[];
}
const emptyDetails = (): PayDetails => ({ earnings: [], benefits: [], deductions: [], reimbursements: [] });

/** Why an employee is not paid in a period, or null (started by its end, not left before its start). */
export function notEmployedIn(employee: Pick<Employee, 'start_date' | 'leave_date'>, start: string, end: string): string | null {
  if (employee.start_date > end) return `starts on ${employee.start_date}, after this period (${start} to ${end})`;
  if (employee.leave_date && employee.leave_date < start) return `left on ${employee.leave_date}, before this period (${start} to ${end})`;
  return null;
}

/** --hours EMPLOYEE=HOURS (id or payroll number), each checked against the period's rule (decision R17); keyed by what the user wrote. */
export function parseHoursFlags(values: readonly string[], frequency: PayFrequency): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values) {
    const [key, hours, ...rest] = value.split('=').map((t) => t.trim());
    if (!key || hours === undefined || rest.length > 0) throw usageError(`--hours ${value}: write EMPLOYEE=HOURS (employee id or payroll number), e.g. --hours emp_123=160`);
    const problem = hoursProblem(hours, frequency);
    if (problem) throw usageError(`--hours ${value}: hours ${problem}`);
    map.set(key, hours);
  }
  return map;
}

export interface GbPayGroupRun {
  group: { id: string; name: string; pay_calendar_id: string; employee_ids: readonly string[] };
  period: PayPeriodItem;
  frequency: PayFrequency;
}

/**
 * A GB run request from stored pay plus changes (off a terminal, or with --changes/--earning): the pay group's
 * employees employed in the period at their standing pay (salary: UK-E-001 a year; hourly: UK-E-002 hours × rate,
 * hours from --hours or a UK-E-002 change with hours), then the changes: a change of the wage type of a standing
 * line replaces it, any other is added (decision K8). A leaver after their leaving date is paid only when named in
 * the changes, with those lines only, as lump sums (a payment after leaving, decision R11). Every change is checked
 * first (employee, membership, wage type on the pay date, amount, hours) and all refusals are reported together.
 */
export async function buildGbRunFromStoredPay(service: PayrollService, orgId: string, run: GbPayGroupRun, changes: readonly ChangeRow[], hoursFlags: readonly string[], info: (message: string) => void): Promise<Record<string, unknown>> {
  const { group, period, frequency } = run;
  const employees = await allEmployees(service, orgId);
  const { byId, byNumber } = indexEmployees(employees);
  const members = new Set(group.employee_ids);
  const problems: RowProblem[] = [];
  const linesByEmployee = new Map<string, { code: string; section: keyof PayDetails; line: Line }[]>();
  const sections = new Map<string, string>();

  for (const row of changes) {
    problems.push(...row.problems);
    const employee = employeeOf(row, byId, byNumber, problems);
    const code = row.wage_type.toUpperCase();
    if (!employee || !code) continue;
    if (!members.has(employee.id)) {
      problems.push({ where: row.where, field: 'employee', rule: 'not_in_pay_group', message: `${labelOf(employee)} is not in pay group ${group.name}` });
      continue;
    }
    if (employee.start_date > period.end_date) {
      problems.push({ where: row.where, field: 'employee', rule: 'not_started', message: `${labelOf(employee)} starts on ${employee.start_date}, after this period (${period.start_date} to ${period.end_date})` });
      continue;
    }
    let section = sections.get(code);
    if (section === undefined) {
      try {
        section = (await service.getWageType(code, { valid_on: period.pay_date })).request_section;
      } catch {
        section = 'unknown';
      }
      sections.set(code, section);
    }
    if (section === 'unknown') {
      problems.push({ where: row.where, field: 'wage_type', rule: 'wage_type_unknown', message: `"${row.wage_type}" is not a GB wage type (see payroll wage-types list)` });
      continue;
    }
    if (section === 'none') {
      problems.push({ where: row.where, field: 'wage_type', rule: 'wage_type_calculated', message: `${code} is worked out by the run (pension, employer contributions), not given as a change` });
      continue;
    }
    // A row already refused for its shape is checked no further than its employee and wage type.
    if (row.problems.length > 0) continue;
    const leaverAfterLeaving = Boolean(employee.leave_date && employee.leave_date < period.start_date);
    const stored = payOf(employee);
    let line: Line;
    if (row.hours !== null) {
      if (section !== 'earnings') {
        problems.push({ where: row.where, field: 'hours', rule: 'not_allowed', message: `is only taken for pay for time worked (e.g. UK-E-002 hourly pay, UK-E-003 overtime), not ${code}` });
        continue;
      }
      const rate = row.amount ?? stored.hourly_rate ?? null;
      if (rate === null) {
        problems.push({ where: row.where, field: 'amount', rule: 'required', message: `is required with hours: the rate per hour (${labelOf(employee)} has no stored hourly rate)` });
        continue;
      }
      line = { wage_type_code: code, amount: rate, earning_frequency: 'HOUR', hours: row.hours };
    } else {
      if (row.amount === null) {
        problems.push({ where: row.where, field: 'amount', rule: 'required', message: `is required: the amount for this period${code === 'UK-E-002' ? ' (or hours, paid at the stored hourly rate)' : ''}` });
        continue;
      }
      line = section === 'earnings' ? { wage_type_code: code, amount: row.amount, earning_frequency: 'PERIOD' } : { wage_type_code: code, amount: row.amount };
    }
    if (section === 'earnings') line.is_lumpsum = leaverAfterLeaving;
    // The engine's own check of the line on the pay date (validity, sign, hours rule, section).
    const details = emptyDetails();
    details[section as keyof PayDetails].push(line);
    const checked = classifyPay(details as never, period.pay_date, frequency);
    for (const issue of checked.issues) {
      const last = String(issue.loc.at(-1) ?? '');
      const field = last === 'hours' || last === 'earning_frequency' ? 'hours' : last === 'amount' ? 'amount' : 'wage_type';
      problems.push({ where: row.where, field, rule: issue.type, message: issue.msg });
    }
    if (checked.issues.length > 0) continue;
    const list = linesByEmployee.get(employee.id) ?? [];
    list.push({ code, section: section as keyof PayDetails, line });
    linesByEmployee.set(employee.id, list);
  }
  if (problems.length > 0) throw changesRefused(problems);

  // Hours from a UK-E-002 change stand in for --hours (the period's hours of an hourly employee).
  const hoursByKey = parseHoursFlags(hoursFlags, frequency);
  const usedKeys = new Set<string>();
  const payrollGroup: Record<string, unknown>[] = [];
  for (const employeeId of group.employee_ids) {
    const employee = byId.get(employeeId);
    if (!employee) continue;
    const label = labelOf(employee);
    const named = linesByEmployee.get(employee.id) ?? [];
    const why = notEmployedIn(employee, period.start_date, period.end_date);
    if (why && named.length === 0) {
      info(`left out: ${employee.first_name} ${employee.last_name} (${employee.id}) ${why}`);
      continue;
    }
    const details = emptyDetails();
    const standing: { code: string; line: Line }[] = [];
    const pay = payOf(employee);
    if (!why) {
      if (pay.basis === 'hourly' && pay.hourly_rate) {
        const key = [employee.id, employee.payroll_number].find((k) => k && hoursByKey.has(k));
        if (key) usedKeys.add(key);
        const fromChange = named.some((n) => n.code === 'UK-E-002' && n.line.earning_frequency === 'HOUR');
        if (key) standing.push({ code: 'UK-E-002', line: { wage_type_code: 'UK-E-002', amount: pay.hourly_rate, earning_frequency: 'HOUR', hours: hoursByKey.get(key) } });
        else if (!fromChange) throw usageError(`missing --hours for employee ${employee.first_name} ${employee.last_name} (${employee.id}): hourly pay is the period's hours × ${pay.hourly_rate}/h; give --hours ${employee.payroll_number ?? employee.id}=HOURS or a UK-E-002 change with hours`);
      } else if (pay.basis === 'salary' && pay.annual_salary) {
        standing.push({ code: 'UK-E-001', line: { wage_type_code: 'UK-E-001', amount: pay.annual_salary, earning_frequency: 'YEAR' } });
      } else if (named.length === 0) {
        info(`not paid: ${label} has no standing pay (set it with \`payroll employees update\`)`);
        continue;
      }
    } else {
      info(`paid after leaving: ${label} ${why}; only the changes named for them are paid, as lump sums`);
    }
    const replaced = new Set(named.map((n) => n.code));
    for (const s of standing) if (!replaced.has(s.code)) details.earnings.push(s.line);
    for (const n of named) details[n.section].push(n.line);
    if (Object.values(details).every((l) => l.length === 0)) continue;
    payrollGroup.push({ employee_id: employee.id, pay_details: details });
  }
  const unused = [...hoursByKey.keys()].filter((k) => !usedKeys.has(k));
  if (unused.length > 0) throw usageError(`--hours ${unused.join(', ')}: no hourly employee employed in this period of pay group ${group.name} has that id or payroll number`);
  if (payrollGroup.length === 0) throw usageError('nobody to pay: no employee of the pay group is employed in this period with standing pay, and no change names one');
  return { payroll_group: payrollGroup, pay_group_id: group.id, pay_calendar_id: group.pay_calendar_id, pay_date: period.pay_date };
}

/** What a German change code stands for in the month's item (decision K9). */
interface DeChangeType {
  code: string;
  aliases: readonly string[];
  label: string;
  kind: 'regular' | 'hourly' | 'current' | 'one_off' | 'benefit' | 'deduction' | 'reimbursement';
}

/**
 * The German run names its earnings instead of coding them; a change names one of these. `salary` and `hourly`
 * replace the month's standing pay; current pay is laufender Arbeitslohn, one-offs are sonstige Bezüge (§ 39b Abs. 3
 * EStG) / einmalig gezahltes Arbeitsentgelt (§ 23a SGB IV); `severance` is taxed as an Abfindung (§ 34 EStG).
 */
export const DE_CHANGE_TYPES: readonly DeChangeType[] = [
  { code: 'salary', aliases: ['gehalt'], label: 'Gehalt (replaces the standing pay this month)', kind: 'regular' },
  { code: 'hourly', aliases: ['stundenlohn'], label: 'Stundenlohn: hours × rate (replaces the standing pay this month)', kind: 'hourly' },
  { code: 'overtime', aliases: ['ueberstunden', 'überstunden'], label: 'Überstunden (current pay)', kind: 'current' },
  { code: 'allowance', aliases: ['zulage'], label: 'Zulage (current pay)', kind: 'current' },
  { code: 'bonus', aliases: ['praemie', 'prämie'], label: 'Prämie (one-off)', kind: 'one_off' },
  { code: 'christmas_bonus', aliases: ['weihnachtsgeld'], label: 'Weihnachtsgeld (one-off)', kind: 'one_off' },
  { code: 'holiday_bonus', aliases: ['urlaubsgeld'], label: 'Urlaubsgeld (one-off)', kind: 'one_off' },
  { code: 'severance', aliases: ['abfindung'], label: 'Abfindung (one-off, § 34 EStG)', kind: 'one_off' },
  { code: 'benefit', aliases: ['sachbezug'], label: 'Sachbezug (benefit in kind)', kind: 'benefit' },
  { code: 'deduction', aliases: ['abzug'], label: 'Abzug from net pay (e.g. Vorschuss)', kind: 'deduction' },
  { code: 'reimbursement', aliases: ['erstattung'], label: 'Erstattung (tax-free, added to net pay)', kind: 'reimbursement' },
];

function deChangeType(code: string): DeChangeType | undefined {
  const c = code.trim().toLowerCase();
  return DE_CHANGE_TYPES.find((t) => t.code === c || t.aliases.includes(c));
}

function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The German month's items from changes: one item per employee named, with the lines each code stands for
 * (DE_CHANGE_TYPES). Everyone employed in the month is paid by the run anyway; an employee who left before the month
 * (or starts after it) cannot be named: a stored German run pays only the month's employees (decision K10).
 */
export async function buildDeItems(service: PayrollService, orgId: string, month: string, changes: readonly ChangeRow[]): Promise<Record<string, unknown>[]> {
  const employees = await allEmployees(service, orgId);
  const { byId, byNumber } = indexEmployees(employees);
  const start = `${month}-01`;
  const end = lastDayOfMonth(month);
  const problems: RowProblem[] = [];
  const items = new Map<string, Record<string, unknown> & { earnings: Line[]; benefits: Line[]; deductions: Line[]; reimbursements: Line[] }>();
  const regularFrom = new Map<string, string>();
  for (const row of changes) {
    problems.push(...row.problems);
    const employee = employeeOf(row, byId, byNumber, problems);
    if (!employee || !row.wage_type) continue;
    const why = notEmployedIn(employee, start, end);
    if (why) {
      problems.push({ where: row.where, field: 'employee', rule: 'not_employed', message: `${labelOf(employee)} ${why.replace('this period', month)}; a German run pays only the employees employed in its month` });
      continue;
    }
    const type = deChangeType(row.wage_type);
    if (!type) {
      problems.push({ where: row.where, field: 'wage_type', rule: 'wage_type_unknown', message: `"${row.wage_type}" is not a German change type; known: ${DE_CHANGE_TYPES.map((t) => t.code).join(', ')} (or their German names: ${DE_CHANGE_TYPES.flatMap((t) => t.aliases.slice(0, 1)).join(', ')})` });
      continue;
    }
    if (row.problems.length > 0) continue;
    if (row.amount !== null && row.amount.startsWith('-')) {
      problems.push({ where: row.where, field: 'amount', rule: 'amount_negative', message: `must not be negative for ${type.code}; a deduction is its own type (deduction)` });
      continue;
    }
    if (row.hours !== null && type.kind !== 'hourly') {
      problems.push({ where: row.where, field: 'hours', rule: 'not_allowed', message: `is only taken with hourly (Stundenlohn): the month's hours × the rate; ${type.code} is an amount` });
      continue;
    }
    const item = items.get(employee.id) ?? { employee_id: employee.id, earnings: [], benefits: [], deductions: [], reimbursements: [] };
    if (type.kind === 'regular' || type.kind === 'hourly') {
      const earlier = regularFrom.get(employee.id);
      if (earlier) {
        problems.push({ where: row.where, field: 'wage_type', rule: 'duplicate', message: `${labelOf(employee)}'s regular pay is already set by ${earlier}; one salary or hourly change per employee` });
        continue;
      }
      if (type.kind === 'regular') {
        if (row.amount === null) {
          problems.push({ where: row.where, field: 'amount', rule: 'required', message: 'is required: the month’s regular pay' });
          continue;
        }
        item.regular_pay = row.amount;
      } else {
        if (row.hours === null) {
          problems.push({ where: row.where, field: 'hours', rule: 'required', message: 'is required with hourly: the hours worked this month' });
          continue;
        }
        const hours = new Decimal(row.hours);
        if (hours.lte(0) || hours.gt(744)) {
          problems.push({ where: row.where, field: 'hours', rule: 'out_of_range', message: 'must be more than 0 and at most 744 (24 hours on every day of a month)' });
          continue;
        }
        if (row.amount === null && !payOf(employee).hourly_rate) {
          problems.push({ where: row.where, field: 'amount', rule: 'required', message: `is required with hours: the rate per hour (${labelOf(employee)} has no stored hourly rate)` });
          continue;
        }
        item.hours = row.hours;
        if (row.amount !== null) item.hourly_rate = row.amount;
      }
      regularFrom.set(employee.id, row.where);
    } else if (row.amount === null) {
      problems.push({ where: row.where, field: 'amount', rule: 'required', message: `is required: the amount of ${type.code} this month` });
      continue;
    } else if (type.kind === 'current' || type.kind === 'one_off') item.earnings.push({ earning_type: type.code, amount: row.amount, is_lumpsum: type.kind === 'one_off' });
    else if (type.kind === 'benefit') item.benefits.push({ name: type.label.split(' (')[0], value: row.amount });
    else if (type.kind === 'deduction') item.deductions.push({ name: type.label.split(' from')[0], amount: row.amount });
    else item.reimbursements.push({ name: type.label.split(' (')[0], amount: row.amount });
    items.set(employee.id, item);
  }
  if (problems.length > 0) throw changesRefused(problems);
  return [...items.values()];
}

import { gbTaxYearOf, parseGbTaxYear, type Employee, type PayPeriodItem, type PayrollService } from '../service/ports.js';
import { usageError } from './usage-error.js';

/**
 * What a terminal offers instead of free text (issue 18 point 5): organizations, pay groups and employees as a list to
 * pick from by name (searchable when long), the next unrun period as the default, and every answer checked when it is
 * given with the API's own rule (service/contracts/answer-checks.ts), asked again until it holds, so nothing typed is
 * lost to a refusal at the end.
 */

/** One entry of a pick list; `disabled` says why it cannot be picked (shown, not selectable). */
export interface Choice<T extends string = string> {
  value: T;
  name: string;
  disabled?: string;
}

/** How answers are obtained: @inquirer/prompts on a terminal, a scripted list in tests. */
export interface PromptPort {
  /**
   * A free answer; `validate` returns true or the rule broken, and the question is asked again until it holds. With
   * `preset`, Enter on an empty line answers the preset (shown in brackets); without, Enter gives ''.
   */
  input(message: string, validate: (answer: string) => true | string, preset?: string): Promise<string>;
  /** One of `choices` (a search list when there are more than SEARCH_ABOVE); `preset` is highlighted first. */
  select<T extends string>(message: string, choices: Choice<T>[], preset?: T): Promise<T>;
  confirm(message: string, preset: boolean): Promise<boolean>;
}

/** Longer lists are searched by typing rather than scrolled (a page of the terminal shows about 7–15 lines). */
export const SEARCH_ABOVE = 15;

/** The entries whose name contains every word typed (case-insensitive), in their order. */
export function matchChoices<T extends string>(choices: readonly Choice<T>[], term: string | undefined): Choice<T>[] {
  const words = (term ?? '').toLowerCase().split(/\s+/).filter((w) => w !== '');
  return choices.filter((c) => words.every((w) => c.name.toLowerCase().includes(w)));
}

export async function inquirerPort(): Promise<PromptPort> {
  const prompts = await import('@inquirer/prompts');
  return {
    // No preset: Enter on an empty line gives '' (what the prompts call "empty to skip"), never a prefill.
    input: (message, validate, preset) => prompts.input({ message, validate, ...(preset !== undefined ? { default: preset } : {}) }),
    select: (message, choices, preset) => {
      const entries = choices.map((c) => ({ value: c.value, name: c.name, ...(c.disabled ? { disabled: `(${c.disabled})` } : {}) }));
      if (choices.length <= SEARCH_ABOVE) return prompts.select({ message, choices: entries, pageSize: SEARCH_ABOVE, ...(preset !== undefined ? { default: preset } : {}) });
      const presetEntry = entries.find((c) => c.value === preset);
      // The preset first, so Enter before typing picks it as it would in a plain list.
      const ordered = presetEntry ? [presetEntry, ...entries.filter((c) => c !== presetEntry)] : entries;
      return prompts.search({ message: `${message} (type to search)`, pageSize: SEARCH_ABOVE, source: (term) => matchChoices(ordered, term).map((c) => ({ ...c })) });
    },
    confirm: (message, preset) => prompts.confirm({ message, default: preset }),
  };
}

/** An answer with its check: '' takes the preset when there is one. */
export async function askChecked(port: PromptPort, message: string, check: (answer: string) => string | null, preset?: string): Promise<string> {
  const answer = (await port.input(message, (text) => {
    const t = text.trim();
    if (t === '' && preset !== undefined) return true;
    return check(t) ?? true;
  }, preset)).trim();
  return answer === '' && preset !== undefined ? preset : answer;
}

// ---- organizations, pay groups, employees ----

/** Every organization the caller sees, by legal name, as a pick list (optionally of one country). */
export async function chooseOrganization(service: PayrollService, port: PromptPort, options: { country?: 'GB' | 'DE'; message?: string } = {}): Promise<string> {
  const organizations: { id: string; legal_name: string; country: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await service.listOrganizations({ size: 100, ...(cursor ? { cursor } : {}) });
    organizations.push(...page.items);
    cursor = page.pagination.has_next ? page.pagination.next_cursor : null;
  } while (cursor);
  const candidates = options.country ? organizations.filter((o) => o.country === options.country) : organizations;
  if (candidates.length === 0) {
    throw usageError(options.country ? `no ${options.country} organization to choose from; create one with \`payroll org create --country ${options.country}\`` : 'no organization to choose from; create one with `payroll org create`');
  }
  candidates.sort((a, b) => a.legal_name.localeCompare(b.legal_name));
  return port.select(options.message ?? 'Organization', candidates.map((o) => ({ value: o.id, name: `${o.legal_name} (${o.country}, ${o.id})` })));
}

/** The organization's pay groups by name, with their member count. */
export async function choosePayGroup(service: PayrollService, org: string, port: PromptPort): Promise<string> {
  const groups: { id: string; name: string; member_count: number }[] = [];
  for (let page = 1; ; page += 1) {
    const result = await service.listPayGroups(org, { size: 100, page });
    groups.push(...result.items);
    if (!result.meta.has_next) break;
  }
  if (groups.length === 0) throw usageError('the organization has no pay groups; create one with `payroll pay-groups create`');
  return port.select('Pay group', groups.map((g) => ({ value: g.id, name: `${g.name} (${g.member_count} employees)` })));
}

/** "Hannah Test, no. P001 (id)"; a leaver says so. */
export function employeeLabel(e: Pick<Employee, 'id' | 'first_name' | 'last_name' | 'payroll_number' | 'leave_date'>): string {
  return `${e.first_name} ${e.last_name}${e.payroll_number ? `, no. ${e.payroll_number}` : ''}${e.leave_date ? `, left ${e.leave_date}` : ''} (${e.id})`;
}

/** The organization's employees by name (payroll number and id beside it), sorted by last name. */
export async function chooseEmployee(service: PayrollService, org: string, port: PromptPort, message = 'Employee'): Promise<string> {
  const employees: Employee[] = [];
  for (let page = 1; ; page += 1) {
    const result = await service.listEmployees(org, { size: 100, page, sort_by: 'last_name' });
    employees.push(...result.items);
    if (!result.meta.has_next) break;
  }
  if (employees.length === 0) throw usageError('the organization has no employees; create one with `payroll employees create`');
  return port.select(message, employees.map((e) => ({ value: e.id, name: employeeLabel(e) })));
}

/** The organization's worksites by name (the primary one marked, inactive ones said so). */
export async function chooseWorksite(service: PayrollService, org: string, port: PromptPort): Promise<string> {
  const worksites: { id: string; name: string; is_active: boolean; is_primary: boolean }[] = [];
  for (let page = 1; ; page += 1) {
    const result = await service.listWorksites(org, { size: 100, page });
    worksites.push(...result.items);
    if (!result.meta.has_next) break;
  }
  if (worksites.length === 0) throw usageError('the organization has no worksites; create one with `payroll worksites create`');
  return port.select('Worksite', worksites.map((w) => ({ value: w.id, name: `${w.name}${w.is_primary ? ', primary' : ''}${w.is_active ? '' : ', inactive'} (${w.id})` })));
}

// ---- the next unrun period ----

/** A run that holds its period (prepare.ts: one live run per slot); failed and discarded runs free it again. */
const LIVE = new Set(['processing', 'draft', 'approved', 'paid']);
/** A run that closes its period for good: it is never offered again (a change is a correction run). */
const DONE = new Set(['approved', 'paid']);

interface RunSlot {
  id: string;
  status: string;
  tax_year: string;
  period_number: number;
}

/**
 * The periods a GB pay group can still be run for in a tax year, and the one offered first. Periods of an approved or
 * paid run are not offered; a period with a draft (or one still calculating) is shown but cannot be picked (the
 * service refuses a second live run: approve or discard the draft). The preset is the first period without a live run
 * (decision K20).
 */
export function gbPeriodChoices(periods: readonly PayPeriodItem[], runs: readonly RunSlot[]): { choices: Choice[]; preset: string | null } {
  const liveByPeriod = new Map<number, RunSlot>();
  for (const run of runs) if (LIVE.has(run.status)) liveByPeriod.set(run.period_number, run);
  const choices: Choice[] = [];
  let preset: string | null = null;
  for (const p of periods) {
    const run = liveByPeriod.get(p.period_number);
    if (run && DONE.has(run.status)) continue;
    const name = `period ${p.period_number}: ${p.start_date} to ${p.end_date}, pay date ${p.pay_date}`;
    if (run) {
      choices.push({ value: p.pay_date, name, disabled: `${run.status} run ${run.id}: approve or discard it first` });
      continue;
    }
    choices.push({ value: p.pay_date, name });
    preset ??= p.pay_date;
  }
  return { choices, preset };
}

async function gbRunsOf(service: PayrollService, org: string, payGroupId: string, taxYear?: string): Promise<RunSlot[]> {
  const runs: RunSlot[] = [];
  for (let page = 1; ; page += 1) {
    const result = await service.listPayrollRuns(org, { pay_group_id: payGroupId, size: 100, page, ...(taxYear ? { tax_year: taxYear } : {}) });
    runs.push(...result.items.filter((r) => LIVE.has(r.status)));
    if (!result.meta.has_next) break;
  }
  return runs;
}

function nextGbTaxYear(label: string): string {
  const start = parseGbTaxYear(label) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The period to run on a terminal: the tax year (default: the latest year the pay group has runs in, or the next one
 * when that year is fully run; without runs, the year of `today`), then the period from the unrun ones with the next
 * unrun period preselected.
 */
export async function askGbPeriod(
  service: PayrollService,
  org: string,
  group: { id: string; pay_calendar_id: string },
  port: PromptPort,
  options: { taxYear?: string | undefined; today: string; taxYearCheck: (answer: string) => string | null; info?: (message: string) => void },
): Promise<PayPeriodItem> {
  const periodsOf = async (taxYear: string) => (await service.getPayCalendarPeriods(org, group.pay_calendar_id, { tax_year: taxYear })).periods;
  let taxYear = options.taxYear;
  if (!taxYear) {
    const all = await gbRunsOf(service, org, group.id);
    let preset = gbTaxYearOf(options.today);
    if (all.length > 0) {
      const latest = all.map((r) => r.tax_year).sort().at(-1) as string;
      const { preset: open } = gbPeriodChoices(await periodsOf(latest), all.filter((r) => r.tax_year === latest));
      preset = open ? latest : nextGbTaxYear(latest);
    }
    taxYear = await askChecked(port, 'Tax year (YYYY-YY)', options.taxYearCheck, preset);
  }
  const periods = await periodsOf(taxYear);
  const { choices, preset } = gbPeriodChoices(periods, await gbRunsOf(service, org, group.id, taxYear));
  if (!preset) throw usageError(`every period of ${taxYear} of this pay group has a run already; run the next tax year, or approve or discard the draft runs (payroll runs list --pay-group ${group.id} --tax-year ${taxYear})`);
  for (const c of choices) if (c.disabled) options.info?.(`${c.name.replace(/:.*/, '')}: ${c.disabled}`);
  const payDate = await port.select(`Period of ${taxYear}`, choices, preset);
  return periods.find((p) => p.pay_date === payDate) as PayPeriodItem;
}

/** "2026-03" → "2026-04". */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The month of a German run on a terminal: preset the month after the latest month with a live run (without runs, the
 * month of `today`); a month that already has a live run is refused with the run that holds it (a change to it is a
 * correction, --corrects).
 */
export async function askGermanMonth(service: PayrollService, org: string, port: PromptPort, options: { today: string; monthCheck: (answer: string) => string | null }): Promise<string> {
  const live = new Map<string, { id: string; status: string }>();
  for (let page = 1; ; page += 1) {
    const result = await service.listGermanPayrollRuns(org, { size: 100, page });
    for (const r of result.items) if (LIVE.has(r.status)) live.set(r.month, r);
    if (!result.meta.has_next) break;
  }
  const latest = [...live.keys()].sort().at(-1);
  let preset = latest ? nextMonth(latest) : options.today.slice(0, 7);
  while (live.has(preset)) preset = nextMonth(preset);
  return askChecked(port, 'Month to pay (YYYY-MM)', (answer) => {
    const problem = options.monthCheck(answer);
    if (problem) return problem;
    const run = live.get(answer);
    return run ? `${answer} has a run already: run ${run.id} (${run.status}); ${run.status === 'draft' || run.status === 'processing' ? 'approve or discard it' : 'correct it with --corrects'}` : null;
  }, preset);
}

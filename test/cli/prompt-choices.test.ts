import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askChecked, askGbPeriod, askGermanMonth, type Choice, chooseEmployee, chooseOrganization, chooseWorksite, gbPeriodChoices, matchChoices, nextMonth, type PromptPort } from '../../src/cli/prompt-choices.js';
import * as checks from '../../src/service/contracts/answer-checks.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { loadAnswerChecks, type PayPeriodItem, type PayrollService } from '../../src/service/ports.js';
import { openStore } from '../../src/store/database.js';
import { deEmployer } from '../domain/de/run/fixtures.js';

/**
 * Issue 18 point 5 in-process: each answer checked by the API's own rule as it is given, pick lists of organizations,
 * pay groups and employees by name, and the next unrun period (GB) or month (DE) preset. The terminal itself is
 * exercised in run-gb-interactive.cli.test.ts.
 */

async function withService<T>(work: (service: PayrollService) => Promise<T>): Promise<T> {
  const store = await openStore(join(mkdtempSync(join(tmpdir(), 'payroll-choices-')), 'p.db'));
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-choices-objects-'))) });
  try {
    return await work(service);
  } finally {
    await store.close();
  }
}

interface Asked {
  kind: 'input' | 'select' | 'confirm';
  message: string;
  preset: unknown;
  choices?: Choice[];
}

/** Answers in order ('' = Enter: the preset); records each question, its preset and choices, and every refusal. */
function scripted(answers: string[]): PromptPort & { asked: Asked[]; refused: string[] } {
  const asked: Asked[] = [];
  const refused: string[] = [];
  const next = (message: string): string => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no scripted answer left for: ${message}`);
    return answer;
  };
  return {
    asked,
    refused,
    async input(message, validate, preset) {
      asked.push({ kind: 'input', message, preset });
      for (;;) {
        const typed = next(message);
        const answer = typed === '' && preset !== undefined ? preset : typed;
        const verdict = validate(answer);
        if (verdict === true) return answer;
        refused.push(verdict);
      }
    },
    async select(message, choices, preset) {
      asked.push({ kind: 'select', message, preset, choices });
      const typed = next(message);
      const value = typed === '' ? preset : choices.find((c) => c.value === typed || c.name.startsWith(typed))?.value;
      const chosen = choices.find((c) => c.value === value);
      if (!chosen || chosen.disabled) throw new Error(`"${typed}" is not an enabled choice of ${message}`);
      return chosen.value as never;
    },
    async confirm(message, preset) {
      asked.push({ kind: 'confirm', message, preset });
      const typed = next(message);
      return typed === '' ? preset : typed === 'y';
    },
  };
}

describe('each answer is checked by the API’s own rule (contracts/answer-checks.ts)', () => {
  it('refuses impossible dates, malformed identifiers and tax codes with the contract’s message, and takes good ones', () => {
    expect(checks.date('1990-02-31')).toBe('must be a date in the form YYYY-MM-DD');
    expect(checks.date('31.01.1990')).toBe('must be a date in the form YYYY-MM-DD');
    expect(checks.date('2024-02-29')).toBeNull();
    expect(checks.niNumber('QQ123456Z')).toMatch(/^is not a valid National Insurance number/);
    expect(checks.niNumber('ab 12 34 56 c')).toBeNull();
    expect(checks.taxCode('1257Q')).not.toBeNull();
    expect(checks.taxCode('S1257L W1')).toBeNull();
    expect(checks.germanTaxId('1234567890')).toBe('must be 11 digits');
    expect(checks.germanTaxId('12345678901')).toMatch(/check digit/);
    expect(checks.healthInsurerCode('1234')).toBe('must be the 8-digit Betriebsnummer of the health insurer');
    expect(checks.personName('   ')).toBe('is required');
    expect(checks.legalName('x'.repeat(201))).toBe('must be at most 200 characters');
    expect(checks.gbTaxYear('2026-28')).toBe('"2026-28" is not a GB tax year; write it as YYYY-YY, e.g. 2025-26');
    expect(checks.gbTaxYear('2026-27')).toBeNull();
    expect(checks.germanMonth('2026-13')).toBe('must be a month in the form YYYY-MM');
    expect(checks.taxMonth('13')).toBe('a tax month is 1 to 12');
    expect(checks.calendarYear('26')).toBe('must be a calendar year such as 2026');
  });

  it('refuses "abc", "-5", a third decimal place and an unbounded amount for basic pay; takes pounds and pence', () => {
    const basic = checks.gbEarningAmount('UK-E-001', '2026-04-30', 'monthly');
    expect(basic('abc')).toBe('must be an amount in pounds and pence, e.g. 2083.33 (digits, at most 2 decimal places)');
    expect(basic('-5')).toMatch(/^must not be negative for .*; use an adjustment wage type/);
    expect(basic('100.005')).toBe('must be an amount in pounds and pence (at most 2 decimal places)');
    expect(basic('1234567890123')).toMatch(/^must be less than 1,000,000,000,000 in magnitude/);
    expect(basic('2083.33')).toBeNull();
  });

  it('is what service/ports.ts hands the CLI', async () => {
    expect((await loadAnswerChecks()).date).toBe(checks.date);
  });

  it('asks again until the answer holds, and Enter takes the preset', async () => {
    const port = scripted(['1990-02-31', '1990-02-28']);
    expect(await askChecked(port, 'Date of birth', checks.date)).toBe('1990-02-28');
    expect(port.refused).toEqual(['must be a date in the form YYYY-MM-DD']);
    expect(await askChecked(scripted(['']), 'Tax year', checks.gbTaxYear, '2026-27')).toBe('2026-27');
  });
});

describe('pick lists by name', () => {
  it('offers the organizations by legal name (only of the country asked for), sorted', async () => {
    await withService(async (service) => {
      const beta = await service.createOrganization({ legal_name: 'Beta Ltd', country: 'GB' });
      const alpha = await service.createOrganization({ legal_name: 'Alpha Ltd', country: 'GB' });
      await service.createOrganization({ legal_name: 'Gamma GmbH', country: 'DE' });
      const port = scripted(['Beta Ltd']);
      expect(await chooseOrganization(service, port, { country: 'GB' })).toBe(beta.id);
      expect(port.asked[0]?.choices?.map((c) => c.name)).toEqual([`Alpha Ltd (GB, ${alpha.id})`, `Beta Ltd (GB, ${beta.id})`]);
      await expect(chooseOrganization(withoutOrgs(service), scripted([]))).rejects.toThrow('no organization to choose from; create one with `payroll org create`');
    });
  });

  it('offers the employees by name with payroll number, leavers marked', async () => {
    await withService(async (service) => {
      const org = await service.createOrganization({ legal_name: 'Names Ltd', country: 'GB' });
      const make = (first: string, last: string, no: string) => service.createEmployee(org.id, { first_name: first, last_name: last, payroll_number: no, date_of_birth: '1980-01-01', start_date: '2020-01-06', gb: { tax_code: '1257L' } });
      const zed = await make('Zoe', 'Zed', 'P2');
      const abel = await make('Ann', 'Abel', 'P1');
      await service.leaveEmployee(org.id, zed.id, { leave_date: '2026-03-31' });
      const port = scripted(['Zoe Zed']);
      expect(await chooseEmployee(service, org.id, port)).toBe(zed.id);
      expect(port.asked[0]?.choices?.map((c) => c.name)).toEqual([`Ann Abel, no. P1 (${abel.id})`, `Zoe Zed, no. P2, left 2026-03-31 (${zed.id})`]);
    });
  });

  it('offers the worksites by name, the primary one marked; none is a usage error naming the command', async () => {
    await withService(async (service) => {
      const org = await service.createOrganization({ legal_name: 'Sites GmbH', country: 'DE' });
      await expect(chooseWorksite(service, org.id, scripted([]))).rejects.toThrow('the organization has no worksites; create one with `payroll worksites create`');
      const berlin = await service.createWorksite(org.id, { name: 'Berlin' });
      const port = scripted(['Berlin']);
      expect(await chooseWorksite(service, org.id, port)).toBe(berlin.id);
      expect(port.asked[0]?.choices?.map((c) => c.name)).toEqual([`Berlin${berlin.is_primary ? ', primary' : ''} (${berlin.id})`]);
    });
  });

  it('searches a long list by every word typed', () => {
    const states: Choice[] = ['Baden-Württemberg', 'Bayern', 'Berlin', 'Nordrhein-Westfalen', 'Sachsen', 'Sachsen-Anhalt'].map((n) => ({ value: n, name: n }));
    expect(matchChoices(states, 'sachsen').map((c) => c.value)).toEqual(['Sachsen', 'Sachsen-Anhalt']);
    expect(matchChoices(states, 'sachsen anh').map((c) => c.value)).toEqual(['Sachsen-Anhalt']);
    expect(matchChoices(states, undefined)).toHaveLength(6);
  });
});

function withoutOrgs(service: PayrollService): PayrollService {
  return { ...service, listOrganizations: async () => ({ items: [], pagination: { limit: 100, has_next: false, has_prev: false, next_cursor: null, prev_cursor: null, total: 0 } }) } as PayrollService;
}

const period = (n: number): PayPeriodItem => ({ period_number: n, start_date: `2026-0${n}-06`, end_date: `2026-0${n + 1}-05`, pay_date: `2026-0${n}-30`, tax_year: '2026-27' }) as PayPeriodItem;

describe('the next unrun period is the default', () => {
  it('never offers a period whose run is approved or paid; a draft’s period is shown but cannot be picked; failed and discarded runs free it', () => {
    const runs = [
      { id: 'r1', status: 'paid', tax_year: '2026-27', period_number: 1 },
      { id: 'r2', status: 'approved', tax_year: '2026-27', period_number: 2 },
      { id: 'r3', status: 'draft', tax_year: '2026-27', period_number: 3 },
      { id: 'r4', status: 'discarded', tax_year: '2026-27', period_number: 4 },
      { id: 'r4b', status: 'failed', tax_year: '2026-27', period_number: 4 },
    ];
    const { choices, preset } = gbPeriodChoices([1, 2, 3, 4, 5].map(period), runs);
    expect(choices.map((c) => [c.value, c.disabled ?? null])).toEqual([
      ['2026-03-30', 'draft run r3: approve or discard it first'],
      ['2026-04-30', null],
      ['2026-05-30', null],
    ]);
    expect(preset).toBe('2026-04-30');
  });

  it('GB: after periods 1 and 2 are approved and paid, Enter twice runs period 3 of the tax year the runs are in', async () => {
    await withService(async (service) => {
      const org = await service.createOrganization({ legal_name: 'Periods Ltd', country: 'GB' });
      const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
      const group = await service.createPayGroup(org.id, { name: 'Staff', pay_calendar_id: calendar.id });
      const employee = await service.createEmployee(org.id, { first_name: 'Sam', last_name: 'Test', date_of_birth: '1985-06-15', start_date: '2020-01-06', gb: { tax_code: '1257L' } });
      await service.assignEmployees(org.id, group.id, { employee_ids: [employee.id] });
      const pay = { earnings: [{ wage_type_code: 'UK-E-001', amount: '2500.00' }], benefits: [], deductions: [], reimbursements: [] };
      for (const n of [1, 2]) {
        const run = await service.runGbPayroll(org.id, { pay_group_id: group.id, pay_calendar_id: calendar.id, period_number: n, tax_year: '2026-27', payroll_group: [{ employee_id: employee.id, pay_details: pay }] });
        await service.approvePayrollRun(org.id, run.payroll_status_id);
        if (n === 1) await service.markPayrollRunPaid(org.id, run.payroll_status_id);
      }
      const port = scripted(['2026-2', '', '']);
      // `today` lies in another tax year: the default follows the runs, not the clock.
      const chosen = await askGbPeriod(service, org.id, group, port, { today: '2027-06-01', taxYearCheck: checks.gbTaxYear });
      expect(chosen).toMatchObject({ tax_year: '2026-27', period_number: 3 });
      expect(port.asked[0]).toMatchObject({ kind: 'input', message: 'Tax year (YYYY-YY)', preset: '2026-27' });
      expect(port.refused).toEqual(['"2026-2" is not a GB tax year; write it as YYYY-YY, e.g. 2025-26']);
      const select = port.asked[1] as Asked;
      expect(select.message).toBe('Period of 2026-27');
      expect(select.preset).toBe(chosen.pay_date);
      expect(select.choices?.map((c) => c.name.replace(/:.*/, ''))).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `period ${n}`));
    });
  });

  it('GB: without runs the tax year of today is preset', async () => {
    await withService(async (service) => {
      const org = await service.createOrganization({ legal_name: 'New Ltd', country: 'GB' });
      const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
      const group = await service.createPayGroup(org.id, { name: 'Staff', pay_calendar_id: calendar.id });
      const port = scripted(['', '']);
      expect(await askGbPeriod(service, org.id, group, port, { today: '2027-04-05', taxYearCheck: checks.gbTaxYear })).toMatchObject({ tax_year: '2026-27', period_number: 1 });
      expect(port.asked[0]?.preset).toBe('2026-27');
    });
  });

  it('DE: the month after the latest run is preset; a month with a run is refused naming it', async () => {
    await withService(async (service) => {
      const setup = await deEmployer(service);
      const january = await service.createGermanPayrollRun(setup.orgId, { period: '2026-01' });
      await service.approveGermanPayrollRun(setup.orgId, january.payroll_status_id);
      const port = scripted(['2026-13', '2026-01', '']);
      expect(await askGermanMonth(service, setup.orgId, port, { today: '2026-11-25', monthCheck: checks.germanMonth })).toBe('2026-02');
      expect(port.asked[0]).toMatchObject({ message: 'Month to pay (YYYY-MM)', preset: '2026-02' });
      expect(port.refused).toEqual(['must be a month in the form YYYY-MM', `2026-01 has a run already: run ${january.payroll_status_id} (approved); correct it with --corrects`]);
      expect(nextMonth('2026-12')).toBe('2027-01');
    });
  });
});

/**
 * The Beitragsnachweis (§ 28f Abs. 3 SGB IV): per Einzugsstelle and month, the contributions of the approved payslips
 * by Beitragsgruppe, employee and employer shares apart, summed to the cent from the month records (nothing is
 * recalculated). The record layout is BW02 version 12 (Gemeinsame Grundsätze für Beitragsnachweise, Anlage 1;
 * fixtures/reference/de/meldungen/beitragsnachweis/BW02-Beitragsnachweis.md, edition ~2018/2019).
 *
 * Einzugsstelle: the employee's health insurer (§ 28i S. 1 SGB IV; for the privately insured the one the employer
 * chose, § 28i S. 2, stored as health_insurer_agency_code); for a minijob the Minijob-Zentrale (§ 28i S. 5 SGB IV),
 * which also collects the 2 % Pauschsteuer (§ 40a Abs. 6 EStG). A one-off allocated to the previous year
 * (§ 23a Abs. 4 SGB IV, Märzklausel) is reported in the month it is paid, with the contributions charged at the
 * previous year's rates; the statement shows that part and its rates separately.
 */
import { Decimal, money, ZERO } from '../../money.js';
import { MINIJOB_ZENTRALE_CODE } from '../krankenkassen.js';
import { isSupportedYear, paramsForYear } from '../params/index.js';
import type { DeMonthFiling, DeMonthRecord } from '../run/month-types.js';
import { amount, an, dateField, n, stampField, writeRecord, type FixedField } from './fixed.js';
import { monthEnd, requireFiling } from './months.js';
import type { FilingEmployee, FilingEmployer, FilingMonth, InsurerName } from './types.js';

/** The groups of the statement in the order of the BW02 amount fields. */
export const BN_GROUPS = [
  { key: 'kv_general', code: '1000', label: 'Krankenversicherung, allgemeiner Beitrag (ohne Zusatzbeitrag)' },
  { key: 'kv_increased', code: '2000', label: 'Krankenversicherung, erhöhter Beitrag (bis 2008)' },
  { key: 'kv_reduced', code: '3000', label: 'Krankenversicherung, ermäßigter Beitrag (ohne Zusatzbeitrag)' },
  { key: 'care', code: '0001', label: 'Pflegeversicherung (einschl. Beitragszuschlag für Kinderlose)' },
  { key: 'pension', code: '0100', label: 'Rentenversicherung, voller Beitrag' },
  { key: 'kv_additional', code: 'ZB', label: 'Zusatzbeitrag zur Krankenversicherung (Pflichtversicherte)' },
  { key: 'unemployment', code: '0010', label: 'Arbeitslosenversicherung, voller Beitrag' },
  { key: 'pension_half', code: '0300', label: 'Rentenversicherung, halber Beitrag' },
  { key: 'insolvency', code: '0050', label: 'Umlage U3 (Insolvenzgeldumlage)' },
  { key: 'unemployment_half', code: '0020', label: 'Arbeitslosenversicherung, halber Beitrag' },
  { key: 'u1', code: 'U1', label: 'Umlage U1 (Krankheitsaufwendungen)' },
  { key: 'u2', code: 'U2', label: 'Umlage U2 (Mutterschaftsaufwendungen)' },
  { key: 'kv_minijob', code: '6000', label: 'Krankenversicherung, Pauschalbeitrag geringfügig Beschäftigte' },
  { key: 'pension_minijob', code: '0500', label: 'Rentenversicherung, Pauschalbeitrag geringfügig Beschäftigte' },
  { key: 'kv_voluntary', code: '9000', label: 'Krankenversicherung freiwillig Versicherter (Firmenzahler)' },
  { key: 'care_voluntary', code: 'PVF', label: 'Pflegeversicherung freiwillig Versicherter' },
  { key: 'kv_additional_voluntary', code: 'ZBF', label: 'Zusatzbeitrag freiwillig Versicherter' },
] as const;
export type BnGroupKey = (typeof BN_GROUPS)[number]['key'];

export interface Shares {
  employee: Decimal;
  employer: Decimal;
}

export interface BnGroupLine {
  /** A BnGroupKey. */
  key: string;
  code: string;
  label: string;
  employee: string;
  employer: string;
  total: string;
}

export interface BnEmployeeLine {
  employee_id: string;
  name: string;
  beitragsgruppe: string;
  employee: string;
  employer: string;
  flat_tax: string;
}

export interface BeitragsnachweisStatement {
  month: string;
  period_start: string;
  period_end: string;
  einzugsstelle: { betriebsnummer: string | null; name: string | null };
  employer_betriebsnummer: string | null;
  groups: BnGroupLine[];
  /** BW02 SUM: every contribution and levy (the Zahlbetrag), the flat tax not included. */
  total: string;
  employee_total: string;
  employer_total: string;
  /** The 2 % einheitliche Pauschsteuer (Minijob-Zentrale only): employer-borne and passed on. */
  flat_tax: { employee: string; employer: string; total: string };
  /** What the employer transfers: total + flat tax. */
  amount_due: string;
  rates: { year: number; kv_general_percent: string; kv_reduced_percent: string; kv_additional_percent: string[]; care_percent: string; pension_percent: string; unemployment_percent: string; insolvency_percent: string };
  /** A one-off allocated to the previous year (Märzklausel): its part of the groups above and the rates it was charged at. */
  maerzklausel: { allocated_to: string[]; groups: BnGroupLine[]; rates: BeitragsnachweisStatement['rates'] } | null;
  employees: BnEmployeeLine[];
  /** The BW02 record (678 characters) or null when a number it needs is missing (see problems). */
  record: string | null;
  problems: string[];
}

type Groups = Record<BnGroupKey, Shares>;

function emptyGroups(): Groups {
  return Object.fromEntries(BN_GROUPS.map((g) => [g.key, { employee: ZERO, employer: ZERO }])) as Groups;
}

function add(groups: Groups, key: BnGroupKey, employee: Decimal | string, employer: Decimal | string): void {
  const g = groups[key];
  g.employee = g.employee.plus(employee);
  g.employer = g.employer.plus(employer);
}

const fig = (record: DeMonthRecord, key: string): Decimal => {
  const value = record.figures[key];
  return typeof value === 'string' ? new Decimal(value) : ZERO;
};

/** The Einzugsstelle a month's contributions go to (§ 28i SGB IV): the Minijob-Zentrale for a minijob, else the insurer. */
export function einzugsstelleOf(record: DeMonthRecord, filing: DeMonthFiling): string | null {
  return record.state.attributes.employment === 'minijob' ? MINIJOB_ZENTRALE_CODE : filing.insurer;
}

/** One employee month's contributions by group; `voluntary`: KV digit 9 (Firmenzahler) reports KV/PV in the voluntary fields. */
export function monthGroups(record: DeMonthRecord, filing: DeMonthFiling, voluntary: boolean): { groups: Groups; allocated: Groups | null; flatTax: Shares } {
  const groups = emptyGroups();
  const flatTax = { employee: new Decimal(filing.employeeFlatTax), employer: fig(record, 'employer.flat_rate_tax_mini_job') };
  const health = { employee: fig(record, 'employee.insurance.health_insurance'), employer: fig(record, 'employer.health_insurance_contribution') };
  const care = { employee: fig(record, 'employee.insurance.care_insurance'), employer: fig(record, 'employer.care_insurance_contribution') };
  const pension = { employee: fig(record, 'employee.insurance.pension_insurance'), employer: fig(record, 'employer.pension_contribution') };
  const unemployment = { employee: fig(record, 'employee.insurance.unemployment_insurance'), employer: fig(record, 'employer.unemployment_insurance_contribution') };
  add(groups, 'u1', ZERO, fig(record, 'employer.sick_pay_insurance_contribution'));
  add(groups, 'u2', ZERO, fig(record, 'employer.maternity_pay_insurance_contribution'));
  add(groups, 'insolvency', ZERO, fig(record, 'employer.insolvency_insurance_contribution'));
  if (record.state.attributes.employment === 'minijob') {
    // § 249b SGB V: the employer's KV flat rate; § 172 Abs. 3 SGB VI flat RV rate, or the full rate with the
    // employee's top-up when not exempt (§ 6 Abs. 1b SGB VI: Beitragsgruppe RV 1).
    add(groups, 'kv_minijob', health.employee, health.employer);
    add(groups, filing.minijobPensionExempt ? 'pension_minijob' : 'pension', pension.employee, pension.employer);
    add(groups, 'unemployment', unemployment.employee, unemployment.employer);
    add(groups, 'care', care.employee, care.employer);
    return { groups, allocated: null, flatTax };
  }
  const additional = { employee: new Decimal(filing.additional.employee), employer: new Decimal(filing.additional.employer) };
  add(groups, voluntary ? 'kv_voluntary' : 'kv_general', health.employee.minus(additional.employee), health.employer.minus(additional.employer));
  add(groups, voluntary ? 'kv_additional_voluntary' : 'kv_additional', additional.employee, additional.employer);
  add(groups, voluntary ? 'care_voluntary' : 'care', care.employee, care.employer);
  add(groups, 'pension', pension.employee, pension.employer);
  add(groups, 'unemployment', unemployment.employee, unemployment.employer);
  let allocated: Groups | null = null;
  if (filing.allocated) {
    const a = filing.allocated;
    allocated = emptyGroups();
    add(allocated, voluntary ? 'kv_voluntary' : 'kv_general', new Decimal(a.employee.health).minus(a.employee.additional), new Decimal(a.employer.health).minus(a.employer.additional));
    add(allocated, voluntary ? 'kv_additional_voluntary' : 'kv_additional', a.employee.additional, a.employer.additional);
    add(allocated, voluntary ? 'care_voluntary' : 'care', a.employee.care, a.employer.care);
    add(allocated, 'pension', a.employee.pension, a.employer.pension);
    add(allocated, 'unemployment', a.employee.unemployment, a.employer.unemployment);
    add(allocated, 'insolvency', ZERO, a.employer.insolvency);
  }
  return { groups, allocated, flatTax };
}

function lines(groups: Groups): BnGroupLine[] {
  return BN_GROUPS.map((g) => {
    const s = groups[g.key];
    return { key: g.key, code: g.code, label: g.label, employee: money(s.employee), employer: money(s.employer), total: money(s.employee.plus(s.employer)) };
  });
}

function ratesOf(year: number, additional: Iterable<string>): BeitragsnachweisStatement['rates'] {
  const p = paramsForYear(year as Parameters<typeof paramsForYear>[0]);
  const pct = (fraction: Decimal): string => fraction.mul(100).toFixed(2);
  return {
    year,
    kv_general_percent: pct(p.health.generalRate),
    kv_reduced_percent: pct(p.health.reducedRate),
    kv_additional_percent: [...new Set(additional)].map((r) => new Decimal(r).toFixed(2)).sort(),
    care_percent: pct(p.care.totalRate),
    pension_percent: pct(p.pension.rate),
    unemployment_percent: pct(p.unemployment.rate),
    insolvency_percent: pct(p.levies.insolvencyRate),
  };
}

export interface BeitragsnachweisInput {
  month: string;
  employer: FilingEmployer;
  employees: ReadonlyMap<string, FilingEmployee>;
  /** The approved months of `month` (one per employee). */
  months: readonly FilingMonth[];
  insurerName: InsurerName;
  /** The creation stamp of the records (ISO instant; the latest approval of the months, so the same data gives the same file). */
  createdAt: string;
}

/** The month's statements, one per Einzugsstelle (ordered by Betriebsnummer; an unknown one last). */
export function beitragsnachweise(input: BeitragsnachweisInput): BeitragsnachweisStatement[] {
  // A month without approved runs has nothing to declare, whatever its year: a report or PDF asked for a year the
  // service has no contribution rates for (year=7265) is empty, like the Lohnsteuer-Anmeldung's, not a failure
  // (the property-based API test found it answering 500).
  if (input.months.length === 0) return [];
  const year = Number(input.month.slice(0, 4));
  if (!isSupportedYear(year)) throw new Error(`no German figures for ${year}`);
  const byStelle = new Map<string | null, FilingMonth[]>();
  for (const m of input.months) {
    const filing = requireFiling(m);
    const stelle = einzugsstelleOf(m.record, filing);
    byStelle.set(stelle, [...(byStelle.get(stelle) ?? []), m]);
  }
  const keys = [...byStelle.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return keys.map((stelle) => statement(input, year, stelle, byStelle.get(stelle) ?? []));
}

function statement(input: BeitragsnachweisInput, year: number, stelle: string | null, months: readonly FilingMonth[]): BeitragsnachweisStatement {
  const totals = emptyGroups();
  const allocated = emptyGroups();
  const allocatedTo = new Set<string>();
  const allocatedRates = new Set<string>();
  const additionalRates = new Set<string>();
  const flat = { employee: ZERO, employer: ZERO };
  const employees: BnEmployeeLine[] = [];
  const problems: string[] = [];
  for (const m of months) {
    const filing = requireFiling(m);
    const employee = input.employees.get(m.employeeId);
    const voluntary = employee?.beitragsgruppe?.startsWith('9') === true && m.record.state.attributes.employment !== 'minijob';
    const g = monthGroups(m.record, filing, voluntary);
    let employeeSum = ZERO;
    let employerSum = ZERO;
    for (const key of Object.keys(g.groups) as BnGroupKey[]) {
      add(totals, key, g.groups[key].employee, g.groups[key].employer);
      employeeSum = employeeSum.plus(g.groups[key].employee);
      employerSum = employerSum.plus(g.groups[key].employer);
    }
    if (g.allocated) {
      for (const key of Object.keys(g.allocated) as BnGroupKey[]) add(allocated, key, g.allocated[key].employee, g.allocated[key].employer);
      if (m.record.state.allocated) allocatedTo.add(m.record.state.allocated.to);
      if (filing.allocated) allocatedRates.add(filing.allocated.additionalRatePercent);
    }
    flat.employee = flat.employee.plus(g.flatTax.employee);
    flat.employer = flat.employer.plus(g.flatTax.employer);
    const attributes = m.record.state.attributes;
    if (attributes.employment !== 'minijob' && attributes.statutoryHealth) additionalRates.add(attributes.additionalRatePercent);
    employees.push({
      employee_id: m.employeeId,
      name: employee ? `${employee.lastName}, ${employee.firstName}` : m.employeeId,
      beitragsgruppe: employee?.beitragsgruppe ?? chargedGroupOf(m.record, filing),
      employee: money(employeeSum),
      employer: money(employerSum),
      flat_tax: money(g.flatTax.employee.plus(g.flatTax.employer)),
    });
  }
  const groupLines = lines(totals);
  const employeeTotal = groupLines.reduce((s, l) => s.plus(l.employee), ZERO);
  const employerTotal = groupLines.reduce((s, l) => s.plus(l.employer), ZERO);
  const total = employeeTotal.plus(employerTotal);
  const flatTotal = flat.employee.plus(flat.employer);
  if (stelle === null) problems.push(`no Einzugsstelle: employee(s) ${months.map((m) => m.employeeId).join(', ')} have no health insurer (de.health_insurer_agency_code); their contributions cannot be assigned to a Krankenkasse (§ 28i SGB IV)`);
  if (input.employer.betriebsnummer === null) problems.push('the employer has no Betriebsnummer (insurance_data.company_number): the BW02 record needs it');
  const rates = ratesOf(year, additionalRates);
  const previousYear = year - 1;
  const maerzklausel =
    allocatedTo.size > 0 && isSupportedYear(previousYear) ? { allocated_to: [...allocatedTo].sort(), groups: lines(allocated), rates: ratesOf(previousYear, allocatedRates) } : null;
  const base: Omit<BeitragsnachweisStatement, 'record'> = {
    month: input.month,
    period_start: `${input.month}-01`,
    period_end: monthEnd(input.month),
    einzugsstelle: { betriebsnummer: stelle, name: stelle === null ? null : input.insurerName(stelle) },
    employer_betriebsnummer: input.employer.betriebsnummer,
    groups: groupLines,
    total: money(total),
    employee_total: money(employeeTotal),
    employer_total: money(employerTotal),
    flat_tax: { employee: money(flat.employee), employer: money(flat.employer), total: money(flatTotal) },
    amount_due: money(total.plus(flatTotal)),
    rates,
    maerzklausel,
    employees,
    problems,
  };
  if (base.rates.kv_additional_percent.length > 1) {
    problems.push(`several Zusatzbeitragssätze (${base.rates.kv_additional_percent.join(', ')} %) in one statement: BW02 BEITRSA carries one; the first is written`);
  }
  const record = stelle !== null && input.employer.betriebsnummer !== null ? bw02(input, base, stelle, input.employer.betriebsnummer, totals, flat) : null;
  return { ...base, record };
}

/** The Beitragsgruppe the month was charged as, when the employee has none stored. */
function chargedGroupOf(record: DeMonthRecord, filing: DeMonthFiling): string {
  const a = record.state.attributes;
  if (a.employment === 'minijob') return `${a.statutoryHealth ? '6' : '0'}${filing.minijobPensionExempt ? '5' : '1'}00`;
  return a.statutoryHealth ? '1111' : '0110';
}

/** BW02 version 12 (678 characters), fields as in BW02-Beitragsnachweis.md. */
function bw02(input: BeitragsnachweisInput, s: Omit<BeitragsnachweisStatement, 'record'>, stelle: string, bbnr: string, g: Groups, flat: Shares): string {
  const t = (key: BnGroupKey): Decimal => g[key].employee.plus(g[key].employer);
  const inZws: BnGroupKey[] = ['kv_general', 'kv_increased', 'kv_reduced', 'care', 'pension', 'kv_additional', 'unemployment', 'pension_half', 'insolvency', 'unemployment_half', 'u1', 'u2', 'kv_minijob', 'pension_minijob'];
  const zws = inZws.reduce((sum, key) => sum.plus(t(key)), ZERO);
  const sum = zws.plus(t('kv_voluntary')).plus(t('care_voluntary')).plus(t('kv_additional_voluntary'));
  const rate = (percent: string): string => new Decimal(percent).mul(100).toFixed(0);
  const additional = s.rates.kv_additional_percent[0] ?? '0';
  const minijob = stelle === MINIJOB_ZENTRALE_CODE;
  const address = input.employer.address;
  const fields: FixedField[] = [
    an('KE', 4, 'BW02'),
    an('VF', 5, 'BWNAC'),
    an('ABSN', 15, bbnr),
    an('EPNR', 15, stelle),
    n('VERNR', 2, '12'),
    n('ED', 20, stampField(input.createdAt)),
    n('FEKZ', 1, '0'),
    n('FEAN', 1, '0'),
    an('RESERVE1', 20, ''),
    an('AZKK', 20, ''),
    n('KEART', 1, '0'),
    n('KEINSBN', 1, '0'),
    n('RESERVE2', 1, '0'),
    an('BBNRAG', 15, bbnr),
    n('ZRBEG', 8, dateField(s.period_start)),
    n('ZREND', 8, dateField(s.period_end)),
    ...amount('KVBEITR1', t('kv_general')),
    ...amount('KVBEITR2', t('kv_increased')),
    ...amount('KVBEITR3', t('kv_reduced')),
    ...amount('PVBEITR', t('care')),
    ...amount('RVBEITR1', t('pension')),
    ...amount('ZBP', t('kv_additional')),
    ...amount('AVBEITR1', t('unemployment')),
    ...amount('RVBEITR3', t('pension_half')),
    ...amount('INSGU', t('insolvency')),
    ...amount('AVBEITR2', t('unemployment_half')),
    ...amount('U1', t('u1')),
    ...amount('U2', t('u2')),
    ...amount('KVBEITR6', t('kv_minijob')),
    ...amount('RVBEITR5', t('pension_minijob')),
    ...amount('RESERVE3', ZERO),
    ...amount('ZWS', zws),
    ...amount('KVBEITRF', t('kv_voluntary')),
    ...amount('PVBEITRF', t('care_voluntary')),
    ...amount('ERSTAAG', ZERO),
    ...amount('ZBF', t('kv_additional_voluntary')),
    ...amount('BEITR2', ZERO),
    ...amount('BEITR3', ZERO),
    ...amount('SUM', sum),
    an('DSID', 32, `${input.employer.id}-${s.month}`, true),
    n('RESERVE4', 4, '0'),
    an('NAME1', 30, input.employer.legalName, true),
    an('NAME2', 30, ''),
    an('STR', 30, address?.street ?? '', true),
    an('LDKZ', 3, ''),
    an('PLZ', 10, address?.postcode ?? ''),
    an('ORT', 25, address?.city ?? '', true),
    an('ABRECHN1', 15, ''),
    an('ABRECHN2', 15, ''),
    an('ORDN', 20, ''),
    an('VAMM', 1, ''),
    n('BEITRSA', 4, minijob ? '0' : rate(new Decimal(s.rates.kv_general_percent).plus(additional).toFixed(2))),
    n('BEITRSE', 4, '0'),
    n('BEITRSH', 4, minijob ? '0' : rate(new Decimal(s.rates.kv_reduced_percent).plus(additional).toFixed(2))),
    an('KENNZRK', 1, ''),
    n('KENNUML', 1, '0'),
    n('LFDNR', 3, '0'),
    an('WG', 1, 'E'),
    ...amount('BEITR', minijob ? flat.employee.plus(flat.employer) : ZERO),
    an('STNR', 20, minijob ? (input.employer.steuernummer ?? '') : ''),
  ];
  if (address === null) s.problems.push('the employer has no address with postcode and town: BW02 PLZ/ORT are blank');
  return writeRecord(fields);
}

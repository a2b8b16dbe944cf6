/**
 * DEÜV notifications (§ 28a SGB IV, DEÜV) due for a span of months, from the employees' dates and the approved
 * months: Anmeldung (Abgabegrund 10, § 6 DEÜV) for a starter, Abmeldung (30, § 8 DEÜV) for a leaver, gleichzeitige
 * An- und Abmeldung (40) when both fall in one month, Jahresmeldung (50, § 10 DEÜV) for everyone employed on
 * 31 December, and the Sondermeldung (54, § 11 DEÜV) of a one-off allocated to the previous year (§ 23a Abs. 4 SGB IV).
 * Each carries Personengruppe, Beitragsgruppe, Tätigkeitsschlüssel where stored, the reporting period and the
 * beitragspflichtige Entgelt in whole euros (DEÜV § 5 Abs. 4: cents 50–99 up, 00–49 down), and, where the numbers
 * it needs are known, the fixed-length record DSME v05 + DBME v05 (+ DBNA on an Anmeldung):
 * fixtures/reference/de/meldungen/deuev/DSME-Datensatz-Feldtabellen.md (edition 2019/2020, not the current one).
 *
 * Not produced: Unterbrechungsmeldungen (51–53, no German absences are recorded), An-/Abmeldungen for a change of
 * insurer or Beitragsgruppe (11/12, 31/32: the employee's current values are used throughout), Sofortmeldungen (20).
 */
import { Decimal, ZERO } from '../../money.js';
import { MINIJOB_ZENTRALE_CODE } from '../krankenkassen.js';
import { monthLabel, parseMonth } from '../run/calendar.js';
import { an, dateField, n, stampField, writeRecord, type FixedField } from './fixed.js';
import { ABGABEGRUENDE, chargedBeitragsgruppe, defaultPersonengruppe, PERSONENGRUPPEN, type Abgabegrund } from './keys.js';
import { laterOf, monthEnd } from './months.js';
import type { FilingEmployee, FilingEmployer, FilingMonth } from './types.js';

export interface Meldung {
  /** An Abgabegrund of ABGABEGRUENDE. */
  abgabegrund: string;
  label: string;
  employee_id: string;
  name: string;
  payroll_number: string | null;
  versicherungsnummer: string | null;
  personengruppe: string;
  personengruppe_stored: boolean;
  beitragsgruppe: string;
  beitragsgruppe_stored: boolean;
  taetigkeitsschluessel: string | null;
  period_start: string;
  /** Null on an Anmeldung (it reports the start only). */
  period_end: string | null;
  /** The beitragspflichtige Entgelt of the period in whole euros (RV base; the reduced base in the Übergangsbereich); null on an Anmeldung. */
  sv_entgelt: string | null;
  /** Übergangsbereich (§ 20 Abs. 2 SGB IV): 0 none, 1 throughout, 2 partly (DBME KENNZMIDI). */
  uebergangsbereich: number;
  /** With the Übergangsbereich: the actual Entgelt in whole euros (DBME EGRB). */
  entgelt_uebergangsbereich: string | null;
  employer_betriebsnummer: string | null;
  einzugsstelle_betriebsnummer: string | null;
  /** The latest day to report it (DEÜV §§ 6, 8, 10, 11). */
  due_by: string;
  /** DSME + DBME (+ DBNA) or null when a number it needs is missing (see problems). */
  record: string | null;
  problems: string[];
}

export interface MeldungenInput {
  /** First and last month of the span, 'YYYY-MM'. */
  from: string;
  to: string;
  employer: FilingEmployer;
  employees: readonly FilingEmployee[];
  /** Approved months of the employees from January of `from`'s year to `to` (one per employee and month). */
  months: readonly FilingMonth[];
  createdAt: string;
}

/** DEÜV § 5 Abs. 4: whole euros, cents above 49 up, below 50 down. */
export function wholeEuros(value: Decimal): string {
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

export function meldungen(input: MeldungenInput): Meldung[] {
  const spanStart = `${input.from}-01`;
  const spanEnd = monthEnd(input.to);
  const within = (date: string | null): date is string => date !== null && date >= spanStart && date <= spanEnd;
  const byEmployee = new Map<string, FilingMonth[]>();
  for (const m of input.months) byEmployee.set(m.employeeId, [...(byEmployee.get(m.employeeId) ?? []), m]);
  const out: Meldung[] = [];
  for (const employee of input.employees) {
    const months = (byEmployee.get(employee.id) ?? []).filter((m) => m.month >= employee.startDate.slice(0, 7));
    const make = (gd: Abgabegrund, start: string, end: string | null, due: string, entgeltMonths?: readonly FilingMonth[], entgelt?: Decimal): Meldung =>
      meldung(input, employee, months, gd, start, end, due, entgeltMonths, entgelt);
    const start = employee.startDate;
    const leave = employee.leaveDate;
    if (within(start) && leave !== null && leave.slice(0, 7) === start.slice(0, 7)) {
      out.push(make('40', start, leave, addDays(leave, 42)));
    } else {
      if (within(start)) out.push(make('10', start, null, addDays(start, 42)));
      if (within(leave) && leave >= start) out.push(make('30', laterOf(start, `${leave.slice(0, 4)}-01-01`), leave, addDays(leave, 42)));
    }
    // Jahresmeldung: employed beyond 31 December of a year whose December lies in the span (an Abmeldung on 31.12. replaces it).
    for (let year = Number(input.from.slice(0, 4)); year <= Number(input.to.slice(0, 4)); year += 1) {
      const december = `${year}-12-31`;
      if (!within(december) || start > december || (leave !== null && leave <= december)) continue;
      out.push(make('50', laterOf(start, `${year}-01-01`), december, `${year + 1}-02-15`));
    }
    // Sondermeldung: a one-off paid in the span and allocated to the previous year (§ 23a Abs. 4 SGB IV).
    for (const m of months) {
      const allocated = m.record.state.allocated;
      if (!allocated || m.month < input.from || m.month > input.to) continue;
      const ref = parseMonth(allocated.to);
      const from = laterOf(start, `${monthLabel(ref.year, ref.month)}-01`);
      out.push(make('54', from, monthEnd(allocated.to), addDays(monthEnd(m.month), 42), [], new Decimal(allocated.rv)));
    }
  }
  // In the order the events happened: an Anmeldung at its start, the others at the end of their period.
  const at = (m: Meldung): string => m.period_end ?? m.period_start;
  return out.sort((a, b) => at(a).localeCompare(at(b)) || a.employee_id.localeCompare(b.employee_id) || a.abgabegrund.localeCompare(b.abgabegrund));
}

function meldung(
  input: MeldungenInput,
  employee: FilingEmployee,
  months: readonly FilingMonth[],
  gd: Abgabegrund,
  start: string,
  end: string | null,
  due: string,
  entgeltMonths?: readonly FilingMonth[],
  entgeltOverride?: Decimal,
): Meldung {
  const problems: string[] = [];
  const facts = { miniJob: employee.miniJob, privateHealth: employee.privateHealth, pensionExemption: employee.pensionExemption };
  const personengruppe = employee.personengruppe ?? defaultPersonengruppe(facts);
  const beitragsgruppe = employee.beitragsgruppe ?? chargedBeitragsgruppe(facts);
  if (employee.personengruppe === null) problems.push(`Personengruppe not stored (de.personengruppe): ${personengruppe} (${PERSONENGRUPPEN[personengruppe]}) derived from the employment`);
  if (employee.beitragsgruppe === null) problems.push(`Beitragsgruppe not stored (de.beitragsgruppe): ${beitragsgruppe} derived from the contributions charged`);
  if (employee.taetigkeitsschluessel === null) problems.push('Tätigkeitsschlüssel not stored (de.taetigkeitsschluessel): the DBME field stays blank');
  if (employee.socialInsuranceNumber === null) problems.push('no Versicherungsnummer (de.social_insurance_number): the notification needs the birth data and address blocks (DBGB, DBAN: birth place, sex), which are not stored; no record is written');

  // The Entgelt of the period: the RV bases of its approved months (the reduced base in the Übergangsbereich; a
  // minijob's actual wage), charged to that year (a one-off allocated to the previous year is reported with GD 54).
  let sv: Decimal | null = null;
  let actual: Decimal | null = null;
  let midijobMonths = 0;
  let periodMonths: FilingMonth[] = [];
  if (end !== null) {
    periodMonths = entgeltMonths ? [...entgeltMonths] : months.filter((m) => m.month >= start.slice(0, 7) && m.month <= end.slice(0, 7));
    if (entgeltOverride) sv = entgeltOverride;
    else {
      sv = ZERO;
      actual = ZERO;
      for (const m of periodMonths) {
        const attributes = m.record.state.attributes;
        const wage = new Decimal(m.record.state.regularPay).plus(m.record.state.oneOffPay);
        sv = sv.plus(attributes.employment === 'minijob' ? wage : new Decimal(m.record.state.bases.rv));
        actual = actual.plus(wage);
        if (attributes.employment === 'midijob') midijobMonths += 1;
      }
      const expected: string[] = [];
      for (let ref = parseMonth(start.slice(0, 7)); ref.label <= end.slice(0, 7); ref = ref.month === 12 ? parseMonth(monthLabel(ref.year + 1, 1)) : parseMonth(monthLabel(ref.year, ref.month + 1))) expected.push(ref.label);
      const have = new Set(periodMonths.map((m) => m.month));
      const missing = expected.filter((label) => !have.has(label));
      if (missing.length > 0) problems.push(`months without an approved run: ${missing.join(', ')}; the Entgelt covers the approved months only`);
    }
  }
  const midijob: 0 | 1 | 2 = midijobMonths === 0 ? 0 : midijobMonths === periodMonths.length ? 1 : 2;
  const last = months.filter((m) => m.month <= (end ?? start).slice(0, 7)).at(-1) ?? months[0];
  const einzugsstelle = employee.miniJob ? MINIJOB_ZENTRALE_CODE : (last?.record.filing?.insurer ?? employee.insurer);
  if (einzugsstelle === null) problems.push('no Einzugsstelle: the employee has no health insurer (de.health_insurer_agency_code)');
  if (input.employer.betriebsnummer === null) problems.push('the employer has no Betriebsnummer (insurance_data.company_number)');

  const result: Meldung = {
    abgabegrund: gd,
    label: ABGABEGRUENDE[gd],
    employee_id: employee.id,
    name: `${employee.lastName}, ${employee.firstName}`,
    payroll_number: employee.payrollNumber,
    versicherungsnummer: employee.socialInsuranceNumber,
    personengruppe,
    personengruppe_stored: employee.personengruppe !== null,
    beitragsgruppe,
    beitragsgruppe_stored: employee.beitragsgruppe !== null,
    taetigkeitsschluessel: employee.taetigkeitsschluessel,
    period_start: start,
    period_end: end,
    sv_entgelt: sv === null ? null : wholeEuros(sv),
    uebergangsbereich: midijob,
    entgelt_uebergangsbereich: midijob > 0 && actual !== null ? wholeEuros(actual) : null,
    employer_betriebsnummer: input.employer.betriebsnummer,
    einzugsstelle_betriebsnummer: einzugsstelle,
    due_by: due,
    record: null,
    problems,
  };
  if (employee.socialInsuranceNumber !== null && einzugsstelle !== null && input.employer.betriebsnummer !== null) {
    result.record = dsme(input, employee, result, input.employer.betriebsnummer, einzugsstelle);
  }
  return result;
}

/** DSME v05 (559) + DBME v05 (147) (+ DBNA, 125, on an Anmeldung). */
function dsme(input: MeldungenInput, employee: FilingEmployee, m: Meldung, bbnr: string, stelle: string): string {
  const withName = m.abgabegrund === '10' || m.abgabegrund === '40';
  const flags = (name: string, value: boolean): FixedField => an(name, 1, value ? 'J' : 'N');
  const head: FixedField[] = [
    an('KE', 4, 'DSME'),
    an('VF', 5, 'DEUEV'),
    an('ABSN', 15, bbnr),
    an('EPNR', 15, stelle),
    n('VERNR', 2, '05'),
    n('ED', 20, stampField(input.createdAt)),
    n('FEKZ', 1, '0'),
    n('FEAN', 1, '0'),
    an('VSNR', 12, employee.socialInsuranceNumber),
    an('VSTR', 2, ''),
    an('BBNRVU', 15, bbnr),
    an('AZVU', 20, employee.payrollNumber ?? employee.id, true),
    an('BBNRKK', 15, stelle),
    an('AZKK', 20, ''),
    an('BBNRAS', 15, ''),
    n('PERSGR', 3, m.personengruppe),
    n('GD', 2, m.abgabegrund),
    an('SASC', 3, ''),
    flags('MMME', true),
    flags('MMNA', withName),
    flags('MMGB', false),
    flags('MMAN', false),
    flags('MMEU', false),
    flags('MMUV', false),
    flags('MMKS', false),
    flags('MMSV', false),
    flags('MMVR', false),
    flags('MMRG', false),
    an('KENNZUE', 1, ''),
    an('MMUEB', 1, '1'),
    an('KENNZUP', 1, ''),
    flags('MMSO', false),
    an('KENNZSTA', 1, ''),
    flags('MMUE', false),
    n('VERNRKP', 2, '0'),
    flags('MMKV', false),
    an('RESERVE1', 1, ''),
    n('DATUM_VERARBEITUNG', 20, '0'),
    an('RESERVE2', 2, ''),
    n('PRODID', 7, '0'),
    n('MODID', 8, '0'),
    an('DSID', 32, `${employee.id}-${m.abgabegrund}-${dateField(m.period_start)}`, true),
    an('ABSNRV', 15, bbnr),
    an('RESERVE3', 85, ''),
    flags('MMBM', false),
    an('RESERVE4', 99, ''),
    an('RESERVE5', 100, ''),
  ];
  const dbme: FixedField[] = [
    an('KE', 4, 'DBME'),
    an('KENNZST', 1, 'N'),
    an('KENNZMIDI', 1, String(m.uebergangsbereich)),
    n('ZRBG', 8, dateField(m.period_start)),
    n('ZREN', 8, m.period_end === null ? '0' : dateField(m.period_end)),
    n('ZLTG', 2, '0'),
    an('WG', 1, m.sv_entgelt === null ? '' : 'E'),
    n('EG', 6, m.sv_entgelt ?? '0'),
    an('BYGR', 4, m.beitragsgruppe),
    an('TTSC', 9, m.taetigkeitsschluessel ?? ''),
    an('KENNZRK', 1, ''),
    an('KENNZMF', 1, 'N'),
    n('KENNZAP', 1, '0'),
    an('KENNZSAN', 1, ''),
    n('EGRB', 6, m.entgelt_uebergangsbereich ?? '0'),
    an('RESERVE', 93, ''),
  ];
  const dbna: FixedField[] = withName
    ? [an('KE', 4, 'DBNA'), an('FMNA', 30, employee.lastName, true), an('VONA', 30, employee.firstName, true), an('VOSA', 20, ''), an('NAZU', 20, ''), an('TITEL', 20, ''), an('KENNZAB', 1, '')]
    : [];
  return writeRecord([...head, ...dbme, ...dbna]);
}

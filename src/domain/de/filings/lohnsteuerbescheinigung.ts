/**
 * The elektronische Lohnsteuerbescheinigung (§ 41b EStG) of an employee and calendar year, from the payroll account
 * (the approved months of this employment): the numbered lines of the official printout (line texts of the 2017
 * ELSTER schema with the changes for 2025/2026 reported in fixtures/reference/de/meldungen/elster/
 * LStB-Ausdruck-2025-2026.md) that the stored data supports, and the employee's Steuer-ID.
 *
 * A minijob taxed at the 2 % Pauschsteuer gets none (§ 41b Abs. 1 EStG covers wage taxed under ELStAM; the flat-rate
 * wage is not certified), so only its other months count.
 */
import { Decimal, money, ZERO } from '../../money.js';
import { CHURCH_DENOMINATIONS } from './keys.js';
import { earlierOf, laterOf } from './months.js';
import type { FilingEmployee, FilingEmployer, FilingMonth } from './types.js';

export interface LstbLine {
  /** The printed number, e.g. "3", "22a". */
  line: string;
  label: string;
  /** Money as a decimal string; text lines (1, 2) as text. */
  value: string;
}

export interface Lohnsteuerbescheinigung {
  year: number;
  employee_id: string;
  name: string;
  address: string | null;
  date_of_birth: string | null;
  /** Identifikationsnummer (§ 139b AO). */
  tax_id: string | null;
  payroll_number: string | null;
  employer: { name: string; steuernummer: string | null };
  period: { from: string; to: string };
  /** The ELStAM the employer applied, as stored on the employee now. */
  elstam: { tax_class: number | null; factor: string | null; child_allowances: string | null; church: string };
  lines: LstbLine[];
  /** The months certified. */
  months: string[];
  problems: string[];
}

const fig = (m: FilingMonth, key: string): Decimal => {
  const value = m.record.figures[key];
  return typeof value === 'string' ? new Decimal(value) : ZERO;
};

const german = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The certificate, or null when the year has no month taxed under ELStAM (only flat-taxed minijob months, or none). */
export function lohnsteuerbescheinigung(year: number, employer: FilingEmployer, employee: FilingEmployee, months: readonly FilingMonth[]): Lohnsteuerbescheinigung | null {
  const taxed = months.filter((m) => m.month.startsWith(`${year}-`) && m.record.state.attributes.employment !== 'minijob');
  if (taxed.length === 0) return null;
  const sum = (key: string): Decimal => taxed.reduce((s, m) => s.plus(fig(m, key)), ZERO);
  const filingSum = (pick: (f: NonNullable<FilingMonth['record']['filing']>) => string | null): Decimal =>
    taxed.reduce((s, m) => s.plus((m.record.filing && pick(m.record.filing)) ?? '0'), ZERO);
  const problems: string[] = [];
  const voluntary = employee.beitragsgruppe?.startsWith('9') === true;
  const from = laterOf(employee.startDate, `${year}-01-01`);
  const to = earlierOf(employee.leaveDate ?? `${year}-12-31`, `${year}-12-31`);
  const oneOff = taxed.some((m) => m.record.figures['one_off.income_tax'] !== null && m.record.figures['one_off.income_tax'] !== undefined);
  // Großbuchstabe S: tax on a sonstiger Bezug computed without the pay of earlier employments this year (not presented).
  const letters = oneOff && !employee.previousEmploymentPayPresented ? 'S' : '';
  const lines: LstbLine[] = [
    { line: '1', label: 'Dauer des Dienstverhältnisses', value: `${german(from)} – ${german(to)}` },
    { line: '2', label: 'Zeiträume ohne Anspruch auf Arbeitslohn (Anzahl „U“) / Großbuchstaben (S, M, F, FR1–FR3)', value: letters },
    { line: '3', label: 'Bruttoarbeitslohn einschl. Sachbezüge ohne 9. und 10.', value: money(sum('employee.totals.taxable_gross_wages')) },
    { line: '4', label: 'Einbehaltene Lohnsteuer von 3.', value: money(sum('employee.taxes.income_tax')) },
    { line: '5', label: 'Einbehaltener Solidaritätszuschlag von 3.', value: money(sum('employee.taxes.solidarity_tax')) },
    { line: '6', label: 'Einbehaltene Kirchensteuer des Arbeitnehmers von 3.', value: money(sum('employee.taxes.church_tax')) },
    { line: '7', label: 'Einbehaltene Kirchensteuer des Ehegatten/Lebenspartners von 3. (nur bei konfessionsverschiedener Ehe)', value: money(ZERO) },
    { line: '22a', label: 'Arbeitgeberanteil zur gesetzlichen Rentenversicherung', value: money(sum('employer.pension_contribution')) },
    { line: '22b', label: 'Arbeitgeberanteil an berufsständische Versorgungseinrichtungen', value: money(ZERO) },
    { line: '23a', label: 'Arbeitnehmeranteil zur gesetzlichen Rentenversicherung', value: money(sum('employee.insurance.pension_insurance')) },
    { line: '23b', label: 'Arbeitnehmeranteil an berufsständische Versorgungseinrichtungen', value: money(ZERO) },
    // § 3 Nr. 62 EStG: only a voluntary member's employer share is a tax-free subsidy (line 24a/24c); a compulsory
    // member's employer share is not certified. The § 257 SGB V / § 61 SGB XI subsidies to private insurance: 24b/24c.
    { line: '24a', label: 'Steuerfreie Arbeitgeberzuschüsse zur gesetzlichen Krankenversicherung', value: money(voluntary ? sum('employer.health_insurance_contribution') : ZERO) },
    { line: '24b', label: 'Steuerfreie Arbeitgeberzuschüsse zur privaten Krankenversicherung', value: money(filingSum((f) => f.subsidy.health)) },
    {
      line: '24c',
      label: 'Steuerfreie Arbeitgeberzuschüsse zur gesetzlichen Pflegeversicherung',
      value: money((voluntary ? sum('employer.care_insurance_contribution') : ZERO).plus(filingSum((f) => f.subsidy.care))),
    },
    { line: '25', label: 'Arbeitnehmerbeiträge zur gesetzlichen Krankenversicherung', value: money(sum('employee.insurance.health_insurance')) },
    { line: '26', label: 'Arbeitnehmerbeiträge zur sozialen Pflegeversicherung', value: money(sum('employee.insurance.care_insurance')) },
    { line: '27', label: 'Arbeitnehmerbeiträge zur Arbeitslosenversicherung', value: money(sum('employee.insurance.unemployment_insurance')) },
  ];
  // Line 28 up to 2025: the private basic KV/PV contributions the wage tax took into account (PAP VKVLZZ + VKVSONST);
  // dropped from 2026 (BMF 29.08.2025: the contributions are part of the ELStAM).
  if (year <= 2025) {
    lines.push({ line: '28', label: 'Beiträge zur privaten Kranken- und Pflege-Pflichtversicherung (im Lohnsteuerabzug berücksichtigter Teilbetrag der Vorsorgepauschale)', value: money(filingSum((f) => f.privateVorsorge)) });
  }
  if (taxed.some((m) => !m.record.filing)) problems.push('months calculated before the filing figures were kept: lines 24b, 24c and 28 leave them out');
  if (employee.taxId === null) problems.push('no Identifikationsnummer (de.tax_id): the certificate cannot be transmitted without it');
  if (employer.steuernummer === null) problems.push('the employer has no Steuernummer (tax_identifiers.tax_data.tax_number)');
  const denomination = employee.churchDenomination === null ? null : (CHURCH_DENOMINATIONS[employee.churchDenomination]?.label ?? employee.churchDenomination);
  return {
    year,
    employee_id: employee.id,
    name: `${employee.lastName}, ${employee.firstName}`,
    address: employee.address,
    date_of_birth: employee.dateOfBirth,
    tax_id: employee.taxId,
    payroll_number: employee.payrollNumber,
    employer: { name: employer.legalName, steuernummer: employer.steuernummer },
    period: { from, to },
    elstam: {
      tax_class: employee.taxClass,
      factor: employee.factor,
      child_allowances: employee.childAllowances,
      church: employee.isChurchMember ? (denomination ?? 'kirchensteuerpflichtig (Konfession nicht angegeben)') : '--',
    },
    lines,
    months: taxed.map((m) => m.month),
    problems,
  };
}

/**
 * The Lohnsteuer-Anmeldung (§ 41a EStG) of a month: the wage tax, Soli and church tax withheld on the approved
 * payslips, per Kennzahl of the form (lsta_201701.xsd element names; labels and arithmetic:
 * fixtures/reference/de/meldungen/elster/LStA-Kennzahlen.md), and the number of employees (Kz 86).
 *
 * The minijobs' 2 % einheitliche Pauschsteuer is not declared here: it goes to the Minijob-Zentrale with the
 * Beitragsnachweis (§ 40a Abs. 6 EStG). This payroll computes no other flat-rate tax (§ 40, § 40a Abs. 1–2a, § 40b,
 * § 37b EStG), so Kz 41 and 44 are zero; neither does it pay Kindergeld (Kz 43) or employ seafarers (Kz 33).
 */
import { Decimal, money, ZERO } from '../../money.js';
import { CHURCH_DENOMINATIONS } from './keys.js';
import type { FilingEmployee, FilingEmployer, FilingMonth } from './types.js';

export interface LstaKennzahl {
  kz: string;
  label: string;
  amount: string;
}

export interface LstaChurchTax {
  denomination: string | null;
  label: string;
  kennzahl: string | null;
  amount: string;
  employees: number;
}

export interface Lohnsteueranmeldung {
  month: string;
  year: number;
  /** Anmeldungszeitraum of the XSD: 01–12 for a month. */
  zeitraum: string;
  steuernummer: string | null;
  employer_name: string;
  /** Kz 86: employees whose wage tax is declared (every employee paid in the month but the minijobs taxed at 2 %). */
  employee_count: number;
  kennzahlen: LstaKennzahl[];
  church_tax: LstaChurchTax[];
  /** Kz 83: what the employer pays to the tax office. */
  total: string;
  /** Sums of the month's payslips the return is checked against: wage tax, Soli, church tax. */
  payslips: { count: number; income_tax: string; solidarity_tax: string; church_tax: string };
  /** The 2 % Pauschsteuer of the minijobs, declared to the Minijob-Zentrale instead. */
  minijob_flat_tax_to_minijob_zentrale: string;
  problems: string[];
}

const fig = (m: FilingMonth, key: string): Decimal => {
  const value = m.record.figures[key];
  return typeof value === 'string' ? new Decimal(value) : ZERO;
};

export function lohnsteueranmeldung(month: string, employer: FilingEmployer, employees: ReadonlyMap<string, FilingEmployee>, months: readonly FilingMonth[]): Lohnsteueranmeldung {
  let incomeTax = ZERO;
  let solidarity = ZERO;
  let church = ZERO;
  let minijobFlat = ZERO;
  let counted = 0;
  const byDenomination = new Map<string | null, { amount: Decimal; employees: number }>();
  const problems: string[] = [];
  for (const m of months) {
    const minijob = m.record.state.attributes.employment === 'minijob';
    if (minijob) {
      minijobFlat = minijobFlat.plus(fig(m, 'employer.flat_rate_tax_mini_job')).plus(m.record.filing?.employeeFlatTax ?? '0');
      continue;
    }
    counted += 1;
    incomeTax = incomeTax.plus(fig(m, 'employee.taxes.income_tax'));
    solidarity = solidarity.plus(fig(m, 'employee.taxes.solidarity_tax'));
    const churchTax = fig(m, 'employee.taxes.church_tax');
    church = church.plus(churchTax);
    if (churchTax.gt(0)) {
      const denomination = employees.get(m.employeeId)?.churchDenomination ?? null;
      const entry = byDenomination.get(denomination) ?? { amount: ZERO, employees: 0 };
      byDenomination.set(denomination, { amount: entry.amount.plus(churchTax), employees: entry.employees + 1 });
      if (denomination === null) problems.push(`employee ${m.employeeId} paid church tax but has no denomination (de.church_denomination): the Kennzahl cannot be chosen`);
    }
  }
  const churchTax: LstaChurchTax[] = [...byDenomination.entries()]
    .map(([denomination, entry]) => {
      const known = denomination === null ? undefined : CHURCH_DENOMINATIONS[denomination];
      return { denomination, label: known?.label ?? 'Konfession nicht angegeben', kennzahl: known?.kennzahl ?? null, amount: money(entry.amount), employees: entry.employees };
    })
    .sort((a, b) => (a.kennzahl ?? '99').localeCompare(b.kennzahl ?? '99') || (a.denomination ?? '~').localeCompare(b.denomination ?? '~'));
  for (const c of churchTax) {
    if (c.kennzahl === null && c.denomination !== null) problems.push(`church tax of denomination ${c.denomination} (${c.label}): its Kennzahl differs by Land (BMF Übersicht über länderunterschiedliche Werte) and is not bundled`);
  }
  const kirchensteuerKz = (kz: string): Decimal => churchTax.filter((c) => c.kennzahl === kz).reduce((s, c) => s.plus(c.amount), ZERO);
  // Kz 48 = Kz 42 + 41 + 44 − 43 − 33 (− 45); Kz 83 = Kz 48 + 49 + 47 + the church-tax Kennzahlen.
  const remaining = incomeTax;
  const total = remaining.plus(solidarity).plus(church);
  const kennzahlen: LstaKennzahl[] = [
    { kz: '42', label: 'Summe der einzubehaltenden Lohnsteuer', amount: money(incomeTax) },
    { kz: '41', label: 'Summe der pauschalen Lohnsteuer – ohne § 37b EStG', amount: money(ZERO) },
    { kz: '44', label: 'Summe der pauschalen Lohnsteuer nach § 37b EStG', amount: money(ZERO) },
    { kz: '43', label: 'abzüglich an Arbeitnehmer ausgezahltes Kindergeld', amount: money(ZERO) },
    { kz: '33', label: 'abzüglich Kürzungsbetrag für Besatzungsmitglieder von Handelsschiffen', amount: money(ZERO) },
    { kz: '48', label: 'verbleiben', amount: money(remaining) },
    { kz: '49', label: 'Solidaritätszuschlag', amount: money(solidarity) },
    { kz: '47', label: 'pauschale Kirchensteuer im vereinfachten Verfahren', amount: money(ZERO) },
    { kz: '61', label: 'Evangelische Kirchensteuer', amount: money(kirchensteuerKz('61')) },
    { kz: '62', label: 'Römisch-katholische Kirchensteuer', amount: money(kirchensteuerKz('62')) },
    { kz: '83', label: 'Gesamtbetrag', amount: money(total) },
  ];
  if (employer.steuernummer === null) problems.push('the employer has no Steuernummer (tax_identifiers.tax_data.tax_number): the return cannot be sent without it');
  return {
    month,
    year: Number(month.slice(0, 4)),
    zeitraum: month.slice(5, 7),
    steuernummer: employer.steuernummer,
    employer_name: employer.legalName,
    employee_count: counted,
    kennzahlen,
    church_tax: churchTax,
    total: money(total),
    payslips: { count: months.length, income_tax: money(incomeTax), solidarity_tax: money(solidarity), church_tax: money(church) },
    minijob_flat_tax_to_minijob_zentrale: money(minijobFlat),
    problems,
  };
}

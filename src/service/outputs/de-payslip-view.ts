/**
 * A stored German month as the Entgeltbescheinigung shows it (formats/payslip/de-view.ts; EntgBV § 1 Abs. 1): the
 * month record's flat figures (`employee.taxes.*`, `employee.insurance.*`, `employer.*`, `ytd.*`, the keys of
 * domain/de/run/record.ts), the employee's `de` block as it stands when the document is made, and the employer.
 */
import { Decimal } from '../../domain/money.js';
import type { DeMonthRecord } from '../../domain/de/run/month-types.js';
import type { DeEntgeltbescheinigungView } from '../../formats/payslip/de-view.js';
import type { DeStatutory } from '../contracts/employee.js';
import { parseJson } from '../context.js';
import { addressLines, type PayslipEmployee } from './gb-payslip-view.js';

export interface DePayslipEmployer {
  name: string;
  address: string[];
  betriebsnummer: string | null;
}

export interface DePayslipInsurer {
  name: string;
  /** The Zusatzbeitragssatz (§ 242 SGB V) the month was charged at, in percent; null for a minijob (flat rate, § 249b SGB V). */
  additionalRatePercent: string | null;
}

export interface DePayslipEarning {
  description: string;
  kind: 'laufend' | 'einmalig';
  amount: string;
}

/** The run and payslip a document belongs to. */
export interface DePayslipRun {
  id: string;
  payslipId: string;
  month: string;
  pay_date: string;
}

/** Cumulated values of the year (§ 1 Abs. 1 Nr. 12 EntgBV with the payroll account, § 41 EStG), in the payslip's words. */
const YTD_LABELS: readonly [string, string][] = [
  ['ytd.employee.totals.total_gross_wages', 'Gesamtbrutto'],
  ['ytd.employee.totals.taxable_gross_wages', 'Steuerbrutto'],
  ['ytd.employee.taxes.income_tax', 'Lohnsteuer'],
  ['ytd.employee.taxes.solidarity_tax', 'Solidaritätszuschlag'],
  ['ytd.employee.taxes.church_tax', 'Kirchensteuer'],
  ['ytd.employee.totals.net_wages', 'Nettoentgelt'],
  // KV and PV share their charged bases, as RV and AV do (domain/de/run/record.ts DE_YTD_SOURCES): one line each,
  // so the year fits on the page with the month.
  ['ytd.sv_base.kv', 'KV/PV-Brutto'],
  ['ytd.sv_base.rv', 'RV/AV-Brutto'],
  ['ytd.employee.insurance.health_insurance', 'KV-Beitrag AN'],
  ['ytd.employee.insurance.care_insurance', 'PV-Beitrag AN'],
  ['ytd.employee.insurance.pension_insurance', 'RV-Beitrag AN'],
  ['ytd.employee.insurance.unemployment_insurance', 'AV-Beitrag AN'],
];

/** Employer contributions the payslip shows for information, by record key. */
const EMPLOYER_LABELS: readonly [string, string][] = [
  ['employer.health_insurance_contribution', 'Krankenversicherung'],
  ['employer.care_insurance_contribution', 'Pflegeversicherung'],
  ['employer.pension_contribution', 'Rentenversicherung'],
  ['employer.unemployment_insurance_contribution', 'Arbeitslosenversicherung'],
  ['employer.sick_pay_insurance_contribution', 'Umlage U1'],
  ['employer.maternity_pay_insurance_contribution', 'Umlage U2'],
  ['employer.insolvency_insurance_contribution', 'Insolvenzgeldumlage (U3)'],
  ['employer.flat_rate_tax_mini_job', 'Pauschsteuer Minijob'],
];

/** Church tax attribute as ELStAM prints it: the denomination, "kirchensteuerpflichtig" without one, "–" for none. */
function churchOf(de: Partial<DeStatutory>): string {
  if (!de.is_church_member) return '–';
  return de.church_denomination ?? 'kirchensteuerpflichtig';
}

export function deEntgeltbescheinigungView(
  run: DePayslipRun,
  record: DeMonthRecord,
  employee: PayslipEmployee,
  employer: DePayslipEmployer,
  insurer: DePayslipInsurer | null,
  earnings: DePayslipEarning[],
  netAdjustments: { description: string; amount: string }[] = [],
): DeEntgeltbescheinigungView {
  const f = record.figures;
  const amount = (key: string): string => {
    const v = f[key];
    return v === null || v === undefined ? '0.00' : new Decimal(String(v)).toFixed(2);
  };
  const orNull = (key: string): string | null => (f[key] === null || f[key] === undefined ? null : amount(key));
  const de = parseJson<Partial<DeStatutory>>(employee.statutory_json) ?? {};
  const kvBase = orNull('employee.insurance.insurance_assessment_base');
  const rvBase = orNull('employee.insurance.pension_assessment_base');
  return {
    payslipId: run.payslipId,
    // The document's dates are its pay date's, not the approval's: the payslip is a function of the stored records
    // alone, the same bytes whenever it is made (decision OUT1).
    issuedAt: `${run.pay_date}T00:00:00.000Z`,
    employer,
    employee: {
      name: `${employee.first_name} ${employee.last_name}`,
      address: addressLines(employee.address),
      dateOfBirth: employee.date_of_birth ?? '',
      personnelNumber: employee.payroll_number,
      // EntgBV § 1 Abs. 1 Nr. 3, 5: printed in full (decision OUT4).
      svNumber: de.social_insurance_number ?? null,
      taxId: de.tax_id ?? null,
      entryDate: employee.start_date,
      exitDate: employee.leave_date,
    },
    period: { month: run.month, svDays: Number(f.sv_days ?? 0), payDate: run.pay_date },
    tax: { taxClass: String(de.tax_class ?? '–'), factor: de.factor ?? null, childAllowances: new Decimal(de.child_allowances ?? '0').toFixed(1), church: churchOf(de) },
    insurance: {
      personengruppe: de.personengruppe ?? '–',
      beitragsgruppe: de.beitragsgruppe ?? '–',
      healthInsurer: insurer?.name ?? null,
      additionalRatePercent: insurer?.additionalRatePercent ?? null,
    },
    earnings,
    gross: amount('employee.totals.total_gross_wages'),
    taxGross: amount('employee.totals.taxable_gross_wages'),
    taxes: { incomeTax: amount('employee.taxes.income_tax'), solidarity: amount('employee.taxes.solidarity_tax'), churchTax: amount('employee.taxes.church_tax') },
    // KV and PV share the Beitragsbemessungsgrenze (§ 223 SGB V, § 55 SGB XI), RV and AV theirs (§ 159 SGB VI, § 341 SGB III).
    svGross: { kv: kvBase, pv: kvBase, rv: rvBase, av: rvBase },
    contributions: {
      kv: amount('employee.insurance.health_insurance'),
      pv: amount('employee.insurance.care_insurance'),
      rv: amount('employee.insurance.pension_insurance'),
      av: amount('employee.insurance.unemployment_insurance'),
    },
    net: amount('employee.totals.net_wages'),
    netAdjustments,
    payout: amount('employee.totals.net_pay'),
    employerContributions: EMPLOYER_LABELS.filter(([key]) => !new Decimal(amount(key)).isZero()).map(([key, description]) => ({ description, amount: amount(key) })),
    ytd: YTD_LABELS.map(([key, label]) => ({ label, amount: amount(key) })),
    notes: [],
  };
}

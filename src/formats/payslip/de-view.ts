/**
 * What a German Entgeltbescheinigung shows (§ 108 Abs. 3 GewO with the Entgeltbescheinigungsverordnung, EntgBV
 * § 1 Abs. 1): employer; employee with address and date of birth; Versicherungsnummer; start and end of the
 * employment; the period and its SV-Tage; tax class, factor, child allowances, church tax attribute and Steuer-ID;
 * Beitragsgruppen- and Personengruppenschlüssel; the health insurer and its Zusatzbeitrag; gross pay and its parts
 * (laufend / einmalig); Steuerbrutto, Lohnsteuer, Solidaritätszuschlag, Kirchensteuer; SV-Brutto per branch and
 * each employee contribution; Nettoentgelt, the deductions from it and the Auszahlungsbetrag; and (§ 1 Abs. 1
 * Nr. 12 with the payroll account) the cumulated values of the year. Amounts are decimal strings.
 */
export interface DeEntgeltbescheinigungView {
  payslipId: string;
  issuedAt: string;
  employer: { name: string; address: string[]; betriebsnummer: string | null };
  employee: {
    name: string;
    address: string[];
    dateOfBirth: string;
    personnelNumber: string | null;
    svNumber: string | null;
    taxId: string | null;
    entryDate: string;
    exitDate: string | null;
  };
  /** 'YYYY-MM', the SV-Tage and (if known) the pay date. */
  period: { month: string; svDays: number; payDate: string | null };
  tax: { taxClass: string; factor: string | null; childAllowances: string; church: string };
  insurance: { personengruppe: string; beitragsgruppe: string; healthInsurer: string | null; additionalRatePercent: string | null };
  /** The parts of gross pay: current (laufend) and one-off (einmalig) pay, benefits in kind. */
  earnings: { description: string; kind: 'laufend' | 'einmalig'; amount: string }[];
  gross: string;
  taxGross: string;
  taxes: { incomeTax: string; solidarity: string; churchTax: string };
  /** SV-Brutto per branch (null: not insured in that branch, e.g. privately health insured). */
  svGross: { kv: string | null; pv: string | null; rv: string | null; av: string | null };
  contributions: { kv: string; pv: string; rv: string; av: string };
  net: string;
  /** Nettoabzüge and -bezüge after the net pay (advances, attachments, capital-forming payments), signed: minus is a deduction. */
  netAdjustments: { description: string; amount: string }[];
  payout: string;
  /** Employer contributions (shown for information). */
  employerContributions: { description: string; amount: string }[];
  ytd: { label: string; amount: string }[];
  notes: string[];
}

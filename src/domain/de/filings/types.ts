/**
 * What the German employer filings are made from (issue 17): the employer, its employees' statutory data and the
 * approved months of the payroll account (one month record per employee and month, a correction in place of its
 * original). The filings are pure sums and selections of these; the service reads them from the store.
 */
import type { DeMonthRecord } from '../run/month-types.js';

export interface FilingEmployer {
  id: string;
  legalName: string;
  /** Betriebsnummer of the Beschäftigungsbetrieb (insurance_data.company_number), 8 digits. */
  betriebsnummer: string | null;
  /** Steuernummer of the Betriebsstätte (tax_identifiers.tax_data.tax_number). */
  steuernummer: string | null;
  address: { street: string; postcode: string; city: string } | null;
}

export interface FilingEmployee {
  id: string;
  firstName: string;
  lastName: string;
  payrollNumber: string | null;
  dateOfBirth: string | null;
  startDate: string;
  leaveDate: string | null;
  address: string | null;
  taxId: string | null;
  socialInsuranceNumber: string | null;
  personengruppe: string | null;
  beitragsgruppe: string | null;
  taetigkeitsschluessel: string | null;
  isChurchMember: boolean;
  churchDenomination: string | null;
  taxClass: number | null;
  factor: string | null;
  childAllowances: string | null;
  federalState: string | null;
  miniJob: boolean;
  privateHealth: boolean;
  pensionExemption: boolean;
  /** The employee's health insurer now (health_insurer_agency_code); the months keep the one they were calculated with. */
  insurer: string | null;
  /** Pay from earlier employers this year as stored: null = not presented (§ 39b Abs. 3 S. 2 EStG). */
  previousEmploymentPayPresented: boolean;
}

/** One approved (or paid) month of an employee: the month record and where it was approved. */
export interface FilingMonth {
  employeeId: string;
  month: string;
  payDate: string;
  runId: string;
  payslipId: string;
  correctsRunId: string | null;
  record: DeMonthRecord;
}

/** The names the filings print for a Betriebsnummer (the bundled insurer table), or null. */
export type InsurerName = (betriebsnummer: string) => string | null;

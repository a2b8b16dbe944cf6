/**
 * Statutory health insurers (gesetzliche Krankenkassen) keyed by Betriebsnummer
 * (`health_insurer_agency_code`): Zusatzbeitrag per year and, where known, the U1/U2 levy rates.
 *
 * GENERATED from fixtures/reference/de/krankenkassen.csv by scripts/generate-krankenkassen.mjs (sources:
 * krankenkassen-sources.md; keys BN1–BN5, Z1–Z8, U1–U17 in `sources`). Rates are percent strings exactly as in the CSV
 * (Zusatzbeitrag = full rate, half each for employee and employer; U1/U2 = percent of the RV-liable
 * wage). A missing year means no rate was found for it: the payslip then falls back to the average
 * Zusatzbeitrag with a warning, and a stored run without a U1/U2 rate refuses until the employee's
 * de.u1_rate/de.u2_rate is set (an insurer offering several U1 options without naming its standard one
 * has no U1 here). test/domain/de/payroll/krankenkassen.test.ts checks this module
 * against the CSV, so a regenerated CSV cannot drift silently. No CSV is read at run time.
 */
import { Decimal } from '../money.js';
import type { DeTaxYear } from './editions.js';

/** A year with German figures (the edition registry's years); an insurer may lack a rate for one. */
export type InsurerYear = DeTaxYear;

export interface InsurerRecord {
  /** Betriebsnummer, 8 digits (leading zeros kept). */
  code: string;
  name: string;
  /** Zusatzbeitragssatz in percent by year. */
  additionalRate: Partial<Record<InsurerYear, string>>;
  /** U1 (Entgeltfortzahlung, the insurer's standard refund option under its Satzung, § 9 Abs. 2 Nr. 1 AAG) in percent by year, where known. */
  u1: Partial<Record<InsurerYear, string>>;
  /** U2 (Mutterschaft) in percent by year, where known. */
  u2: Partial<Record<InsurerYear, string>>;
  /** Source keys of krankenkassen-sources.md. */
  sources: string;
}

/** The Minijob-Zentrale (DRV Knappschaft-Bahn-See): no Zusatzbeitrag, minijob levy rates. */
export const MINIJOB_ZENTRALE_CODE = '98000006';

export const KRANKENKASSEN: readonly InsurerRecord[] = [
  { code: '15027365', name: "Techniker Krankenkasse (TK)", additionalRate: { 2025: '2.45', 2026: '2.69' }, u1: { 2025: '2.4' }, u2: { 2025: '0.44' }, sources: 'BN1 BN2 BN3 BN4 Z1 Z2 Z5 Z6 U1' },
  { code: '42938966', name: "BARMER", additionalRate: { 2025: '3.29', 2026: '3.29' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z3' },
  { code: '48698890', name: "DAK-Gesundheit", additionalRate: { 2025: '2.8', 2026: '3.2' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z2 Z4 Z5' },
  { code: '29137937', name: "KKH Kaufmännische Krankenkasse", additionalRate: { 2025: '3.78', 2026: '3.78' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z3' },
  { code: '15031806', name: "HEK Hanseatische Krankenkasse", additionalRate: { 2025: '2.5', 2026: '2.89' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z1 Z2 Z5' },
  { code: '20013461', name: "hkk Handelskrankenkasse", additionalRate: { 2025: '2.19', 2026: '2.59' }, u1: { 2026: '1.90' }, u2: { 2026: '0.50' }, sources: 'BN1 BN2 BN3 Z1 Z2 Z5 U3' },
  { code: '01049203', name: "IKK classic", additionalRate: { 2025: '3.4', 2026: '3.4' }, u1: { 2025: '3.30' }, u2: { 2025: '0.33' }, sources: 'BN1 BN2 BN3 Z3 U6 U7' },
  { code: '20013109', name: "IKK gesund plus", additionalRate: { 2025: '3.39', 2026: '3.39' }, u1: {}, u2: {}, sources: 'BN3 Z3' },
  { code: '14228571', name: "IKK - Die Innovationskasse", additionalRate: { 2025: '4.3', 2026: '4.3' }, u1: {}, u2: {}, sources: 'BN1 Z3' },
  { code: '01020803', name: "IKK Brandenburg und Berlin", additionalRate: { 2025: '4.35', 2026: '4.35' }, u1: { 2025: '2.45' }, u2: { 2025: '0.23' }, sources: 'BN1 BN3 Z3 Z4 Z6 U4 U5' },
  { code: '55811201', name: "IKK Südwest", additionalRate: { 2025: '3.25', 2026: '3.25' }, u1: {}, u2: {}, sources: 'BN3 Z3' },
  { code: '87954699', name: "SBK Siemens-Betriebskrankenkasse", additionalRate: { 2025: '3.8', 2026: '3.8' }, u1: {}, u2: {}, sources: 'BN3 Z3' },
  { code: '63494759', name: "mhplus BKK", additionalRate: { 2025: '3.30', 2026: '3.86' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2' },
  { code: '97141402', name: "BIG direkt gesund", additionalRate: { 2025: '3.39', 2026: '3.69' }, u1: {}, u2: {}, sources: 'BN2 BN3 Z2 Z5' },
  { code: '98094032', name: "Knappschaft (Krankenversicherung)", additionalRate: { 2025: '4.4', 2026: '4.3' }, u1: { 2025: '1.10', 2026: '0.80' }, u2: { 2025: '0.22', 2026: '0.22' }, sources: 'BN1 BN5 Z4 Z5 U10' },
  { code: '98000006', name: "Minijob-Zentrale (DRV Knappschaft-Bahn-See)", additionalRate: {}, u1: { 2025: '1.1', 2026: '0.8' }, u2: { 2025: '0.22', 2026: '0.22' }, sources: 'BN1 BN3 U2' },
  { code: '87880235', name: "AOK Bayern", additionalRate: { 2025: '2.69', 2026: '2.69' }, u1: {}, u2: { 2025: '0.42', 2026: '0.49' }, sources: 'BN1 BN2 BN3 Z3 U8' },
  { code: '05174740', name: "AOK PLUS", additionalRate: { 2025: '3.1', 2026: '3.1' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z3' },
  { code: '67450665', name: "AOK Baden-Württemberg", additionalRate: { 2026: '2.99' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z5' },
  { code: '29720865', name: "AOK Niedersachsen", additionalRate: { 2025: '2.70', 2026: '2.98' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z2 Z5' },
  { code: '33526082', name: "AOK NordWest", additionalRate: { 2025: '2.79', 2026: '2.99' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z2 Z5 Z8' },
  { code: '34364249', name: "AOK Rheinland/Hamburg", additionalRate: { 2025: '2.99', 2026: '3.29' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z2 Z5' },
  { code: '45118687', name: "AOK Hessen", additionalRate: { 2025: '2.49', 2026: '2.98' }, u1: {}, u2: { 2025: '0.43', 2026: '0.43' }, sources: 'BN1 BN2 BN3 Z2 Z5 Z7 U9' },
  { code: '01029141', name: "AOK Sachsen-Anhalt", additionalRate: { 2025: '2.50', 2026: '2.89' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z1 Z2 Z5' },
  { code: '20012084', name: "AOK Bremen/Bremerhaven", additionalRate: { 2025: '2.49', 2026: '3.29' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '90235319', name: "AOK Nordost", additionalRate: {}, u1: {}, u2: {}, sources: 'BN1 BN2 BN3' },
  { code: '51605725', name: "AOK Rheinland-Pfalz/Saarland", additionalRate: {}, u1: {}, u2: {}, sources: 'BN1 BN2 BN3' },
  { code: '15872672', name: "pronova BKK", additionalRate: { 2025: '3.00', 2026: '3.70' }, u1: {}, u2: {}, sources: 'BN1 BN2 BN3 Z2 Z5' },
  { code: '40180080', name: "VIACTIV Krankenkasse", additionalRate: { 2025: '3.27', 2026: '4.19' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '20156168', name: "BKK firmus", additionalRate: { 2025: '2.18', 2026: '2.18' }, u1: {}, u2: {}, sources: 'BN3 Z3 Z4 Z6' },
  { code: '15517302', name: "Mobil Krankenkasse", additionalRate: { 2025: '3.89', 2026: '3.89' }, u1: {}, u2: {}, sources: 'BN1 Z3' },
  { code: '82889062', name: "Audi BKK", additionalRate: { 2025: '2.4', 2026: '2.6' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z1 Z2 Z5' },
  { code: '29717581', name: "energie-BKK", additionalRate: { 2025: '2.98', 2026: '3.98' }, u1: { 2025: '2.10' }, u2: { 2025: '0.30' }, sources: 'BN1 BN3 Z2 Z3 Z5 U14 U12' },
  { code: '31209131', name: "Heimat Krankenkasse", additionalRate: { 2025: '3.20', 2026: '3.90' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '44953697', name: "Salus BKK", additionalRate: { 2025: '2.99', 2026: '3.29' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '31323584', name: "Bertelsmann BKK", additionalRate: { 2025: '3.2', 2026: '3.2' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '52156763', name: "Debeka BKK", additionalRate: { 2025: '3.25', 2026: '3.25' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '33865367', name: "Continentale Betriebskrankenkasse", additionalRate: { 2025: '3.33', 2026: '3.33' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '69785429', name: "BKK VerbundPlus", additionalRate: { 2025: '3.89', 2026: '3.89' }, u1: {}, u2: {}, sources: 'BN3 Z3' },
  { code: '87271125', name: "BMW BKK", additionalRate: { 2025: '3.9', 2026: '3.9' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '92644250', name: "mkk - meine krankenkasse (ex BKK VBU)", additionalRate: { 2025: '3.5', 2026: '3.5' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '46967693', name: "BKK Wirtschaft & Finanzen", additionalRate: { 2025: '3.99', 2026: '3.99' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '47034953', name: "BKK Herkules", additionalRate: { 2025: '4.38', 2026: '4.38' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '49003443', name: "BAHN-BKK", additionalRate: { 2025: '3.40', 2026: '3.65' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2' },
  { code: '42039708', name: "BERGISCHE Krankenkasse", additionalRate: { 2025: '2.95', 2026: '3.79' }, u1: { 2025: '2.10' }, u2: { 2025: '0.30' }, sources: 'BN1 BN3 Z2 U15 U12' },
  { code: '48944809', name: "R+V Betriebskrankenkasse", additionalRate: { 2025: '2.96', 2026: '3.49' }, u1: { 2026: '2.1' }, u2: { 2026: '0.40' }, sources: 'BN1 BN3 Z2 Z5 U17 U13' },
  { code: '35134022', name: "novitas bkk", additionalRate: { 2025: '2.98', 2026: '3.60' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '88571250', name: "BKK ProVita", additionalRate: { 2025: '2.89', 2026: '3.79' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '74773896', name: "SKD BKK", additionalRate: { 2025: '2.48', 2026: '2.98' }, u1: {}, u2: {}, sources: 'BN3 Z2 Z5' },
  { code: '61232769', name: "WMF BKK", additionalRate: { 2025: '2.45', 2026: '2.85' }, u1: {}, u2: {}, sources: 'BN3 Z1 Z2 Z5' },
  { code: '86772584', name: "BKK Faber-Castell & Partner", additionalRate: { 2025: '2.18', 2026: '2.48' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z1 Z2 Z5' },
  { code: '36916935', name: "bkk melitta hmr", additionalRate: { 2025: '3.50', 2026: '3.90' }, u1: { 2025: '2.70' }, u2: { 2025: '0.36' }, sources: 'BN1 BN3 Z2 Z5 U16' },
  { code: '67572593', name: "Bosch BKK", additionalRate: { 2025: '2.68', 2026: '3.18' }, u1: {}, u2: {}, sources: 'BN3 Z2 Z5' },
  { code: '71579930', name: "BKK Akzo Nobel Bayern", additionalRate: { 2025: '3.39', 2026: '3.39' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '34401277', name: "BKK Deutsche Bank AG", additionalRate: { 2025: '3.4', 2026: '3.4' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z3' },
  { code: '22178373', name: "BKK exklusiv", additionalRate: { 2025: '2.39', 2026: '3.49' }, u1: {}, u2: {}, sources: 'BN3 Z2 Z5' },
  { code: '63922962', name: "BKK Freudenberg", additionalRate: { 2025: '2.49', 2026: '2.99' }, u1: {}, u2: {}, sources: 'BN3 Z2 Z5' },
  { code: '66614249', name: "BKK SBH (Schwarzwald-Baar-Heuberg)", additionalRate: { 2025: '2.44', 2026: '2.79' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2 Z5' },
  { code: '61232758', name: "BKK Scheufelen", additionalRate: { 2025: '3.40', 2026: '3.99' }, u1: {}, u2: {}, sources: 'BN3 Z2 Z5' },
  { code: '44037562', name: "BKK Werra-Meissner", additionalRate: { 2025: '3.37', 2026: '4.35' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z2' },
  { code: '21488086', name: "BKK Public", additionalRate: { 2025: '2.3', 2026: '2.5' }, u1: {}, u2: {}, sources: 'BN3 Z1 Z2 Z5' },
  { code: '37416328', name: "BKK VDN", additionalRate: { 2025: '3.19', 2026: '3.19' }, u1: {}, u2: {}, sources: 'BN3 Z3' },
  { code: '69753266', name: "ZF BKK", additionalRate: { 2025: '3.4', 2026: '3.4' }, u1: { 2025: '2.80' }, u2: { 2025: '0.45' }, sources: 'BN3 Z3 U11' },
  { code: '51980490', name: "BKK EVM (Energieversorgung Mittelrhein)", additionalRate: { 2025: '2.5', 2026: '2.5' }, u1: {}, u2: {}, sources: 'BN1 Z3' },
  { code: '74157435', name: "Krones BKK", additionalRate: { 2026: '2.20' }, u1: {}, u2: {}, sources: 'BN3 Z5' },
  { code: '47307817', name: "BKK PricewaterhouseCoopers", additionalRate: { 2026: '2.80' }, u1: {}, u2: {}, sources: 'BN1 BN3 Z5' },
];

const BY_CODE: ReadonlyMap<string, InsurerRecord> = new Map(KRANKENKASSEN.map((record) => [record.code, record]));

/** The insurer with this Betriebsnummer, or undefined. */
export function findInsurer(code: string): InsurerRecord | undefined {
  return BY_CODE.get(code);
}

/** An insurer's rate for a year as a fraction (2.45 → 0.0245), or undefined when unknown. */
export function insurerRate(record: InsurerRecord, kind: 'additionalRate' | 'u1' | 'u2', year: InsurerYear): Decimal | undefined {
  const percent = record[kind][year];
  return percent === undefined ? undefined : new Decimal(percent).div(100);
}

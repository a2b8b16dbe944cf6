/**
 * German employer filings (issue 17) as the wire shows them: the Beitragsnachweis per Einzugsstelle and month, the
 * Lohnsteuer-Anmeldung per month, the DEÜV notifications due in a span and the Lohnsteuerbescheinigung per employee
 * and year, each from the approved runs. Money is a decimal string; a fixed-length record is a string of its
 * official length. The shapes are made in domain/de/filings; these schemas describe them for the OpenAPI document.
 */
import { z } from 'zod';

const moneyString = z.string().describe('decimal string, euros');

export const filingQuery = z
  .object({
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().describe('a month, YYYY-MM'),
    year: z.string().regex(/^\d{4}$/).optional().describe('a calendar year, YYYY (every month of it)'),
    employee_id: z.string().optional().describe('Lohnsteuerbescheinigung: one employee only'),
  })
  .meta({ id: 'GermanFilingQuery' });

const groupLine = z.object({ key: z.string(), code: z.string(), label: z.string(), employee: moneyString, employer: moneyString, total: moneyString });
const rates = z.object({
  year: z.number().int(),
  kv_general_percent: z.string(),
  kv_reduced_percent: z.string(),
  kv_additional_percent: z.array(z.string()),
  care_percent: z.string(),
  pension_percent: z.string(),
  unemployment_percent: z.string(),
  insolvency_percent: z.string(),
});

export const beitragsnachweisStatement = z
  .object({
    month: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    einzugsstelle: z.object({ betriebsnummer: z.string().nullable(), name: z.string().nullable() }),
    employer_betriebsnummer: z.string().nullable(),
    groups: z.array(groupLine),
    total: moneyString.describe('BW02 SUM: every contribution and levy'),
    employee_total: moneyString,
    employer_total: moneyString,
    flat_tax: z.object({ employee: moneyString, employer: moneyString, total: moneyString }),
    amount_due: moneyString,
    rates,
    maerzklausel: z.object({ allocated_to: z.array(z.string()), groups: z.array(groupLine), rates }).nullable(),
    employees: z.array(z.object({ employee_id: z.string(), name: z.string(), beitragsgruppe: z.string(), employee: moneyString, employer: moneyString, flat_tax: moneyString })),
    record: z.string().nullable().describe('BW02 version 12, 678 characters'),
    problems: z.array(z.string()),
  })
  .meta({ id: 'Beitragsnachweis' });

export const beitragsnachweisReport = z
  .object({ organization_id: z.string(), from: z.string(), to: z.string(), statements: z.array(beitragsnachweisStatement) })
  .meta({ id: 'BeitragsnachweisReport' });

export const lohnsteueranmeldung = z
  .object({
    month: z.string(),
    year: z.number().int(),
    zeitraum: z.string(),
    steuernummer: z.string().nullable(),
    employer_name: z.string(),
    employee_count: z.number().int().describe('Kz 86'),
    kennzahlen: z.array(z.object({ kz: z.string(), label: z.string(), amount: moneyString })),
    church_tax: z.array(z.object({ denomination: z.string().nullable(), label: z.string(), kennzahl: z.string().nullable(), amount: moneyString, employees: z.number().int() })),
    total: moneyString.describe('Kz 83'),
    payslips: z.object({ count: z.number().int(), income_tax: moneyString, solidarity_tax: moneyString, church_tax: moneyString }),
    minijob_flat_tax_to_minijob_zentrale: moneyString,
    problems: z.array(z.string()),
  })
  .meta({ id: 'Lohnsteueranmeldung' });

export const lohnsteueranmeldungReport = z
  .object({ organization_id: z.string(), from: z.string(), to: z.string(), returns: z.array(lohnsteueranmeldung) })
  .meta({ id: 'LohnsteueranmeldungReport' });

export const meldung = z
  .object({
    abgabegrund: z.string(),
    label: z.string(),
    employee_id: z.string(),
    name: z.string(),
    payroll_number: z.string().nullable(),
    versicherungsnummer: z.string().nullable(),
    personengruppe: z.string(),
    personengruppe_stored: z.boolean(),
    beitragsgruppe: z.string(),
    beitragsgruppe_stored: z.boolean(),
    taetigkeitsschluessel: z.string().nullable(),
    period_start: z.string(),
    period_end: z.string().nullable(),
    sv_entgelt: z.string().nullable().describe('whole euros (DEÜV § 5 Abs. 4)'),
    uebergangsbereich: z.number().int(),
    entgelt_uebergangsbereich: z.string().nullable(),
    employer_betriebsnummer: z.string().nullable(),
    einzugsstelle_betriebsnummer: z.string().nullable(),
    due_by: z.string(),
    record: z.string().nullable().describe('DSME v05 + DBME v05 (+ DBNA on an Anmeldung)'),
    problems: z.array(z.string()),
  })
  .meta({ id: 'DeuevMeldung' });

export const meldungenReport = z
  .object({ organization_id: z.string(), from: z.string(), to: z.string(), notifications: z.array(meldung) })
  .meta({ id: 'DeuevMeldungenReport' });

export const lohnsteuerbescheinigung = z
  .object({
    year: z.number().int(),
    employee_id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    tax_id: z.string().nullable(),
    payroll_number: z.string().nullable(),
    employer: z.object({ name: z.string(), steuernummer: z.string().nullable() }),
    period: z.object({ from: z.string(), to: z.string() }),
    elstam: z.object({ tax_class: z.number().int().nullable(), factor: z.string().nullable(), child_allowances: z.string().nullable(), church: z.string() }),
    lines: z.array(z.object({ line: z.string(), label: z.string(), value: z.string() })),
    months: z.array(z.string()),
    problems: z.array(z.string()),
  })
  .meta({ id: 'Lohnsteuerbescheinigung' });

export const lohnsteuerbescheinigungReport = z
  .object({ organization_id: z.string(), year: z.number().int(), certificates: z.array(lohnsteuerbescheinigung) })
  .meta({ id: 'LohnsteuerbescheinigungReport' });

export type BeitragsnachweisReport = z.infer<typeof beitragsnachweisReport>;
export type LohnsteueranmeldungReport = z.infer<typeof lohnsteueranmeldungReport>;
export type MeldungenReport = z.infer<typeof meldungenReport>;
export type LohnsteuerbescheinigungReport = z.infer<typeof lohnsteuerbescheinigungReport>;

/** The printable PDF of a filing (binary answer). */
export interface FilingPdf {
  bytes: Uint8Array;
  mime_type: 'application/pdf';
  file_name: string;
}

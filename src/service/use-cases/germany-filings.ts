/**
 * German employer filings (issue 17), from the approved German runs of an organization: the Beitragsnachweis per
 * Einzugsstelle and month (§ 28f Abs. 3 SGB IV), the Lohnsteuer-Anmeldung per month (§ 41a EStG), the DEÜV
 * notifications due (§ 28a SGB IV) and the Lohnsteuerbescheinigung per employee and year (§ 41b EStG), as JSON and as
 * a printable PDF. Reads only.
 */
import { beitragsnachweise } from '../../domain/de/filings/beitragsnachweis.js';
import { lohnsteuerbescheinigung, type Lohnsteuerbescheinigung } from '../../domain/de/filings/lohnsteuerbescheinigung.js';
import { lohnsteueranmeldung } from '../../domain/de/filings/lohnsteueranmeldung.js';
import { meldungen } from '../../domain/de/filings/meldungen.js';
import { fieldError, notFound } from '../../domain/errors.js';
import type { FilingHeader } from '../../formats/de-filings/pdf.js';
import { requireScope, type ServiceContext } from '../context.js';
import type { BeitragsnachweisReport, FilingPdf, LohnsteuerbescheinigungReport, LohnsteueranmeldungReport, MeldungenReport } from '../contracts/germany-filings.js';
import { filingSpan, insurerName, loadFilingData, type FilingData, type FilingSpan } from '../runs/de/filing-data.js';

export const GERMAN_FILING_KINDS = ['beitragsnachweis', 'lohnsteueranmeldung', 'meldungen', 'lohnsteuerbescheinigung'] as const;
export type GermanFilingKind = (typeof GERMAN_FILING_KINDS)[number];

export interface GermanFilingUseCases {
  /** Beitragsnachweis per Einzugsstelle and month of the approved runs (query period=YYYY-MM or year=YYYY). */
  getGermanBeitragsnachweis(orgId: string, query: Record<string, unknown>): Promise<BeitragsnachweisReport>;
  /** Lohnsteuer-Anmeldung per month (query period=YYYY-MM or year=YYYY). */
  getGermanLohnsteueranmeldung(orgId: string, query: Record<string, unknown>): Promise<LohnsteueranmeldungReport>;
  /** DEÜV notifications due in the period or year (Anmeldung 10, Abmeldung 30, 40, Jahresmeldung 50, Sondermeldung 54). */
  getGermanMeldungen(orgId: string, query: Record<string, unknown>): Promise<MeldungenReport>;
  /** Lohnsteuerbescheinigungen of a year (query year=YYYY, optional employee_id). */
  getGermanLohnsteuerbescheinigungen(orgId: string, query: Record<string, unknown>): Promise<LohnsteuerbescheinigungReport>;
  /** The printable PDF of one of the four filings (kind), with the same query. */
  getGermanFilingPdf(orgId: string, kind: string, query: Record<string, unknown>): Promise<FilingPdf>;
}

function monthsOf(span: FilingSpan): string[] {
  const out: string[] = [];
  let y = Number(span.from.slice(0, 4));
  let m = Number(span.from.slice(5, 7));
  for (;;) {
    const label = `${y}-${String(m).padStart(2, '0')}`;
    if (label > span.to) return out;
    out.push(label);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
}

const spanLabel = (span: FilingSpan): string => (span.from === span.to ? span.from : span.from.slice(0, 4));

async function beitragsnachweisOf(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<{ report: BeitragsnachweisReport; data: FilingData; span: FilingSpan }> {
  const span = filingSpan(query);
  const data = await loadFilingData(ctx, orgId, span, span.from);
  const statements = monthsOf(span).flatMap((month) =>
    beitragsnachweise({ month, employer: data.employer, employees: data.byId, months: data.months.filter((m) => m.month === month), insurerName, createdAt: data.createdAt }),
  );
  return { report: { organization_id: orgId, from: span.from, to: span.to, statements }, data, span };
}

async function lohnsteueranmeldungOf(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<{ report: LohnsteueranmeldungReport; data: FilingData; span: FilingSpan }> {
  const span = filingSpan(query);
  const data = await loadFilingData(ctx, orgId, span, span.from);
  const returns = monthsOf(span)
    .map((month) => ({ month, months: data.months.filter((m) => m.month === month) }))
    .filter((x) => x.months.length > 0)
    .map((x) => lohnsteueranmeldung(x.month, data.employer, data.byId, x.months));
  return { report: { organization_id: orgId, from: span.from, to: span.to, returns }, data, span };
}

async function meldungenOf(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<{ report: MeldungenReport; data: FilingData; span: FilingSpan }> {
  const span = filingSpan(query);
  // An Abmeldung's or Jahresmeldung's Entgelt counts from January of its year.
  const data = await loadFilingData(ctx, orgId, span, `${span.from.slice(0, 4)}-01`);
  const notifications = meldungen({ from: span.from, to: span.to, employer: data.employer, employees: data.employees, months: data.months, createdAt: data.createdAt });
  return { report: { organization_id: orgId, from: span.from, to: span.to, notifications }, data, span };
}

async function lohnsteuerbescheinigungenOf(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<{ report: LohnsteuerbescheinigungReport; data: FilingData; span: FilingSpan }> {
  const span = filingSpan(query, false);
  const year = Number(span.from.slice(0, 4));
  const data = await loadFilingData(ctx, orgId, span, span.from);
  const only = query.employee_id === undefined || query.employee_id === '' ? null : String(query.employee_id);
  if (only !== null && !data.byId.has(only)) throw notFound('employee', only, 'EMPLOYEE.NOT_FOUND');
  const certificates: Lohnsteuerbescheinigung[] = [];
  for (const employee of data.employees) {
    if (only !== null && employee.id !== only) continue;
    const certificate = lohnsteuerbescheinigung(year, data.employer, employee, data.months.filter((m) => m.employeeId === employee.id));
    if (certificate) certificates.push(certificate);
  }
  return { report: { organization_id: orgId, year, certificates }, data, span };
}

function header(data: FilingData, span: FilingSpan): FilingHeader {
  return { employerName: data.org.legal_name, span: spanLabel(span), issuedAt: data.createdAt };
}

export function germanFilingUseCases(ctx: ServiceContext): GermanFilingUseCases {
  return {
    async getGermanBeitragsnachweis(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return (await beitragsnachweisOf(ctx, orgId, query)).report;
    },
    async getGermanLohnsteueranmeldung(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return (await lohnsteueranmeldungOf(ctx, orgId, query)).report;
    },
    async getGermanMeldungen(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return (await meldungenOf(ctx, orgId, query)).report;
    },
    async getGermanLohnsteuerbescheinigungen(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return (await lohnsteuerbescheinigungenOf(ctx, orgId, query)).report;
    },
    async getGermanFilingPdf(orgId, kind, query) {
      requireScope(ctx, 'payroll:read');
      if (!(GERMAN_FILING_KINDS as readonly string[]).includes(kind)) throw fieldError(['path', 'kind'], `must be one of ${GERMAN_FILING_KINDS.join(', ')}`, 'enum');
      // pdfkit takes a few hundred milliseconds to load: only a PDF request pays for it.
      const { beitragsnachweisPdf, lohnsteuerbescheinigungPdf, lohnsteueranmeldungPdf, meldungenPdf } = await import('../../formats/de-filings/pdf.js');
      let bytes: Uint8Array;
      let label: string;
      switch (kind as GermanFilingKind) {
        case 'beitragsnachweis': {
          const { report, data, span } = await beitragsnachweisOf(ctx, orgId, query);
          bytes = await beitragsnachweisPdf(header(data, span), report.statements);
          label = spanLabel(span);
          break;
        }
        case 'lohnsteueranmeldung': {
          const { report, data, span } = await lohnsteueranmeldungOf(ctx, orgId, query);
          bytes = await lohnsteueranmeldungPdf(header(data, span), report.returns);
          label = spanLabel(span);
          break;
        }
        case 'meldungen': {
          const { report, data, span } = await meldungenOf(ctx, orgId, query);
          bytes = await meldungenPdf(header(data, span), report.notifications);
          label = spanLabel(span);
          break;
        }
        case 'lohnsteuerbescheinigung': {
          const { report, data, span } = await lohnsteuerbescheinigungenOf(ctx, orgId, query);
          bytes = await lohnsteuerbescheinigungPdf(header(data, span), report.certificates);
          label = spanLabel(span);
          break;
        }
      }
      return { bytes, mime_type: 'application/pdf', file_name: `${kind}-${label}.pdf` };
    },
  };
}

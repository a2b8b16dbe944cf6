/**
 * Payslips, payment files and the journal of an approved run (issue 15), country-neutral: the organization's
 * country picks the run store and the encoders (GB: runs in gb_payroll_runs, Bacs, GB nominal codes; Germany: runs
 * in de_payroll_runs, SEPA pain.001, SKR03; decision OUT9).
 */
import { createHash } from 'node:crypto';
import { conflict, DomainError, notFound } from '../../domain/errors.js';
import { encodeBacs18 } from '../../formats/payments/bacs18.js';
import { encodeBacsCsv } from '../../formats/payments/bacs-csv.js';
import { accountMapping, type Chart } from '../../formats/journal/accounts.js';
import { encodeDatev, windows1252 } from '../../formats/journal/datev.js';
import { gbPostings } from '../../formats/journal/gb-postings.js';
import { dePostings } from '../../formats/journal/de-postings.js';
import { encodeSepaPain001 } from '../../formats/payments/sepa-pain001.js';
import { findInsurer } from '../../domain/de/krankenkassen.js';
import { parseDeMonthRecord } from '../../domain/de/run/record.js';
import { listDeRunPayslips } from '../../store/repositories/de-payroll-runs.js';
import type { Posting } from '../../formats/journal/journal.js';
import { buildJournal } from '../../formats/journal/journal.js';
import { encodeJournalCsv } from '../../formats/journal/journal-csv.js';
import { readGbPayslipFigures } from '../../store/gb-payslip-figures.js';
import { insertDocuments, listRunDocuments } from '../../store/repositories/documents.js';
import { DE_RUN_TABLES, findRun, GB_RUN_TABLES, listRunPayslips } from '../../store/repositories/payroll-runs.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import type { DePayrollRunTable, GbPayrollRunTable, OrganizationTable } from '../../store/schema.js';
import { inTransaction, nowIso, parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import type { AccountingSettings } from '../contracts/organization.js';
import { type GeneratedFile, journalQuery, type PaymentFormat, paymentFileInput } from '../contracts/outputs.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { discardUnlessCommitted, generatedFiles, TEMPLATE_IDS } from '../outputs/generated-documents.js';
import { gbBacsBatch } from '../outputs/gb-payments.js';
import { renderRunPayslips } from '../outputs/payslip-pdfs.js';
import { completeRender } from '../outputs/deferred-payslips.js';
import { renderDeRunPayslips } from '../outputs/de-payslip-pdfs.js';
import { loadDeSepaBatch } from '../outputs/de-payments.js';

/** An approved run of either country: the organization's country says which table it came from. */
type ApprovedRun = { org: OrganizationTable; country: 'GB'; run: GbPayrollRunTable } | { org: OrganizationTable; country: 'DE'; run: DePayrollRunTable };

export interface OutputUseCases {
  /**
   * Extension: one employee's payslip PDF of an approved or paid run: the document issued on approval (the same
   * bytes every time), or, for a run approved before payslips were issued, rendered from its stored figures.
   */
  getPayslipPdf(orgId: string, runId: string, employeeId: string): Promise<GeneratedFile>;
  /** Extension: the run's payment file (body: format bacs | bacs-csv | sepa), stored as a document of the organization. */
  createPaymentFile(orgId: string, runId: string, body: unknown): Promise<GeneratedFile>;
  /** Extension: the run's accounting journal (query: format csv | datev, detail summary | employee); not stored. */
  getRunJournal(orgId: string, runId: string, query: Record<string, unknown>): Promise<GeneratedFile>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

const PAYMENT_DOCUMENT: Readonly<Record<PaymentFormat, { type: 'uk_bacs_file' | 'uk_bacs_file_csv' | 'sepa_credit_transfer'; mime: string; extension: string; template: number }>> = {
  bacs: { type: 'uk_bacs_file', mime: 'text/plain', extension: 'txt', template: TEMPLATE_IDS.bacs18 },
  'bacs-csv': { type: 'uk_bacs_file_csv', mime: 'text/csv', extension: 'csv', template: TEMPLATE_IDS.bacsCsv },
  sepa: { type: 'sepa_credit_transfer', mime: 'application/xml', extension: 'xml', template: TEMPLATE_IDS.sepaPain001 },
};

export function outputUseCases(ctx: ServiceContext): OutputUseCases {
  /** The organization and its approved (or paid) run, from the organization's country's run table (decision OUT9). */
  async function approvedRun(orgId: string, runId: string): Promise<ApprovedRun> {
    const org = await requireOrg(ctx, ctx.store.db, orgId);
    const found = org.country === 'GB' ? await findRun(ctx.store.db, GB_RUN_TABLES, orgId, runId) : org.country === 'DE' ? await findRun(ctx.store.db, DE_RUN_TABLES, orgId, runId) : undefined;
    if (!found) throw notFound('payroll run', runId, 'PAYROLL_RUN.NOT_FOUND');
    if (found.status !== 'approved' && found.status !== 'paid') {
      throw conflict('PAYROLL_RUN.NOT_APPROVED', `payroll run ${runId} is ${found.status}: payslips, payment files and the journal are made for approved or paid runs${found.status === 'draft' ? '; approve it first' : ''}`, { run_id: runId, status: found.status });
    }
    return org.country === 'DE' ? { org, country: 'DE', run: found as DePayrollRunTable } : { org, country: 'GB', run: found as GbPayrollRunTable };
  }

  return {
    async getPayslipPdf(orgId, runId, employeeId) {
      requireScope(ctx, 'payroll:read');
      const approved = await approvedRun(orgId, runId);
      const [recorded] = await listRunDocuments(ctx.store.db, orgId, runId, { type: 'payslip', employeeId });
      if (recorded) {
        // Rendered now if this is its first read (decision RENDER1).
        const issued = await completeRender(ctx, recorded);
        const bytes = await ctx.objects.get(issued.object_store_path);
        if (issued.sha256 !== null && sha256(bytes) !== issued.sha256) throw new DomainError('internal', 'DOCUMENT.CONTENT_CORRUPT', `the stored payslip ${issued.id} does not match its SHA-256; restore it from a backup`);
        return { document_id: issued.id, file_name: issued.document_name, mime_type: issued.mime_type, sha256: sha256(bytes), bytes };
      }
      let file: GeneratedFile | null = null;
      const keep = async (d: { name: string; mimeType: string; bytes: Uint8Array }) => {
        file = { document_id: null, file_name: d.name, mime_type: d.mimeType, sha256: sha256(d.bytes), bytes: d.bytes };
      };
      if (approved.country === 'DE') await renderDeRunPayslips(ctx.store.db, approved.org, approved.run, keep, [employeeId]);
      else await renderRunPayslips(ctx.store.db, approved.org, approved.run, keep, [employeeId]);
      if (!file) throw notFound('payslip of employee', employeeId, 'PAYSLIP.NOT_FOUND');
      return file;
    },

    async createPaymentFile(orgId, runId, body) {
      requireScope(ctx, 'payroll:write');
      const { format } = parseOrThrow(paymentFileInput, body);
      const approved = await approvedRun(orgId, runId);
      const { org, run } = approved;
      // Decision PAY2: Bacs pays pounds, SEPA euros; each country's runs are paid in its own scheme.
      if (approved.country === 'GB' && format === 'sepa') {
        throw new DomainError('validation', 'PAYMENTS.FORMAT_COUNTRY', `a SEPA credit transfer pays euros: run ${runId} of ${org.legal_name} is a British run paid in pounds; use --format bacs or bacs-csv`, {
          issues: [{ loc: ['body', 'format'], msg: 'sepa is for German runs (euros); British runs are paid by Bacs', type: 'format_country' }],
        });
      }
      if (approved.country === 'DE' && format !== 'sepa') {
        throw new DomainError('validation', 'PAYMENTS.FORMAT_COUNTRY', `Bacs pays pounds between UK accounts: run ${runId} of ${org.legal_name} is a German run paid in euros; use --format sepa`, {
          issues: [{ loc: ['body', 'format'], msg: `${format} is for British runs (pounds, UK sort codes); German runs are paid by SEPA credit transfer`, type: 'format_country' }],
        });
      }
      let bytes: Uint8Array;
      let documentDate: string;
      let name: string;
      const kind = PAYMENT_DOCUMENT[format];
      if (approved.country === 'DE') {
        const batch = await loadDeSepaBatch(ctx.store.db, org, approved.run);
        bytes = utf8(encodeSepaPain001(batch));
        documentDate = batch.executionDate;
        name = `sepa-${approved.run.month}-${run.id}.${kind.extension}`;
      } else {
        const batch = await gbBacsBatch(ctx.store.db, org, approved.run);
        bytes = utf8(format === 'bacs' ? encodeBacs18(batch) : encodeBacsCsv(batch));
        documentDate = batch.processingDate;
        name = `${format === 'bacs' ? 'bacs' : 'bacs-csv'}-${run.tax_year}-${String(run.period_number).padStart(2, '0')}-${run.id}.${kind.extension}`;
      }
      const digest = sha256(bytes);
      // The same file again is the same document: asking twice stores it once.
      const same = (await listRunDocuments(ctx.store.db, orgId, runId, { type: kind.type })).find((d) => d.sha256 === digest && d.employee_id === null);
      if (same) return { document_id: same.id, file_name: same.document_name, mime_type: same.mime_type, sha256: digest, bytes };
      const files = generatedFiles(ctx, orgId, runId, nowIso(ctx));
      try {
        await files.add({ employeeId: null, documentType: kind.type, name, mimeType: kind.mime, documentDate, templateId: kind.template, bytes });
        await inTransaction(ctx, async (trx) => {
          await requireOrg(ctx, trx, orgId);
          await insertDocuments(trx, files.rows);
          await audit(ctx, trx, { orgId, resourceType: 'document', resourceId: files.rows[0]?.id ?? runId, action: 'create_payment_file', detail: { run_id: runId, format, sha256: digest } });
        });
      } catch (error) {
        await discardUnlessCommitted(ctx, orgId, files);
        throw error;
      }
      return { document_id: files.rows[0]?.id ?? null, file_name: name, mime_type: kind.mime, sha256: digest, bytes };
    },

    async getRunJournal(orgId, runId, query) {
      requireScope(ctx, 'payroll:read');
      const { format, detail } = parseOrThrow(journalQuery, query);
      const approved = await approvedRun(orgId, runId);
      const { org, run } = approved;
      const settings = parseJson<AccountingSettings>(org.accounting_json ?? null) ?? {};
      const chart: Chart = settings.chart ?? (org.country === 'DE' ? 'SKR03' : 'GB_NOMINAL');
      const mapping = accountMapping(chart, settings.accounts ?? {});
      const postings = approved.country === 'DE' ? await dePostingsOf(approved.run) : await gbPostingsOf(approved.run);
      const journal = buildJournal(
        approved.country === 'DE'
          ? { runId: run.id, postingDate: run.pay_date, periodStart: run.period_start, periodEnd: run.period_end, currency: 'EUR', description: `Lohn/Gehalt ${approved.run.month}` }
          : { runId: run.id, postingDate: run.pay_date, periodStart: run.period_start, periodEnd: run.period_end, currency: 'GBP', description: `Payroll ${run.tax_year} period ${run.period_number}` },
        postings,
        mapping,
        detail,
      );
      const stem = approved.country === 'DE' ? `journal-${approved.run.month}-${run.id}` : `journal-${run.tax_year}-${String(run.period_number).padStart(2, '0')}-${run.id}`;
      if (format === 'csv') {
        const bytes = utf8(encodeJournalCsv(journal));
        return { document_id: null, file_name: `${stem}.csv`, mime_type: 'text/csv', sha256: sha256(bytes), bytes };
      }
      const bytes = windows1252(
        encodeDatev(journal, {
          consultantNumber: settings.datev_consultant_number ?? '',
          clientNumber: settings.datev_client_number ?? '',
          fiscalYearStartMonth: settings.fiscal_year_start_month ?? 1,
          accountLength: settings.account_length ?? 4,
          chart: chart === 'SKR03' ? '03' : '',
          clearingAccount: mapping.payroll_clearing.number,
          createdAt: run.approved_at ?? run.updated_at,
        }),
      );
      return { document_id: null, file_name: `EXTF_${stem}.csv`, mime_type: 'text/csv; charset=windows-1252', sha256: sha256(bytes), bytes };
    },
  };

  /** Postings of a GB run: each payslip's stored figures (formats/journal/gb-postings.ts). */
  async function gbPostingsOf(run: GbPayrollRunTable): Promise<Posting[]> {
    const payslips = await listRunPayslips(ctx.store.db, run.id);
    const employees = await loadEmployees(ctx.store.db, run.org_id, payslips.map((p) => p.employee_id));
    return payslips.flatMap((p) => {
      const f = readGbPayslipFigures(p.figures_json, p.figures_version);
      const e = employees.get(p.employee_id);
      return gbPostings({
        employeeId: p.employee_id,
        employeeName: e ? `${e.first_name} ${e.last_name}` : p.employee_id,
        lines: f.lines,
        tax: f.tax,
        studentLoan: f.studentLoan,
        postgraduateLoan: f.postgraduateLoan,
        employeeNi: f.employeeNi,
        employerNi: f.employerNi,
        netPay: f.netPay,
        pensionParty: null,
      });
    });
  }

  /** Postings of a German run: each payslip's month record (formats/journal/de-postings.ts), the insurer as Einzugsstelle. */
  async function dePostingsOf(run: DePayrollRunTable): Promise<Posting[]> {
    const payslips = await listDeRunPayslips(ctx.store.db, run.id);
    const employees = await loadEmployees(ctx.store.db, run.org_id, payslips.map((p) => p.employee_id));
    return payslips.flatMap((p) => {
      const record = parseDeMonthRecord(JSON.parse(p.record_json), `payslip ${p.id}`);
      const e = employees.get(p.employee_id);
      const code = record.filing?.insurer ?? null;
      return dePostings({ employeeId: p.employee_id, employeeName: e ? `${e.first_name} ${e.last_name}` : p.employee_id, figures: record.figures, healthInsurer: code ? (findInsurer(code)?.name ?? `Krankenkasse ${code}`) : null });
    });
  }
}

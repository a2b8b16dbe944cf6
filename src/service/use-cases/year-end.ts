/**
 * Year-end certificates of a GB organization (issue 16 point 4): the P60 of every employee employed on 5 April
 * (Income Tax (PAYE) Regulations 2003 reg 67), rendered from the settled payslips of the tax year. The P45 is issued
 * on approval of a leaver's run (service/runs/gb/jurisdiction.ts issueDocuments).
 */
import { createHash } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import { requireScope, type ServiceContext } from '../context.js';
import type { GeneratedFile } from '../contracts/outputs.js';
import { type P60List, p60Query } from '../contracts/year-end.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { yearP60s } from '../outputs/year-end-pdfs.js';
import { requireGbOrg } from './pensions.js';

export interface YearEndUseCases {
  /** Extension: the P60s of a tax year (query tax_year): who gets one, and the file name. */
  listP60s(orgId: string, query: Record<string, unknown>): Promise<P60List>;
  /** Extension: one employee's P60 PDF of a tax year (query tax_year); not stored, the same bytes every time. */
  getP60Pdf(orgId: string, employeeId: string, query: Record<string, unknown>): Promise<GeneratedFile>;
}

export function yearEndUseCases(ctx: ServiceContext): YearEndUseCases {
  return {
    async listP60s(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const q = parseOrThrow(p60Query, query);
      const org = await requireGbOrg(ctx, ctx.store.db, orgId);
      const { entries } = await yearP60s(ctx.store.db, org, q.tax_year, null);
      return { tax_year: q.tax_year, p60s: entries };
    },

    async getP60Pdf(orgId, employeeId, query) {
      requireScope(ctx, 'payroll:read');
      const q = parseOrThrow(p60Query, query);
      const org = await requireGbOrg(ctx, ctx.store.db, orgId);
      const p60 = await (await yearP60s(ctx.store.db, org, q.tax_year, employeeId)).render(employeeId);
      if (!p60) throw new DomainError('not_found', 'P60.NOT_FOUND', `employee ${employeeId} has no P60 for ${q.tax_year}: a P60 goes to an employee employed on 5 April with pay from approved or paid runs in the year`, { details: { employee_id: employeeId, tax_year: q.tax_year } });
      return { document_id: null, file_name: p60.name, mime_type: 'application/pdf', sha256: createHash('sha256').update(p60.bytes).digest('hex'), bytes: p60.bytes };
    },
  };
}

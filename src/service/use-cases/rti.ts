/**
 * RTI documents (issue 16 point 3): the Full Payment Submission of a settled GB run and the Employer Payment
 * Summary of a tax month, each a complete GovTalk message with its IRmark (formats/rti), read from what the store
 * holds: the run and its payslips' figures documents, the employees, the organization's references and settings.
 * Generating changes nothing; sending to HMRC's Transaction Engine is left to a client that adds the credentials.
 */
import { createRequire } from 'node:module';
import { conflict } from '../../domain/errors.js';
import { employerPaymentSummary, fullPaymentSubmission, type RtiMessage, rtiYear } from '../../formats/rti/index.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import { listRunPayslips } from '../../store/repositories/payroll-runs.js';
import { firstSettledPayslips, settledPayslipsOfYear } from '../../store/repositories/rti.js';
import { epsQuery, fpsQuery, type RtiDocument } from '../contracts/rti.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { requireScope, type ServiceContext } from '../context.js';
import { epsFigures } from '../rti/eps-summary.js';
import { gbSettings, rtiEmployer } from '../rti/employer.js';
import { fpsEmployee } from '../rti/fps-employee.js';
import { decodePayslips, employmentChain, type StoredPayslip } from '../rti/payslip-history.js';
import { payrollRunUseCases } from './payroll-runs.js';
import { requireGbOrg } from './pensions.js';

export interface RtiUseCases {
  /** Extension: the FPS of an approved or paid GB run (query gateway_test, final_submission, scheme_ceased_on). */
  getRunFps(orgId: string, runId: string, query?: Record<string, unknown>): Promise<RtiDocument>;
  /** Extension: the EPS of a tax month (query tax_year, month; gateway_test, final_submission, scheme_ceased_on). */
  getEps(orgId: string, query: Record<string, unknown>): Promise<RtiDocument>;
}

/** ChannelRouting: the product and its version (package.json, two folders up from service/ in src/ and dist/). */
const PRODUCT_VERSION = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
const CHANNEL = { vendorId: null, product: 'payroll', version: PRODUCT_VERSION };

function document(message: RtiMessage, fileName: string): RtiDocument {
  return { bytes: new TextEncoder().encode(message.xml), mime_type: 'application/xml', file_name: fileName, irmark: message.irmark.base64, irmark_base32: message.irmark.base32 };
}

/**
 * Whether a first payslip is a starter's (decision RTI-STARTER): the employment began in the payment's tax year or
 * within the 31 days before the payment. An employee who began long before and is paid here for the first time came
 * over from earlier payroll software, which reported the start.
 */
function isRecentStart(startDate: string, taxYearFirstDay: string, payDate: string): boolean {
  if (startDate >= taxYearFirstDay) return true;
  const days = (Date.parse(`${payDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days <= 31;
}

const finalSubmission = (q: { final_submission: boolean; scheme_ceased_on?: string | undefined }) =>
  q.final_submission || q.scheme_ceased_on ? { forYear: q.final_submission, schemeCeasedOn: q.scheme_ceased_on ?? null } : null;

export function rtiUseCases(ctx: ServiceContext): RtiUseCases {
  const runs = payrollRunUseCases(ctx);
  return {
    async getRunFps(orgId, runId, query = {}) {
      requireScope(ctx, 'payroll:read');
      const q = parseOrThrow(fpsQuery, query);
      const db = ctx.store.db;
      const org = await requireGbOrg(ctx, db, orgId);
      const run = await runs.getPayrollRun(orgId, runId, { include_payslips: 'false' });
      if (run.status !== 'approved' && run.status !== 'paid') {
        throw conflict('RTI.RUN_NOT_SETTLED', `run ${runId} is ${run.status}: an FPS reports an approved or paid run (approve it first)`, { run_id: runId, status: run.status });
      }
      const year = rtiYear(run.tax_year, ['run', 'tax_year']);
      const employer = rtiEmployer(org);
      // Every settled payslip of the run's employees in the tax year: the run's own and the ones its year to date built on.
      const employeeIds = [...new Set((await listRunPayslips(db, runId)).map((p) => p.employee_id))];
      const all = decodePayslips(await settledPayslipsOfYear(db, orgId, run.tax_year, employeeIds));
      const mine = all.filter((p) => p.row.run_id === runId);
      const employees = await loadEmployees(db, orgId, employeeIds);
      const byId = new Map<string, StoredPayslip>(all.map((p) => [p.row.id, p]));
      const first = await firstSettledPayslips(db, orgId, new Map(employeeIds.map((id) => [id, employees.get(id)!.start_date])));
      const fpsEmployees = mine.map((payslip) => {
        const employee = employees.get(payslip.row.employee_id)!;
        const chain = employmentChain(byId, payslip, employee.start_date);
        const starter = first.get(employee.id) === payslip.row.id && isRecentStart(employee.start_date, year.firstDay, run.pay_date);
        return fpsEmployee(employee, payslip, chain, { taxYear: run.tax_year, frequency: run.frequency, payDate: run.pay_date }, starter, year.firstDay);
      });
      const message = fullPaymentSubmission({ taxYear: run.tax_year, employer, employees: fpsEmployees, finalSubmission: finalSubmission(q), gatewayTest: q.gateway_test, channel: CHANNEL });
      return document(message, `fps-${run.tax_year}-${run.frequency}-${run.period_number}-${runId}.xml`);
    },

    async getEps(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const q = parseOrThrow(epsQuery, query);
      const db = ctx.store.db;
      const org = await requireGbOrg(ctx, db, orgId);
      rtiYear(q.tax_year, ['query', 'tax_year']);
      const employer = rtiEmployer(org);
      const payslips = decodePayslips(await settledPayslipsOfYear(db, orgId, q.tax_year, null));
      const figures = epsFigures(q.tax_year, q.month, payslips, gbSettings(org));
      const message = employerPaymentSummary({ taxYear: q.tax_year, employer, ...figures, finalSubmission: finalSubmission(q), gatewayTest: q.gateway_test, channel: CHANNEL });
      return document(message, `eps-${q.tax_year}-month-${q.month}.xml`);
    },
  };
}

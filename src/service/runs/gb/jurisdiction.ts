/**
 * Great Britain behind the run lifecycle's country seam (runs/jurisdiction.ts): endpoint 18's request, tax years
 * 6 April to 5 April, pay lines classified by wage type (pay-items.ts), the payslip from PAYE, NI, student loans,
 * pensions and automatic enrolment (domain/gb/run/employee-payslip.ts), year-to-date figures in gb_ytd, and on
 * approval the automatic enrolments the run decided.
 */
import { approvalPageOf } from '../calculate.js';
import { conflict, type FieldIssue, validationError } from '../../../domain/errors.js';
import { Decimal, money } from '../../../domain/money.js';
import { isGbTaxYear, SUPPORTED_TAX_YEARS } from '../../../domain/gb/params/index.js';
import { gbTaxYearOf, parseGbTaxYear, type PayFrequency } from '../../../domain/pay-periods.js';
import { calculateEmployeePayslip, type EmployeePayslip, type RunPeriod as GbRunPeriod } from '../../../domain/gb/run/employee-payslip.js';
import { classifyPay, type ClassifiedPay } from '../../../domain/gb/run/pay-items.js';
import { autoEnrolledMembership, type Membership } from '../../../domain/gb/run/pension-terms.js';
import { membershipColumns } from '../../records/pensions.js';
import type { WorkerCategory } from '../../../domain/gb/auto-enrolment.js';
import { type YtdState, ytdFromJson, ytdToJson, zeroYtd } from '../../../domain/gb/run/ytd.js';
import type { RefundInput } from '../../../domain/gb/run/payslip.js';
import { gbPayrollRequest, type GbPayrollRequest, type PayrollRun } from '../../contracts/payroll-runs.js';
import { parseOrThrow } from '../../contracts/zod-issues.js';
import { requireGbOrg } from '../../use-cases/pensions.js';
import type { EmployeeTable, GbPayslipTable, GbPensionMembershipTable } from '../../../store/schema.js';
import { GB_PAYSLIP_FIGURES_WRITTEN, gbPayslipFiguresJson } from '../../../store/gb-payslip-figures.js';
import { loadEmployees } from '../../../store/repositories/payroll-run-inputs.js';
import { closeMembershipWindow, GB_RUN_TABLES, insertMemberships, listPayslipsForApproval, listRunEmployeeIdsPage, loadYtd, loadYtdBases, type StoredYtd, upsertYtdFromPayslips } from '../../../store/repositories/payroll-runs.js';
import { inBatches, OVERLAP } from '../pipeline.js';
import type { CalculatedPayslip, Jurisdiction } from '../jurisdiction.js';
import { payGroupBatches, payGroupLoc, type PayGroupCountry, preparePayGroupRun } from '../prepare.js';
import { gbRunWire, listGbRuns } from './read.js';
import { renderRunP45s } from '../../outputs/year-end-pdfs.js';
import { employeeFacts, loadMemberships, loadPriorPayThisPeriod, loadRefunds, loadSchemes, loadStatutoryInputs, type PriorPay, type Schemes, type StatutoryInputs } from './inputs.js';
import { statutoryPayForPeriod } from '../../../domain/gb/statutory/run-period.js';
import { statutoryPaymentOf, STATUTORY_WAGE_TYPE } from '../../../domain/gb/wage-types/statutory.js';
import { type DocumentIds, payslipDocumentRows, payslipIssuer } from '../../outputs/deferred-payslips.js';
import type { PayslipEmployer } from '../../outputs/gb-payslip-view.js';
import { insertDocuments } from '../../../store/repositories/documents.js';
import type { DocumentTable, GbPayrollRunTable, OrganizationTable, PayrollRunHead } from '../../../store/schema.js';
import type { Db, ServiceContext } from '../../context.js';

export interface GbInputs {
  memberships: Map<string, Membership[]>;
  schemes: Schemes;
  ytd: Map<string, StoredYtd>;
  priorPay: Map<string, PriorPay>;
  refunds: Map<string, { input: RefundInput; membershipId: string }>;
  /** Absences and pay history of the employees with an absence reaching into the period. */
  statutory: Map<string, StatutoryInputs>;
}

export interface GbCalculatedPayslip extends CalculatedPayslip {
  result: EmployeePayslip;
}

function totalsOf(payslips: readonly GbCalculatedPayslip[]): Record<string, string> {
  const fields = ['grossPay', 'taxablePay', 'tax', 'employeeNi', 'employerNi', 'studentLoan', 'postgraduateLoan', 'netPay', 'refundToEmployee'] as const;
  const sums = new Map<string, Decimal>(fields.map((f) => [f, new Decimal(0)]));
  let pensionEmployee = new Decimal(0);
  let pensionEmployer = new Decimal(0);
  for (const { result: p } of payslips) {
    for (const f of fields) sums.set(f, (sums.get(f) as Decimal).plus(p.result[f]));
    pensionEmployee = pensionEmployee.plus(p.result.pensionEmployeeDeduction ?? 0).plus(p.result.salarySacrifice ?? 0);
    pensionEmployer = pensionEmployer.plus(p.result.pensionEmployer ?? 0).minus(p.result.refundToEmployer);
  }
  const get = (f: (typeof fields)[number]) => money(sums.get(f) as Decimal);
  return {
    gross_pay: get('grossPay'),
    taxable_pay: get('taxablePay'),
    tax: get('tax'),
    employee_ni: get('employeeNi'),
    employer_ni: get('employerNi'),
    student_loan: get('studentLoan'),
    postgraduate_loan: get('postgraduateLoan'),
    pension_employee: money(pensionEmployee),
    pension_employer: money(pensionEmployer),
    pension_refunds: get('refundToEmployee'),
    net_pay: get('netPay'),
    employer_cost: money((sums.get('grossPay') as Decimal).plus(sums.get('employerNi') as Decimal).plus(pensionEmployer)),
  };
}

type GbItem = GbPayrollRequest['payroll_group'][number];

/**
 * A statutory payment the run pays itself from the absences may not also be typed as a line for the same period: it
 * would be paid twice. Refused before anything is calculated, naming the line and the absence (decision STAT-RUN).
 */
function refuseDoublePayments(from: number, items: readonly GbItem[], employees: ReadonlyMap<string, EmployeeTable>, statutory: ReadonlyMap<string, StatutoryInputs>, period: { start_date: string; end_date: string; frequency: string }): void {
  const issues: FieldIssue[] = [];
  items.forEach((item, at) => {
    const index = from + at;
    const inputs = statutory.get(item.employee_id);
    const employee = employees.get(item.employee_id);
    if (!inputs || !employee) return;
    const typed = item.pay_details.earnings.map((line, at) => ({ at, type: statutoryPaymentOf(line.wage_type_code) })).filter((l) => l.type !== null);
    if (typed.length === 0) return;
    let result;
    try {
      result = statutoryPayForPeriod({ periodStart: period.start_date, periodEnd: period.end_date, earningsFrequency: period.frequency as PayFrequency, employmentStart: employee.start_date, absences: inputs.absences, payHistory: inputs.payHistory });
    } catch {
      return; // the calculation reports it, located at the employee
    }
    for (const line of typed) {
      if (line.type === null || !result.covered.has(line.type)) continue;
      const ids = result.payments.find((p) => p.type === line.type)?.absenceIds ?? [];
      const absence = ids.join(', ');
      issues.push({
        loc: ['body', 'payroll_group', index, 'pay_details', 'earnings', line.at, 'wage_type_code'],
        msg: `${STATUTORY_WAGE_TYPE[line.type]} (${line.type.toUpperCase()}) for ${period.start_date} to ${period.end_date} is paid by the run itself from the employee's recorded absence${ids.length > 1 ? 's' : ''}${absence ? ` ${absence}` : ''}: a typed line would pay it twice; remove the line (to pay more than the statutory amount, use an occupational pay wage type such as UK-E-014 or UK-E-015)`,
        type: 'statutory_double_payment',
      });
    }
  });
  if (issues.length > 0) throw validationError(issues, 'GB.PAYROLL.VALIDATION');
}

/** What the pay-group preparation asks of GB: its tax years (6 April to 5 April) and its pay-line check. */
const gbPayGroupCountry: PayGroupCountry<GbItem, ClassifiedPay> = {
  requireOrg: requireGbOrg,

  taxYearOf: gbTaxYearOf,

  nextTaxYear(taxYear) {
    const start = parseGbTaxYear(taxYear) + 1;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  },

  calculates: isGbTaxYear,

  // From the edition registry (docs/decisions.md V1): a new tax year needs no edit here.
  supportedTaxYears: `${SUPPORTED_TAX_YEARS.slice(0, -1).join(', ')} and ${SUPPORTED_TAX_YEARS.at(-1)}`,

  classify(item, period) {
    const pay = classifyPay(item.pay_details, period.pay_date, period.frequency);
    return { pay, issues: pay.issues };
  },
};

type ApprovalPayslip = Awaited<ReturnType<typeof listPayslipsForApproval>>[number];

/** A page of the run's payslips with what approval checks them against, read before any of it is written. */
interface ApprovalPage {
  /** The employee id the page was read after (null for the first page); its payslips follow in employee id order. */
  after: string | null;
  payslips: readonly ApprovalPayslip[];
  /** Each employee's current year-to-date base (the payslip its gb_ytd row comes from). */
  bases: Map<string, string>;
  /** Read once for both the year to date's employment start and the payslip document's facts (decision PGRUN-3). */
  employees: Map<string, EmployeeTable>;
  /** The membership histories of the employees the run enrols automatically. */
  histories: Map<string, Membership[]>;
}

/** What approval writes for a page. */
interface ApprovalWrites {
  /** The page's bounds in employee id order: its payslips become their employees' year-to-date rows (copied by the
   * store, decisions PGRUN-6 and PGRUN-12). */
  ytdOf: { after: string | null; through: string };
  /** Opt-out records whose window a re-enrolment closes. */
  closes: { employeeId: string; membershipId: string; validTo: string }[];
  memberships: GbPensionMembershipTable[];
  documents: DocumentTable[];
}

/** What every page of one approval shares. */
interface Approval {
  /** Where the page's document ids come from and the bucket their files go to. */
  ctx: DocumentIds;
  trx: Db;
  org: OrganizationTable;
  run: PayrollRunHead;
  stamp: string;
  employer: PayslipEmployer;
  pageSize: number;
}

/** What a thread needs to work on an approval's pages (structured-cloneable). */
interface ApprovalPlan {
  org: OrganizationTable;
  run: PayrollRunHead;
  stamp: string;
  employer: PayslipEmployer;
  bucket: string;
  /** Who records the documents (the approver). */
  subject: string | null;
}

/**
 * A page cut from the run's listed employees (an approval in threads), read and checked: exactly `count` payslips
 * after `after`, or the run changed meanwhile.
 */
async function approveListedPage(approval: Approval, after: string | null, count: number): Promise<ApprovalWrites> {
  const page = await readApprovalPage(approval, after, count);
  const read = page?.payslips.length ?? 0;
  if (!page || read !== count) throw new Error(`run ${approval.run.id}: a page of its approval read ${read} payslips after employee ${after ?? '(start)'}, where ${count} were listed`);
  return approvePage(approval, page);
}

async function readApprovalPage({ trx, run, pageSize }: Approval, after: string | null, count = pageSize): Promise<ApprovalPage | null> {
  const payslips = await listPayslipsForApproval(trx, run.id, after, count);
  if (payslips.length === 0) return null;
  const employeeIds = payslips.map((p) => p.employee_id);
  const enrolled = payslips.filter((p) => p.auto_enrolment_json !== null).map((p) => p.employee_id);
  const [bases, employees, histories] = await Promise.all([
    loadYtdBases(trx, run.org_id, run.tax_year, employeeIds),
    loadEmployees(trx, run.org_id, employeeIds),
    enrolled.length > 0 ? loadMemberships(trx, run.org_id, enrolled) : new Map<string, Membership[]>(),
  ]);
  return { after, payslips, bases, employees, histories };
}

/** Checks a page against what was read and makes its rows (nothing is read or written here). */
function approvePage({ ctx, org, run, stamp, employer }: Approval, { after, payslips, bases, employees, histories }: ApprovalPage): ApprovalWrites {
  const orgId = run.org_id;
  const runId = run.id;
  for (const p of payslips) {
    if ((bases.get(p.employee_id) ?? null) !== p.ytd_base_payslip_id) {
      throw conflict('PAYROLL_RUN.STALE_YTD', `run ${runId} was calculated on year-to-date figures that changed since (another run for employee ${p.employee_id} was approved); discard it and run the period again`, { run_id: runId, employee_id: p.employee_id });
    }
  }
  // Automatic enrolments the run decided take effect now (the draft had no side effects).
  const closes: ApprovalWrites['closes'] = [];
  const memberships: GbPensionMembershipTable[] = [];
  for (const p of payslips) {
    if (p.auto_enrolment_json === null) continue;
    const decision = JSON.parse(p.auto_enrolment_json) as { membershipId: string; schemeId: string; category: WorkerCategory; enrolmentDate: string; latestVersionSeen: number };
    const history = histories.get(p.employee_id) ?? [];
    const latest = history[history.length - 1] ?? null;
    if ((latest?.version ?? -1) !== decision.latestVersionSeen) {
      throw conflict('PAYROLL_RUN.STALE_MEMBERSHIP', `employee ${p.employee_id}'s pension membership changed after run ${runId} was calculated; discard the run and run the period again`, { run_id: runId, employee_id: p.employee_id });
    }
    // Re-enrolment after an opt-out: the opt-out record's window closes.
    if (latest) closes.push({ employeeId: p.employee_id, membershipId: latest.id, validTo: decision.enrolmentDate });
    memberships.push({
      id: decision.membershipId,
      org_id: orgId,
      employee_id: p.employee_id,
      version: latest ? latest.version + 1 : 0,
      ...membershipColumns(autoEnrolledMembership(decision.schemeId, decision.category, decision.enrolmentDate)),
      entry_route: 'AUTO_ENROLLED',
      source_run_id: runId,
      created_at: stamp,
      created_by: null,
    });
  }
  // Issue 15: the itemised pay statement of every employee (ERA 1996 s8), recorded now and rendered on first read
  // (decision RENDER1).
  const employeeIds = payslips.map((p) => p.employee_id);
  const documents = payslipDocumentRows(ctx, org, run, 'GB', employer, employeeIds, employees, stamp);
  return { ytdOf: { after, through: employeeIds[employeeIds.length - 1] as string }, closes, memberships, documents };
}

async function writeApprovalPage({ trx, run, stamp }: Approval, { ytdOf, closes, memberships, documents }: ApprovalWrites): Promise<void> {
  // Each payslip becomes its employee's year to date, with the employee's start date as its employment's (an
  // employee removed meanwhile: the run's period start).
  await upsertYtdFromPayslips(trx, run.id, ytdOf, run.period_start, stamp);
  for (const close of closes) {
    if (!(await closeMembershipWindow(trx, close.membershipId, close.validTo))) {
      throw conflict('PENSION_MEMBERSHIP.VERSION_CONFLICT', `employee ${close.employeeId}'s pension membership changed at the same moment; retry`);
    }
  }
  await insertMemberships(trx, memberships);
  await insertDocuments(trx, documents);
}

export const gbJurisdiction: Jurisdiction<GbPayrollRequest, GbItem, ClassifiedPay, GbInputs, GbCalculatedPayslip, PayrollRun> = {
  country: 'GB',

  tables: GB_RUN_TABLES,

  uncomputableCode: 'GB.PAYROLL.UNCOMPUTABLE',

  parseRequest: (body) => parseOrThrow(gbPayrollRequest, body),

  requireOrg: requireGbOrg,

  prepare: (ctx, orgId, request) => preparePayGroupRun(ctx, gbPayGroupCountry, orgId, request),

  threads: {
    employees: (request) => request.payroll_group.length,
    plan(orgId, prepared) {
      const { payroll_group: _items, ...request } = prepared.request;
      return { orgId, request, period: prepared.period, correctsRunId: prepared.correctsRunId, correction: prepared.correction, slot: prepared.slot, slotLabel: prepared.slotLabel, externalRef: prepared.externalRef, runColumns: prepared.runColumns };
    },
    prepared(plan, items) {
      const request = { ...plan.request, payroll_group: items } as GbPayrollRequest;
      return { ...plan, request, items, batch: payGroupBatches(plan.orgId, items, plan.period, gbPayGroupCountry), locOf: payGroupLoc };
    },
    async approvalPage(db, plan, after, count, ids) {
      const { org, run, stamp, employer, bucket, subject } = plan as ApprovalPlan;
      return approveListedPage({ ctx: { ids, objects: { bucket }, actor: { subject } }, trx: db, org, run, stamp, employer, pageSize: count }, after, count);
    },
  },

  async loadInputs(db, scope, prepared, batch) {
    const ids = batch.items.map((item) => item.employee_id);
    const { period } = scope;
    const [memberships, schemes, ytd, priorPay, statutory] = await Promise.all([
      loadMemberships(db, scope.orgId, ids),
      loadSchemes(db, scope.orgId),
      loadYtd(db, scope.orgId, period.tax_year, ids),
      loadPriorPayThisPeriod(db, scope.orgId, prepared.request.pay_group_id, period.tax_year, period.period_number, ids),
      // A correction pays a difference of an earlier period: its statutory payments were paid with that period.
      scope.correction ? Promise.resolve(new Map<string, StatutoryInputs>()) : loadStatutoryInputs(db, scope.orgId, ids, period),
    ]);
    refuseDoublePayments(batch.from, batch.items, batch.employees, statutory, period);
    const refunds = await loadRefunds(db, scope.orgId, memberships, period.pay_date);
    return { memberships, schemes, ytd, priorPay, refunds, statutory };
  },

  calculate({ payslipId, scope, item, employee, pay, inputs, trace }) {
    const { period } = scope;
    const runPeriod: GbRunPeriod = {
      taxYear: period.tax_year as GbRunPeriod['taxYear'],
      frequency: period.frequency,
      periodNumber: period.period_number,
      taxPeriod: period.tax_period,
      payDate: period.pay_date,
      startDate: period.start_date,
      endDate: period.end_date,
    };
    const stored = inputs.ytd.get(item.employee_id);
    // A new employment (rehired after leaving) starts its year-to-date figures afresh.
    const ytd: YtdState = stored && stored.employmentStart === employee.start_date ? ytdFromJson(stored.figuresJson) : zeroYtd();
    const prior = inputs.priorPay.get(item.employee_id);
    let priorNiable = prior ? prior.niablePay : new Decimal(0);
    for (const amount of item.nic_prior_period_niable_earnings) priorNiable = priorNiable.plus(amount);
    const result = calculateEmployeePayslip({
      payslipId,
      period: runPeriod,
      correction: scope.correction,
      employee: employeeFacts(employee),
      pay,
      irregular: item.irregular_payment ?? null,
      priorNiablePay: priorNiable,
      ...(prior && item.nic_prior_period_niable_earnings.length === 0 ? { priorEmployeeNi: prior.employeeNi, priorEmployerNi: prior.employerNi } : {}),
      ytd,
      memberships: inputs.memberships.get(item.employee_id) ?? [],
      schemes: inputs.schemes.versions,
      defaultSchemeId: inputs.schemes.defaultSchemeId,
      refund: inputs.refunds.get(item.employee_id) ?? null,
      ...(inputs.statutory.has(item.employee_id) ? { absences: inputs.statutory.get(item.employee_id)!.absences, payHistory: inputs.statutory.get(item.employee_id)!.payHistory } : {}),
      trace,
    });
    return { payslip: { employeeId: result.wire.employee_id, warnings: result.wire.warnings, result }, ytdBase: stored ? stored.payslipId : null };
  },

  payslipRow({ id, run, calculation, inputs, newId, now }): GbPayslipTable {
    const p = calculation.payslip.result;
    // Approval applies an automatic enrolment only if the membership history is still the one seen here.
    const history = inputs.memberships.get(p.wire.employee_id) ?? [];
    const latestVersionSeen = history.length > 0 ? (history[history.length - 1]?.version ?? -1) : -1;
    // The membership an automatic enrolment will create on approval: its id is fixed now, so the payslip names it.
    const membershipId = p.autoEnrolment ? newId() : p.membershipId;
    const autoEnrolment = p.autoEnrolment ? JSON.stringify({ ...p.autoEnrolment, membershipId, latestVersionSeen }) : null;
    return {
      id,
      run_id: run.id,
      org_id: run.org_id,
      employee_id: p.wire.employee_id,
      tax_year: run.tax_year,
      period_number: run.period_number,
      pay_date: run.pay_date,
      membership_id: membershipId,
      refund_membership_id: p.refundMembershipId,
      ytd_base_payslip_id: calculation.ytdBase,
      gross_pay: p.wire.gross_pay,
      taxable_pay: p.wire.taxable_pay,
      tax: p.wire.tax,
      employee_ni: p.wire.employee_ni,
      employer_ni: p.wire.employer_ni,
      net_pay: p.wire.net_pay,
      is_leaver: p.wire.is_leaver ? 1 : 0,
      is_after_leaving: p.wire.is_after_leaving ? 1 : 0,
      figures_json: gbPayslipFiguresJson(p.wire, p.trace),
      figures_version: GB_PAYSLIP_FIGURES_WRITTEN,
      ytd_json: ytdToJson(p.ytdAfter),
      auto_enrolment_json: autoEnrolment,
      contribution_json: p.contribution ? JSON.stringify(p.contribution) : null,
      created_at: now,
    };
  },

  totals: totalsOf,

  // A page of payslips at a time (issue 19): the year-to-date check, the year-to-date rows, the enrolments and the
  // payslip documents of a run of any size, in the one approval transaction, with a page or three in memory. On
  // PostgreSQL the next page is read and the previous one written while this one is checked (decision PGRUN-2,
  // pipeline.ts). The documents are recorded here rather than in a second pass over the run, which read every
  // employee a second time (decision PGRUN-3).
  async approve(ctx, trx, org, run, stamp, threads) {
    // Payslips approved per page: the store's approval page (calculate.ts).
    const approval: Approval = { ctx, trx, org, run, stamp, employer: (await payslipIssuer(trx, org, 'GB')) as PayslipEmployer, pageSize: approvalPageOf(ctx) };
    let documents = 0;
    const write = async (writes: ApprovalWrites) => {
      await writeApprovalPage(approval, writes);
      documents += writes.documents.length;
    };
    if (threads) {
      // Pages read and checked in threads and here beside this thread's writes (decision SQLRUN-3): the pages are
      // cut from the run's employees listed once, in order, so each is known before the one before it is read.
      const employeeIds = await listRunEmployeeIdsPage(trx, GB_RUN_TABLES, run.id, null, null);
      const size = approval.pageSize;
      const after = (p: number) => (p === 0 ? null : (employeeIds[p * size - 1] as string));
      const count = (p: number) => Math.min(size, employeeIds.length - p * size);
      const plan: ApprovalPlan = { org, run, stamp, employer: approval.employer, bucket: ctx.objects.bucket, subject: ctx.actor.subject };
      await threads.work<ApprovalWrites>({
        begin: { type: 'begin', job: 'approval', plan },
        pieces: Math.ceil(employeeIds.length / size),
        // This thread writes every page and commits: it reads and checks one page in six itself (measured at 100,000
        // employees, one thread: it still waited about 0.5 s for the thread's pages).
        hereEvery: 6,
        // A document id per payslip.
        idsFor: count,
        message: (p, ids) => ({ type: 'page', seq: p, after: after(p), count: count(p), ids }),
        here: (p, ids) => approveListedPage({ ...approval, ctx: { ...approval.ctx, ids } }, after(p), count(p)),
        write,
      });
      return documents;
    }
    await inBatches(OVERLAP[ctx.store.dialect], {
      first: () => readApprovalPage(approval, null),
      next: (page) => (page.payslips.length < approval.pageSize ? null : readApprovalPage(approval, (page.payslips[page.payslips.length - 1] as ApprovalPayslip).employee_id)),
      work: (page) => approvePage(approval, page),
      write,
    });
    return documents;
  },

  runWire: gbRunWire,

  listRuns: (ctx, orgId, query) => listGbRuns(ctx, orgId, query, (db) => requireGbOrg(ctx, db, orgId)),

  // Issue 15: the itemised pay statement of every employee (ERA 1996 s8), issued on approval; issue 16: the P45 of
  // every leaver whose payslip in the run is the leaver's (PAYE Regs 2003 reg 36, decision P45-ISSUE).
  // Payslips are recorded by the approval's pages (approve above) and rendered on first read (decision RENDER1);
  // P45s, a few per run, are rendered before it (decision OUT1).
  async issueDocuments(_ctx, db, org, run, _issuedAt, add) {
    await renderRunP45s(db, org, run as GbPayrollRunTable, add);
  },
};

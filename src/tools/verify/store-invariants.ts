/**
 * `payroll verify --store`: the invariants a store must hold whatever happened to the process that last wrote it
 * (a kill -9, a lost connection, an import). Each is checked per organization and reported as passed or failed:
 *
 * - year to date: per employee and tax year, the approved and paid payslips form one chain, each payslip's
 *   year-to-date figures being the previous one's plus its own period (FPS "year to date" items are cumulative:
 *   HMRC RTI guidance, "Full Payment Submission" year-to-date fields), and the stored gb_ytd figures are the chain's
 *   last payslip's, i.e. the sum of the employment's approved payslips;
 * - runs: an attempt left `processing` (or marked `failed`) holds no payslips and no pay group period, so the next
 *   attempt can take the period (decision R7); a live run (draft, approved, paid) holds its period's slot, has one
 *   payslip per employee it counts, and totals equal to the sum of its payslips;
 * - no two live runs for the same pay group, tax year, period (and corrected run);
 * - no payslip of a run that does not exist or belongs elsewhere;
 * - every active or archived document has its file, with the size and SHA-256 recorded; except a payslip document
 *   whose bytes are still to be rendered on first read (decision RENDER1), which records no size or SHA-256 and is
 *   rendered from an approved or paid run holding that employee's payslip;
 * - German runs: the same run, slot and payslip checks per month (de-run-invariants.ts).
 */
import { createHash } from 'node:crypto';
import { Decimal } from '../../domain/money.js';
import { openStore } from '../../store/database.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { listDePayslips, listDeRuns, listDocumentsWithContent, listGbPayslips, listGbRuns, listGbYtd, listOrganizationRefs, listPayslipsWithoutRun, type StoredDocumentContentRef, type StoredPayslip, type StoredRun, type StoredYtdRow } from '../../store/invariant-reads.js';
import { TEMPLATE_IDS } from '../../service/outputs/generated-documents.js';
import { defaultObjectRoot } from '../../service/local.js';
import { createFolderObjectStore, type ObjectStore } from '../../service/object-store.js';
import { slotKey } from '../../service/use-cases/payroll-runs.js';
import { checkDeRuns } from './de-run-invariants.js';

export interface InvariantResult {
  organization: string;
  check: 'year-to-date' | 'run' | 'run-slot' | 'payslip-run' | 'document-file';
  /** What was checked: a run id, `employee <id> <tax year>`, a document id. */
  subject: string;
  /** Empty when the check passed. */
  violations: string[];
}

export interface InvariantReport {
  results: InvariantResult[];
  passed: number;
  failed: number;
}

const LIVE = new Set(['draft', 'approved', 'paid']);
const SETTLED = new Set(['approved', 'paid']);
/** Payslip columns that feed year to date one to one (ytd.ts addPayslip) and the run totals of the same name. */
const FIGURES = ['gross_pay', 'taxable_pay', 'tax', 'employee_ni', 'employer_ni', 'net_pay'] as const;
type Figure = (typeof FIGURES)[number];

function dec(value: unknown): Decimal | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return new Decimal(value);
  } catch {
    return null;
  }
}

/** The six year-to-date figures of a stored ytd JSON text, or null when it cannot be read. */
function ytdFigures(text: string): Record<Figure, Decimal> | null {
  try {
    const json = JSON.parse(text) as { figures?: Record<string, unknown> };
    const out = {} as Record<Figure, Decimal>;
    for (const f of FIGURES) {
      const value = dec(json.figures?.[f]);
      if (value === null) return null;
      out[f] = value;
    }
    return out;
  } catch {
    return null;
  }
}

function payslipFigures(p: StoredPayslip): Record<Figure, Decimal> | null {
  const out = {} as Record<Figure, Decimal>;
  for (const f of FIGURES) {
    const value = dec(p[f]);
    if (value === null) return null;
    out[f] = value;
  }
  return out;
}

/** `field expected X, stored Y` for every differing figure. */
function differences(expected: Record<Figure, Decimal>, got: Record<Figure, Decimal>): string[] {
  return FIGURES.filter((f) => !expected[f].equals(got[f])).map((f) => `${f} ${got[f].toFixed(2)} where the approved payslips give ${expected[f].toFixed(2)}`);
}

function zero(): Record<Figure, Decimal> {
  const out = {} as Record<Figure, Decimal>;
  for (const f of FIGURES) out[f] = new Decimal(0);
  return out;
}

function plus(a: Record<Figure, Decimal>, b: Record<Figure, Decimal>): Record<Figure, Decimal> {
  const out = {} as Record<Figure, Decimal>;
  for (const f of FIGURES) out[f] = a[f].plus(b[f]);
  return out;
}

function sameFigures(a: Record<Figure, Decimal>, b: Record<Figure, Decimal>): boolean {
  return FIGURES.every((f) => a[f].equals(b[f]));
}

/** Year to date of one employee in one tax year: the approved payslips' chain against gb_ytd. */
function checkYtd(subjectPayslips: StoredPayslip[], ytd: StoredYtdRow | undefined): string[] {
  const problems: string[] = [];
  if (subjectPayslips.length === 0) {
    if (ytd) problems.push(`gb_ytd names payslip ${ytd.payslip_id} but the employee has no approved or paid payslip in this tax year`);
    return problems;
  }
  if (!ytd) return [`${subjectPayslips.length} approved payslip(s) but no year-to-date record`];
  const byId = new Map(subjectPayslips.map((p) => [p.id, p]));
  const children = new Map<string | null, string[]>();
  for (const p of subjectPayslips) {
    const base = p.ytd_base_payslip_id;
    if (base !== null && !byId.has(base)) problems.push(`payslip ${p.id} builds on ${base}, which is not an approved payslip of this employee and tax year`);
    const list = children.get(base) ?? [];
    list.push(p.id);
    children.set(base, list);
  }
  for (const [base, list] of children) {
    if (list.length > 1) problems.push(`payslips ${list.join(', ')} all build on ${base === null ? 'an empty year to date' : `payslip ${base}`}: the same period is counted more than once`);
  }
  const tail = byId.get(ytd.payslip_id);
  if (!tail) return [...problems, `gb_ytd names payslip ${ytd.payslip_id}, which is not an approved payslip of this employee and tax year`];
  if ((children.get(tail.id) ?? []).length > 0) problems.push(`gb_ytd names payslip ${tail.id}, but a later approved payslip builds on it`);

  // Walk back from the recorded latest payslip; every approved payslip must be on the way (else it is not counted).
  const chain: StoredPayslip[] = [];
  const seen = new Set<string>();
  for (let p: StoredPayslip | undefined = tail; p; p = p.ytd_base_payslip_id === null ? undefined : byId.get(p.ytd_base_payslip_id)) {
    if (seen.has(p.id)) {
      problems.push(`the year-to-date chain loops at payslip ${p.id}`);
      break;
    }
    seen.add(p.id);
    chain.unshift(p);
  }
  const left = subjectPayslips.filter((p) => !seen.has(p.id)).map((p) => p.id);
  if (left.length > 0) problems.push(`approved payslip(s) ${left.join(', ')} are not counted in the year to date`);

  // Each link: this payslip's year to date = the previous one's + this period; or a fresh employment (rehired after
  // leaving: ytd.ts starts afresh when the employment start changes), whose figures are this period's alone.
  let sum = zero();
  let previous: { payslip: StoredPayslip; ytd: Record<Figure, Decimal> } | null = null;
  for (const p of chain) {
    const own = payslipFigures(p);
    const stored = ytdFigures(p.ytd_json);
    if (!own || !stored) return [...problems, `payslip ${p.id}: figures or year-to-date figures are not amounts`];
    const expected = previous ? plus(previous.ytd, own) : own;
    if (!sameFigures(expected, stored)) {
      const restarted = previous !== null && sameFigures(own, stored) && previous.payslip.pay_date < ytd.employment_start;
      if (!restarted) problems.push(`payslip ${p.id} (period ${p.period_number}): year to date ${differences(expected, stored).join('; ')}`);
    }
    sum = previous && sameFigures(own, stored) && previous.payslip.pay_date < ytd.employment_start ? own : plus(sum, own);
    previous = { payslip: p, ytd: stored };
  }
  const recorded = ytdFigures(ytd.figures_json);
  if (!recorded) problems.push('gb_ytd figures are not amounts');
  else {
    const diff = differences(sum, recorded);
    if (diff.length > 0) problems.push(`gb_ytd ${diff.join('; ')}`);
    const tailFigures = ytdFigures(tail.ytd_json);
    if (tailFigures && !sameFigures(tailFigures, recorded)) problems.push(`gb_ytd differs from the year to date of its payslip ${tail.id}`);
  }
  return problems;
}

function checkRun(run: StoredRun, payslips: StoredPayslip[]): string[] {
  const problems: string[] = [];
  if (run.status === 'processing' || run.status === 'failed') {
    // Decision R7: an attempt holds nothing until its one commit; killed before it, the row is inert and the next
    // attempt for the period marks it failed. Payslips or a held slot would make it a half-written run.
    if (payslips.length > 0) problems.push(`${run.status} run has ${payslips.length} payslip(s): a run's payslips are written in the commit that makes it a draft`);
    if (run.slot_key !== null) problems.push(`${run.status} run holds its pay group's period (slot ${run.slot_key}), so no new attempt can run it`);
    return problems;
  }
  if (run.status === 'discarded') {
    if (run.slot_key !== null) problems.push('discarded run still holds its pay group\'s period');
    return problems;
  }
  if (!LIVE.has(run.status)) return [`unknown status "${run.status}"`];
  const slot = slotKey(run.pay_group_id, run.tax_year, run.period_number, run.corrects_run_id);
  if (run.slot_key !== slot) problems.push(`${run.status} run holds slot ${run.slot_key ?? 'none'} instead of ${slot}`);
  if (payslips.length !== run.employee_count) problems.push(`${run.status} run counts ${run.employee_count} employee(s) but has ${payslips.length} payslip(s)`);
  let totals: Record<string, unknown> | null = null;
  try {
    totals = run.totals_json === null ? null : (JSON.parse(run.totals_json) as Record<string, unknown>);
  } catch {
    totals = null;
  }
  if (!totals) return [...problems, `${run.status} run has no readable totals`];
  for (const f of FIGURES) {
    let sum = new Decimal(0);
    for (const p of payslips) sum = sum.plus(dec(p[f]) ?? 0);
    const total = dec(totals[f]);
    if (!total || !total.equals(sum)) problems.push(`totals ${f} ${String(totals[f])} where its payslips sum to ${sum.toFixed(2)}`);
  }
  return problems;
}

/** Checks every organization in the store; `objects` is where document files live. */
export async function checkStoreInvariants(db: Kysely<Database>, objects: ObjectStore): Promise<InvariantReport> {
  const results: InvariantResult[] = [];
  for (const org of await listOrganizationRefs(db)) {
    const add = (check: InvariantResult['check'], subject: string, violations: string[]) => results.push({ organization: org.id, check, subject, violations });
    const [runs, payslips, ytdRows, orphans, documents] = await Promise.all([listGbRuns(db, org.id), listGbPayslips(db, org.id), listGbYtd(db, org.id), listPayslipsWithoutRun(db, org.id), listDocumentsWithContent(db, org.id)]);
    const runsById = new Map(runs.map((r) => [r.id, r]));
    const payslipsByRun = new Map<string, StoredPayslip[]>();
    for (const p of payslips) payslipsByRun.set(p.run_id, [...(payslipsByRun.get(p.run_id) ?? []), p]);

    for (const run of runs) add('run', `run ${run.id}`, checkRun(run, payslipsByRun.get(run.id) ?? []));

    const slots = new Map<string, StoredRun[]>();
    for (const run of runs.filter((r) => LIVE.has(r.status))) {
      const slot = slotKey(run.pay_group_id, run.tax_year, run.period_number, run.corrects_run_id);
      slots.set(slot, [...(slots.get(slot) ?? []), run]);
    }
    for (const [slot, holders] of slots) {
      add('run-slot', `slot ${slot}`, holders.length > 1 ? [`${holders.length} live runs for the same pay group and period: ${holders.map((r) => `${r.id} (${r.status})`).join(', ')}`] : []);
    }

    const orphanIds = new Set(orphans.map((o) => o.id));
    const misfiled = payslips.filter((p) => {
      const run = runsById.get(p.run_id);
      return !orphanIds.has(p.id) && (!run || run.tax_year !== p.tax_year || run.period_number !== p.period_number);
    });
    add('payslip-run', 'payslips', [
      ...orphans.map((o) => `payslip ${o.id} belongs to run ${o.run_id}, which does not exist`),
      ...misfiled.map((p) => `payslip ${p.id} belongs to run ${p.run_id}, which is ${runsById.has(p.run_id) ? 'for another period' : 'in another organization'}`),
    ]);

    const settledBySubject = new Map<string, StoredPayslip[]>();
    for (const p of payslips) {
      const run = runsById.get(p.run_id);
      if (!run || !SETTLED.has(run.status)) continue;
      const key = `${p.employee_id} ${p.tax_year}`;
      settledBySubject.set(key, [...(settledBySubject.get(key) ?? []), p]);
    }
    const ytdBySubject = new Map(ytdRows.map((y) => [`${y.employee_id} ${y.tax_year}`, y]));
    for (const key of [...new Set([...settledBySubject.keys(), ...ytdBySubject.keys()])].sort()) {
      add('year-to-date', `employee ${key}`, checkYtd(settledBySubject.get(key) ?? [], ytdBySubject.get(key)));
    }

    for (const r of await checkDeRuns(db, org.id)) add(r.check, r.subject, r.violations);

    // Payslip documents recorded by an approval and rendered on first read (decision RENDER1) have no file yet: each
    // must say what it is rendered from, an approved or paid run with this employee's payslip, and record no size
    // or SHA-256 before its file is stored. A file already there (a first read killed before recording it) is fine.
    let settledPayslips: Map<string, Set<string>> | null = null;
    for (const doc of documents.filter((d) => d.render_json !== null)) {
      settledPayslips ??= await settledRunEmployees(db, org.id, runs, payslips);
      add('document-file', `document ${doc.id}`, pendingRenderProblems(doc, settledPayslips));
    }
    for (const doc of documents.filter((d) => d.render_json === null)) {
      let problems: string[] = [];
      try {
        const bytes = await objects.get(doc.object_store_path);
        if (doc.file_size_bytes !== null && bytes.byteLength !== doc.file_size_bytes) problems.push(`file has ${bytes.byteLength} bytes, the record says ${doc.file_size_bytes}`);
        if (doc.sha256 !== null && createHash('sha256').update(bytes).digest('hex') !== doc.sha256) problems.push('file content differs from the recorded SHA-256');
      } catch (error) {
        problems = [`${doc.status} document has no file at ${doc.object_store_path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`];
      }
      add('document-file', `document ${doc.id}`, problems);
    }
  }
  const failed = results.filter((r) => r.violations.length > 0).length;
  return { results, passed: results.length - failed, failed };
}

/** The employees paid by each approved or paid run of the organization, GB and German (run id → employee ids). */
async function settledRunEmployees(db: Kysely<Database>, orgId: string, gbRuns: readonly StoredRun[], gbPayslips: readonly StoredPayslip[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const [deRuns, dePayslips] = await Promise.all([listDeRuns(db, orgId), listDePayslips(db, orgId)]);
  const settled = new Set([...gbRuns, ...deRuns].filter((r) => SETTLED.has(r.status)).map((r) => r.id));
  for (const p of [...gbPayslips, ...dePayslips]) {
    if (!settled.has(p.run_id)) continue;
    const employees = out.get(p.run_id) ?? new Set<string>();
    employees.add(p.employee_id);
    out.set(p.run_id, employees);
  }
  return out;
}

/** What is wrong with a document whose bytes are still to be rendered (empty: it can be rendered as recorded). */
function pendingRenderProblems(doc: StoredDocumentContentRef, settled: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  if (doc.file_size_bytes !== null || doc.sha256 !== null) problems.push('its bytes are still to be rendered, yet it records a size or SHA-256');
  if (doc.template_id !== TEMPLATE_IDS.gbPayslip && doc.template_id !== TEMPLATE_IDS.deEntgeltbescheinigung) problems.push(`its bytes are still to be rendered, but template ${String(doc.template_id)} is not rendered on first read`);
  let version: unknown = null;
  try {
    version = (JSON.parse(doc.render_json as string) as { version?: unknown }).version;
  } catch {
    // reported below
  }
  if (version !== 1) problems.push('its render record is not one this build renders (version 1 JSON)');
  const employees = doc.source_run_id ? settled.get(doc.source_run_id) : undefined;
  if (!employees) problems.push(`its bytes are still to be rendered from run ${String(doc.source_run_id)}, which is not an approved or paid run of this organization`);
  else if (!doc.employee_id || !employees.has(doc.employee_id)) problems.push(`its bytes are still to be rendered from run ${doc.source_run_id}, which has no payslip of employee ${String(doc.employee_id)}`);
  return problems;
}

/**
 * Opens the store at `location` (a file or postgres:// URL), checks it, closes it. Document files are looked for
 * where the local service keeps them (beside the file, or under `dataDir` for Postgres).
 */
export async function verifyStoreAt(location: string, dataDir: string): Promise<InvariantReport> {
  const store = await openStore(location);
  try {
    return await checkStoreInvariants(store.db, createFolderObjectStore(defaultObjectRoot(location, dataDir)));
  } finally {
    await store.close();
  }
}

/**
 * `payroll verify --store` for German runs (issue 14): an attempt left `processing` or `failed` holds no payslips and
 * no month (decision R7, as GB); a live run (draft, approved, paid) holds its organization's month (or its corrected
 * run), has one payslip per employee it counts and totals equal to the sum of its payslips; no two live runs hold the
 * same month; every payslip belongs to an existing run of its month. German year to date is not stored apart: it is
 * the approved months themselves, so there is no separate year-to-date record to disagree with them.
 */
import { Decimal } from '../../domain/money.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { DE_PAYSLIP_TOTAL_COLUMNS, listDePayslips, listDePayslipsWithoutRun, listDeRuns, type StoredDePayslip, type StoredDeRun } from '../../store/invariant-reads.js';
import { deSlotKey } from '../../service/runs/de/prepare.js';

const LIVE = new Set(['draft', 'approved', 'paid']);

export interface DeInvariantResult {
  check: 'run' | 'run-slot' | 'payslip-run';
  subject: string;
  violations: string[];
}

function checkDeRun(orgId: string, run: StoredDeRun, payslips: StoredDePayslip[]): string[] {
  const problems: string[] = [];
  if (run.status === 'processing' || run.status === 'failed') {
    if (payslips.length > 0) problems.push(`${run.status} run has ${payslips.length} payslip(s): a run's payslips are written in the commit that makes it a draft`);
    if (run.slot_key !== null) problems.push(`${run.status} run holds its month (slot ${run.slot_key}), so no new attempt can run it`);
    return problems;
  }
  if (run.status === 'discarded') return run.slot_key !== null ? ['discarded run still holds its month'] : [];
  if (!LIVE.has(run.status)) return [`unknown status "${run.status}"`];
  const slot = deSlotKey(orgId, run.month, run.corrects_run_id);
  if (run.slot_key !== slot) problems.push(`${run.status} run holds slot ${run.slot_key ?? 'none'} instead of ${slot}`);
  if (payslips.length !== run.employee_count) problems.push(`${run.status} run counts ${run.employee_count} employee(s) but has ${payslips.length} payslip(s)`);
  let totals: Record<string, unknown> | null = null;
  try {
    totals = run.totals_json === null ? null : (JSON.parse(run.totals_json) as Record<string, unknown>);
  } catch {
    totals = null;
  }
  if (!totals) return [...problems, `${run.status} run has no readable totals`];
  for (const f of DE_PAYSLIP_TOTAL_COLUMNS) {
    let sum = new Decimal(0);
    for (const p of payslips) sum = sum.plus(p[f]);
    const total = typeof totals[f] === 'string' ? new Decimal(totals[f] as string) : null;
    if (!total || !total.equals(sum)) problems.push(`totals ${f} ${String(totals[f])} where its payslips sum to ${sum.toFixed(2)}`);
  }
  return problems;
}

export async function checkDeRuns(db: Kysely<Database>, orgId: string): Promise<DeInvariantResult[]> {
  const [runs, payslips, orphans] = await Promise.all([listDeRuns(db, orgId), listDePayslips(db, orgId), listDePayslipsWithoutRun(db, orgId)]);
  if (runs.length === 0 && payslips.length === 0) return [];
  const out: DeInvariantResult[] = [];
  const byRun = new Map<string, StoredDePayslip[]>();
  for (const p of payslips) byRun.set(p.run_id, [...(byRun.get(p.run_id) ?? []), p]);
  for (const run of runs) out.push({ check: 'run', subject: `German run ${run.id}`, violations: checkDeRun(orgId, run, byRun.get(run.id) ?? []) });
  const slots = new Map<string, StoredDeRun[]>();
  for (const run of runs.filter((r) => LIVE.has(r.status))) {
    const slot = deSlotKey(orgId, run.month, run.corrects_run_id);
    slots.set(slot, [...(slots.get(slot) ?? []), run]);
  }
  for (const [slot, holders] of slots) out.push({ check: 'run-slot', subject: `slot ${slot}`, violations: holders.length > 1 ? [`${holders.length} live runs for the same month: ${holders.map((r) => `${r.id} (${r.status})`).join(', ')}`] : [] });
  const runsById = new Map(runs.map((r) => [r.id, r]));
  const orphanIds = new Set(orphans.map((o) => o.id));
  const misfiled = payslips.filter((p) => !orphanIds.has(p.id) && runsById.get(p.run_id)?.month !== p.month);
  out.push({
    check: 'payslip-run',
    subject: 'German payslips',
    violations: [...orphans.map((o) => `payslip ${o.id} belongs to run ${o.run_id}, which does not exist`), ...misfiled.map((p) => `payslip ${p.id} belongs to run ${p.run_id}, which is ${runsById.has(p.run_id) ? 'for another month' : 'in another organization'}`)],
  });
  return out;
}

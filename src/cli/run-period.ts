/**
 * The period a run from stored pay defaults to when none is named (issue 18 point 1: "the next unrun period is the
 * default"): GB as the service's own default (decision R3): the period after the pay group's latest regular run
 * that holds a period (draft, approved or paid; corrections do not count), the next tax year's first period after
 * a year's last; a pay group that never ran takes the calendar's next payday on or after today. Germany: the month
 * after the organization's latest regular run, or the current month when it never ran (decision K12). The CLI
 * works it out itself because it needs the period to pick who is employed in it; it always says what it picked.
 */
import { gbTaxYearOf, type PayPeriodItem, type PayrollService } from '../service/ports.js';

const LIVE = new Set(['draft', 'approved', 'paid']);

function nextTaxYear(taxYear: string): string {
  const start = Number(taxYear.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export interface PickedPeriod<P> {
  period: P;
  why: string;
}

export async function nextGbPeriod(service: PayrollService, orgId: string, group: { id: string; name: string; pay_calendar_id: string }, today: string): Promise<PickedPeriod<PayPeriodItem>> {
  const periodsOf = async (taxYear: string) => (await service.getPayCalendarPeriods(orgId, group.pay_calendar_id, { tax_year: taxYear })).periods;
  let latest: { tax_year: string; period_number: number } | null = null;
  for (let page = 1; ; page += 1) {
    const result = await service.listPayrollRuns(orgId, { pay_group_id: group.id, size: 100, page });
    for (const run of result.items) {
      if (!LIVE.has(run.status) || run.corrects_run_id) continue;
      if (!latest || run.tax_year > latest.tax_year || (run.tax_year === latest.tax_year && run.period_number > latest.period_number)) latest = { tax_year: run.tax_year, period_number: run.period_number };
    }
    if (!result.meta.has_next) break;
  }
  if (latest) {
    const next = (await periodsOf(latest.tax_year)).find((p) => p.period_number === latest.period_number + 1);
    if (next) return { period: next, why: `the period after the pay group's latest run (${latest.tax_year} period ${latest.period_number})` };
    const first = (await periodsOf(nextTaxYear(latest.tax_year)))[0] as PayPeriodItem;
    return { period: first, why: `the first period of the tax year after the pay group's latest run (${latest.tax_year} period ${latest.period_number})` };
  }
  const thisYear = gbTaxYearOf(today);
  const candidates = [...(await periodsOf(thisYear)), ...(await periodsOf(nextTaxYear(thisYear)))];
  const next = candidates.find((p) => p.pay_date >= today) as PayPeriodItem;
  return { period: next, why: `the calendar's next payday on or after today (${today}); the pay group has no run yet` };
}

export async function nextDeMonth(service: PayrollService, orgId: string, today: string): Promise<PickedPeriod<string>> {
  let latest: string | null = null;
  for (let page = 1; ; page += 1) {
    const result = await service.listGermanPayrollRuns(orgId, { size: 100, page });
    for (const run of result.items) {
      if (!LIVE.has(run.status) || run.corrects_run_id) continue;
      if (!latest || run.month > latest) latest = run.month;
    }
    if (!result.meta.has_next) break;
  }
  if (latest) {
    const [year, month] = latest.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    return { period: next, why: `the month after the organization's latest run (${latest})` };
  }
  return { period: today.slice(0, 7), why: `the current month (${today}); the organization has no run yet` };
}

/** Today in the CLI's own clock (the run's period default; the service keeps its own clock for its default). */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

import type { StoreDialect } from '../dialect.js';
import {
  correctionPaymentDate,
  GB_PAYSLIP_FIGURES_V2,
  type GbPayslipFiguresV1,
  regularPayDates,
  resolveStatutoryYtd,
  type RunDates,
  type StatutoryPence,
  typedStatutoryOf,
  upgradeFiguresV1,
  withStatutoryYtd,
  type YtdChainNode,
  ytdNeedsStatutory,
} from '../gb-payslip-figures.js';
import { textPence } from '../../domain/gb/run/pence-text.js';
import { ytdFromJson } from '../../domain/gb/run/ytd.js';
import type { MigrationDb } from './column-types.js';

/**
 * A British payroll year (issue 16):
 * - GB payslip figures version 2 (store/gb-payslip-figures.ts): the statutory payments of each payslip and their year
 *   to date, and the payment date a correction is reported with. Every version 1 payslip is converted in place, its
 *   statutory payments being the statutory lines it carried (typed; runs did not calculate them before), their
 *   year to date following each payslip's year-to-date base; the year-to-date states (gb_payslips.ytd_json,
 *   gb_ytd.figures_json) gain the same figures.
 * Reads go in batches of 500; the chain is held as a few numbers per payslip.
 */
export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  const runs = new Map<string, RunDates>();
  for (const run of (await db.selectFrom('gb_payroll_runs').select(['id', 'pay_group_id', 'tax_year', 'period_number', 'pay_date', 'status', 'corrects_run_id']).execute()) as RunDates[]) runs.set(run.id, run);
  const byPeriod = regularPayDates(runs.values());

  // Pass 1: the chain (base, statutory payments, gross and gross to date) of every payslip.
  const nodes = new Map<string, YtdChainNode>();
  let after = '';
  for (;;) {
    const rows = (await db.selectFrom('gb_payslips').select(['id', 'ytd_base_payslip_id', 'figures_json', 'ytd_json']).where('id', '>', after).orderBy('id').limit(500).execute()) as { id: string; ytd_base_payslip_id: string | null; figures_json: string; ytd_json: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const figures = JSON.parse(row.figures_json) as GbPayslipFiguresV1;
      nodes.set(row.id, { base: row.ytd_base_payslip_id, period: typedStatutoryOf(figures), grossPence: textPence(figures.grossPay), ytdGrossPence: ytdFromJson(row.ytd_json).figures.gross_pay });
    }
    after = (rows[rows.length - 1] as { id: string }).id;
  }
  const ytd = resolveStatutoryYtd(nodes);
  const zero: StatutoryPence = { ssp: 0, smp: 0, spp: 0, shpp: 0, sap: 0, spbp: 0, sncp: 0 };

  // Pass 2: each payslip's document and year-to-date state.
  after = '';
  for (;;) {
    const rows = (await db.selectFrom('gb_payslips').select(['id', 'run_id', 'pay_date', 'figures_json', 'figures_version', 'ytd_json']).where('id', '>', after).orderBy('id').limit(500).execute()) as { id: string; run_id: string; pay_date: string; figures_json: string; figures_version: number; ytd_json: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const statutory = ytd.get(row.id) ?? zero;
      const set: { figures_json?: string; figures_version?: number; ytd_json?: string } = {};
      if (Number(row.figures_version) === 1) {
        const v1 = JSON.parse(row.figures_json) as GbPayslipFiguresV1;
        const date = v1.correction ? (correctionPaymentDate(runs, byPeriod, row.run_id, v1.correction.paidInPeriodNumber) ?? row.pay_date) : row.pay_date;
        set.figures_json = JSON.stringify(upgradeFiguresV1(v1, statutory, date));
        set.figures_version = GB_PAYSLIP_FIGURES_V2;
      }
      if (ytdNeedsStatutory(row.ytd_json)) set.ytd_json = withStatutoryYtd(row.ytd_json, statutory);
      if (Object.keys(set).length > 0) await db.updateTable('gb_payslips').set(set).where('id', '=', row.id).execute();
    }
    after = (rows[rows.length - 1] as { id: string }).id;
  }

  // The employees' current year to date is their last approved payslip's.
  const ytdRows = (await db.selectFrom('gb_ytd').select(['employee_id', 'tax_year', 'payslip_id', 'figures_json']).execute()) as { employee_id: string; tax_year: string; payslip_id: string; figures_json: string }[];
  for (const row of ytdRows) {
    if (!ytdNeedsStatutory(row.figures_json)) continue;
    const figures = withStatutoryYtd(row.figures_json, ytd.get(row.payslip_id) ?? zero);
    await db.updateTable('gb_ytd').set({ figures_json: figures }).where('employee_id', '=', row.employee_id).where('tax_year', '=', row.tax_year).execute();
  }
}

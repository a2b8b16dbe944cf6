/**
 * Settled payslips as the RTI documents read them: the store's figures document beside the row, and the chain of
 * one employment's payslips in a tax year (each payslip names the one whose year to date it built on; a payslip
 * paid before the current employment's start belongs to an earlier employment and ends the chain).
 */
import { type GbPayslipFiguresV1, readGbPayslipFigures } from '../../store/gb-payslip-figures.js';
import type { RtiPayslipRow } from '../../store/repositories/rti.js';

export interface StoredPayslip {
  readonly row: RtiPayslipRow;
  readonly figures: GbPayslipFiguresV1;
}

export function decodePayslips(rows: readonly RtiPayslipRow[]): StoredPayslip[] {
  return rows.map((row) => ({ row, figures: readGbPayslipFigures(row.figures_json, row.figures_version) }));
}

/** The payslips of the employment in the tax year up to and including `tail`, oldest first. */
export function employmentChain(byId: ReadonlyMap<string, StoredPayslip>, tail: StoredPayslip, employmentStart: string): StoredPayslip[] {
  const chain: StoredPayslip[] = [];
  const seen = new Set<string>();
  for (let p: StoredPayslip | undefined = tail; p && !seen.has(p.row.id) && p.row.pay_date >= employmentStart; p = p.row.ytd_base_payslip_id ? byId.get(p.row.ytd_base_payslip_id) : undefined) {
    seen.add(p.row.id);
    chain.unshift(p);
  }
  return chain;
}

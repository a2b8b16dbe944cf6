/**
 * The catalogue's wage type of each statutory payment (catalogue.ts, category `statutory`): the line a run writes
 * when it pays the payment itself, and the code by which a typed line is recognised as that payment.
 */
import type { StatutoryPaymentType } from '../statutory/employer-liabilities.js';

export const STATUTORY_WAGE_TYPE: Readonly<Record<StatutoryPaymentType, string>> = {
  ssp: 'UK-S-001',
  smp: 'UK-S-002',
  spp: 'UK-S-003',
  shpp: 'UK-S-004',
  sap: 'UK-S-005',
  spbp: 'UK-S-006',
  sncp: 'UK-S-007',
};

const BY_CODE: ReadonlyMap<string, StatutoryPaymentType> = new Map(Object.entries(STATUTORY_WAGE_TYPE).map(([type, code]) => [code, type as StatutoryPaymentType]));

/** The statutory payment a wage type pays, or null for any other wage type. */
export function statutoryPaymentOf(wageTypeCode: string | null): StatutoryPaymentType | null {
  return wageTypeCode === null ? null : (BY_CODE.get(wageTypeCode.trim().toUpperCase()) ?? null);
}

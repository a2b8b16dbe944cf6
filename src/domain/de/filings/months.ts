/** Month helpers shared by the filings, and the refusal of a month record that predates them. */
import { DomainError } from '../../errors.js';
import { lastDay, parseMonth } from '../run/calendar.js';
import type { DeMonthFiling } from '../run/month-types.js';
import type { FilingMonth } from './types.js';

/** 'YYYY-MM' → its last day. */
export function monthEnd(month: string): string {
  return lastDay(parseMonth(month));
}

/**
 * The month's filing figures. A record calculated before they were kept (issue 17) is refused, naming the run to
 * correct: the Zusatzbeitrag part and the insurer cannot be told from its sums without recalculating it.
 */
export function requireFiling(m: FilingMonth): DeMonthFiling {
  if (!m.record.filing) {
    throw new DomainError(
      'conflict',
      'DE.FILINGS.MONTH_WITHOUT_FILING_FIGURES',
      `employee ${m.employeeId}, ${m.month} (run ${m.runId}) was calculated before the filing figures were kept: correct that run (corrects_run_id) to recalculate it, then file`,
      { details: { employee_id: m.employeeId, month: m.month, run_id: m.runId } },
    );
  }
  return m.record.filing;
}

/** The later of two ISO dates. */
export const laterOf = (a: string, b: string): string => (a > b ? a : b);
/** The earlier of two ISO dates. */
export const earlierOf = (a: string, b: string): string => (a < b ? a : b);

/**
 * The journal as plain CSV (RFC 4180: comma separated, CRLF, fields quoted where they hold a comma, quote or line
 * break), one row per line with a header row: date, run, account, account name, debit, credit, text, party,
 * employee. Amounts are decimal strings with two places and a full stop.
 */
import type { Journal } from './journal.js';

export const JOURNAL_CSV_COLUMNS = ['date', 'run_id', 'account', 'account_name', 'debit', 'credit', 'currency', 'text', 'party', 'employee_id'] as const;

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function encodeJournalCsv(journal: Journal): string {
  const rows = [JOURNAL_CSV_COLUMNS.join(',')];
  for (const l of journal.lines) {
    rows.push([journal.postingDate, journal.runId, l.account, l.accountName, l.debit, l.credit, journal.currency, l.text, l.party ?? '', l.employeeId ?? ''].map(field).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}

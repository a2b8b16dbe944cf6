/**
 * The accounting journal of an approved payroll run: double-entry lines built from postings (what each payslip
 * owes to whom), per employee or summarised per account and party, and refused unless debits equal credits.
 *
 * A posting names the account key, the side and the amount, and optionally a party (the health insurer or pension
 * provider a liability is owed to, so the journal keeps one line per creditor). Amounts are decimal strings.
 */
import { DomainError } from '../../domain/errors.js';
import { Decimal } from '../../domain/money.js';
import type { AccountKey, AccountMapping } from './accounts.js';

export interface Posting {
  employeeId: string;
  employeeName: string;
  account: AccountKey;
  side: 'debit' | 'credit';
  amount: string;
  /** What the line is (e.g. "Income tax (PAYE)"); summarised lines use the account's name. */
  text: string;
  party?: string | null;
}

export interface JournalLine {
  account: string;
  accountName: string;
  /** Decimal strings, two places; one of them is "0.00". */
  debit: string;
  credit: string;
  text: string;
  party: string | null;
  employeeId: string | null;
}

export interface Journal {
  runId: string;
  postingDate: string;
  periodStart: string;
  periodEnd: string;
  currency: 'GBP' | 'EUR';
  description: string;
  lines: JournalLine[];
  totalDebit: string;
  totalCredit: string;
}

export interface JournalHeader {
  runId: string;
  postingDate: string;
  periodStart: string;
  periodEnd: string;
  currency: 'GBP' | 'EUR';
  description: string;
}

/**
 * The journal lines: `detail` 'employee' keeps one line per posting (employee, account, side, text); 'summary'
 * adds them up per account, side and party. Zero amounts are left out; a negative amount changes side.
 */
export function buildJournal(header: JournalHeader, postings: readonly Posting[], mapping: AccountMapping, detail: 'summary' | 'employee'): Journal {
  const groups = new Map<string, { account: AccountKey; side: 'debit' | 'credit'; amount: Decimal; text: string; party: string | null; employeeId: string | null }>();
  for (const p of postings) {
    let amount = new Decimal(p.amount);
    if (amount.isZero()) continue;
    let side = p.side;
    if (amount.isNegative()) {
      amount = amount.negated();
      side = side === 'debit' ? 'credit' : 'debit';
    }
    const party = p.party ?? null;
    const key = detail === 'employee' ? `${p.employeeId}\u0000${p.account}\u0000${side}\u0000${party ?? ''}\u0000${p.text}` : `${p.account}\u0000${side}\u0000${party ?? ''}`;
    const group = groups.get(key);
    if (group) group.amount = group.amount.plus(amount);
    else groups.set(key, { account: p.account, side, amount, text: detail === 'employee' ? `${p.text} – ${p.employeeName}` : mapping[p.account].name, party, employeeId: detail === 'employee' ? p.employeeId : null });
  }
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const lines: JournalLine[] = [];
  for (const g of groups.values()) {
    if (g.side === 'debit') debit = debit.plus(g.amount);
    else credit = credit.plus(g.amount);
    lines.push({
      account: mapping[g.account].number,
      accountName: mapping[g.account].name,
      debit: g.side === 'debit' ? g.amount.toFixed(2) : '0.00',
      credit: g.side === 'credit' ? g.amount.toFixed(2) : '0.00',
      text: g.party && detail === 'summary' ? `${g.text} – ${g.party}` : g.text,
      party: g.party,
      employeeId: g.employeeId,
    });
  }
  if (!debit.eq(credit)) {
    throw new DomainError('internal', 'JOURNAL.UNBALANCED', `the journal of run ${header.runId} does not balance: debits ${debit.toFixed(2)}, credits ${credit.toFixed(2)} (difference ${debit.minus(credit).toFixed(2)}); nothing was written`, {
      details: { run_id: header.runId, total_debit: debit.toFixed(2), total_credit: credit.toFixed(2) },
    });
  }
  return { ...header, lines, totalDebit: debit.toFixed(2), totalCredit: credit.toFixed(2) };
}

/**
 * The Bacs batch of an approved GB run (formats/payments/bacs-view.ts): each employee's net pay to their active
 * primary bank account, from the organization's originating account under its service user number.
 *
 * Every problem is collected before anything is encoded, so one refusal names every employee whose account
 * cannot be paid (account ids masked) and no file is written (issue 15).
 */
import { createHash } from 'node:crypto';
import { DomainError, type FieldIssue } from '../../domain/errors.js';
import { Decimal } from '../../domain/money.js';
import { isSortCode, isUkAccountNumber, ukAccountOfIban } from '../../domain/identifiers/gb-bank-account.js';
import { maskIban, maskIdentifier } from '../../domain/identifiers/mask.js';
import type { BacsBatch, BacsCredit } from '../../formats/payments/bacs-view.js';
import { listEmployeesBankAccounts, listOrganizationBankAccounts } from '../../store/repositories/bank-accounts.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import { listRunPayslips } from '../../store/repositories/payroll-runs.js';
import type { BankAccountTable, EmployeeTable, GbPayrollRunTable, OrganizationTable } from '../../store/schema.js';
import { type Db, isSet, parseJson } from '../context.js';
import type { GbEmployerSettings } from '../contracts/organization.js';

/** An account as an error message may show it: masked IBAN, or the sort code with the account number's last digits. */
export function maskedAccount(a: BankAccountTable): string {
  if (a.iban) return maskIban(a.iban) as string;
  if (a.sort_code && a.account_number) return `${a.sort_code.slice(0, 2)}-**-** ${maskIdentifier(a.account_number, 4)}`;
  return `account ${a.id}`;
}

/** Sort code and account number of an account: its own UK fields, else those inside a GB IBAN. */
export function ukAccount(a: BankAccountTable): { sortCode: string; accountNumber: string } | null {
  if (a.sort_code && a.account_number && isSortCode(a.sort_code) && isUkAccountNumber(a.account_number)) return { sortCode: a.sort_code, accountNumber: a.account_number };
  return a.iban ? ukAccountOfIban(a.iban) : null;
}

/** The account an employee is paid into: the primary one among the active (null when there is none). */
export function payeeAccount(accounts: readonly BankAccountTable[]): BankAccountTable | null {
  return accounts.find((a) => isSet(a.is_active) && isSet(a.is_primary)) ?? null;
}

export function employeeLabel(e: EmployeeTable): string {
  return `${e.first_name} ${e.last_name}${e.payroll_number ? ` (${e.payroll_number})` : ''}`;
}

/** The working day before the pay date (Mon–Fri; bank holidays are not known here): Bacs processes on day 2 and credits arrive on day 3. */
export function bacsProcessingDate(payDate: string): string {
  const d = new Date(`${payDate}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

/** A 6-character serial fixed for the run (VOL1/HDR1): the same file for the same run. */
export function bacsSerial(runId: string): string {
  return createHash('sha256').update(runId).digest('hex').slice(0, 6).toUpperCase();
}

const PERIOD_LETTER: Readonly<Record<string, string>> = { weekly: 'W', fortnightly: 'F', four_weekly: '4W', monthly: 'M' };

export function refusal(runId: string, issues: FieldIssue[]): DomainError {
  return new DomainError('validation', 'PAYMENTS.ACCOUNTS_INVALID', `no payment file for run ${runId}: ${issues.map((i) => i.msg).join('; ')}`, { issues });
}

export async function gbBacsBatch(db: Db, org: OrganizationTable, run: GbPayrollRunTable): Promise<BacsBatch> {
  const issues: FieldIssue[] = [];
  const settings: Partial<GbEmployerSettings> = parseJson<GbEmployerSettings>(org.gb_json) ?? {};
  const sun = settings.bacs_service_user_number ?? null;
  if (!sun) issues.push({ loc: ['organization', 'gb', 'bacs_service_user_number'], msg: 'the organization has no Bacs service user number (set gb.bacs_service_user_number)', type: 'required' });
  const own = await listOrganizationBankAccounts(db, org.id);
  const originating = settings.bacs_originating_account_id ? own.find((a) => a.id === settings.bacs_originating_account_id) ?? null : payeeAccount(own);
  const origin = originating ? ukAccount(originating) : null;
  if (!originating) issues.push({ loc: ['organization', 'gb', 'bacs_originating_account_id'], msg: settings.bacs_originating_account_id ? `the originating account ${settings.bacs_originating_account_id} is not one of the organization's own accounts` : 'the organization has no active primary bank account to pay from', type: 'originating_account' });
  else if (!origin) issues.push({ loc: ['organization', 'gb', 'bacs_originating_account_id'], msg: `the originating account ${maskedAccount(originating)} has no UK sort code and 8-digit account number`, type: 'originating_account' });

  const payslips = (await listRunPayslips(db, run.id)).filter((p) => !new Decimal(p.net_pay).isZero());
  const ids = payslips.map((p) => p.employee_id);
  const employees = await loadEmployees(db, org.id, ids);
  const accounts = new Map<string, BankAccountTable[]>();
  for (const a of await listEmployeesBankAccounts(db, org.id, ids)) accounts.set(a.employee_id as string, [...(accounts.get(a.employee_id as string) ?? []), a]);
  const credits: BacsCredit[] = [];
  for (const p of payslips) {
    const e = employees.get(p.employee_id);
    const who = e ? employeeLabel(e) : p.employee_id;
    const loc = ['employees', p.employee_id];
    if (new Decimal(p.net_pay).isNegative()) {
      issues.push({ loc: [...loc, 'net_pay'], msg: `${who}: net pay ${p.net_pay} is negative; nothing can be paid`, type: 'net_pay_negative' });
      continue;
    }
    const account = payeeAccount(accounts.get(p.employee_id) ?? []);
    if (!account) {
      issues.push({ loc: [...loc, 'bank_account'], msg: `${who}: no active primary bank account`, type: 'bank_account_missing' });
      continue;
    }
    const uk = ukAccount(account);
    if (!uk) {
      issues.push({ loc: [...loc, 'bank_account', account.id], msg: `${who}: account ${maskedAccount(account)} has no valid UK sort code and 8-digit account number`, type: 'sort_code_invalid' });
      continue;
    }
    credits.push({ sortCode: uk.sortCode, accountNumber: uk.accountNumber, name: e ? `${e.first_name} ${e.last_name}` : p.employee_id, amount: p.net_pay });
  }
  if (credits.length === 0 && issues.length === 0) issues.push({ loc: ['run', 'net_pay'], msg: 'no employee of the run has net pay to transfer', type: 'nothing_to_pay' });
  if (issues.length > 0) throw refusal(run.id, issues);
  return {
    serviceUserNumber: sun as string,
    serialNumber: bacsSerial(run.id),
    processingDate: bacsProcessingDate(run.pay_date),
    createdOn: (run.approved_at ?? run.updated_at).slice(0, 10),
    originator: { ...(origin as { sortCode: string; accountNumber: string }), name: org.legal_name },
    reference: `${org.legal_name.split(/\s+/)[0] ?? 'PAY'} ${PERIOD_LETTER[run.frequency] ?? 'P'}${String(run.period_number).padStart(2, '0')} ${run.tax_year}`,
    credits,
  };
}

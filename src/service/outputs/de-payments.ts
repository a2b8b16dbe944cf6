/**
 * The SEPA credit transfer batch of an approved German run (formats/payments/sepa-view.ts, decision SEPA1): each
 * employee's payout (`employee.totals.net_pay` of the month record) to their active primary bank account, from the
 * organization's active primary account, executed on the pay date.
 *
 * Every problem is collected before anything is encoded (decision PAY1), so one refusal names every employee whose
 * account cannot be paid (IBANs masked) and no file is written.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { type FieldIssue } from '../../domain/errors.js';
import { parseDeMonthRecord } from '../../domain/de/run/record.js';
import type { DeMonthRecord } from '../../domain/de/run/month-types.js';
import { Decimal } from '../../domain/money.js';
import type { SepaBatch, SepaCredit } from '../../formats/payments/sepa-view.js';
import { listEmployeesBankAccounts, listOrganizationBankAccounts } from '../../store/repositories/bank-accounts.js';
import { listDeRunPayslips } from '../../store/repositories/de-payroll-runs.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import type { BankAccountTable, DePayrollRunTable, EmployeeTable, OrganizationTable } from '../../store/schema.js';
import type { Db } from '../context.js';
import { employeeLabel, maskedAccount, payeeAccount, refusal } from './gb-payments.js';

export interface DeSepaPayee {
  employee: EmployeeTable;
  /** The employee's active primary account, or null when there is none. */
  account: BankAccountTable | null;
  record: DeMonthRecord;
}

const hex = (uuid: string) => uuid.replace(/-/g, '');

/** A stored IBAN in electronic form when it passes the IBAN check (ISO 13616: country format and check digits), else null. */
function checkedIban(iban: string | null): string | null {
  const plain = iban ? electronicFormatIBAN(iban) : null;
  return plain && isValidIBAN(plain) ? plain : null;
}

/** The BIC (ISO 9362) when given; `undefined` when given but invalid. */
function checkedBic(bic: string | null): string | null | undefined {
  if (!bic || bic.trim() === '') return null;
  const plain = bic.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(plain) ? plain : undefined;
}

const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

export function deSepaBatch(run: Pick<DePayrollRunTable, 'id' | 'month' | 'pay_date' | 'approved_at' | 'updated_at'>, org: OrganizationTable, debtor: BankAccountTable | null, payees: readonly DeSepaPayee[]): SepaBatch {
  const issues: FieldIssue[] = [];
  const debtorIban = debtor ? checkedIban(debtor.iban) : null;
  const debtorBic = debtor ? checkedBic(debtor.swift_code) : null;
  if (!debtor) issues.push({ loc: ['organization', 'bank_accounts'], msg: 'the organization has no active primary bank account to pay from', type: 'debtor_account_missing' });
  else if (!debtorIban) issues.push({ loc: ['organization', 'bank_accounts', debtor.id, 'iban'], msg: `the organization's account ${maskedAccount(debtor)} has no valid IBAN`, type: 'iban_invalid' });
  else if (debtorBic === undefined) issues.push({ loc: ['organization', 'bank_accounts', debtor.id, 'swift_code'], msg: `the organization's account ${maskedAccount(debtor)} has an invalid BIC`, type: 'bic_invalid' });

  const monthWords = `${MONTHS_DE[Number(run.month.slice(5, 7)) - 1]} ${run.month.slice(0, 4)}`;
  const credits: SepaCredit[] = [];
  for (const { employee, account, record } of payees) {
    const net = new Decimal(String(record.figures['employee.totals.net_pay'] ?? '0'));
    // Zero net pay is left out: nothing to transfer (PAY1).
    if (net.isZero()) continue;
    const who = employeeLabel(employee);
    const loc = ['employees', employee.id];
    if (net.isNegative()) {
      issues.push({ loc: [...loc, 'net_pay'], msg: `${who}: net pay ${net.toFixed(2)} is negative; nothing can be paid`, type: 'net_pay_negative' });
      continue;
    }
    if (!account) {
      issues.push({ loc: [...loc, 'bank_account'], msg: `${who}: no active primary bank account`, type: 'bank_account_missing' });
      continue;
    }
    const iban = checkedIban(account.iban);
    if (!iban) {
      issues.push({ loc: [...loc, 'bank_account', account.id, 'iban'], msg: `${who}: account ${maskedAccount(account)} has no valid IBAN (a SEPA transfer pays to an IBAN)`, type: 'iban_invalid' });
      continue;
    }
    const bic = checkedBic(account.swift_code);
    if (bic === undefined) {
      issues.push({ loc: [...loc, 'bank_account', account.id, 'swift_code'], msg: `${who}: account ${maskedAccount(account)} has an invalid BIC`, type: 'bic_invalid' });
      continue;
    }
    credits.push({
      endToEndId: hex(employee.id),
      amount: net.toFixed(2),
      name: `${employee.first_name} ${employee.last_name}`,
      iban,
      bic,
      remittance: `Lohn/Gehalt ${monthWords}${employee.payroll_number ? ` Personalnr. ${employee.payroll_number}` : ''}`,
    });
  }
  if (credits.length === 0 && issues.length === 0) issues.push({ loc: ['run', 'net_pay'], msg: 'no employee of the run has net pay to transfer', type: 'nothing_to_pay' });
  if (issues.length > 0) throw refusal(run.id, issues);
  return {
    // Decision SEPA1: fixed per run, so asking again gives the same file.
    messageId: `P-${hex(run.id)}`,
    createdAt: run.approved_at ?? run.updated_at,
    initiatingParty: org.legal_name,
    paymentInformationId: `PI-${hex(run.id)}`,
    executionDate: run.pay_date,
    debtor: { name: org.legal_name, iban: debtorIban as string, bic: debtorBic as string | null },
    credits,
  };
}

/** The batch of a stored German run: its payslips' month records, the employees' and the organization's accounts. */
export async function loadDeSepaBatch(db: Db, org: OrganizationTable, run: DePayrollRunTable): Promise<SepaBatch> {
  const payslips = await listDeRunPayslips(db, run.id);
  const ids = payslips.map((p) => p.employee_id);
  const employees = await loadEmployees(db, org.id, ids);
  const accounts = new Map<string, BankAccountTable[]>();
  for (const a of await listEmployeesBankAccounts(db, org.id, ids)) accounts.set(a.employee_id as string, [...(accounts.get(a.employee_id as string) ?? []), a]);
  const payees: DeSepaPayee[] = payslips.map((p) => {
    const employee = employees.get(p.employee_id);
    if (!employee) throw new Error(`employee ${p.employee_id} of payslip ${p.id} is missing from the store`);
    return { employee, account: payeeAccount(accounts.get(p.employee_id) ?? []), record: parseDeMonthRecord(JSON.parse(p.record_json), `payslip ${p.id}`) };
  });
  return deSepaBatch(run, org, payeeAccount(await listOrganizationBankAccounts(db, org.id)), payees);
}

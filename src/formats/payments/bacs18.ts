/**
 * Bacs Standard 18, a single-day ("DAILY") submission: the labels VOL1, HDR1, HDR2, UHL1 (80 characters), one
 * 100-character data record per credit, one contra record debiting the originating account with their total, and
 * the trailers EOF1, EOF2, UTL1 (80 characters). Lines end with LF.
 *
 * Layouts: fixtures/reference/payments/bacs/BacsStandard.md (labels, data and contra records, UTL1 totals) and
 * Bacs18PaymentLines.md (data record, DAILY = 100 characters, character set, Julian date " YYDDD"). Where they
 * disagree (SOURCES.md "Conflicts"; docs/decisions.md BACS1–BACS4): positions 47–64 of a data
 * record carry the service user's (employer's) name, 65–82 the service user's reference, 83–100 the destination
 * account name; the free-format field 32–35 is blank (no RTI hash); dates are " YYDDD"; HDR2 gives block and record
 * length in five digits each (ANSI X3.27 tape labels, which the Bacs labels follow).
 */
import { Decimal } from '../../domain/money.js';
import { alpha, julian, numeric } from './bacs-text.js';
import type { BacsBatch } from './bacs-view.js';

/** Bacs transaction codes: 99 a credit to the destination account, 17 the debit contra balancing credits. */
const CREDIT = '99';
const DEBIT_CONTRA = '17';

export const BACS_RECORD_LENGTH = 100;
export const BACS_LABEL_LENGTH = 80;

export function penceOf(amount: string): string {
  const pence = new Decimal(amount).times(100);
  if (!pence.isInteger() || pence.lte(0)) throw new Error(`a Bacs amount must be a positive sum to the penny, not ${amount}`);
  return pence.toFixed(0);
}

function exactly(text: string, length: number, what: string): string {
  if (text.length !== length) throw new Error(`${what} came out ${text.length} characters long instead of ${length}`);
  return text;
}

function hdr1(label: 'HDR1' | 'EOF1', b: BacsBatch): string {
  const fileId = `A${b.serviceUserNumber}S   ${b.serviceUserNumber}`;
  return exactly(`${label}${fileId}${alpha(b.serialNumber, 6)}00010001${' '.repeat(6)}${julian(b.createdOn)}${julian(b.processingDate)} 000000${' '.repeat(20)}`, BACS_LABEL_LENGTH, label);
}

function hdr2(label: 'HDR2' | 'EOF2'): string {
  // F(ixed) records, block length 02000, record length 00100, buffer offset 00 at 51–52.
  return exactly(`${label}F0200000100${' '.repeat(35)}00${' '.repeat(28)}`, BACS_LABEL_LENGTH, label);
}

function record(fields: { sortCode: string; accountNumber: string; code: string; originator: BacsBatch['originator']; pence: string; userName: string; reference: string; accountName: string }): string {
  const o = fields.originator;
  return exactly(
    `${numeric(fields.sortCode, 6)}${numeric(fields.accountNumber, 8)}0${fields.code}${numeric(o.sortCode, 6)}${numeric(o.accountNumber, 8)}    ${numeric(fields.pence, 11)}${alpha(fields.userName, 18)}${alpha(fields.reference, 18)}${alpha(fields.accountName, 18)}`,
    BACS_RECORD_LENGTH,
    'data record',
  );
}

/** The file's text. Throws on anything that cannot be encoded (the caller has checked accounts and amounts). */
export function encodeBacs18(b: BacsBatch): string {
  if (!/^\d{6}$/.test(b.serviceUserNumber)) throw new Error(`the service user number must be 6 digits, not ${b.serviceUserNumber}`);
  if (b.credits.length === 0) throw new Error('a Bacs file needs at least one payment');
  const lines: string[] = [];
  lines.push(exactly(`VOL1${alpha(b.serialNumber, 6)}${' '.repeat(31)}${b.serviceUserNumber}${' '.repeat(32)}1`, BACS_LABEL_LENGTH, 'VOL1'));
  lines.push(hdr1('HDR1', b));
  lines.push(hdr2('HDR2'));
  lines.push(exactly(`UHL1${julian(b.processingDate)}999999    00000000${'1 DAILY  '}001${' '.repeat(7)}${' '.repeat(7)}${' '.repeat(26)}`, BACS_LABEL_LENGTH, 'UHL1'));
  let total = new Decimal(0);
  for (const c of b.credits) {
    const pence = penceOf(c.amount);
    total = total.plus(pence);
    lines.push(record({ sortCode: c.sortCode, accountNumber: c.accountNumber, code: CREDIT, originator: b.originator, pence, userName: b.originator.name, reference: b.reference, accountName: c.name }));
  }
  const sum = total.toFixed(0);
  // The contra: debits the originating account with the credits' total (reference CONTRA, its name in 83–100).
  lines.push(record({ sortCode: b.originator.sortCode, accountNumber: b.originator.accountNumber, code: DEBIT_CONTRA, originator: b.originator, pence: sum, userName: b.originator.name, reference: 'CONTRA', accountName: b.originator.name }));
  lines.push(hdr1('EOF1', b));
  lines.push(hdr2('EOF2'));
  lines.push(exactly(`UTL1${numeric(sum, 13)}${numeric(sum, 13)}${numeric(1, 7)}${numeric(b.credits.length, 7)}${' '.repeat(8)}${' '.repeat(7)}${' '.repeat(21)}`, BACS_LABEL_LENGTH, 'UTL1'));
  return `${lines.join('\n')}\n`;
}

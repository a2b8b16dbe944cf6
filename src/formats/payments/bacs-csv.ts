/**
 * A Bacs payment file as CSV in the layout of the PayGate "BACS Payment Editor CSV Format"
 * (fixtures/reference/payments/bacs/bacs-csv-layouts-excerpts.md §1): no header or trailer, CRLF line ends, one row
 * per credit: destination sort code (6n), destination account number (8n), destination name (18a), amount in
 * pounds with 2 decimals, transaction code (99), originating sort code, originating account number, originator's
 * name (18a), service user reference (18a), date dd/mm/yyyy (the processing date). Text fields use the Bacs
 * character set, so no field needs quoting.
 */
import { Decimal } from '../../domain/money.js';
import { alpha } from './bacs-text.js';
import type { BacsBatch } from './bacs-view.js';

function ddmmyyyy(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export function encodeBacsCsv(b: BacsBatch): string {
  if (b.credits.length === 0) throw new Error('a Bacs file needs at least one payment');
  const rows = b.credits.map((c) => {
    const amount = new Decimal(c.amount);
    if (!amount.times(100).isInteger() || amount.lte(0)) throw new Error(`a Bacs amount must be a positive sum to the penny, not ${c.amount}`);
    return [c.sortCode, c.accountNumber, alpha(c.name, 18).trimEnd(), amount.toFixed(2), '99', b.originator.sortCode, b.originator.accountNumber, alpha(b.originator.name, 18).trimEnd(), alpha(b.reference, 18).trimEnd(), ddmmyyyy(b.processingDate)].join(',');
  });
  return `${rows.join('\r\n')}\r\n`;
}

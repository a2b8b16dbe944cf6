/**
 * Fixed-length fields of the GKV data records (DEÜV DSME/DBME, Beitragsnachweis BW02): `an` alphanumeric, left-aligned
 * and padded with spaces; `n` numeric, right-aligned and padded with zeros (Gemeinsame Grundsätze § 28b SGB IV,
 * character conventions as in fixtures/reference/de/meldungen/deuev/DSME-Datensatz-Feldtabellen.md). A value longer
 * than its field is an error, never silently cut, except text fields marked as cut (names and places).
 */
import { Decimal } from '../../money.js';

export type FieldKind = 'an' | 'n';

export interface FixedField {
  name: string;
  length: number;
  kind: FieldKind;
  value: string;
  /** Text that may be cut to the field (names, streets, towns). */
  cut?: boolean;
}

export function an(name: string, length: number, value: string | null | undefined, cut = false): FixedField {
  return { name, length, kind: 'an', value: value ?? '', cut };
}

export function n(name: string, length: number, value: string | number | null | undefined): FixedField {
  return { name, length, kind: 'n', value: value === null || value === undefined ? '' : String(value) };
}

/** A sign field and an 11-digit amount in euro cents (BW02: "+00000123456" for 1,234.56 €). */
export function amount(name: string, euros: Decimal): FixedField[] {
  const cents = euros.mul(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return [an(`VZ${name}`, 1, cents.lt(0) ? '-' : '+'), n(name, 11, cents.abs().toFixed(0))];
}

/** The record: every field at its length; a value that does not fit throws naming the field. */
export function writeRecord(fields: readonly FixedField[]): string {
  let out = '';
  for (const field of fields) {
    let value = field.value;
    if (field.kind === 'n' && value !== '' && !/^\d+$/.test(value)) throw new Error(`field ${field.name}: "${value}" is not numeric`);
    if (value.length > field.length) {
      if (!field.cut) throw new Error(`field ${field.name}: "${value}" is longer than ${field.length} characters`);
      value = value.slice(0, field.length);
    }
    out += field.kind === 'n' ? value.padStart(field.length, '0') : value.padEnd(field.length, ' ');
  }
  return out;
}

/** YYYY-MM-DD → jhjjmmtt. */
export function dateField(iso: string): string {
  return iso.replace(/-/g, '');
}

/** An ISO instant → the 20-digit creation stamp jhjjmmtthhmmss + microseconds. */
export function stampField(instant: string): string {
  const digits = instant.replace(/[^0-9]/g, '');
  const base = digits.slice(0, 14).padEnd(14, '0');
  const fraction = digits.slice(14, 20).padEnd(6, '0');
  return `${base}${fraction}`;
}

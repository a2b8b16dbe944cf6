/**
 * UK domestic bank account identifiers: the sort code (6 digits, printed 12-34-56) and the account number
 * (8 digits). Format checks only: the modulus checks of the Vocalink/Pay.UK "Validating account numbers"
 * specification need its weight tables, which are published to Bacs members and not bundled here.
 */

/** "12-34-56", "12 34 56" or "123456" → "123456"; anything else is returned as typed (and fails the check). */
export function normalizeSortCode(value: string): string {
  const compact = value.trim().replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) ? compact : value.trim();
}

export function isSortCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** UK account numbers are 8 digits (Bacs Standard 18 positions 7–14). */
export function isUkAccountNumber(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** "123456" → "12-34-56". */
export function formatSortCode(value: string): string {
  return isSortCode(value) ? `${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4)}` : value;
}

/**
 * The sort code and account number inside a GB IBAN (ISO 13616: GBkk BBBB SSSSSS AAAAAAAA, bank code, sort code,
 * account number), or null for any other IBAN.
 */
export function ukAccountOfIban(iban: string): { sortCode: string; accountNumber: string } | null {
  const m = /^GB\d{2}[A-Z]{4}(\d{6})(\d{8})$/.exec(iban);
  return m ? { sortCode: m[1] as string, accountNumber: m[2] as string } : null;
}

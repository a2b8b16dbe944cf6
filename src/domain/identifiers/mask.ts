/**
 * Masks identifiers for display and logs (engineering standard: never print or log IBANs or tax IDs
 * in full). Keeps enough to recognise the record: the country and the last four characters.
 */
export function maskIban(iban: string | null | undefined): string | null {
  if (!iban) return iban ?? null;
  const compact = iban.replace(/\s+/g, '');
  if (compact.length <= 6) return '*'.repeat(compact.length);
  return `${compact.slice(0, 2)}${'*'.repeat(compact.length - 6)}${compact.slice(-4)}`;
}

export function maskIdentifier(value: string | null | undefined, visible = 3): string | null {
  if (!value) return value ?? null;
  if (value.length <= visible) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - visible)}${value.slice(-visible)}`;
}

/**
 * National Insurance number format (HMRC NIM39110): two prefix letters, six digits, suffix A–D.
 * The first letter is not D, F, I, Q, U or V; the second is not D, F, I, O, Q, U or V; the prefixes
 * BG, GB, KN, NK, NT, TN and ZZ are never issued (TN is a temporary number, not valid on RTI).
 */
const NI_PATTERN = /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;
const NEVER_ISSUED = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

export function normalizeNiNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidNiNumber(value: string): boolean {
  const compact = normalizeNiNumber(value);
  return NI_PATTERN.test(compact) && !NEVER_ISSUED.has(compact.slice(0, 2));
}

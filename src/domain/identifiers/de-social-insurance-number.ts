/**
 * German pension insurance number (Versicherungsnummer, § 147 SGB VI; structure and check digit: § 2 VKVV):
 * `BB TTMMJJ A SS P`: the Bereichsnummer of the allocating carrier (2 digits), the date of birth TTMMJJ, the first
 * letter of the birth name, a serial number (00–49 male, 50–99 female) and the check digit.
 *
 * § 2 Abs. 3 and 5 VKVV leave special cases (unknown birth dates, exhausted serial numbers) to the carriers, so the
 * date part is not checked against a calendar; the check digit is (§ 2 Abs. 6 VKVV).
 */

const VSNR_PATTERN = /^\d{8}[A-Z]\d{3}$/;
/** § 2 Abs. 6 VKVV: the weights of the twelve digits (the letter counts as its two-digit alphabet position). */
const WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1] as const;

export function normalizeSocialInsuranceNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The check digit of the first eleven characters (§ 2 Abs. 6 VKVV): the letter is replaced by its position in the
 * alphabet (A = 01 … Z = 26), the twelve digits are weighted 2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1, the digit sums
 * (Quersummen) of the products are added, and the check digit is that sum modulo 10.
 */
export function socialInsuranceNumberCheckDigit(first11: string): number {
  const letter = first11.charCodeAt(8) - 64;
  const digits = `${first11.slice(0, 8)}${String(letter).padStart(2, '0')}${first11.slice(9, 11)}`;
  let total = 0;
  for (let i = 0; i < 12; i += 1) {
    const product = Number(digits[i]) * (WEIGHTS[i] as number);
    total += Math.floor(product / 10) + (product % 10);
  }
  return total % 10;
}

/** What is wrong with a Versicherungsnummer, or null when it is well formed and its check digit holds. */
export function socialInsuranceNumberProblem(value: string): string | null {
  const compact = normalizeSocialInsuranceNumber(value);
  if (!VSNR_PATTERN.test(compact)) return 'must be a Versicherungsnummer: 8 digits, a letter, 3 digits (§ 2 VKVV)';
  const expected = socialInsuranceNumberCheckDigit(compact.slice(0, 11));
  if (expected !== Number(compact[11])) return `check digit ${compact[11]} is wrong (§ 2 Abs. 6 VKVV gives ${expected})`;
  return null;
}

export function isValidSocialInsuranceNumber(value: string): boolean {
  return socialInsuranceNumberProblem(value) === null;
}

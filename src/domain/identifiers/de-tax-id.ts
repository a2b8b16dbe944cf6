/**
 * German tax identification number (Steuerliche Identifikationsnummer, § 139b AO): 11 digits, the
 * last a check digit by ISO 7064 MOD 11,10. Among the first ten digits the first is not 0 and exactly
 * one digit occurs two or three times (never three times in a row); the others occur at most once.
 */
export function isValidGermanTaxId(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value[0] === '0') return false;
  const first10 = value.slice(0, 10);
  const counts = new Map<string, number>();
  for (const digit of first10) counts.set(digit, (counts.get(digit) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || (repeated[0] ?? 0) > 3) return false;
  if (/(\d)\1\1/.test(first10)) return false;
  return germanTaxIdCheckDigit(first10) === Number(value[10]);
}

export function germanTaxIdCheckDigit(first10: string): number {
  let product = 10;
  for (const char of first10) {
    let total = (Number(char) + product) % 10;
    if (total === 0) total = 10;
    product = (total * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}
